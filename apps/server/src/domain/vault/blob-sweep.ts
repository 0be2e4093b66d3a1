// Blob rows and blob bytes, kept in step. Bytes are removed from a hash only while
// holding that hash's transaction lock, and only when no row names them. An upload
// stores its bytes under their hash before its transaction (a copy of gigabytes must
// not hold locks and a connection), then, holding the lock, checks they are still
// there (storing them again if a cleanup took them meanwhile) and commits its row: a
// cleanup can never unlink bytes that a committed row names.
import { type SQL, sql } from "drizzle-orm";
import type { Db, Tx } from "../../data/database.js";
import { lockedTransaction, statement } from "../../data/prepared.js";
import { blobs } from "../../data/schema.js";
import type { Logger } from "../../logger.js";
import type { BlobStore, ReceivedUpload } from "../../storage/blob-store.js";
import { claimBlobStore } from "./store-binding.js";

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

/** No rows: no version goes. */
const NONE = sql`select null::text where false`;

/**
 * A statement's `unreferencedBlobs`, when `when` holds: the data-modifying CTE body that
 * deletes the blob rows no file and no file version references once the files `changed`
 * (a relation of their ids) are written or gone (`keep` says which blobs they and the
 * versions the statement makes reference now) and the versions `goneVersions` (their
 * ids) are gone, and returns their hashes. The statement's own writes are not in its
 * snapshot: what it adds must be in `keep`, what it removes in `changed` or
 * `goneVersions`. Only the `candidates` (the hashes those files and versions referenced
 * before) are looked at, so the cost of a write does not grow with the blob or file
 * tables: the inner `offset 0` finds them first, and whether another file or version
 * names one is a subquery that stops at the first (by `files_hash_id_idx`,
 * `file_versions_hash_id_idx`, in id order so that no statistics make a sequential scan
 * look cheaper: migration 0013), never an anti-join the planner may build from every
 * file. `keep` reads `c`, the candidate: a subquery that depended on the deleted row
 * would run once per blob row. A hash an upload holds right now is left alone;
 * the outer `offset 0` keeps the try-lock on the unreferenced rows, not on every row
 * scanned, which would exhaust the lock table (see docs/decisions/blob-cleanup.md).
 */
export const sweptBlobs = ({
  when,
  changed,
  candidates,
  keep = sql`false`,
  goneVersions = NONE,
}: {
  when: SQL;
  changed: SQL;
  candidates: SQL;
  keep?: SQL;
  goneVersions?: SQL;
}) =>
  sql`delete from blobs b where b.hash in (
      select u.hash from (
        select c.hash from (
          select c.hash from blobs c where ${when} and not (${keep}) and c.hash in (${candidates}) offset 0
        ) c
        where (select 1 from files x where x.hash = c.hash and x.id not in (select id from ${changed}) order by x.id limit 1) is null
          and (select 1 from file_versions v where v.hash = c.hash and v.id not in (${goneVersions}) order by v.id limit 1) is null
        offset 0
      ) u
      where pg_try_advisory_xact_lock(${lockKey(sql`u.hash`)})
    )
    returning b.hash`;

/** The versions a file statement makes (a relation with `hash`) and removes (with `id` and `hash`). */
export interface VersionWrites {
  made: SQL;
  gone: SQL;
}

const NO_VERSION_WRITES: VersionWrites = {
  made: sql`(select null::text as hash where false) none_made`,
  gone: sql`(select null::text as id, null::text as hash where false) none_gone`,
};

/**
 * Data-modifying CTEs of a statement that writes the files in `target` with the blob of
 * the `hash`, `size` and `mimetype` placeholders, whose lock the transaction holds:
 * `stored_blob` records the blob (its row when new) and `unreferenced` deletes the blob
 * rows no file or version references any more, of the hashes the files had before
 * (`previous`) and of the versions the statement removed (`versions.gone`, ids and
 * hashes), keeping those of the versions it made (`versions.made`, hashes).
 */
