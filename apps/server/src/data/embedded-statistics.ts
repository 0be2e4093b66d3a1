import type { EmbeddedSession } from "./open-pglite.js";

/**
 * The tables that grew by a fifth (and four pages) since they were last analyzed, or
 * were never analyzed: the sizes come from the files, so the check reads no rows.
 */
const GROWN_TABLES = `
  select quote_ident(c.relname) as name
  from pg_class c join pg_namespace n on n.oid = c.relnamespace
  where n.nspname = 'public' and c.relkind = 'r'
    and pg_relation_size(c.oid) / current_setting('block_size')::int > greatest(c.relpages, 0) * 1.2 + 4`;

/**
 * PGlite runs no autovacuum (it has no background processes), so without this its
 * planner has no table statistics and a folder walk reads every folder at each level.
 * Like autovacuum's analyze, this analyzes the tables that grew enough to change their
 * plans (ANALYZE samples a bounded number of rows); answers the tables it analyzed.
 */
export async function analyzeGrownTables(client: EmbeddedSession): Promise<string[]> {
  const { rows } = await client.query<{ name: string }>(GROWN_TABLES);
  const names = rows.map((row) => row.name);
  if (names.length > 0) await client.exec(`analyze ${names.join(", ")}`);
  return names;
}
