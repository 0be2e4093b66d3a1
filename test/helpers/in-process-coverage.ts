// What the servers started in the test process cover (also a vitest setup file). A
// spawned server writes its coverage through NODE_V8_COVERAGE when it exits; a test
// worker is ended without that, so a file that starts a server in process takes the
// server's coverage from V8 itself and writes it beside theirs, in the same format, for
// `npm run coverage:server`. Only such files pay for precise coverage.
import { writeFileSync } from "node:fs";
import { Session } from "node:inspector/promises";
import { join } from "node:path";
import { afterAll } from "vitest";

const directory = process.env.SERVER_COVERAGE_DIR;
const SERVER_CODE = "/apps/server/dist/";
const state = globalThis as { serverCoverage?: Session };

/** Starts collecting (once per file); call it before the server's modules are first imported. */
export async function collectServerCoverage(): Promise<void> {
  if (!directory || state.serverCoverage) return;
  const session = new Session();
  session.connect();
  await session.post("Profiler.enable");
  await session.post("Profiler.startPreciseCoverage", { callCount: true, detailed: true });
  state.serverCoverage = session;
}

afterAll(async () => {
  const session = state.serverCoverage;
  if (!directory || !session) return;
  const { result } = await session.post("Profiler.takePreciseCoverage");
  session.disconnect();
  state.serverCoverage = undefined;
  const server = result.filter((script) => script.url.includes(SERVER_CODE));
  writeFileSync(
    join(directory, `coverage-${process.pid}-${Date.now()}-in-process.json`),
    JSON.stringify({ result: server }),
  );
});
