// A blob store and the database whose rows name its bytes, bound to each other. The
// orphan sweep deletes the bytes no blob row names, which is right only when this
// database is the only one whose rows name bytes in the store. Each database has a
// random id (table blob_store_binding) and leaves a marker `databases/<id>` in every
// store it meets, holding a generation it bumps at every sweep; the sweep runs only
// while its marker is the store's only one and not ahead of the database.
import { randomUUID } from "node:crypto";
import { desc, sql } from "drizzle-orm";
import type { Db } from "../../data/database.js";
import { blobStoreBinding, blobs } from "../../data/schema.js";
import type { BlobStore } from "../../storage/blob-store.js";

/** Why this database may not delete bytes from its store; the sweep is put off, everything else goes on. */
export class StoreNotBound extends Error {}

/** Blob rows checked against a store without markers before it is taken as this database's own. */
const ADOPTION_SAMPLE = 16;

/**
 * Resolves when this database alone names bytes in `store` (and records that it swept);
 * otherwise rejects with `StoreNotBound` saying why and what an operator can do.
 */
export async function claimBlobStore(db: Db, store: BlobStore): Promise<void> {
  const self = await databaseId(db);
  const markers = await store.databaseMarkers();
  const others = [...markers.keys()].filter((id) => id !== self);
  const written = markers.get(self);
  const stopOthers = () => store.writeDatabaseMarker(self, 0);
  if (written === undefined) {
    if (others.length === 0 && (await isOwnStore(db, store))) return bump(db, store, self);
    // The marker makes the store's other databases put their sweeps off too.
    await stopOthers();
    throw new StoreNotBound(
      others.length > 0
        ? sharedMessage(store, self, others)
        : `the blob store holds bytes this database (${self}) does not name: a new or other DATABASE_URL on an existing DATA_DIR or bucket? Each deployment needs a store of its own (another DATA_DIR, bucket or S3_PREFIX). If the bytes are this database's, remove the marker ${store.markerLocation(self)} to sweep again.`,
    );
  }
  if (others.length > 0) throw new StoreNotBound(sharedMessage(store, self, others));
  const [row] = await db.select({ generation: blobStoreBinding.generation }).from(blobStoreBinding);
  if (written > (row?.generation ?? 0)) {
    // Restored from a backup, or a copy of this database runs elsewhere: either way
    // bytes newer than this database may be another's. Become another database, so
    // the store holds two markers and no sweep runs on it until an operator decides.
    const renamed = randomUUID();
    await db.update(blobStoreBinding).set({ database_id: renamed, generation: 0 });
    await store.writeDatabaseMarker(renamed, 0);
    throw new StoreNotBound(
      `this database (${self}) is older than its blob store (generation ${row?.generation ?? 0}, the store's ${written}): restored from a backup, or a copy of it runs elsewhere. It is ${renamed} from now on, and no database sweeps the store while both markers are there: once the database that swept last (${self}) no longer runs, remove its marker ${store.markerLocation(self)} to sweep again.`,
    );
  }
  await bump(db, store, self);
}

/** This database's id, made on first use. */
async function databaseId(db: Db): Promise<string> {
  await db.insert(blobStoreBinding).values({ database_id: randomUUID() }).onConflictDoNothing();
  const [row] = await db.select({ id: blobStoreBinding.database_id }).from(blobStoreBinding);
  if (!row) throw new Error("the blob store binding was not stored");
  return row.id;
}

/**
 * Whether a store without markers is this database's: empty, or (a store from before
 * the markers) holding the newest bytes this database's rows name.
 */
async function isOwnStore(db: Db, store: BlobStore): Promise<boolean> {
  const stored = await store.list().next();
  if (stored.done) return true;
  const named = await db
    .select({ hash: blobs.hash })
    .from(blobs)
    .orderBy(desc(blobs.created_at))
    .limit(ADOPTION_SAMPLE);
  if (named.length === 0) return false;
  const present = await Promise.all(named.map(({ hash }) => store.exists(hash)));
  return present.every(Boolean);
}

/** The store's marker follows the database's generation, never ahead of it. */
async function bump(db: Db, store: BlobStore, self: string): Promise<void> {
  const [row] = await db
    .update(blobStoreBinding)
    .set({ generation: sql`${blobStoreBinding.generation} + 1` })
    .returning({ generation: blobStoreBinding.generation });
  await store.writeDatabaseMarker(self, row?.generation ?? 0);
}

function sharedMessage(store: BlobStore, self: string, others: string[]): string {
  return `the blob store is also used by the database${others.length > 1 ? "s" : ""} ${others.join(", ")} (this one is ${self}): no database sweeps a shared store, since one's orphans are another's files. Give each deployment a store of its own (another DATA_DIR, bucket or S3_PREFIX); once a database no longer uses this store, remove its marker (${others.map((id) => store.markerLocation(id)).join(", ")}).`;
}
