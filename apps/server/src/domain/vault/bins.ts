import { randomUUID } from "node:crypto";
import { eq, type SQL, sql } from "drizzle-orm";
import type { Db, Tx } from "../../data/database.js";
import { type ClaimedKey, claimedKeyValues, recordedAnswerOf } from "../../data/idempotency-keys.js";
import { namedStatement, statement, value } from "../../data/prepared.js";
import { recordedEvent } from "../../data/recorded-events.js";
import { bins, files, folders } from "../../data/schema.js";
import type { Logger } from "../../logger.js";
import type { BlobStore } from "../../storage/blob-store.js";
import { type ApiBin, iso, type TagInput } from "../contract.js";
import { notFound } from "../errors.js";
import { type Keyset, type Page, type PageRequest, pageOf, positionOf } from "../pagination.js";
import { type CleanupLog, removeAfterCommit, sweptBlobs } from "./blob-sweep.js";
import { fitsUnder, goesOn, outsideBin, tooDeep, treeTransaction, visibleFolder } from "./placement.js";
import { tagArrays, upsertedTags } from "./tags.js";
import { type FileRow, type FolderRow, itemViews, presentFile, presentFolder } from "./views.js";

const DAY_MS = 24 * 60 * 60 * 1000;

/** When an item binned now leaves the bin for good. */
export const binExpiry = (retentionDays: number) => new Date(Date.now() + retentionDays * DAY_MS);

/** Marks a file or folder deleted and opens its bin entry (whose id it returns); a folder takes its subtree with it. */
export async function moveToBin(tx: Tx, userId: number, kind: "file" | "folder", id: string, retentionDays: number) {
  const table = kind === "file" ? files : folders;
  const binId = randomUUID();
  await tx.update(table).set({ is_deleted: true, updated_at: new Date() }).where(eq(table.id, id));
  await tx.insert(bins).values({
    id: binId,
    user_id: userId,
    [kind === "file" ? "file_id" : "folder_id"]: id,
    expires_at: binExpiry(retentionDays),
  });
  return binId;
}

type BinRow = typeof bins.$inferSelect;

/** A bin entry with the views of its item, as `binViewQuery` reads it (timestamps as Date or string). */
type BinViewRow = Omit<BinRow, "expires_at" | "created_at" | "updated_at"> & {
  expires_at: Date | string;
  created_at: Date | string;
  updated_at: Date | string;
  file_view: FileRow | null;
  folder_view: FolderRow | null;
};

/** Every entry of `entries` (a relation of `bins` rows) with the views of its item as the tables hold it. */
const binViewQuery = (entries: SQL) =>
  sql`select e.*, file_view.row as file_view, folder_view.row as folder_view from ${entries} e
    ${itemViews({ owner: sql`e.user_id`, fileId: sql`e.file_id`, folderId: sql`e.folder_id` })}`;

/** The bin entry as the contract's Bin: the item's name, size and tags, and the days left. */
function presentBin(entry: BinViewRow, now: Date): ApiBin {
  const common = {
    id: entry.id,
    file_size_unit: "B",
    days_till_expiry: String(Math.max(0, Math.ceil((new Date(entry.expires_at).getTime() - now.getTime()) / DAY_MS))),
    created_at: iso(new Date(entry.created_at)),
    updated_at: iso(new Date(entry.updated_at)),
  };
  if (entry.file_id) {
    if (!entry.file_view) throw notFound("bin entry");
    const { file } = presentFile(entry.file_view, () => "");
    return {
      ...common,
      name: file.name ?? "",
      description: file.description ?? "",
      file_type: "file",
      file_size: file.file_size,
      extension: file.extension,
      tags: file.tags_detail,
    };
  }
  if (!entry.folder_view) throw notFound("bin entry");
  const { folder } = presentFolder(entry.folder_view);
  return {
    ...common,
    name: folder.name,
    description: folder.description,
    file_type: "folder",
    file_size: folder.file_size,
    extension: "",
    tags: folder.tags,
  };
}

