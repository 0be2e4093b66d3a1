// A worker whose tries are all held by a slow endpoint still sends a retry that falls due
// meanwhile, within about a second, not once the slow try times out. On PGlite, and on
// PostgreSQL when TEST_DATABASE_URL is set.
import { createServer, type Server, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { type scratchDatabase, scratchKinds } from "./scratch-database.js";
import { endpointWithEvents, testWorker } from "./webhook-fixtures.js";

describe.each(scratchKinds)("a busy delivery worker on %s", (kind) => {
  let scratch: Awaited<ReturnType<typeof scratchDatabase>>;
  let receiver: Server;
  /** The slow endpoint's tries, never answered. */
  const held: ServerResponse[] = [];
  /** When the other endpoint's try arrived, in ms after the worker started. */
  const arrived: number[] = [];
  let started = 0;

  beforeAll(async () => {
    receiver = createServer((req, res) => {
      if (req.url === "/slow") return void held.push(res);
      arrived.push(performance.now() - started);
      res.end("ok");
    });
    await new Promise<void>((resolve) => receiver.listen(0, "127.0.0.1", resolve));
    const { port } = receiver.address() as AddressInfo;
    scratch = await endpointWithEvents(kind, "busy", `http://127.0.0.1:${port}/slow`, 0);
    const { db } = scratch.database;
    await db.execute(sql`insert into webhook_endpoints (id, user_id, url, events, secret)
      select 'we_retrying', user_id, ${`http://127.0.0.1:${port}/retrying`}, events, secret from webhook_endpoints`);
    // One event: a delivery to each endpoint; the second's next try as a retry waiting 2 s.
    await db.execute(sql`insert into events (id, user_id, type, object_id, data)
      select 'evt_busy', user_id, 'bank_account.updated', 'ba_1', '{}' from webhook_endpoints limit 1`);
    await db.execute(sql`update webhook_deliveries set next_attempt_at = now() + interval '2 seconds'
      where endpoint_id = 'we_retrying'`);
  }, 120_000);
  afterAll(async () => {
    receiver?.closeAllConnections();
    receiver?.close();
    await scratch?.drop();
  });

  test("when a retry falls due while every try in flight is held, then it is sent within about a second of it", async () => {
    started = performance.now();
    const worker = testWorker(scratch.database.db);
    try {
      // The held try times out after 10 s (the default); the retry is due after 2 s.
      await expect.poll(() => arrived.length, { timeout: 6_000, interval: 20 }).toBe(1);
      expect(held).toHaveLength(1);
    } finally {
      await worker.stop();
    }
  });
});
