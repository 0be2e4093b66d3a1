import { randomUUID } from "node:crypto";
import { and, eq, lt, type SQL } from "drizzle-orm";
import type { Db, Tx } from "../../data/database.js";
import { bins, files, folders } from "../../data/schema.js";
import type { BlobStore } from "../../storage/blob-store.js";
import { type ApiBin, iso, type TagInput } from "../contract.js";
import { notFound } from "../errors.js";
import { type Keyset, orderOf, type Page, type PageRequest, pageOf, positionOf } from "../pagination.js";
import { removeIfUnused, unreferencedBlobs } from "./blob-sweep.js";
import { isVisibleFolder, lockTree } from "./placement.js";
import { setTags, tagsOf, upsertTags } from "./tags.js";
import { fileViews, folderView } from "./views.js";

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

/** The bin entry as the contract's Bin: the item's name, size and tags, and the days left. */
async function presentBin(tx: Tx, entry: BinRow, now: Date): Promise<ApiBin> {
  const common = {
    id: entry.id,
    file_size_unit: "B",
    days_till_expiry: String(Math.max(0, Math.ceil((entry.expires_at.getTime() - now.getTime()) / DAY_MS))),
    created_at: iso(entry.created_at),
    updated_at: iso(entry.updated_at),
  };
  if (entry.file_id) {
    const view = (await fileViews(tx, entry.user_id, [entry.file_id], () => "")).get(entry.file_id);
    if (!view) throw notFound("bin entry");
    const { file } = view;
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
  const view = entry.folder_id ? await folderView(tx, entry.user_id, entry.folder_id) : undefined;
  if (!view) throw notFound("bin entry");
  const { folder } = view;
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

/** One of the caller's bin entries as the contract's Bin. */
export async function binEntry(tx: Tx, userId: number, id: string): Promise<ApiBin> {
  const [entry] = await tx
    .select()
    .from(bins)
    .where(and(eq(bins.id, id), eq(bins.user_id, userId)));
  if (!entry) throw notFound("bin entry");
  return presentBin(tx, entry, new Date());
}

const KEYSET: Keyset = { createdAt: bins.created_at, id: bins.id, descending: true };

/** A page of the caller's bin entries, newest first. */
export async function listBins(db: Db, userId: number, page: PageRequest): Promise<Page<ApiBin>> {
  const found = await pageOf(db, { userId, list: "bins" }, page, KEYSET, (after: SQL, limit) =>
    db
      .select({ entry: bins, id: bins.id, page_micros: positionOf(KEYSET) })
      .from(bins)
      .where(and(eq(bins.user_id, userId), after))
      .orderBy(...orderOf(KEYSET))
      .limit(limit),
  );
  const now = new Date();
  const items: ApiBin[] = [];
  for (const { entry } of found.items) items.push(await presentBin(db, entry, now));
  return { items, next: found.next };
}

/** Deletes bin entries with their items (a folder's subtree goes by cascade) and every blob row no file references; returns their hashes. */
async function deleteEntries(tx: Tx, entries: BinRow[]): Promise<string[]> {
  for (const entry of entries) {
    if (entry.file_id) await tx.delete(files).where(eq(files.id, entry.file_id));
    if (entry.folder_id) await tx.delete(folders).where(eq(folders.id, entry.folder_id));
  }
  return unreferencedBlobs(tx);
}

/**
 * Deletes one of the caller's bin entries and its item for good, now. The bytes of
 * blobs no file references any more are unlinked after the commit: a row never
 * names missing bytes (at worst, bytes are left for the orphan sweep).
 */
export async function deleteBin(db: Db, store: BlobStore, userId: number, id: string): Promise<void> {
  const orphans = await db.transaction(async (tx) => {
    await lockTree(tx, userId);
    const entries = await tx
      .delete(bins)
      .where(and(eq(bins.id, id), eq(bins.user_id, userId)))
      .returning();
    if (entries.length === 0) throw notFound("bin entry");
    return deleteEntries(tx, entries);
  });
  await Promise.all(orphans.map((hash) => removeIfUnused(db, store, hash)));
}

/**
 * Puts a binned item (with its subtree) back where it was, or at the root when that
 * folder is gone or in the bin; attaches the given tags and closes the entry.
 * Answers the entry as it was before the restore.
 */
export async function restoreBin(db: Db, userId: number, id: string, tagInputs: TagInput[]): Promise<ApiBin> {
  return db.transaction(async (tx) => {
    await lockTree(tx, userId);
    const [entry] = await tx
      .select()
      .from(bins)
      .where(and(eq(bins.id, id), eq(bins.user_id, userId)))
      .for("update");
    if (!entry) throw notFound("bin entry");
    const before = await presentBin(tx, entry, new Date());

    const kind = entry.file_id ? "file" : "folder";
    const itemId = (entry.file_id ?? entry.folder_id) as string;
    const table = kind === "file" ? files : folders;
    const parentColumn = kind === "file" ? files.folder_id : folders.parent_id;
    const [item] = await tx.select({ parent: parentColumn }).from(table).where(eq(table.id, itemId));
    const parent = item?.parent && (await isVisibleFolder(tx, userId, item.parent)) ? item.parent : null;
    await tx
      .update(table)
      .set({ is_deleted: false, [kind === "file" ? "folder_id" : "parent_id"]: parent, updated_at: new Date() })
      .where(eq(table.id, itemId));

    const added = await upsertTags(tx, userId, tagInputs);
    const current = (await tagsOf(tx, kind, [itemId])).get(itemId) ?? [];
    await setTags(tx, kind, itemId, [...current, ...added.filter((t) => !current.some((c) => c.id === t.id))]);
    await tx.delete(bins).where(eq(bins.id, id));
    return before;
  });
}

/**
 * Deletes expired bin entries with their items (a folder's subtree goes by cascade),
 * then every blob no file references. Returns the hashes whose bytes may be unlinked.
 */
export async function purgeExpired(db: Db, now = new Date()): Promise<string[]> {
  return db.transaction(async (tx) => {
    return deleteEntries(tx, await tx.delete(bins).where(lt(bins.expires_at, now)).returning());
  });
}
