import { type SQL, sql } from "drizzle-orm";
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

/** A placeholder where a column value of any type is expected (`set`, `values`). */
export const param = (name: string): SQL => sql`${sql.placeholder(name)}`;
