import { DrizzleQueryError, fillPlaceholders, type SQL, sql } from "drizzle-orm";
import { PgDialect } from "drizzle-orm/pg-core";
import type pg from "pg";
import { type Db, retried, statementPoolOf } from "./database.js";
import type { EmbeddedClient, EmbeddedSession } from "./open-pglite.js";

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
 * Where hand-written statements run on the driver, without drizzle: the pool or one of
 * its connections (PostgreSQL), the PGlite client or one of its transactions.
 */
export class Session {
  constructor(private readonly client: pg.Pool | pg.PoolClient | EmbeddedSession) {}

  async run<Row>(name: string, text: string, values: unknown[]): Promise<Row[]> {
    const { client } = this;
    try {
      if (onPostgres(client)) {
        return (await client.query<Row & pg.QueryResultRow>({ name, text, values })).rows;
      }
      return (await client.query<Row>(text, values, { name: name || undefined })).rows;
    } catch (err) {
      // As drizzle reports a failed query: the log gets the SQL, never the values.
      throw new DrizzleQueryError(text, values, err as Error);
    }
  }
}

/**
 * Whether `client` is node-postgres's (a pool or a connection: each has `connect`) rather
 * than the embedded database's; by shape, so that the embedded server never loads `pg`.
 */
const onPostgres = (
  client: pg.Pool | pg.PoolClient | EmbeddedSession | EmbeddedClient,
): client is pg.Pool | pg.PoolClient => "connect" in client;

/** Where `db`'s statements run: its statement pool on PostgreSQL (generic plans), else its own driver. */
const driverOf = (db: Db) => statementPoolOf(db) ?? (db as unknown as { $client: pg.Pool | EmbeddedClient }).$client;
const sessionOf = (on: Db | Session) => (on instanceof Session ? on : new Session(driverOf(on)));

/**
 * A hand-written statement run on the driver under `db` (each statement its own
 * transaction) or in a `lockedTransaction`: on PostgreSQL a named prepared statement
 * (parsed and planned once per connection), on PGlite a parameterised query. For hot
 * paths, where building the query and mapping its rows cost more than the statement;
 * rows come back as the driver parses them (int8 as text, timestamps as Date).
 */
export function statement<Row>(name: string, text: string): (on: Db | Session, values: unknown[]) => Promise<Row[]> {
  return (on, values) => sessionOf(on).run<Row>(name, text, values);
}

const dialect = new PgDialect();

/** A drizzle `sql` query run on a session, unprepared (for statements whose text changes with their input). */
export function runQuery<Row>(session: Session, query: SQL): Promise<Row[]> {
  const { sql: text, params } = dialect.sqlToQuery(query);
  return session.run<Row>("", text, params);
}

/** A value of a `namedStatement`, named: `${value("id")}` in its SQL takes `id` of each execution's values. */
export const value = (name: string) => sql`${sql.placeholder(name)}`;

/**
 * A `statement` written with drizzle's `sql` (so that it can share fragments with
 * other queries), its values named by `sql.placeholder`s. `text` is its SQL.
 */
export function namedStatement<Row, Values extends Record<string, unknown>>(name: string, query: SQL) {
  const { sql: text, params } = dialect.sqlToQuery(query);
  const run = statement<Row>(name, text);
  return Object.assign((on: Db | Session, values: Values) => run(on, fillPlaceholders(params, values)), { text });
}

/**
 * Runs `work` in a transaction on one connection, whose first statement is `lock` (SQL
 * without parameters that takes a transaction-level lock): on PostgreSQL, BEGIN and the
 * lock go in one round trip, and `work`'s statements see what every earlier holder of
 * the lock committed. PGlite runs one transaction at a time and needs no lock. Retried
 * on a deadlock or serialization failure, as every transaction is.
 */
export async function lockedTransaction<T>(db: Db, lock: string, work: (session: Session) => Promise<T>): Promise<T> {
  const driver = driverOf(db);
  if (!onPostgres(driver)) return driver.transaction((tx) => work(new Session(tx)));
  return transactionAfter(db, lock, work);
}

/**
 * Runs `work` in a transaction whose first statement is `setup` (SQL without
 * parameters: a lock, a `SET LOCAL`), on PostgreSQL in the same round trip as BEGIN.
 * Retried on a deadlock or serialization failure, as every transaction is.
 */
export async function transactionAfter<T>(db: Db, setup: string, work: (session: Session) => Promise<T>): Promise<T> {
  const driver = driverOf(db);
  if (!onPostgres(driver)) {
    return driver.transaction(async (tx) => {
      await tx.exec(setup);
      return work(new Session(tx));
    });
  }
  return retried(async () => {
    const connection = await driver.connect();
    try {
      await connection.query(`begin; ${setup}`);
      const result = await work(new Session(connection));
      await connection.query("commit");
      connection.release();
      return result;
    } catch (err) {
      // A connection that cannot even roll back is broken: the pool drops it.
      await connection.query("rollback").then(
        () => connection.release(),
        (lost: Error) => connection.release(lost),
      );
      throw err;
    }
  });
}