export const blobWrites = (previous: SQL, versions: VersionWrites = NO_VERSION_WRITES) => sql`
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
    candidates: sql`${previous} union all select hash from ${versions.gone}`,
    keep: sql`c.hash = ${sql.placeholder("hash")} or c.hash in (select hash from ${versions.made})`,
    goneVersions: sql`select id from ${versions.gone}`,
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

/** Hashes a transaction freeing bytes holds at most: bounded locks, and other work runs between batches. */
const REMOVAL_BATCH = 100;
/** Store deletes in flight at once within a batch. */
const STORE_DELETES_IN_FLIGHT = 8;

/** The SQL (without parameters) that holds every one of `hashes`, in their order, until the transaction ends. */
const blobLocks = (hashes: string[]) => hashes.map(blobLock).join("; ");

const namedBlobs = statement<{ hash: string }>("named_blobs", "select hash from blobs where hash = any($1::text[])");

/** Runs `work` on each item, at most `inFlight` at a time. */
async function eachLimited<T>(items: T[], inFlight: number, work: (item: T) => Promise<unknown>): Promise<void> {
  let next = 0;
  const worker = async () => {
    while (next < items.length) await work(items[next++] as T);
  };
  await Promise.all(Array.from({ length: Math.min(inFlight, items.length) }, worker));
}

/** Unlinks the bytes of those of `hashes` no blob row names, holding their locks; returns how many. */
async function removeBatch(db: Db, store: BlobStore, hashes: string[]): Promise<number> {
  // One order for every holder of several locks: two batches never wait on each other in a cycle.
  const sorted = [...new Set(hashes)].sort();
  return lockedTransaction(db, blobLocks(sorted), async (session) => {
    const named = new Set((await namedBlobs(session, [sorted])).map((row) => row.hash));
    const unnamed = sorted.filter((hash) => !named.has(hash));
    await eachLimited(unnamed, STORE_DELETES_IN_FLIGHT, (hash) => store.delete(hash));
    return unnamed.length;
  });
}

/**
 * Unlinks the bytes of those of `hashes` no blob row names, under their locks, a
 * bounded batch per transaction, one batch after another: a bin entry of thousands of
 * contents takes one pooled connection at a time, not one each at once. Returns how
 * many were unlinked.
 */
async function removeUnused(db: Db, store: BlobStore, hashes: string[]): Promise<number> {
  let removed = 0;
  for (let i = 0; i < hashes.length; i += REMOVAL_BATCH) {
    removed += await removeBatch(db, store, hashes.slice(i, i + REMOVAL_BATCH));
  }
  return removed;
}

/** Unlinks the bytes of `hash` unless a blob row names them (the lock taken with BEGIN). */
export async function removeIfUnused(db: Db, store: BlobStore, hash: string): Promise<boolean> {
  return (await removeUnused(db, store, [hash])) > 0;
}

/** Where a failure to free bytes after a commit is reported. */
export type CleanupLog = Pick<Logger, "warn">;

/**
 * After a commit that deleted the blob rows of `hashes`: unlinks their bytes, best
 * effort. The first batch is unlinked before this resolves (the usual case: a write
 * answers once its old bytes are gone); the rest go on afterwards, one batch at a time,
 * so a request that freed thousands of contents answers without waiting for thousands
 * of store deletes. The change is done whatever happens here, so a failure (the store
 * or the database unreachable, the server closing) is logged, never thrown: bytes left
 * behind are orphans the sweep removes.
 */
export async function removeAfterCommit(db: Db, store: BlobStore, hashes: string[], log: CleanupLog): Promise<void> {
  const removing = (some: string[]) =>
    removeUnused(db, store, some).catch((err: unknown) =>
      log.warn({ err, blobs: some.length }, "bytes not freed after the commit; the orphan sweep will remove them"),
    );
  await removing(hashes.slice(0, REMOVAL_BATCH));
  if (hashes.length > REMOVAL_BATCH) void removing(hashes.slice(REMOVAL_BATCH));
}

/** Stored blobs are looked up in the database this many at a time (an S3 listing's page). */
const SWEEP_PAGE = 1000;

/** The stored blobs of `store` older than the grace period at `now`, a page at a time. */
async function* oldBlobPages(store: BlobStore, now: Date): AsyncGenerator<string[]> {
  let page: string[] = [];
  for await (const { hash, storedAt } of store.list()) {
    if (now.getTime() - storedAt.getTime() < GRACE_MS) continue;
    page.push(hash);
    if (page.length === SWEEP_PAGE) {
      yield page;
      page = [];
    }
  }
  if (page.length > 0) yield page;
}

/**
 * Removes stored bytes that no blob row names: left by a crash between storing them
 * and committing their row, or between deleting a row and its bytes, or by a failure
 * to free them after a commit. Runs at start and every hour (`server.ts`), on either
 * store; one query asks which of a page of stored blobs have a row. Only on a store
 * that this database alone uses (else rejects with `StoreNotBound`, see `store-binding.ts`).
 */
export async function sweepOrphanBlobs(db: Db, store: BlobStore, now = new Date()): Promise<number> {
  await claimBlobStore(db, store);
  let removed = 0;
  for await (const page of oldBlobPages(store, now)) {
    const named = new Set((await namedBlobs(db, [page])).map((row) => row.hash));
    const orphans = page.filter((hash) => !named.has(hash));
    if (orphans.length > 0) removed += await removeUnused(db, store, orphans);
  }
  return removed;
}
