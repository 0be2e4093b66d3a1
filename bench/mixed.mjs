// The mixed load (issue 17, section 6): both seeded users at once, each running every
// operation of MIX on its own connections, so writes and reads compete for the same
// server, pool and database as real traffic does. Either at an offered rate (requests
// per second in total) or at saturation (each connection sends as fast as it is answered).
import autocannon from "autocannon";
import { perConnection } from "./processes.mjs";
import { MIX, scenarios as scenariosOf } from "./scenarios.mjs";

const CONNECTIONS_PER_STREAM = Number(process.env.BENCH_MIX_CONNECTIONS ?? 4);

/** The p-th percentile (0-100) of sorted values. */
const percentile = (sorted, p) =>
  sorted.length ? Math.round(sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]) : null;

/** One stream: `CONNECTIONS_PER_STREAM` connections of one user sending one operation; every latency kept. */
function stream(server, scenario, duration, rate) {
  const latencies = [];
  let failed = 0;
  return new Promise((resolve, reject) => {
    const instance = autocannon(
      {
        ...perConnection(server, scenario),
        connections: CONNECTIONS_PER_STREAM,
        duration,
        ...(rate ? { overallRate: rate } : {}),
      },
      (err, result) => (err ? reject(err) : resolve({ latencies, errors: failed + result.errors + result.timeouts })),
    );
    instance.on("response", (_client, status, _bytes, ms) => {
      if (status >= 200 && status < 300) latencies.push(ms);
      else failed++;
    });
  });
}

/**
 * Every stream at once for `duration` seconds; `rate` (requests/s in total, shared
 * evenly) or none for saturation. Per operation and in total: req/s, p50, p99, errors.
 */
export async function mixedLoad(server, duration, rate) {
  const streams = [];
  for (const as of [0, 1]) {
    const scenarios = scenariosOf(server, as);
    for (const op of MIX) streams.push({ op, scenario: scenarios[op] });
  }
  const perStream = rate ? Math.max(1, Math.round(rate / streams.length)) : undefined;
  const results = await Promise.all(streams.map(({ scenario }) => stream(server, scenario, duration, perStream)));
  const summary = (runs) => {
    const sorted = runs.flatMap((r) => r.latencies).sort((a, b) => a - b);
    return {
      rps: Math.round(sorted.length / duration),
      p50: percentile(sorted, 50),
      p99: percentile(sorted, 99),
      errors: runs.reduce((sum, r) => sum + r.errors, 0),
    };
  };
  const operations = Object.fromEntries(MIX.map((op) => [op, summary(results.filter((_, i) => streams[i].op === op))]));
  return { offered: rate ?? null, operations, total: summary(results) };
}
