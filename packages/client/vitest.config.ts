import { defineConfig } from "vitest/config";

export default defineConfig({
  test: {
    include: ["test/**/*.test.ts"],
    expect: { requireAssertions: true },
    typecheck: { include: ["test/**/*.test-d.ts"], tsconfig: "./tsconfig.json" },
  },
});
