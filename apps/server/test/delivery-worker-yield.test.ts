// While the server is busy with API requests, the delivery worker claims at most every
// 100 ms (8 deliveries per endpoint a claim): deliveries yield the processors to the
// requests, and none starves (issue 28 §4). On PGlite, and on PostgreSQL when
// TEST_DATABASE_URL is set.
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { sql } from "drizzle-orm";
import pino from "pino";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { startDeliveryWorker } from "../src/domain/webhooks/delivery-worker.js";
import { type scratchDatabase, scratchKinds, scratchUser } from "./scratch-database.js";

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
    let userId: number;
    ({ scratch, userId } = await scratchUser(kind, "busy"));
    const { db } = scratch.database;
    await db.execute(sql`insert into webhook_endpoints (id, user_id, url, events, secret)
      values ('we_busy', ${userId}, ${`http://127.0.0.1:${port}/hooks`}, '{*}', 'whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw')`);
    await db.execute(sql`insert into events (id, user_id, type, object_id, data)
      select 'evt_' || gen_random_uuid(), ${userId}, 'bank_account.updated', 'ba_1', '{}' from generate_series(1, ${EVENTS})`);
  }, 120_000);
  afterAll(async () => {
    receiver?.close();
    await scratch?.drop();
  });

  test("when the server stays busy, then the deliveries come 8 at a time, 100 ms apart, and all of them come", async () => {
    const worker = startDeliveryWorker({
      db: scratch.database.db,
      present: async (event) => ({ id: event.id }),
      allowHosts: ["127.0.0.1"],
      logger: pino({ level: "silent" }),
      apiBusy: () => true,
    });
    try {
      await expect.poll(() => arrivals.length, { timeout: 10_000, interval: 20 }).toBe(EVENTS);
    } finally {
      await worker.stop();
    }
    // Three claims, each 100 ms after the one before (less the time a claim and its sending take; not
    // yielding, the next claim follows the keeping of the tries at once: a few ms).
    const [first, , , , , , , eighth, ninth] = arrivals as number[];
    expect((arrivals.at(-1) as number) - (first as number)).toBeGreaterThanOrEqual(160);
    expect((ninth as number) - (eighth as number)).toBeGreaterThanOrEqual(60);
  });
});
