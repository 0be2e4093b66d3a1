// What the plan tests share: a statement's EXPLAIN (ANALYZE, FORMAT JSON), its reads of
// one table, a transaction rolled back once it has answered, and the rows its statements
// touched so far.
import { type SQL, sql } from "drizzle-orm";
import type { Db } from "../src/data/database.js";

export type Tx = Parameters<Parameters<Db["transaction"]>[0]>[0];

export interface PlanNode {
  "Node Type": string;
  "Relation Name"?: string;
  "Index Name"?: string;
  "Actual Rows": number;
  "Actual Loops": number;
  "Rows Removed by Filter"?: number;
  Plans?: PlanNode[];
}

const nodes = (node: PlanNode): PlanNode[] => [node, ...(node.Plans ?? []).flatMap(nodes)];

/** The plan in an `explain (analyze, format json)` answer. */
export function planOf(explained: unknown): PlanNode {
  const [row] = (explained as { rows: { "QUERY PLAN": [{ Plan: PlanNode }] }[] }).rows;
  if (!row) throw new Error("EXPLAIN answered no plan");
  return row["QUERY PLAN"][0].Plan;
}

/** The plan's reads of the tables and indexes whose names start with `table`, and the rows each read. */
export const readsOf = (plan: PlanNode, table: string) =>
  nodes(plan)
    .filter((node) => `${node["Relation Name"] ?? node["Index Name"]}`.startsWith(table))
    .map((node) => ({
      node: `${node["Node Type"]} ${node["Index Name"] ?? node["Relation Name"]}`,
      rows: node["Actual Rows"] * node["Actual Loops"] + (node["Rows Removed by Filter"] ?? 0),
    }));

class RolledBack<T> extends Error {
  constructor(readonly outcome: T) {
    super("rolled back");
  }
}

/** Runs `work` in a transaction that is rolled back after it, and answers what it answered. */
export async function inRolledBack<T>(db: Db, work: (tx: Tx) => Promise<T>): Promise<T> {
  return db
    .transaction(async (tx) => {
      throw new RolledBack(await work(tx));
    })
    .catch((err: unknown) => {
      if (err instanceof RolledBack) return err.outcome as T;
      throw err;
    });
}

/**
 * `statement` (its one value `$1`, text) planned as the server's statement pool plans it
 * (generic, sequential scans off), explained and run with `value`, in a transaction rolled
 * back: its plan and its rows.
 */
export async function asThePoolPlansIt<Row>(db: Db, statement: SQL, value: string) {
  return inRolledBack(db, async (tx) => {
    await tx.execute(sql`set local plan_cache_mode = force_generic_plan`);
    await tx.execute(sql`set local enable_seqscan = off`);
    await tx.execute(sql`prepare pooled_plan_of_test(text) as ${statement}`);
    const run = `execute pooled_plan_of_test('${value.replaceAll("'", "''")}')`;
    const explained = await tx.execute(sql.raw(`explain (analyze, format json) ${run}`));
    const answered = await tx.execute(sql.raw(run));
    await tx.execute(sql`deallocate pooled_plan_of_test`);
    return { plan: planOf(explained), rows: (answered as unknown as { rows: Row[] }).rows };
  });
}

/** Counters of `pg_stat_get_xact_tuples_<counter>`: rows an index returned, rows of a table written. */
type RowCounter = "returned" | "inserted" | "updated" | "deleted";

/**
 * This backend's `counters` of `relation` (a table or an index) so far, including what it
 * has not yet sent on: read before and after the statements to count, in one transaction.
 */
export async function rowCounts<C extends RowCounter>(tx: Tx, relation: string, counters: C[]) {
  const columns = counters.map((c) => `pg_stat_get_xact_tuples_${c}('${relation}'::regclass)::integer as ${c}`);
  const result = await tx.execute(sql.raw(`select ${columns.join(", ")}`));
  return (result as unknown as { rows: Record<C, number>[] }).rows[0] as Record<C, number>;
}
