import { defineConfig } from "vitest/config";

export default defineConfig({
  test: {
    include: ["**/*.e2e.test.ts"],
    testTimeout: 60_000,
    hookTimeout: 120_000,
    // Each file starts its own servers; two at a time suit a 2-core machine.
    maxWorkers: 2,
    fileParallelism: true,
  },
});