async function viewRows(tx: Tx, query: SQL): Promise<BinViewRow[]> {
  return ((await tx.execute(query)) as unknown as { rows: BinViewRow[] }).rows;
}

/** One of the caller's bin entries as the contract's Bin. */
export async function binEntry(tx: Tx, userId: number, id: string): Promise<ApiBin> {
  const [entry] = await viewRows(tx, binViewQuery(sql`(select * from bins where id = ${id} and user_id = ${userId})`));
  if (!entry) throw notFound("bin entry");
  return presentBin(entry, new Date());
}

const KEYSET: Keyset = { createdAt: bins.created_at, id: bins.id, descending: true };

/** A page of the caller's bin entries, newest first. */
export async function listBins(db: Db, userId: number, page: PageRequest): Promise<Page<ApiBin>> {
  const found = await pageOf(
    { userId, list: "bins" },
    page,
    KEYSET,
    (after: SQL, limit) =>
      viewRows(
        db,
        sql`${binViewQuery(sql`(select *, ${positionOf(KEYSET).sql} as page_micros from bins
          where user_id = ${userId} and ${after} order by created_at desc, id desc limit ${limit})`)}
        order by e.created_at desc, e.id desc`,
      ) as Promise<(BinViewRow & { page_micros: string })[]>,
  );
  const now = new Date();
  return { items: found.items.map((entry) => presentBin(entry, now)), next: found.next };
}

const [user, itemId] = [value("user"), value("id")];

/** Moves one of the caller's visible items to the bin in one statement, opening its entry; answers the entry's view. */
const binStatement = (kind: "file" | "folder") =>
  namedStatement<BinViewRow, { id: string; user: number; bin_id: string; expires: Date }>(
    `bin_${kind}`,
    sql`with
      target as (
        update ${sql.raw(`${kind}s`)} f set is_deleted = true, updated_at = now()
        where f.id = ${itemId} and f.user_id = ${user} and ${
          kind === "file"
            ? sql`not f.is_deleted and (f.folder_id is null or ${visibleFolder(user, sql`f.folder_id`)})`
            : outsideBin(itemId)
        }
        returning f.id
      ),
      entry as (
        insert into bins (id, user_id, ${sql.raw(`${kind}_id`)}, expires_at)
        select ${value("bin_id")}, ${user}, target.id, ${value("expires")}::timestamptz from target
        returning *
      ),
      answer as (${binViewQuery(sql`entry`)}),
      ${recordedEvent(`${kind}.binned`, { user, object: sql`to_jsonb(answer)`, from: sql`answer` })}
    select * from answer`,
  );
const binStatements = { file: binStatement("file"), folder: binStatement("folder") };

/**
 * Moves one of the caller's visible files or folders (a folder with everything in it)
 * to the bin; answers the bin entry.
 */
export async function binItem(
  db: Db,
  userId: number,
  kind: "file" | "folder",
  id: string,
  retentionDays: number,
): Promise<ApiBin> {
  const values = { id, user: userId, bin_id: randomUUID(), expires: binExpiry(retentionDays) };
  const [entry] = await treeTransaction(db, userId, (session) => binStatements[kind](session, values));
  if (!entry) throw notFound(kind);
  return presentBin(entry, new Date());
}

/**
 * The `id`s of `from` (a table, its alias and a WHERE naming one parent), read by index
 * for each parent: OFFSET 0 keeps the subquery from being pulled into a join, which the
 * generic plan, made without knowing the subtree's size, may run as hash joins over
 * sequential scans of every user's folders and files, so a small purge would cost as much
 * as the whole vault (see docs/decisions/statement-shapes.md).
 */
const byIndex = (from: SQL) => sql`select id from ${from} offset 0`;

