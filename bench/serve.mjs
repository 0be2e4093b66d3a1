// A benchmark server process: the real server (startServer, as main.ts runs it) with
// the configuration from the environment, then seeded through its own storage (an
// in-memory database cannot be seeded from outside). Prints one JSON line.
// Variants are built with the app's own options: `--no-validation` starts it with
// request and response validation off (routing and the api-key check stay).
// With BENCH_WORKERS=n, n such processes share one port (node:cluster, as WORKERS=n
// runs the service): the first seeds, the others only serve.
// With BENCH_SEED_VERSIONS=n, the first user's demo file has n versions (seed.mjs).
// With SEED_SEARCH_ITEMS=n (and SEED_SEARCH_OTHERS=m; names that run.mjs's own settings do not use), the first user has n more items
// named from a vocabulary, and 90 new users m more among them (search.mjs).
// With BENCH_CPU_PROFILE=<file>, SIGUSR2 starts the CPU profiler and SIGTERM writes the
// profile (cpu-profile.mjs).
import cluster from "node:cluster";
import { once } from "node:events";
import { createLogger, loadConfig, startServer } from "@vault/server";
import { cpuProfileOnSignal } from "./cpu-profile.mjs";
import { seedSearch } from "./search.mjs";
import { seed, seedVersions } from "./seed.mjs";

const workers = Number(process.env.BENCH_WORKERS ?? 1);

if (workers > 1 && cluster.isPrimary) {
  const first = cluster.fork({ BENCH_SEEDS: "1" });
  const [ready] = await once(first, "message");
  const others = Array.from({ length: workers - 1 }, () => cluster.fork({ BENCH_SEEDS: "0" }));
  await Promise.all(others.map((worker) => once(worker, "message")));
  process.stdout.write(`${JSON.stringify(ready)}\n`);
  process.on("SIGTERM", async () => {
    const all = Object.values(cluster.workers ?? {});
    await Promise.all(all.map((worker) => worker.kill("SIGTERM") && once(worker, "exit")));
    process.exit(0);
  });
} else {
  const config = loadConfig();
  const validate = !process.argv.includes("--no-validation");
  const server = await startServer(config, createLogger(config.logLevel), { validate });
  await server.settled;
  const seeded =
    process.env.BENCH_SEEDS === "0" ? {} : await seed(server.database, server.blobs, config.binRetentionDays);
  const versions = Number(process.env.BENCH_SEED_VERSIONS ?? 0);
  if (versions > 1) await seedVersions(server.database, seeded.users[0].file_id, versions);
  const searchItems = Number(process.env.SEED_SEARCH_ITEMS ?? 0);
  if (searchItems > 0) {
    await seedSearch(server.database, seeded.users, searchItems, Number(process.env.SEED_SEARCH_OTHERS ?? 0));
  }
  const profile = cpuProfileOnSignal();
  // Measured once warm: the validators compile while the server serves.
  await server.warmedUp;
  const ready = { url: server.url, ...seeded };
  if (cluster.isWorker) process.send?.(ready);
  else process.stdout.write(`${JSON.stringify(ready)}\n`);
  process.on("SIGTERM", async () => {
    await profile.written();
    await server.close();
    process.exit(0);
  });
}
