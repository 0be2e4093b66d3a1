import { join } from "node:path";
import { ConfigError, loadConfig } from "../config.js";
import { type Database, openDatabase } from "../data/database.js";
import { BlobStore } from "../storage/blob-store.js";

/** The configured database (migrated) and blob store, for command-line tools. */
export async function openStore(): Promise<{ database: Database; blobs: BlobStore; retentionDays: number }> {
  try {
    const config = loadConfig();
    const database = await openDatabase(config);
    await database.migrate();
    const blobs = new BlobStore(join(config.dataDir, "blobs"));
    await blobs.open();
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
