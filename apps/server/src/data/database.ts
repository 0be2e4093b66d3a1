import type { PGlite } from "@electric-sql/pglite";
import { drizzle as drizzlePglite } from "drizzle-orm/pglite";
import { migrate as migratePglite } from "drizzle-orm/pglite/migrator";
import {
  type Database,
  type DatabaseOptions,
  type Db,
  migrationsFolder,
  retryingTransactions,
} from "./database-handle.js";
import { analyzeGrownTables, vacuumDeadTables } from "./embedded-statistics.js";
import { type EmbeddedStore, openEmbeddedStore } from "./open-embedded-store.js";
import * as schema from "./schema.js";

export {
  type Database,
  type Db,
  POOL_CONNECTIONS,
  retried,
  statementPoolOf,
  type Tx,
} from "./database-handle.js";

/**
 * Opens PostgreSQL at `databaseUrl` with a connection pool, or else the embedded
 * PGlite under `dataDir/pg` (or in memory): `embedded` when it is already opening
 * (main.ts). Both speak the same SQL and share schema and migrations. The PostgreSQL
 * driver is loaded only for PostgreSQL: the embedded start saves its 0.1 s of imports.
 */
export async function openDatabase(options: DatabaseOptions, embedded?: Promise<EmbeddedStore>): Promise<Database> {
  if (options.databaseUrl) {
    const { openPostgres } = await import("./open-postgres.js");
    return openPostgres(options.databaseUrl, options);
  }
  return openPglite(await (embedded ?? openEmbeddedStore(options)));
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
