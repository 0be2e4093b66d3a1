import { defineConfig } from "vitest/config";

export default defineConfig({
  test: {
    testTimeout: 60_000,
    hookTimeout: 120_000,
    // Each file starts its own servers; two at a time suit a 2-core machine.
    maxWorkers: 2,
    fileParallelism: true,
    // Every response a suite receives is checked against the committed OpenAPI by a
    // second, independent validator (Ajv), beside the server's own response validation.
    setupFiles: ["./helpers/response-check.ts"],
    expect: { requireAssertions: true },
  },
});
