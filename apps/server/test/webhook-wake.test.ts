// The events' trigger wakes the delivery workers only when an endpoint it made a
// delivery for has none leased (migration 0019): a worker holding one of its deliveries
// claims again when its tries are kept, and a notification per write cost every writing
// commit the notification lock (issue 28 §4). On PGlite, and on PostgreSQL when
// TEST_DATABASE_URL is set.
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { DELIVERIES_CHANNEL } from "../src/domain/webhooks/worker-wake.js";
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
  const leaseOneOf = (id: string) =>
    scratch.database.db.execute(sql`update webhook_deliveries set leased_until = now() + interval '1 minute'
      where id = (select id from webhook_deliveries where endpoint_id = ${id} limit 1)`);

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

  test("an event for an endpoint with nothing leased notifies; with one of its deliveries leased it does not", async () => {
    await endpoint("we_busy");
    expect(await notificationsOfAnEvent()).toBe(1);
    await leaseOneOf("we_busy");
    expect(await notificationsOfAnEvent()).toBe(0);
  });

  test("an event that makes a delivery for an endpoint with nothing leased notifies, whatever the others hold", async () => {
    await endpoint("we_idle");
    expect(await notificationsOfAnEvent()).toBe(1);
    await leaseOneOf("we_idle");
    expect(await notificationsOfAnEvent()).toBe(0);
  });
});
