// The delivery workers' statements must cost the same behind a backlog as without one.
// The server runs them on generic plans, each made at its first execution on a
// connection and kept until the tables' statistics change. With 10,000 deliveries
// pending for an endpoint (its receiver was down), the claim and the keeping of a try's
// outcome must read no more than a few dozen rows of webhook_deliveries: each read every
// pending one (a drain of n cost n² rows, issue 28 §4). The claim, planned with the
// backlog's statistics (joined to what it picked, it read them all); the keeping of an
// outcome, planned before the backlog on a service whose deliveries so far succeeded (by
// `status = 'pending'` it read the whole partial index of pending deliveries). On PGlite,
// and on PostgreSQL when TEST_DATABASE_URL is set.
//
// And on PostgreSQL, the plans the server keeps: a service's first deliveries plan the
// claim and the keep while webhook_deliveries is small, where reading all of it costs
// less than the lookups by key; without autovacuum (this machine's PostgreSQL) that plan
// then read the whole table at every claim and keep (issue 28 §4: 507 of a claim's 647
// buffers). PGlite plans each statement when it runs.
import { sql } from "drizzle-orm";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, test } from "vitest";
import { type Db, statementPoolOf } from "../src/data/database.js";
import {
  CLAIM_TEXT,
  claimDeliveries,
  KEEP_LIMITS,
  recordAttempts,
  recordStatement,
  SHARES,
} from "../src/domain/webhooks/deliveries.js";
import { inRolledBack, planOf, readsOf, type Tx } from "./explained-plans.js";
import { type scratchDatabase, scratchKinds, scratchUser } from "./scratch-database.js";

const BACKLOG = 10_000;
const { perEndpoint } = SHARES;
/** The claim's values: room for 64, each endpoint's and user's share, the lease. */
const CLAIM_VALUES = `64, ${SHARES.perEndpoint}, ${SHARES.perUser}, ${KEEP_LIMITS.leaseMs}`;
/**
 * The keep's values after its tries: the retry schedule, how long an endpoint may fail, the backlog's gap
 * (4 leases), and how long a delivery may wait due unsent.
 */
const LIMIT_VALUES = `'{${KEEP_LIMITS.retryDelaysMs.join(",")}}', ${KEEP_LIMITS.disableAfterS}, ${4 * KEEP_LIMITS.leaseMs}, ${KEEP_LIMITS.maxWaitS}`;
const attempt = { at: new Date().toISOString(), duration_ms: 3, status_code: 200, error: null };

type Rows<T> = { rows: T[] };

/** `count` events of the user: the events' trigger makes a pending delivery of each, as the server's writes do. */
const insertEvents = (on: Db | Tx, userId: number, count: number) =>
  on.execute(sql`insert into events (id, user_id, type, object_id, data, created_at)
    select 'evt_' || gen_random_uuid(), ${userId}, 'bank_account.updated', 'ba_1', '{}',
      now() - (${count} - n) * interval '1 ms'
    from generate_series(1, ${count}) n`);

/** A scratch database with a user whose one endpoint subscribes to every event. */
async function subscribedUser(kind: "pglite" | "postgres") {
  const { scratch, userId } = await scratchUser(kind, "hooked");
  await scratch.database.db.execute(sql`insert into webhook_endpoints (id, user_id, url, events, secret)
    values ('we_hooked', ${userId}, 'https://hooks.example.com/', '{*}', 'whsec_x')`);
  return { scratch, userId };
}

