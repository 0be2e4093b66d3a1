// The embedded database opened for this process: its directory locked, PGlite started.
// It imports little (not drizzle, pg or the schema), so main.ts starts it before the
// rest of the server loads and the two take their time side by side.
import { mkdirSync } from "node:fs";
import { join } from "node:path";
import { PRIVATE_DIRECTORY } from "../storage/private-modes.js";
import { superviseEmbedded } from "./embedded-supervisor.js";
import type { EmbeddedClient } from "./open-pglite.js";
import { lockDirectory } from "./pglite-lock.js";

/**
 * The quota the database checks each user's bytes against when a write commits
 * (migration 0015): the session setting `vault.user_quota_bytes`, a start parameter of
 * each connection (PostgreSQL) or of the embedded database (PGlite: of every worker
 * thread, a restarted one too); unset for none.
 */
export const QUOTA_SETTING = "vault.user_quota_bytes";

export interface EmbeddedStoreOptions {
  dataDir: string;
  databaseStatementTimeoutMs: number;
  /** PGlite without files (`memory://`): the benchmark's in-memory repository baseline. */
  inMemoryDatabase?: boolean;
  /** The per-user quota the database holds every write to (`USER_QUOTA_BYTES`); none when undefined. */
  userQuotaBytes?: number;
}

export interface EmbeddedStore {
  client: EmbeddedClient;
  /** Lets another process open the store: after the client is closed. */
  unlock(): Promise<void>;
}

/**
 * Locks `dataDir/pg` and opens PGlite on it, on a thread of its own with the statement
 * deadline (embedded-supervisor.ts); in memory, on this thread, without one.
 */
export async function openEmbeddedStore(options: EmbeddedStoreOptions): Promise<EmbeddedStore> {
  // Held in memory too: an in-memory server beside the real one on DATA_DIR would share its blobs.
  const storeDir = join(options.dataDir, "pg");
  mkdirSync(storeDir, { recursive: true, mode: PRIVATE_DIRECTORY });
  const unlock = await lockDirectory(storeDir);
  const settings = options.userQuotaBytes === undefined ? [] : ["-c", `${QUOTA_SETTING}=${options.userQuotaBytes}`];
  // In memory, a restart would lose every row: PGlite stays on this thread, without a deadline.
  const opened = options.inMemoryDatabase
    ? import("./open-pglite.js").then(({ openInMemory }) => openInMemory(settings))
    : superviseEmbedded(storeDir, options.databaseStatementTimeoutMs, settings);
  const client = await opened.catch(async (error: unknown) => {
    await unlock();
    throw error;
  });
  return { client, unlock };
}
