// What a database handle is, whichever database is under it: its types, the pool of its
// named statements (PostgreSQL), the migrations' folder and the retry of its transactions.
import { setTimeout as sleep } from "node:timers/promises";
import type { PgDatabase, PgQueryResultHKT } from "drizzle-orm/pg-core";
import type pg from "pg";
import { packageFile } from "../package-files.js";
import { FOREIGN_KEY_VIOLATION, hasErrorCode, violates } from "./database-errors.js";
import type { EmbeddedStoreOptions } from "./open-embedded-store.js";
import type * as schema from "./schema.js";

export type Db = PgDatabase<PgQueryResultHKT, typeof schema>;
/** A database handle or an open transaction: repositories accept either. */
export type Tx = Parameters<Parameters<Db["transaction"]>[0]>[0] | Db;

export interface Database {
  db: Db;
  /** The connection pools (PostgreSQL only: drizzle's and the named statements'), for their gauges. */
  pools?: pg.Pool[];
  /** Whether this process has applied the migrations. */
  migrated: boolean;
  /** Applies the versioned migrations that are not applied yet. */
  migrate(): Promise<void>;
  /** Whether the database answers a query. */
  ping(): Promise<boolean>;
  /**
   * Reclaims dead rows and keeps the planner's statistics current where nothing else
   * does (PGlite, see `embedded-statistics.ts`; PostgreSQL's autovacuum does it there).
   */
  refreshStatistics(): Promise<void>;
  /**
   * Delivers every payload NOTIFYed on `channel`, from any process, from now on. On
   * PostgreSQL a dedicated connection listens: while it is down (and until it listens
   * again) notifications can be missed, which `lost` and `listening` tell.
   */
  listen(channel: string, handlers: NotificationHandlers): Promise<void>;
  /**
   * Runs an operator's SQL text, one or several statements, as `psql -c` runs it, and
   * resolves to its last statement's rows (int8 as text, as node-postgres gives it).
   * Nothing of its session outlives it: a transaction it leaves open is rolled back and
   * its settings end (see `runScript` in open-pglite.ts for the embedded database).
   */
  runScript(text: string): Promise<Record<string, unknown>[]>;
  close(): Promise<void>;
}

export interface NotificationHandlers {
  message(payload: string): void;
  /** Notifications may be missed from now on, until `listening` is called again. */
  lost(): void;
  /** Listening again after a loss: nothing is missed from now on. */
  listening(): void;
}

/** Per database handle on PostgreSQL, the pool that runs its named statements on generic plans. */
export const statementPools = new WeakMap<Db, pg.Pool>();

/** The pool that runs the named statements of `db` (PostgreSQL), if it has one of its own. */
export const statementPoolOf = (db: Db): pg.Pool | undefined => statementPools.get(db);

/** The connections of each PostgreSQL pool: the statements a server runs at once. */
export const POOL_CONNECTIONS = 10;

export const migrationsFolder = packageFile("src/data/migrations");

export interface DatabaseOptions extends EmbeddedStoreOptions {
  databaseUrl?: string;
  databaseLockTimeoutMs: number;
}

/** Deadlock detected, serialization failure: the transaction was rolled back and may simply run again. */
const RETRYABLE = /^(40P01|40001)$/;
/**
 * A blob row deleted as unreferenced while a file or a file version naming it
 * committed: the delete read them before that commit (`sweptBlobs`); run again, it sees
 * the new reference.
 */
const BLOB_REFERENCES = ["files_hash_blobs_hash_fk", "file_versions_hash_fkey"];
const TRANSACTION_ATTEMPTS = 3;

/**
 * Runs `attempt` again, after a short random pause, when PostgreSQL rolled its
 * transaction back for a deadlock, a serialization failure or a blob row's race with a
 * new file, up to three attempts; the last failure is thrown (the HTTP layer answers
 * 503 with Retry-After).
 */
export async function retried<T>(attempt: () => Promise<T>): Promise<T> {
  for (let n = 1; ; n++) {
    try {
      return await attempt();
    } catch (err) {
      const again =
        hasErrorCode(err, RETRYABLE) ||
        BLOB_REFERENCES.some((constraint) => violates(err, constraint, FOREIGN_KEY_VIOLATION));
      if (n >= TRANSACTION_ATTEMPTS || !again) throw err;
      await sleep(Math.random() * 20 * n);
    }
  }
}

/** Every transaction of `db` is `retried`. */
export function retryingTransactions(db: Db): Db {
  const transaction = db.transaction.bind(db);
  db.transaction = (run, config) => retried(() => transaction(run, config));
  return db;
}
