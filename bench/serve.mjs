// A benchmark server process: the real server (startServer, as main.ts runs it) with
// the configuration from the environment, then seeded through its own storage (an
// in-memory database cannot be seeded from outside). Prints one JSON line.
// With BENCH_CPU_PROFILE=<file>, SIGUSR2 starts the CPU profiler and SIGTERM writes the
// profile: steady state only, without start-up.
import { writeFile } from "node:fs/promises";
import { Session } from "node:inspector/promises";
import { createLogger, loadConfig, startServer } from "@vault/server";
import { seed } from "./seed.mjs";

const config = loadConfig();
const server = await startServer(config, createLogger(config.logLevel));
const seeded = await seed(server.database, server.blobs, config.binRetentionDays);
const profile = process.env.BENCH_CPU_PROFILE;
const session = new Session();
if (profile) {
  session.connect();
  await session.post("Profiler.enable");
  process.on("SIGUSR2", () => session.post("Profiler.start"));
}
process.stdout.write(`${JSON.stringify({ url: server.url, ...seeded })}\n`);
process.on("SIGTERM", async () => {
  if (profile) await writeFile(profile, JSON.stringify((await session.post("Profiler.stop")).profile));
  await server.close();
  process.exit(0);
});
