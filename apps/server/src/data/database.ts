import { setTimeout as sleep } from "node:timers/promises";
import { fileURLToPath } from "node:url";
import type { PGlite } from "@electric-sql/pglite";
import { drizzle as drizzlePg } from "drizzle-orm/node-postgres";
import { migrate as migratePg } from "drizzle-orm/node-postgres/migrator";
import type { PgDatabase, PgQueryResultHKT } from "drizzle-orm/pg-core";
import { drizzle as drizzlePglite } from "drizzle-orm/pglite";
import { migrate as migratePglite } from "drizzle-orm/pglite/migrator";
import pg from "pg";
import { FOREIGN_KEY_VIOLATION, hasErrorCode, violates } from "./database-errors.js";
import { analyzeGrownTables, vacuumDeadTables } from "./embedded-statistics.js";
import {
  type EmbeddedStore,
  type EmbeddedStoreOptions,
  openEmbeddedStore,
  QUOTA_SETTING,
} from "./open-embedded-store.js";
import * as schema from "./schema.js";

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

interface NotificationHandlers {
  message(payload: string): void;
  /** Notifications may be missed from now on, until `listening` is called again. */
  lost(): void;
  /** Listening again after a loss: nothing is missed from now on. */
  listening(): void;
}

/** How long to wait before a lost listening connection is opened again. */
const RELISTEN_DELAY_MS = 1000;

/** The first key of the advisory lock that serialises the servers' migrations (PostgreSQL). */
const MIGRATION_LOCK = 40;

/** Per database handle on PostgreSQL, the pool that runs its named statements on generic plans. */
const statementPools = new WeakMap<Db, pg.Pool>();

/** The pool that runs the named statements of `db` (PostgreSQL), if it has one of its own. */
export const statementPoolOf = (db: Db): pg.Pool | undefined => statementPools.get(db);

/**
 * `databaseUrl` with prepared statements always run on their generic plan, for the pool
 * that runs the named statements (`statementPoolOf`): they take every optional input as
 * a parameter, so a custom plan looks cheaper to the planner and was planned again on
 * every execution, while the generic plan is the same key lookups. JIT and sequential
 * scans are off there too: a generic plan's estimates can pass JIT's threshold, and a
 * plan made while a table was small would read all of it once it has grown. The other
 * queries (list pages, sweeps) keep PostgreSQL's defaults on a pool of their own, where a
 * plan knows its LIMIT and partial index. A connection string that is not a URL is left as it is.
 */
export const withGenericPlans = (databaseUrl: string): string =>
  withSessionOptions(databaseUrl, "-c plan_cache_mode=force_generic_plan -c jit=off -c enable_seqscan=off");

/** `databaseUrl` with `options` added to the startup options it may give (a URL's options win over the pool's). */
function withSessionOptions(databaseUrl: string, options: string): string {
  if (!URL.canParse(databaseUrl) || options === "") return databaseUrl;
  const url = new URL(databaseUrl);
  const given = url.searchParams.get("options");
  url.searchParams.set("options", [given, options].filter(Boolean).join(" "));
  return url.toString();
}

/** The connections of each PostgreSQL pool: the statements a server runs at once. */
export const POOL_CONNECTIONS = 10;

const migrationsFolder = fileURLToPath(new URL("../../src/data/migrations", import.meta.url));

interface DatabaseOptions extends EmbeddedStoreOptions {
  databaseUrl?: string;
  databaseLockTimeoutMs: number;
}

/**
 * Opens PostgreSQL at `databaseUrl` with a connection pool, or else the embedded
 * PGlite under `dataDir/pg` (or in memory): `embedded` when it is already opening
 * (main.ts). Both speak the same SQL and share schema and migrations.
 */
export async function openDatabase(options: DatabaseOptions, embedded?: Promise<EmbeddedStore>): Promise<Database> {
  if (options.databaseUrl) return openPostgres(options.databaseUrl, options);
  return openPglite(await (embedded ?? openEmbeddedStore(options)));
}

/** A pool of connections to `connectionString`, each with the quota setting and the deadlines. */
function openPool(connectionString: string, options: DatabaseOptions): pg.Pool {
  const quota = options.userQuotaBytes === undefined ? "" : `-c ${QUOTA_SETTING}=${options.userQuotaBytes}`;
  const pool = new pg.Pool({
    connectionString: withSessionOptions(connectionString, quota),
    // For a connection string that is not a URL (a URL's options win over these).
    ...(quota ? { options: quota } : {}),
    max: POOL_CONNECTIONS,
    // No statement, lock wait or open transaction can hold a connection for ever;
    // nor can a request wait for ever for one. Each ends as a 503 problem.
    statement_timeout: options.databaseStatementTimeoutMs,
    lock_timeout: options.databaseLockTimeoutMs,
    idle_in_transaction_session_timeout: options.databaseStatementTimeoutMs,
    connectionTimeoutMillis: options.databaseStatementTimeoutMs,
  });
  // A client that loses its connection, idle or mid-query, must not crash the process:
  // the query in flight fails (a 503 problem) and the pool replaces the client.
  pool.on("error", () => {});
  pool.on("connect", (client) => client.on("error", () => {}));
  return pool;
}

