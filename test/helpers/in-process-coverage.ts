// What the servers run in this test process cover (a vitest setup file, with
// SERVER_COVERAGE_DIR set: `npm test`). Spawned servers write their V8 coverage there
// through NODE_V8_COVERAGE; a test process cannot, as Node reads that variable when it
// starts, so this file takes the same precise coverage through the inspector and writes
// it there in the same format when the file ends. The server's modules load natively
// (vitest.config.ts externalises apps/server/dist), so each is the same script, with
// the same ranges, as in a spawned server, and c8 merges the two.
import { writeFileSync } from "node:fs";
import { Session } from "node:inspector/promises";
import { join } from "node:path";
import { afterAll } from "vitest";

const dir = process.env.SERVER_COVERAGE_DIR;
const SERVER_SCRIPTS = "/apps/server/dist/";

/**
 * One session a process, never stopped: a worker runs many files one after another
 * (vitest.config.ts) and this setup runs again before each; stopping would lose the
 * counters of the server's code compiled so far. Each file takes what was covered
 * since the last take (taking resets the counts), and c8 merges the files.
 */
async function coverageSession(): Promise<Session> {
  const key = Symbol.for("vault.in-process-coverage");
  const shared = globalThis as Record<symbol, Session | undefined>;
  const existing = shared[key];
  if (existing) return existing;
  const session = new Session();
  session.connect();
  await session.post("Profiler.enable");
  await session.post("Profiler.startPreciseCoverage", { callCount: true, detailed: true });
  shared[key] = session;
  return session;
}

if (dir) {
  const session = await coverageSession();
  afterAll(async () => {
    const { result } = await session.post("Profiler.takePreciseCoverage");
    const servers = result.filter((script) => script.url.includes(SERVER_SCRIPTS));
    if (servers.length > 0)
      writeFileSync(
        join(dir, `coverage-in-process-${process.pid}-${Date.now()}.json`),
        JSON.stringify({ result: servers }),
      );
  });
}
