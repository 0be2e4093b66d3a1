import { defineConfig } from "vitest/config";

/** The files that replace a module with `vi.mock`: in a shared process the module may already be loaded unmocked. */
const MOCKING = ["test/disk-receive-failure.test.ts"];

export default defineConfig({
  test: {
    // A test that asserts nothing fails: it could never have caught anything.
    expect: { requireAssertions: true },
    // Three files at a time on two cores (vitest's default leaves one idle; a third fills
    // the time a file waits on PostgreSQL: 42 s against 45 s with two): each file's
    // databases are its own (test/scratch-database.ts).
    maxWorkers: 3,
    // A worker runs its files one after another in one process: the server's modules and
    // PGlite's compiled WebAssembly load once a worker, not once a file (a third of the
    // units' CPU). A file that mocks a module gets a process of its own (below).
    isolate: false,
    projects: [
      { extends: true, test: { name: "shared", exclude: [...MOCKING, "node_modules/**"] } },
      { extends: true, test: { name: "isolated", include: MOCKING, isolate: true } },
    ],
    // The plan tests build tables of 10,000 rows and more; two files on two loaded cores
    // took one of them past vitest's 5 s.
    testTimeout: 30_000,
    // A PGlite made in a hook runs initdb: on a slower 2-core machine, beside two other
    // files, that took pglite-statements' hook past vitest's 10 s.
    hookTimeout: 60_000,
    coverage: {
      provider: "v8",
      include: ["src/**/*.ts"],
      reporter: ["text-summary"],
      // The unit tests' share of the server: just below the figure measured, to be
      // raised as unit tests are added. What the end-to-end suites cover (95%) has a
      // floor of its own (test/scripts/server-coverage.sh; docs/testing.md).
      thresholds: { statements: 15, branches: 15, functions: 13, lines: 15 },
    },
  },
});
