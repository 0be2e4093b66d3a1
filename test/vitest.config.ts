import { defineConfig } from "vitest/config";

export default defineConfig({
  test: {
    testTimeout: 60_000,
    hookTimeout: 120_000,
    // Each file starts its own servers. Three at a time on a 2-core machine: a file often
    // waits (on a spawned server's start, a retry's delay, a lease), and a third keeps
    // both cores busy meanwhile (the CI-like run: 687 s with two, 630 s with three).
    maxWorkers: 3,
    fileParallelism: true,
    // A worker runs its files one after another in one process: the process, vitest,
    // the helpers, the server's modules and PGlite's compiled WebAssembly are set up once
    // a worker, not once a file (docs/decisions/test-harness.md). Each file still has its
    // own servers and databases; the setup files keep what they share process-wide.
    isolate: false,
    // Every response a suite receives is checked against the committed OpenAPI by a
    // second, independent validator (Ajv), beside the server's own response validation.
    // Each file's `serverOutput` starts empty (helpers/server-output-per-file.ts).
    setupFiles: [
      "./helpers/response-check.ts",
      "./helpers/in-process-coverage.ts",
      "./helpers/server-output-per-file.ts",
    ],
    // The server run in process loads as Node loads it in a spawned server (not through
    // vite's transform), so what it covers merges with theirs (helpers/in-process-coverage.ts).
    server: { deps: { external: [/\/apps\/server\/dist\//] } },
    // Scratch data on a RAM disk when there is one, then one migrated, seeded database
    // per backend, copied by each suite's harness.
    globalSetup: ["./helpers/scratch-disk.ts", "./helpers/templates.ts"],
    // What a test polls for follows an answer by a moment (a temp discarded when the
    // response closes, a count kept after it): 1 s (vitest's default) was too short on a
    // loaded 2-core CI machine; a state that never comes still fails, 10 s later.
    expect: { requireAssertions: true, poll: { timeout: 10_000 } },
  },
});
