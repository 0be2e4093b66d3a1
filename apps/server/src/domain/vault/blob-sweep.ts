// Blob rows and blob bytes, kept in step. Bytes are removed from a hash only while
// holding that hash's transaction lock, and only when no row names them. An upload
// stores its bytes under their hash before its transaction (a copy of gigabytes must
// not hold locks and a connection), then, holding the lock, checks they are still
// there (storing them again if a cleanup took them meanwhile) and commits its row: a
// cleanup can never unlink bytes that a committed row names.
import { eq, type SQL, sql } from "drizzle-orm";
import type { Db, Tx } from "../../data/database.js";
import { lockedTransaction, statement } from "../../data/prepared.js";
import { blobs, files } from "../../data/schema.js";
import type { BlobStore, ReceivedUpload } from "../../storage/blob-store.js";

/** A stored blob younger than this may belong to an upload whose transaction is still open. */
const GRACE_MS = 60 * 60 * 1000;

const lockKey = (hash: unknown) => sql`hashtextextended(${hash}, 0)`;

/**
 * The SQL that holds `hash` until the transaction ends, as text without parameters (a
 * hash is 64 hex digits, safe in the text), for `treeTransaction`'s `andLock`.
 */
export function blobLock(hash: string): string {
  if (!/^[0-9a-f]{64}$/.test(hash)) throw new TypeError(`not a SHA-256 in hex: ${hash}`);
  return `select pg_advisory_xact_lock(hashtextextended('${hash}', 0))`;
}

/**
 * A statement's `unreferencedBlobs`, when `when` holds: the data-modifying CTE body that
 * deletes the blob rows no file references once the files `changed` (a relation of
 * their ids) are written or gone (`keep` says which blob they reference now), and
 * returns their hashes. Only the `candidates` (the hashes those files referenced
 * before) are looked at: the cost of a write does not grow with the whole blob table.
 */
export const sweptBlobs = ({
  when,
  changed,
  candidates,
  keep = sql`false`,
}: {
  when: SQL;
  changed: SQL;
  candidates: SQL;
  keep?: SQL;
}) =>
  sql`delete from blobs b
    where ${when} and not (${keep}) and b.hash in (${candidates})
      and not exists (select 1 from files x where x.hash = b.hash and x.id not in (select id from ${changed}))
      and pg_try_advisory_xact_lock(${lockKey(sql`b.hash`)})
    returning b.hash`;

/**
 * Data-modifying CTEs of a statement that writes the files in `target` with the blob of
 * the `hash`, `size` and `mimetype` placeholders, whose lock the transaction holds:
 * `stored_blob` records the blob (its row when new) and `unreferenced` deletes the blob
 * rows no file references any more, of the hashes the files had before (`previous`).
 */
export const blobWrites = (previous: SQL) => sql`
  stored_blob as (
    insert into blobs (hash, size, mimetype)
    select ${sql.placeholder("hash")}, ${sql.placeholder("size")}::bigint, ${sql.placeholder("mimetype")}
    where exists (select 1 from target)
    on conflict do nothing
    returning *
  ),
  unreferenced as (${sweptBlobs({
    when: sql`exists (select 1 from target)`,
    changed: sql`target`,
    candidates: previous,
    keep: sql`b.hash = ${sql.placeholder("hash")}`,
  })})`;

/** Holds `hash` until the transaction ends (waits for another holder). */
async function lockBlob(tx: Tx, hash: string): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(${lockKey(hash)})`);
}

/** Moves a received upload into the store and records its row, under its hash's lock until `tx` ends. */
export async function putBlob(tx: Tx, store: BlobStore, upload: ReceivedUpload): Promise<void> {
  await lockBlob(tx, upload.hash);
  await store.commit(upload);
  await tx
    .insert(blobs)
    .values({ hash: upload.hash, size: upload.size, mimetype: upload.mimetype })
    .onConflictDoNothing();
}

/**
 * Deletes blob rows no file references and returns their hashes; a hash an upload
 * holds right now is left for a later cleanup. Unlink the bytes after the commit
 * with `removeIfUnused`.
 */
export async function unreferencedBlobs(tx: Tx): Promise<string[]> {
  const gone = await tx
    .delete(blobs)
    .where(
      sql`not exists (select 1 from ${files} where ${files.hash} = ${blobs.hash})
          and pg_try_advisory_xact_lock(${lockKey(blobs.hash)})`,
    )
    .returning({ hash: blobs.hash });
  return gone.map((b) => b.hash);
}

const blobRow = statement<{ hash: string }>("blob_row", "select hash from blobs where hash = $1");

/** Unlinks the bytes of `hash` unless a blob row names them (the lock taken with BEGIN). */
export async function removeIfUnused(db: Db, store: BlobStore, hash: string): Promise<boolean> {
  return lockedTransaction(db, blobLock(hash), async (session) => {
    if ((await blobRow(session, [hash])).length > 0) return false;
    await store.delete(hash);
    return true;
  });
}

/**
 * Removes stored bytes that no blob row names: left by a crash between storing them
 * and committing their row, or between deleting a row and its bytes. Runs at start
 * and every hour (`server.ts`), on either store.
 */
export async function sweepOrphanBlobs(db: Db, store: BlobStore, now = new Date()): Promise<number> {
  let removed = 0;
  for await (const { hash, storedAt } of store.list()) {
    if (now.getTime() - storedAt.getTime() < GRACE_MS) continue;
    const [row] = await db.select({ hash: blobs.hash }).from(blobs).where(eq(blobs.hash, hash));
    if (row) continue;
    if (await removeIfUnused(db, store, hash)) removed++;
  }
  return removed;
}