/**
 * The bin entry's deletion in one statement: the entry, its item and, for a folder, its
 * whole subtree, with the files' versions (deleted here rather than by the cascade, so
 * that the blob rows no file or version references any more can go in the same
 * statement, as the file writes do). Written
 * so that each table is read through its indexes (no `or` of two sets, no semi-join the
 * planner would run as a scan): its cost grows with the entry, not with the tables.
 */
const deleteBinStatement = namedStatement<{ deleted: boolean; orphans: string[] }, { id: string; user: number }>(
  "delete_bin",
  sql`with recursive
    entry as (delete from bins where id = ${itemId} and user_id = ${user} returning *),
    subtree as (
      select f.id, 1 as level from folders f join entry e on f.id = e.folder_id
      union all
      select c.id, s.level + 1
      from subtree s cross join lateral (${byIndex(sql`folders c where c.parent_id = s.id`)}) c
      where ${goesOn(sql`s.level`)}
    ),
    gone_files as (
      delete from files x where x.id in (
        select file_id from entry
        union all
        select f.id from subtree s cross join lateral (${byIndex(sql`files f where f.folder_id = s.id`)}) f
      )
      returning x.id, x.hash
    ),
    gone_versions as (
      delete from file_versions v where v.id = any(array(
        select w.id from gone_files g cross join lateral (${byIndex(sql`file_versions w where w.file_id = g.id`)}) w
      ))
      returning v.id, v.hash
    ),
    gone_folders as (delete from folders x where x.id = any(array(select id from subtree))),
    unreferenced as (${sweptBlobs({
      when: sql`exists (select 1 from entry)`,
      changed: sql`gone_files`,
      candidates: sql`select hash from gone_files union all select hash from gone_versions`,
      goneVersions: sql`select id from gone_versions`,
    })}),
    -- The entry as it was: its item is still in the statement's snapshot.
    purged as (${binViewQuery(sql`entry`)}),
    ${recordedEvent("bin.purged", { user: sql`purged.user_id`, object: sql`to_jsonb(purged)`, from: sql`purged` })}
  select exists (select 1 from entry) as deleted, array(select hash from unreferenced) as orphans`,
);

/** Deletes the bin entry `id` of `userId` with its item, under the user's tree lock; undefined when there is none. */
async function deleteEntry(db: Db, userId: number, id: string): Promise<string[] | undefined> {
  const values = { id, user: userId };
  const [outcome] = await treeTransaction(db, userId, (session) => deleteBinStatement(session, values));
  return outcome?.deleted ? outcome.orphans : undefined;
}

/**
 * Deletes one of the caller's bin entries and its item for good, now. The bytes of
 * blobs no file references any more are unlinked after the commit, best effort: a row
 * never names missing bytes, and bytes left behind are the orphan sweep's.
 */
export async function deleteBin(db: Db, store: BlobStore, log: CleanupLog, userId: number, id: string): Promise<void> {
  const orphans = await deleteEntry(db, userId, id);
  if (!orphans) throw notFound("bin entry");
  await removeAfterCommit(db, store, orphans, log);
}

/**
 * The restore in one statement: the entry (locked, as a purge would delete it), the
 * item back in place (at the root when its folder is gone or in the bin) unless a
 * folder's subtree would lie too deep there (`fits`), the given tags added to its
 * own, the entry closed, the entry's view as it was before, and the request's key
 * marked committed with that view (the entry is gone after the restore: the record is
 * all that can answer a retry).
 */
const restoreStatement = namedStatement<
  BinViewRow & { fits: boolean },
  { id: string; user: number } & ReturnType<typeof tagArrays> & ReturnType<typeof claimedKeyValues>
