// PostgreSQL at DATABASE_URL: two connection pools, the migrations under a lock, and a
// connection per listened channel. Loaded only when a server uses PostgreSQL.
import { drizzle as drizzlePg } from "drizzle-orm/node-postgres";
import { migrate as migratePg } from "drizzle-orm/node-postgres/migrator";
import pg from "pg";
import {
  type Database,
  type DatabaseOptions,
  type Db,
  migrationsFolder,
  type NotificationHandlers,
  POOL_CONNECTIONS,
  retryingTransactions,
  statementPools,
} from "./database-handle.js";
import { QUOTA_SETTING } from "./open-embedded-store.js";
import * as schema from "./schema.js";

/** How long to wait before a lost listening connection is opened again. */
const RELISTEN_DELAY_MS = 1000;

/** The first key of the advisory lock that serialises the servers' migrations (PostgreSQL). */
const MIGRATION_LOCK = 40;

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

export function openPostgres(databaseUrl: string, options: DatabaseOptions): Database {
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
