// What the servers started in the test process cover (a vitest setup file). A spawned
// server writes its coverage through NODE_V8_COVERAGE when it exits; a test worker is
// ended without that, so each file takes the server's coverage from V8 itself and
// writes it beside theirs, in the same format, for `npm run coverage:server`.
import { writeFileSync } from "node:fs";
import { Session } from "node:inspector/promises";
import { join } from "node:path";
import { afterAll, beforeAll } from "vitest";

const directory = process.env.SERVER_COVERAGE_DIR;
const SERVER_CODE = "/apps/server/dist/";

if (directory) {
  const session = new Session();
  beforeAll(async () => {
    session.connect();
    await session.post("Profiler.enable");
    await session.post("Profiler.startPreciseCoverage", { callCount: true, detailed: true });
  });
  afterAll(async () => {
    const { result } = await session.post("Profiler.takePreciseCoverage");
    session.disconnect();
    const server = result.filter((script) => script.url.includes(SERVER_CODE));
    if (server.length === 0) return;
    const file = join(directory, `coverage-${process.pid}-${Date.now()}-in-process.json`);
    writeFileSync(file, JSON.stringify({ result: server }));
  });
}
