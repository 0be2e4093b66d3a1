// The delivery workers' claim must cost the same behind a backlog as without one: with
// 10,000 deliveries pending for an endpoint, its statement, on the generic plan the
// server runs it on, claims the endpoint's 8 oldest and reads no more than a few dozen
// rows of webhook_deliveries to do it (it read every pending one: a drain of n
// deliveries cost n² rows, issue 28 §4). On PGlite, and on PostgreSQL when
// TEST_DATABASE_URL is set.
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { CLAIM_TEXT, claimDeliveries, PER_ENDPOINT } from "../src/domain/webhooks/deliveries.js";
import { scratchDatabase, scratchKinds } from "./scratch-database.js";

const BACKLOG = 10_000;

type Rows<T> = { rows: T[] };

describe.each(scratchKinds)("the webhook deliveries' claim on %s", (kind) => {
  let scratch: Awaited<ReturnType<typeof scratchDatabase>>;
  beforeAll(async () => {
    scratch = await scratchDatabase(kind);
    const { db } = scratch.database;
    await scratch.database.migrate();
    const result = await db.execute(sql`insert into users (username, email, first_name, last_name)
      values ('hooked', 'hooked@example.com', 'Hooked', 'User') returning id`);
    const userId = (result as unknown as Rows<{ id: number }>).rows[0]?.id as number;
    await db.execute(sql`insert into webhook_endpoints (id, user_id, url, events, secret)
      values ('we_backlog', ${userId}, 'https://hooks.example.com/', '{*}', 'whsec_x')`);
    // The events' trigger makes a pending delivery of each, as the server's writes do.
    await db.execute(sql`insert into events (id, user_id, type, object_id, data, created_at)
      select 'evt_' || n, ${userId}, 'bank_account.updated', 'ba_1', '{}', now() - (${BACKLOG} - n) * interval '1 ms'
      from generate_series(1, ${BACKLOG}) n`);
    await db.execute(sql`analyze`);
  }, 120_000);
  afterAll(() => scratch?.drop());

  test("when 10,000 deliveries are pending, then a claim takes 8 of them and reads a few dozen rows", async () => {
    const { db } = scratch.database;
    // The claim as the server runs it (a generic plan), in a transaction rolled back.
    const plan = await db
      .transaction(async (tx) => {
        await tx.execute(sql`set local plan_cache_mode = force_generic_plan`);
        await tx.execute(sql.raw(`prepare claim_plan(integer) as ${CLAIM_TEXT}`));
        const explained = await tx.execute(sql`explain (analyze, format json) execute claim_plan(64)`);
        // A prepared statement outlives the transaction.
        await tx.execute(sql`deallocate claim_plan`);
        const [row] = (explained as unknown as Rows<{ "QUERY PLAN": [{ Plan: PlanNode }] }>).rows;
        if (!row) throw new Error("EXPLAIN answered no plan");
        throw new RolledBack(row);
      })
      .catch((err: unknown) => {
        if (err instanceof RolledBack) return err.explained["QUERY PLAN"][0].Plan;
        throw err;
      });
    expect(plan["Actual Rows"]).toBe(PER_ENDPOINT);
    const reads = nodes(plan)
      .filter((node) => `${node["Relation Name"] ?? node["Index Name"]}`.startsWith("webhook_deliveries"))
      .map((node) => ({
        node: `${node["Node Type"]} ${node["Index Name"] ?? node["Relation Name"]}`,
        rows: node["Actual Rows"] * node["Actual Loops"] + (node["Rows Removed by Filter"] ?? 0),
      }));
    expect(reads.filter((read) => read.rows > 50)).toEqual([]);

    const claimed = await claimDeliveries(db, 64);
    expect(claimed).toHaveLength(PER_ENDPOINT);
    expect(new Set(claimed.map((delivery) => delivery.event.id)).size).toBe(PER_ENDPOINT);
    expect(await claimDeliveries(db, 64)).toEqual([]);
  });
});

interface PlanNode {
  "Node Type": string;
  "Relation Name"?: string;
  "Index Name"?: string;
  "Actual Rows": number;
  "Actual Loops": number;
  "Rows Removed by Filter"?: number;
  Plans?: PlanNode[];
}

const nodes = (node: PlanNode): PlanNode[] => [node, ...(node.Plans ?? []).flatMap(nodes)];

class RolledBack extends Error {
  constructor(readonly explained: { "QUERY PLAN": [{ Plan: PlanNode }] }) {
    super("rolled back");
  }
}
