import { defineConfig } from "vitest/config";

/**
 * The JSON suites, run a second time through a Prism validating proxy. Uploads,
 * malformed and hostile bodies stay direct: Prism answers or buffers those itself
 * instead of forwarding them as sent.
 */
const throughPrism = ["bank-accounts", "file-shares", "folders", "bins", "conformance"].map(
  (name) => `${name}.e2e.test.ts`,
);

export default defineConfig({
  test: {
    testTimeout: 60_000,
    hookTimeout: 120_000,
    // Each file starts its own servers; two at a time suit a 2-core machine.
    maxWorkers: 2,
    fileParallelism: true,
    projects: [
      { extends: true, test: { name: "direct", include: ["*.e2e.test.ts"] } },
      { extends: true, test: { name: "prism", include: throughPrism, env: { VAULT_E2E_VIA: "prism" } } },
    ],
  },
});
