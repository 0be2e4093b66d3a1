// node bench/compare.mjs <git-ref> [operation ...]: what a change bought. The server
// built from <git-ref> ("before") and the one built from this working tree ("after")
// run side by side on PostgreSQL, each on its own database, and take the same load in
// interleaved rounds (the order alternates), so both see the same machine. Prints the
// after ÷ before ratio of req/s per operation (the median of the rounds' ratios).
// The operation `mixed` is the mixed load at saturation (mixed.mjs): its total req/s
// and worst p99 of any operation, and its errors.
// Knobs: BENCH_ROUNDS (3), BENCH_DURATION (5 s), BENCH_CONNECTIONS (50), BENCH_BACKENDS
// (postgres; pglite runs both sides on the embedded database, each in its own DATA_DIR).
import { execFileSync } from "node:child_process";
import { copyFileSync, existsSync, mkdirSync, readdirSync, symlinkSync } from "node:fs";
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { createBenchDatabase } from "./database.mjs";
import { mixedLoad } from "./mixed.mjs";
import { databaseCpu } from "./pg-cpu.mjs";
import { children, cpuTime, load, median, startChild, stopChild } from "./processes.mjs";
import { scenarios } from "./scenarios.mjs";

const [ref, ...wanted] = process.argv.slice(2);
if (!ref) {
  console.error("usage: node bench/compare.mjs <git-ref> [operation ...]");
  process.exit(2);
}
const root = resolve(import.meta.dirname, "..");
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
const DURATION = Number(process.env.BENCH_DURATION ?? 5);
const EMBEDDED = process.env.BENCH_BACKENDS === "pglite";

/**
 * A worktree of `ref` with the server built: it shares this checkout's node_modules,
 * except that @vault/* resolve to the worktree's own packages. The benchmark's own
 * server script is today's, so both sides are seeded and driven alike.
 */
function buildBefore(dir) {
  execFileSync("git", ["worktree", "add", "--detach", dir, ref], { cwd: root, stdio: "ignore" });
  mkdirSync(join(dir, "node_modules/@vault"), { recursive: true });
  for (const name of readdirSync(join(root, "node_modules"))) {
    if (name !== "@vault") symlinkSync(join(root, "node_modules", name), join(dir, "node_modules", name));
  }
  for (const [name, path] of [
    ["server", "apps/server"],
    ["spec", "spec"],
    ["client", "packages/client"],
  ]) {
    symlinkSync(join(dir, path), join(dir, "node_modules/@vault", name));
    // A workspace's own node_modules holds the versions that differ from the root's.
    if (existsSync(join(root, path, "node_modules"))) {
      symlinkSync(join(root, path, "node_modules"), join(dir, path, "node_modules"));
    }
  }
  // No declarations: only the JavaScript runs, and a declaration naming a type through
  // this checkout's node_modules (outside the worktree) would fail the build.
  const tsc = [join(root, "node_modules/typescript/bin/tsc"), "-p", "tsconfig.build.json", "--declaration", "false"];
  execFileSync(process.execPath, tsc, {
    cwd: join(dir, "apps/server"),
    stdio: "inherit",
  });
  // All of today's bench scripts: serve.mjs imports its siblings.
  for (const file of readdirSync(import.meta.dirname).filter((name) => name.endsWith(".mjs")))
    copyFileSync(join(import.meta.dirname, file), join(dir, "bench", file));
  return join(dir, "bench/serve.mjs");
}

const scratch = await mkdtemp(join(tmpdir(), "vault-compare-"));
const worktree = join(scratch, "before");
const databases = [await createBenchDatabase(), await createBenchDatabase()];
try {
  const beforeScript = buildBefore(worktree);
  const start = async (script, database, label) =>
    startChild(
      script,
      { ...(!EMBEDDED && { DATABASE_URL: database.url }), DATA_DIR: await mkdtemp(join(scratch, `${label}-`)) },
      label,
    );
  const servers = {
    before: await start(beforeScript, databases[0], "before"),
    after: await start("serve.mjs", databases[1], "after"),
  };
  // PostgreSQL's CPU per request, each side on its own database (not on PGlite).
  const pgCpu = EMBEDDED
    ? {}
    : { before: await databaseCpu(databases[0].url), after: await databaseCpu(databases[1].url) };
  const ops = wanted.length > 0 ? wanted : [...Object.keys(scenarios(servers.after)), "mixed"];
  /** One run of `op` on a side: req/s, p99, errors, the server's and PostgreSQL's CPU µs per request. */
  const measure = async (name, op, duration) => {
    const server = servers[name];
    const database = pgCpu[name];
    if (op !== "mixed") return load(server, scenarios(server)[op], duration, { database });
    const cpuBefore = cpuTime(server.pid);
    const pgUsed = await database?.start();
    const { operations, total } = await mixedLoad(server, duration);
    const pgUsedUs = await pgUsed?.();
    const worst = Math.max(...Object.values(operations).map((f) => f.p99 ?? Number.POSITIVE_INFINITY));
    const requests = Math.max(total.rps * duration, 1);
    const cpuPerRequest = Math.round((cpuTime(server.pid) - cpuBefore) / requests);
    const pgCpuPerRequest = pgUsedUs === undefined ? null : Math.round(pgUsedUs / requests);
    return { rps: total.rps, p99: worst, errors: total.errors, cpuPerRequest, pgCpuPerRequest };
  };
  console.log(
    `| operation | before req/s | after req/s | after ÷ before | before p99 ms | after p99 ms | CPU µs per request before → after | PostgreSQL CPU µs per request before → after | errors |`,
  );
  console.log(`|---|---:|---:|---:|---:|---:|---:|---:|---:|`);
  for (const op of ops) {
    const rounds = [];
    for (const name of ["before", "after"]) await measure(name, op, 1);
    for (let r = 0; r < ROUNDS; r++) {
      const round = {};
      for (const name of r % 2 ? ["after", "before"] : ["before", "after"]) {
        round[name] = await measure(name, op, DURATION);
      }
      rounds.push(round);
    }
    const rps = (name) => median(rounds.map((round) => round[name].rps));
    const p99 = (name) => Math.max(...rounds.map((round) => round[name].p99));
    const gain = median(rounds.map((round) => round.after.rps / Math.max(round.before.rps, 1))).toFixed(2);
    const errors = rounds.reduce((sum, round) => sum + round.before.errors + round.after.errors, 0);
    const cpu = (name) => median(rounds.map((round) => round[name].cpuPerRequest));
    const pgCpuOf = (name) => (pgCpu[name] ? median(rounds.map((round) => round[name].pgCpuPerRequest)) : "–");
    console.log(
      `| ${op} | ${rps("before")} | ${rps("after")} | ${gain} | ${p99("before")} | ${p99("after")} | ${cpu("before")} → ${cpu("after")} | ${pgCpuOf("before")} → ${pgCpuOf("after")} | ${errors} |`,
    );
  }
  await Promise.all(Object.values(pgCpu).map((sampler) => sampler.close()));
  await Promise.all(Object.values(servers).map(stopChild));
} finally {
  for (const child of children) child.kill("SIGTERM");
  await Promise.all(databases.map((database) => database.drop().catch(() => {})));
  execFileSync("git", ["worktree", "remove", "--force", worktree], { cwd: root, stdio: "ignore" });
  await rm(scratch, { recursive: true, force: true });
}