function openPostgres(databaseUrl: string, options: DatabaseOptions): Database {
  const pool = openPool(databaseUrl, options);
  const statementPool = openPool(withGenericPlans(databaseUrl), options);
  const db = retryingTransactions(drizzlePg(pool, { schema }) as unknown as Db);
  statementPools.set(db, statementPool);
  const listeners = new PostgresListeners(databaseUrl);
  return {
    db,
    pools: [pool, statementPool],
    listen: (channel, handlers) => listeners.listen(channel, handlers),
    migrated: false,
    async migrate(this: Database) {
      await migratePostgres(pool);
      this.migrated = true;
    },
    // On the pool the requests' statements wait for: when its connections are all stuck, so is the server.
    ping: () =>
      statementPool.query("select 1").then(
        () => true,
        () => false,
      ),
    refreshStatistics: async () => {},
    // A connection of its own, closed after it: its settings and any open transaction go with it, as psql's do.
    async runScript(text) {
      const session = await pool.connect();
      try {
        const answered = (await session.query(text)) as pg.QueryResult | pg.QueryResult[];
        return (Array.isArray(answered) ? answered : [answered]).at(-1)?.rows ?? [];
      } finally {
        session.release(true);
      }
    },
    async close() {
      await listeners.close();
      await Promise.all([pool.end(), statementPool.end()]);
    },
  };
}

/** Servers starting together take turns: two running the same migration at once collide on its new names. */
async function migratePostgres(pool: pg.Pool): Promise<void> {
  const session = await pool.connect();
  try {
    await session.query(`set lock_timeout = 0; select pg_advisory_lock(${MIGRATION_LOCK}, 0)`);
    await migratePg(drizzlePg(pool), { migrationsFolder });
  } finally {
    await session
      .query(`select pg_advisory_unlock(${MIGRATION_LOCK}, 0); reset lock_timeout`)
      .finally(() => session.release());
  }
}

/** One dedicated connection per listened channel, opened again when it is lost. */
class PostgresListeners {
  private readonly clients = new Set<pg.Client>();
  private closing = false;

  constructor(private readonly databaseUrl: string) {}

  async listen(channel: string, handlers: NotificationHandlers): Promise<void> {
    const client = new pg.Client({ connectionString: this.databaseUrl });
    client.on("error", () => {});
    client.on("notification", (note) => {
      if (note.channel === channel) handlers.message(note.payload ?? "");
    });
    this.clients.add(client);
    try {
      await client.connect();
      await client.query(`listen ${pg.escapeIdentifier(channel)}`);
    } catch (err) {
      this.clients.delete(client);
      await client.end().catch(() => {});
      throw err;
    }
    // Listening: from now on a lost connection is reported and opened again.
    let dropped = false;
    const drop = () => {
      if (dropped || this.closing) return;
      dropped = true;
      this.clients.delete(client);
      client.end().catch(() => {});
      handlers.lost();
      this.listenAgain(channel, handlers);
    };
    client.on("error", drop);
    client.on("end", drop);
  }

  /** Tries again after a pause until it listens (or the database closes). */
  private listenAgain(channel: string, handlers: NotificationHandlers): void {
    const again = () =>
      this.listen(channel, handlers).then(handlers.listening, () => {
        if (!this.closing) setTimeout(again, RELISTEN_DELAY_MS).unref();
      });
    setTimeout(again, RELISTEN_DELAY_MS).unref();
  }

  async close(): Promise<void> {
    this.closing = true;
    await Promise.all([...this.clients].map((client) => client.end().catch(() => {})));
  }
}

function openPglite({ client, unlock }: EmbeddedStore): Database {
  // Drizzle's driver calls only what EmbeddedClient has of PGlite (query, exec, transaction).
  const driven = client as unknown as PGlite;
  const db = retryingTransactions(drizzlePglite(driven, { schema }) as unknown as Db);
  return {
    db,
    migrated: false,
    async migrate(this: Database) {
      await migratePglite(drizzlePglite(driven), { migrationsFolder });
      this.migrated = true;
    },
    ping: () =>
      client.query("select 1").then(
        () => true,
        () => false,
      ),
    async refreshStatistics() {
      await vacuumDeadTables(client);
      await analyzeGrownTables(client);
    },
    // In-process: every connection is this one, so nothing is ever missed.
    async listen(channel, handlers) {
      await client.listen(channel, handlers.message);
    },
    runScript: async (text) => (await client.runScript(text)).at(-1)?.rows ?? [],
    close: () => client.close().finally(unlock),
  };
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
function retryingTransactions(db: Db): Db {
  const transaction = db.transaction.bind(db);
  db.transaction = (run, config) => retried(() => transaction(run, config));
  return db;
}
