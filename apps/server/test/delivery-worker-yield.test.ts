// While the server is busy with API requests, the delivery worker claims at most every
// 100 ms (here 300; an endpoint's share of deliveries a claim): deliveries yield the processors to the
// requests, and none starves (issue 28 §4). On PGlite, and on PostgreSQL when
// TEST_DATABASE_URL is set.
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { SHARES } from "../src/domain/webhooks/deliveries.js";
import { type scratchDatabase, scratchKinds } from "./scratch-database.js";
import { endpointWithEvents, testWorker } from "./webhook-fixtures.js";

const EVENTS = 24;
/** The worker's least time between claims while busy: longer than the server's 100 ms, to stand out of a slow claim's. */
const INTERVAL_MS = 300;

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
    // One event first: its delivery warms the connection and the statements' plans.
    scratch = await endpointWithEvents(kind, "busy", `http://127.0.0.1:${port}/hooks`, 1);
  }, 120_000);
  afterAll(async () => {
    receiver?.close();
    await scratch?.drop();
  });

  test("when the server stays busy, then the deliveries come an endpoint's share at a time, a claim interval apart, and all of them come", async () => {
    const { db } = scratch.database;
    let busy = false;
    const worker = testWorker(db, { apiBusy: () => busy, busyClaimIntervalMs: INTERVAL_MS });
    try {
      await expect.poll(() => arrivals.length, { timeout: 10_000, interval: 20 }).toBe(1);
      busy = true;
      // Found by the worker's look a second after it went idle (no notification reaches it here).
      await db.execute(sql`insert into events (id, user_id, type, object_id, data)
        select 'evt_' || gen_random_uuid(), u.id, 'bank_account.updated', 'ba_1', '{}'
        from users u, generate_series(1, ${EVENTS})`);
      await expect.poll(() => arrivals.length, { timeout: 10_000, interval: 20 }).toBe(1 + EVENTS);
    } finally {
      await worker.stop();
    }
    // Three claims, each at least INTERVAL_MS after the one before, so the first delivery of each batch comes about
    // as long after the first of the one before (not yielding, the next claim follows the keeping of the tries at
    // once: tens of ms on PGlite, a few on PostgreSQL). The margin is for the sends' own jitter on a loaded
    // machine: gaps of 248 and 542 ms were seen with a 50 ms one.
    const share = SHARES.perEndpoint;
    const [first, second, third] = [arrivals[1], arrivals[1 + share], arrivals[1 + 2 * share]] as number[];
    expect((second as number) - (first as number)).toBeGreaterThanOrEqual(INTERVAL_MS - 100);
    expect((third as number) - (first as number)).toBeGreaterThanOrEqual(2 * INTERVAL_MS - 100);
  });
});
