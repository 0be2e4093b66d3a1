// A worker that stops (SIGTERM) cuts its tries in flight and gives their deliveries back:
// due now, unleased, the cut try not counted, so that another server process sends them
// at once instead of when their lease ends (issue 28 §3); but not one whose lease ran out
// and another worker has claimed since. On PGlite, and on PostgreSQL
// when TEST_DATABASE_URL is set.
import { createServer, type Server, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { type scratchDatabase, scratchKinds } from "./scratch-database.js";
import { endpointWithEvents, testWorker } from "./webhook-fixtures.js";

const EVENTS = 3;

describe.each(scratchKinds)("a stopping delivery worker on %s", (kind) => {
  let scratch: Awaited<ReturnType<typeof scratchDatabase>>;
  let receiver: Server;
  /** The receiver never answers. */
  const waiting: ServerResponse[] = [];

  beforeAll(async () => {
    receiver = createServer((_req, res) => void waiting.push(res));
    await new Promise<void>((resolve) => receiver.listen(0, "127.0.0.1", resolve));
    const { port } = receiver.address() as AddressInfo;
    scratch = await endpointWithEvents(kind, "stopping", `http://127.0.0.1:${port}/hooks`, EVENTS);
  }, 120_000);
  afterAll(async () => {
    receiver?.closeAllConnections();
    receiver?.close();
    await scratch?.drop();
  });

  test("when it stops with tries in flight, then their deliveries are due now, unleased, the cut try not counted; one another worker holds stays its", async () => {
    const { db } = scratch.database;
    const worker = testWorker(db);
    await expect.poll(() => waiting.length, { timeout: 10_000, interval: 20 }).toBe(EVENTS);
    // One try outlived its lease, and another worker claimed the delivery since.
    await db.execute(sql`update webhook_deliveries set leased_until = leased_until + interval '1 minute', attempt_count = 2
      where id = (select min(id) from webhook_deliveries)`);
    await worker.stop();

    const rows = await db.execute(sql`select status, attempt_count, leased_until is not null as leased,
      next_attempt_at <= now() as due, jsonb_array_length(attempts) as tries from webhook_deliveries order by id`);
    const cut = { status: "pending", attempt_count: 0, leased: false, due: true, tries: 0 };
    expect((rows as unknown as { rows: unknown[] }).rows).toEqual([
      { status: "pending", attempt_count: 2, leased: true, due: false, tries: 0 },
      ...Array.from({ length: EVENTS - 1 }, () => cut),
    ]);
  });
});
