import { ConfigError, loadConfig } from "../config.js";
import { type Database, openDatabase } from "../data/database.js";
import type { BlobStore } from "../storage/blob-store.js";
import { openBlobStore } from "../storage/open-blob-store.js";

/** The configured database (migrated) and blob store, for command-line tools. */
export async function openStore(): Promise<{ database: Database; blobs: BlobStore; retentionDays: number }> {
  try {
    const config = loadConfig();
    const database = await openDatabase(config);
    await database.migrate();
    const blobs = await openBlobStore(config);
    return { database, blobs, retentionDays: config.binRetentionDays };
  } catch (error) {
    if (error instanceof ConfigError) fail(`Configuration error: ${error.message}`);
    throw error;
  }
}

export function fail(message: string): never {
  console.error(message);
  process.exit(1);
}
