// While the server is busy with API requests, the delivery worker claims at most every
// 100 ms (8 deliveries per endpoint a claim): deliveries yield the processors to the
// requests, and none starves (issue 28 §4). On PGlite, and on PostgreSQL when
// TEST_DATABASE_URL is set.
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { type scratchDatabase, scratchKinds } from "./scratch-database.js";
import { endpointWithEvents, testWorker } from "./webhook-fixtures.js";

const EVENTS = 24;

describe.each(scratchKinds)("the delivery worker of a busy server on %s", (kind) => {
  let scratch: Awaited<ReturnType<typeof scratchDatabase>>;
  let receiver: Server;
  const arrivals: number[] = [];

  beforeAll(async () => {
    receiver = createServer((req, res) => {
      req.resume().on("end", () => {
        arrivals.push(performance.now());
        res.end("ok");
      });
    });
    await new Promise<void>((resolve) => receiver.listen(0, "127.0.0.1", resolve));
    const { port } = receiver.address() as AddressInfo;
    scratch = await endpointWithEvents(kind, "busy", `http://127.0.0.1:${port}/hooks`, EVENTS);
  }, 120_000);
  afterAll(async () => {
    receiver?.close();
    await scratch?.drop();
  });

  test("when the server stays busy, then the deliveries come 8 at a time, 100 ms apart, and all of them come", async () => {
    const worker = testWorker(scratch.database.db, () => true);
    try {
      await expect.poll(() => arrivals.length, { timeout: 10_000, interval: 20 }).toBe(EVENTS);
    } finally {
      await worker.stop();
    }
    // Three claims, each at least 100 ms after the one before: the first delivery of each batch comes as long after
    // the first of the one before, less what a cold first send costs (not yielding, the next claim follows the
    // keeping of the tries at once: a few ms).
    const batchStarts = [arrivals[0], arrivals[8], arrivals[16]] as number[];
    expect((batchStarts[1] as number) - (batchStarts[0] as number)).toBeGreaterThanOrEqual(60);
    expect((batchStarts[2] as number) - (batchStarts[0] as number)).toBeGreaterThanOrEqual(150);
  });
});
