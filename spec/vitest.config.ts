import { defineConfig } from "vitest/config";

export default defineConfig({
  test: {
    // A test that asserts nothing fails: it could never have caught anything.
    expect: { requireAssertions: true },
    // Two files at a time (vitest's default leaves one core of two idle): each compiles
    // in a scratch copy of its own.
    maxWorkers: 2,
  },
});
