import { defineConfig } from "vitest/config";

export default defineConfig({
  test: {
    // A test that asserts nothing fails: it could never have caught anything.
    expect: { requireAssertions: true },
  },
});
