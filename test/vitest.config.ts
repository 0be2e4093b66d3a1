import { configDefaults, defineConfig } from "vitest/config";

/**
 * The whole end-to-end suite runs a second time through a Prism validating proxy
 * (helpers/prism.ts), but for one file:
 * - large-upload: it streams 512 MiB to the server and measures the server's memory on
 *   the way. Prism holds a request body in memory and validates it as one string, and
 *   V8's longest string is just under 512 MiB, so Prism (body limit 500mb, see
 *   patches/) answers 413 itself; the request never reaches the server.
 * - hostile, concurrency: they send their requests to the server directly (bytes no
 *   proxy should forward, races a proxy would reorder), so a Prism run adds nothing.
 * - consumer: it tests the packed client in a project of its own; the server side is
 *   incidental. mock: it runs Prism itself, as a mock server.
 */
const notThroughPrism = [
  "large-upload.e2e.test.ts",
  "hostile.e2e.test.ts",
  "concurrency.e2e.test.ts",
  "consumer.e2e.test.ts",
  "mock.e2e.test.ts",
];

export default defineConfig({
  test: {
    testTimeout: 60_000,
    hookTimeout: 120_000,
    // Each file starts its own servers; two at a time suit a 2-core machine.
    maxWorkers: 2,
    fileParallelism: true,
    projects: [
      { extends: true, test: { name: "direct", include: ["*.e2e.test.ts"] } },
      {
        extends: true,
        test: {
          name: "prism",
          include: ["*.e2e.test.ts"],
          exclude: [...configDefaults.exclude, ...notThroughPrism],
          env: { VAULT_E2E_VIA: "prism" },
        },
      },
    ],
  },
});
