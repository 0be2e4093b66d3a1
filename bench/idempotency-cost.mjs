// What an `Idempotency-Key` costs a create (issue 23): folder creates (POST) with a key
// of their own each against without, on one server, in interleaved rounds. Part of
// `npm run bench`; alone: `node bench/idempotency-cost.mjs` (PGlite, or PostgreSQL with
// DATABASE_URL), BENCH_ROUNDS, BENCH_DURATION and BENCH_WARMUP as for the bench.
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { load, median, startChild, stopChild } from "./processes.mjs";
import { scenarios, withIdempotencyKey } from "./scenarios.mjs";

/** req/s, p50 and p99 of each variant (medians and the worst p99 of the rounds), and with ÷ without (the median of the rounds' ratios). */
export async function idempotencyCost(server, { warmup, rounds, duration }) {
  const without = scenarios(server).createFolder;
  const variants = { without, withKey: withIdempotencyKey(without) };
  if (warmup > 0) for (const scenario of Object.values(variants)) await load(server, scenario, warmup);
  const runs = [];
  for (let r = 0; r < rounds; r++) {
    const names = r % 2 ? ["withKey", "without"] : ["without", "withKey"];
    const round = {};
    for (const name of names) round[name] = await load(server, variants[name], duration);
    runs.push(round);
  }
  const summary = (name) => ({
    rps: median(runs.map((round) => round[name].rps)),
    p50: median(runs.map((round) => round[name].p50)),
    p99: Math.max(...runs.map((round) => round[name].p99)),
    errors: runs.reduce((sum, round) => sum + round[name].errors, 0),
  });
  return {
    without: summary("without"),
    withKey: summary("withKey"),
    withKeyToWithout: median(
      runs.map((round) => (round.without.rps ? +(round.withKey.rps / round.without.rps).toFixed(2) : 0)),
    ),
  };
}

if (import.meta.main ?? process.argv[1] === import.meta.filename) {
  const dataDir = await mkdtemp(join(tmpdir(), "vault-idempotency-cost-"));
  const env = { DATA_DIR: dataDir, ...(process.env.DATABASE_URL && { DATABASE_URL: process.env.DATABASE_URL }) };
  const server = await startChild("serve.mjs", env, "idempotencyCost");
  try {
    const settings = {
      warmup: Number(process.env.BENCH_WARMUP ?? 1),
      rounds: Number(process.env.BENCH_ROUNDS ?? 3),
      duration: Number(process.env.BENCH_DURATION ?? 5),
    };
    process.stdout.write(`${JSON.stringify(await idempotencyCost(server, settings), null, 2)}\n`);
  } finally {
    await stopChild(server);
    await rm(dataDir, { recursive: true, force: true });
  }
}