>(
  "restore_bin",
  sql`with
    entry as (select * from bins where id = ${itemId} and user_id = ${user} for update),
    place as (
      select case when ${visibleFolder(user, sql`i.parent`)} then i.parent end as parent, i.folder_id
      from (select coalesce(fi.folder_id, fo.parent_id) as parent, e.folder_id from entry e
        left join files fi on fi.id = e.file_id left join folders fo on fo.id = e.folder_id) i
    ),
    fits as (select p.folder_id is null or ${fitsUnder(sql`p.parent`, sql`p.folder_id`)} as ok from place p),
    restoring as (select e.* from entry e, fits where fits.ok),
    restored_file as (
      update files f set is_deleted = false, folder_id = (select parent from place), updated_at = now()
      from restoring e where f.id = e.file_id
    ),
    restored_folder as (
      update folders f set is_deleted = false, parent_id = (select parent from place), updated_at = now()
      from restoring e where f.id = e.folder_id
    ),
    added_tags as (${upsertedTags(user, sql`exists (select 1 from restoring)`)}),
    file_links as (
      insert into file_tags (file_id, tag_id) select e.file_id, a.id from restoring e, added_tags a
      where e.file_id is not null on conflict do nothing
    ),
    folder_links as (
      insert into folder_tags (folder_id, tag_id) select e.folder_id, a.id from restoring e, added_tags a
      where e.folder_id is not null on conflict do nothing
    ),
    closed as (delete from bins b using restoring e where b.id = e.id),
    answer as (${binViewQuery(sql`(select entry.*, fits.ok as fits from entry, fits)`)}),
    ${recordedAnswerOf({
      user,
      status: 200,
      answer: sql`(select to_jsonb(a) from answer a)`,
      done: sql`exists (select 1 from restoring)`,
    })},
    ${recordedEvent("bin.restored", {
      user,
      object: sql`to_jsonb(answer)`,
      from: sql`answer where exists (select 1 from restoring)`,
    })}
  select * from answer`,
);

/**
 * Puts a binned item (with its subtree) back where it was, or at the root when that
 * folder is gone or in the bin; attaches the given tags and closes the entry.
 * Answers the entry as it was before the restore.
 */
export async function restoreBin(
  db: Db,
  userId: number,
  id: string,
  tagInputs: TagInput[],
  claimed?: ClaimedKey,
): Promise<ApiBin> {
  const values = { id, user: userId, ...tagArrays(tagInputs), ...claimedKeyValues(claimed) };
  const [entry] = await treeTransaction(db, userId, (session) => restoreStatement(session, values));
  if (!entry) throw notFound("bin entry");
  if (!entry.fits) throw tooDeep("id", "path");
  return presentBin(entry, new Date());
}

/** The restored entry as the restore statement recorded it, with its days left as of the restore. */
export const recordedRestore = (recorded: unknown, restoredAt: Date) => presentBin(recorded as BinViewRow, restoredAt);

/** Where the purge reports an entry it could not purge, and bytes it could not free. */
type PurgeLog = Pick<Logger, "warn" | "error">;

/** Expired entries are read this many at a time. */
const PURGE_PAGE = 100;

const expiredEntries = statement<{ id: string; user_id: number }>(
  "expired_bins",
  "select id, user_id from bins where expires_at < $1 and id > $2 order by id limit $3",
);

/**
 * Deletes expired bin entries with their items, each in a transaction of its own (as
 * its owner's bin delete does, under the owner's tree lock), then frees the bytes no
 * row names any more. An entry that fails is logged and left for the next purge; the
 * others go on. Returns how many entries were purged.
 */
export async function purgeExpired(db: Db, store: BlobStore, log: PurgeLog, now = new Date()): Promise<number> {
  let purged = 0;
  let after = "";
  for (;;) {
    const page = await expiredEntries(db, [now, after, PURGE_PAGE]);
    for (const entry of page) {
      const orphans = await deleteEntry(db, entry.user_id, entry.id).catch((err: unknown) => {
        log.error({ err, bin: entry.id }, "expired bin entry not purged; the next purge tries again");
      });
      if (!orphans) continue;
      purged++;
      await removeAfterCommit(db, store, orphans, log);
    }
    if (page.length < PURGE_PAGE) return purged;
    after = (page.at(-1) as { id: string }).id;
  }
}