describe.each(scratchKinds)("the webhook deliveries' statements on %s", (kind) => {
  let scratch: Awaited<ReturnType<typeof scratchDatabase>>;
  let userId: number;
  const events = (on: Db | Tx, count: number) => insertEvents(on, userId, count);

  beforeAll(async () => {
    ({ scratch, userId } = await subscribedUser(kind));
    const { db } = scratch.database;
    // 300 deliveries so far, all succeeded, and the statistics taken then.
    await events(db, 300);
    await db.execute(
      sql`update webhook_deliveries set status = 'succeeded', next_attempt_at = null, attempt_count = 1`,
    );
    await db.execute(sql`analyze`);
  }, 120_000);
  afterAll(() => scratch?.drop());

  /**
   * `text` planned as the server plans it (generic) before a backlog of 10,000 pending
   * deliveries or, `planned: "with the backlog"`, after it and its statistics, then run
   * with `values(tx)` behind it, in a transaction rolled back: the rows it returned, and
   * its reads of webhook_deliveries over 50 rows.
   */
  async function readsBehindABacklog(
    text: string,
    planned: { values: string; withTheBacklog?: boolean },
    values: (tx: Tx) => Promise<string>,
  ) {
    const { db } = scratch.database;
    const plan = await inRolledBack(db, async (tx) => {
      await tx.execute(sql`set local plan_cache_mode = force_generic_plan`);
      if (planned.withTheBacklog) {
        await events(tx, BACKLOG);
        await tx.execute(sql`analyze webhook_deliveries`);
      }
      await tx.execute(sql.raw(`prepare plan_of_test as ${text}`));
      await tx.execute(sql.raw(`explain execute plan_of_test(${planned.values})`));
      if (!planned.withTheBacklog) await events(tx, BACKLOG);
      const explained = await tx.execute(
        sql.raw(`explain (analyze, format json) execute plan_of_test(${await values(tx)})`),
      );
      // A prepared statement outlives the transaction.
      await tx.execute(sql`deallocate plan_of_test`);
      return planOf(explained);
    });
    const reads = readsOf(plan, "webhook_deliveries");
    return { rows: plan["Actual Rows"], large: reads.filter((read) => read.rows > 50) };
  }

  const pendingIds = async (on: Db | Tx, count: number) => {
    const pending = await on.execute(
      sql`select id from webhook_deliveries where status = 'pending' order by id limit ${count}`,
    );
    const ids = (pending as unknown as Rows<{ id: string }>).rows.map((row) => row.id);
    if (ids.length < count) throw new Error(`${count} deliveries are not pending`);
    return ids;
  };

  /** The record's one value: the tries of the deliveries `ids`, as the worker sends it. */
  const triesOf = (ids: string[]) =>
    `'${JSON.stringify(ids.map((id, n) => ({ id, attempt, ok: true, timed_out: false, n })))}'`;

  test("when 10,000 deliveries are pending, then a claim takes the endpoint's share of them and reads a few dozen rows", async () => {
    const reads = await readsBehindABacklog(
      CLAIM_TEXT,
      { values: CLAIM_VALUES, withTheBacklog: true },
      async () => CLAIM_VALUES,
    );
    expect(reads).toEqual({ rows: perEndpoint, large: [] });

    const { db } = scratch.database;
    await events(db, BACKLOG);
    const claimed = await claimDeliveries(db, 64);
    expect(claimed).toHaveLength(perEndpoint);
    expect(new Set(claimed.map((delivery) => delivery.event.id)).size).toBe(perEndpoint);
    expect(await claimDeliveries(db, 64)).toEqual([]);
  });

  test("when 10,000 deliveries are pending, then keeping a share of tries' outcomes reads a few dozen rows", async () => {
    const reads = await readsBehindABacklog(
      recordStatement.text,
      { values: `${triesOf(["dlv_none"])}, ${LIMIT_VALUES}` },
      async (tx) => `${triesOf(await pendingIds(tx, perEndpoint))}, ${LIMIT_VALUES}`,
    );
    expect(reads).toEqual({ rows: 1, large: [] });

    const { db } = scratch.database;
    const ids = await pendingIds(db, 2);
    await recordAttempts(
      db,
      ids.map((id) => ({ id, attempt, timedOut: false })),
    );
    const kept = await db.execute(
      sql`select status, attempts from webhook_deliveries where id in (${sql.join(ids, sql`, `)})`,
    );
    expect((kept as unknown as Rows<unknown>).rows).toEqual([
      { status: "succeeded", attempts: [attempt] },
      { status: "succeeded", attempts: [attempt] },
    ]);
  });
});

describe.runIf(scratchKinds.includes("postgres"))("the delivery workers' plans on PostgreSQL", () => {
  let scratch: Awaited<ReturnType<typeof scratchDatabase>>;
  let userId: number;
  const someEvents = (count: number) => insertEvents(scratch.database.db, userId, count);

  beforeEach(async () => {
    ({ scratch, userId } = await subscribedUser("postgres"));
  }, 120_000);
  afterEach(() => scratch?.drop());

  /** The plan of `execute <statement>` on a connection of the server's statement pool, run in a transaction rolled back. */
  async function explainedOnThePool(statement: string) {
    const { db } = scratch.database;
    const connection = await (statementPoolOf(db) as NonNullable<ReturnType<typeof statementPoolOf>>).connect();
    try {
      await connection.query("begin");
      return planOf(await connection.query(`explain (analyze, format json) execute ${statement}`));
    } finally {
      await connection.query("rollback");
      connection.release();
    }
  }
  const largeReads = (plan: Awaited<ReturnType<typeof explainedOnThePool>>) =>
    readsOf(plan, "webhook_deliveries").filter((read) => read.rows > 50);

  /** The first deliveries, claimed and kept: the pool plans the claim and the keep with so few rows. */
  async function firstDeliveries(count: number) {
    const { db } = scratch.database;
    // Run one at a time, they run on one connection of the statement pool, which plans them there.
    await someEvents(count);
    const first = await claimDeliveries(db, 64);
    expect(first).toHaveLength(count);
    await recordAttempts(
      db,
      first.map(({ id }) => ({ id, attempt, timedOut: false })),
    );
  }

  test("when the claim and the keep were first run behind a few deliveries, then behind 20,000 they still read a few dozen rows", async () => {
    const { db } = scratch.database;
    await firstDeliveries(perEndpoint);
    await someEvents(20_000);
    await db.execute(sql`update webhook_deliveries set status = 'succeeded', next_attempt_at = null, attempt_count = 1
      where status = 'pending'`);
    await someEvents(8);
    const pending = await db.execute(sql`select id from webhook_deliveries where status = 'pending' order by id`);
    const tries = (pending as unknown as Rows<{ id: string }>).rows.map(({ id }, n) => ({ id, attempt, ok: true, n }));
    expect(tries).toHaveLength(8);

    const claim = await explainedOnThePool(`claim_webhook_deliveries(${CLAIM_VALUES})`);
    const keep = await explainedOnThePool(`record_webhook_attempts('${JSON.stringify(tries)}', ${LIMIT_VALUES})`);
    expect(claim["Actual Rows"]).toBe(perEndpoint);
    expect(largeReads(claim)).toEqual([]);
    expect(keep["Actual Rows"]).toBe(1);
    expect(largeReads(keep)).toEqual([]);
  });

  test("when the claim was first run behind a few deliveries and analyzed so, then behind 10,000 pending it still reads a few dozen rows", async () => {
    const { db } = scratch.database;
    await db.execute(sql`analyze webhook_deliveries`);
    await firstDeliveries(perEndpoint);
    await someEvents(10_000);

    const claim = await explainedOnThePool(`claim_webhook_deliveries(${CLAIM_VALUES})`);
    expect(claim["Actual Rows"]).toBe(perEndpoint);
    expect(largeReads(claim)).toEqual([]);
  });
});
