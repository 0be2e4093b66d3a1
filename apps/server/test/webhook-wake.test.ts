// The events' trigger wakes the delivery workers only for the first delivery to an
// endpoint in half a second (migration 0021): a notifying commit takes a lock that makes
// such commits run one at a time (issue 28 §4), and a worker that has delivered looks
// again a second after it went idle. On PGlite, and on PostgreSQL when TEST_DATABASE_URL
// is set.
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { DELIVERIES_CHANNEL } from "../src/domain/webhooks/worker-wake.js";
import { inRolledBack, rowCounts, type Tx } from "./explained-plans.js";
import { scratchDatabase, scratchKinds } from "./scratch-database.js";

type Rows<T> = { rows: T[] };

describe.each(scratchKinds)("the events' trigger on %s", (kind) => {
  let scratch: Awaited<ReturnType<typeof scratchDatabase>>;
  let userId: number;
  let notified = 0;

  /** Writes one event of the user; resolves with the notifications that arrived within 300 ms of its commit. */
  async function notificationsOfAnEvent(): Promise<number> {
    const before = notified;
    await scratch.database.db.execute(sql`insert into events (id, user_id, type, object_id, data)
      values ('evt_' || gen_random_uuid(), ${userId}, 'bank_account.updated', 'ba_1', '{}')`);
    await new Promise((resolve) => setTimeout(resolve, 300));
    return notified - before;
  }
  const endpoint = (id: string) =>
    scratch.database.db.execute(sql`insert into webhook_endpoints (id, user_id, url, events, secret)
      values (${id}, ${userId}, 'https://hooks.example.com/', '{*}', 'whsec_x')`);
  /** A delivery to the endpoint `id` of an event of the user, made `ago` before now. */
  const madeBefore = async (id: string, ago: string) => {
    await scratch.database.db.execute(sql`insert into events (id, user_id, type, object_id, data)
      values ('evt_' || gen_random_uuid(), ${userId}, 'ping', 'we_1', '{}')`);
    await scratch.database.db.execute(sql`insert into webhook_deliveries (id, endpoint_id, event_seq, created_at)
      select 'dlv_' || gen_random_uuid(), ${id}, max(seq), now() - ${ago}::interval from events`);
  };

  beforeAll(async () => {
    scratch = await scratchDatabase(kind);
    const { database } = scratch;
    await database.migrate();
    const result = await database.db.execute(sql`insert into users (username, email, first_name, last_name)
      values ('woken', 'woken@example.com', 'Woken', 'User') returning id`);
    userId = (result as unknown as Rows<{ id: number }>).rows[0]?.id as number;
    await database.listen(DELIVERIES_CHANNEL, { message: () => notified++, lost: () => {}, listening: () => {} });
  }, 60_000);
  afterAll(() => scratch?.drop());

  test("an event for an endpoint with no delivery made in the last half second notifies; after one, it does not", async () => {
    await endpoint("we_quiet");
    expect(await notificationsOfAnEvent()).toBe(1);
    await scratch.database.db.execute(
      sql`update webhook_deliveries set created_at = now() - interval '600 milliseconds' where endpoint_id = 'we_quiet'`,
    );
    expect(await notificationsOfAnEvent()).toBe(1);
    await madeBefore("we_quiet", "100 milliseconds");
    expect(await notificationsOfAnEvent()).toBe(0);
  });

  test("behind 10,000 deliveries made before, an event's look for a recent one reads a few index entries", async () => {
    const { db } = scratch.database;
    await endpoint("we_long");
    await madeBefore("we_long", "1 hour");
    await db.execute(sql`insert into webhook_deliveries (id, endpoint_id, event_seq, created_at)
      select 'dlv_' || gen_random_uuid(), 'we_long', max(e.seq), now() - interval '1 hour' - n * interval '1 ms'
      from events e, generate_series(1, 10000) n group by n`);
    // In the transaction's own statistics: the index entries its scans returned.
    const readSoFar = async (tx: Tx) =>
      (await rowCounts(tx, "webhook_deliveries_endpoint_created_idx", ["returned"])).returned;
    const read = await inRolledBack(db, async (tx) => {
      const before = await readSoFar(tx);
      await tx.execute(sql`insert into events (id, user_id, type, object_id, data)
        values ('evt_' || gen_random_uuid(), ${userId}, 'bank_account.updated', 'ba_1', '{}')`);
      return (await readSoFar(tx)) - before;
    });
    expect(read).toBeLessThan(50);
  });

  test("an event that makes a delivery for a quiet endpoint notifies, whatever the others made", async () => {
    await scratch.database.db.execute(sql`update webhook_deliveries set created_at = now() - interval '1 second'`);
    await madeBefore("we_quiet", "0 seconds");
    await endpoint("we_other");
    expect(await notificationsOfAnEvent()).toBe(1);
    await madeBefore("we_other", "0 seconds");
    expect(await notificationsOfAnEvent()).toBe(0);
  });
});
