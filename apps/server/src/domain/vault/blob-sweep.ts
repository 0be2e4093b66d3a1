import { stat } from "node:fs/promises";
import { eq } from "drizzle-orm";
import type { Db } from "../../data/database.js";
import { blobs } from "../../data/schema.js";
import type { BlobStore } from "../../storage/blob-store.js";

/** A blob file younger than this may belong to an upload whose transaction is still open. */
const GRACE_MS = 60 * 60 * 1000;

/** Removes stored bytes that no blob row names (left by a crash between storing and committing). */
export async function sweepOrphanBlobs(db: Db, store: BlobStore): Promise<number> {
  let removed = 0;
  for await (const hash of store.hashes()) {
    const [row] = await db.select({ hash: blobs.hash }).from(blobs).where(eq(blobs.hash, hash));
    if (row) continue;
    const { mtimeMs } = await stat(store.path(hash));
    if (Date.now() - mtimeMs < GRACE_MS) continue;
    await store.remove(hash);
    removed++;
  }
  return removed;
}
