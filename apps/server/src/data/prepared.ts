import type { PGlite } from "@electric-sql/pglite";
import pg from "pg";
import type { Db } from "./database.js";

/**
 * A query prepared once per database handle, on first use: drizzle builds its SQL
 * once, and PostgreSQL parses and plans it once per connection. For the queries every
 * request runs; placeholders name the values of each execution.
 */
export function prepared<Query>(build: (db: Db) => Query): (db: Db) => Query {
  const cache = new WeakMap<Db, Query>();
  return (db) => {
    let query = cache.get(db);
    if (!query) {
      query = build(db);
      cache.set(db, query);
    }
    return query;
  };
}

/**
 * A hand-written statement run on the driver under `db`, without drizzle: on
 * PostgreSQL a named prepared statement (parsed and planned once per connection), on
 * PGlite a parameterised query. For the hottest path only, where building the query
 * and mapping its rows cost more than the statement; rows come back as the driver
 * parses them (int8 as text, timestamps as Date).
 */
export function statement<Row>(name: string, text: string): (db: Db, values: unknown[]) => Promise<Row[]> {
  return async (db, values) => {
    const client = (db as unknown as { $client: pg.Pool | PGlite }).$client;
    if (client instanceof pg.Pool) return (await client.query<Row & pg.QueryResultRow>({ name, text, values })).rows;
    return (await client.query<Row>(text, values)).rows;
  };
}
