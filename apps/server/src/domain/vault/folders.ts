import { randomUUID } from "node:crypto";
import { and, eq, isNull, type SQL, sql } from "drizzle-orm";
import type { Db, Tx } from "../../data/database.js";
import { folders } from "../../data/schema.js";
import type { ApiBin, ApiFolder, FolderCreate, FolderInput, Versioned, Write } from "../contract.js";
import { notFound, staleVersion, unprocessable } from "../errors.js";
import { type Keyset, orderOf, type Page, type PageRequest, pageOf, positionOf } from "../pagination.js";
import { binEntry, moveToBin } from "./bins.js";
import { cycleGuard, isInside, isVisibleFolder, lockTree, outsideBin, requireDestination } from "./placement.js";
import { setTags, upsertTags } from "./tags.js";
import { folderView } from "./views.js";

type FolderRow = typeof folders.$inferSelect;

async function lockVisibleFolder(tx: Tx, userId: number, id: string): Promise<FolderRow> {
  const [row] = await tx
    .select()
    .from(folders)
    .where(and(eq(folders.id, id), eq(folders.user_id, userId), outsideBin(id)))
    .for("update");
  if (!row) throw notFound("folder");
  return row;
}

/** A destination for `folder`, which must not be the folder itself or inside it. */
async function destinationOutside(tx: Tx, userId: number, folderId: string | null | undefined, source: string) {
  const destination = await requireDestination(tx, userId, folderId);
  if (destination !== null && (await isInside(tx, destination, source))) {
    throw unprocessable("folder", "a folder cannot be placed inside itself or its own subtree", "inside_itself");
  }
  return destination;
}

async function view(tx: Tx, userId: number, id: string): Promise<Versioned<ApiFolder>> {
  const found = await folderView(tx, userId, id);
  if (!found) throw notFound("folder");
  return { resource: found.folder, version: found.version };
}

/** Partial update of a folder: only the given fields change; `is_deleted: true` bins it with its subtree. */
export async function updateFolder(
  db: Db,
  { userId, id, input, expectedVersion }: Write<FolderInput>,
  binRetentionDays: number,
): Promise<Versioned<ApiFolder>> {
  return db.transaction(async (tx) => {
    await lockTree(tx, userId);
    const current = await lockVisibleFolder(tx, userId, id);
    if (expectedVersion !== undefined && expectedVersion !== current.version) throw staleVersion();
    const changes: Partial<FolderRow> = {};
    if (input.name !== undefined) changes.name = input.name;
    if (input.description !== undefined) changes.description = input.description;
    if (input.is_starred !== undefined) changes.is_starred = input.is_starred;
    if (input.is_archived !== undefined) changes.is_archived = input.is_archived;
    if (input.folder !== undefined) changes.parent_id = await destinationOutside(tx, userId, input.folder, id);
    await tx
      .update(folders)
      .set({ ...changes, version: current.version + 1, updated_at: new Date() })
      .where(eq(folders.id, id));
    if (input.tags !== undefined) await setTags(tx, "folder", id, await upsertTags(tx, userId, input.tags));
    if (input.is_deleted) await moveToBin(tx, userId, "folder", id, binRetentionDays);
    return view(tx, userId, id);
  });
}

/**
 * Deep-copies a folder's subtree (folders, files and their tags; files share blobs)
 * in one transaction with one statement per table, whatever the size of the tree.
 * Items in the bin are not copied. Body fields override the copy's own attributes.
 */
export async function duplicateFolder(
  db: Db,
  { userId, id, input }: Write<FolderInput>,
  binRetentionDays: number,
): Promise<ApiFolder> {
  return db.transaction(async (tx) => {
    await lockTree(tx, userId);
    const source = await lockVisibleFolder(tx, userId, id);
    const parent =
      input.folder === undefined ? source.parent_id : await destinationOutside(tx, userId, input.folder, id);
    const name = input.name ?? `${source.name.slice(0, 248)} (copy)`;

    await tx.execute(sql`
      create temporary table folder_copy on commit drop as
      with recursive sub as (
        select id, parent_id from folders where id = ${id}
        union all
        select c.id, c.parent_id from folders c join sub on c.parent_id = sub.id where not c.is_deleted
      ) ${cycleGuard}
      select id as old_id, gen_random_uuid()::text as new_id, parent_id as old_parent from sub where not is_cycle`);
    await tx.execute(sql`
      create temporary table file_copy on commit drop as
      select f.id as old_id, gen_random_uuid()::text as new_id, m.new_id as new_folder
      from files f join folder_copy m on f.folder_id = m.old_id where not f.is_deleted`);
    await tx.execute(sql`
      insert into folders (id, user_id, parent_id, name, description, is_starred, is_archived, is_deleted, created_at, updated_at)
      select m.new_id, ${userId},
        case when m.old_id = ${id} then ${parent} else p.new_id end,
        case when m.old_id = ${id} then ${name} else f.name end,
        case when m.old_id = ${id} then ${input.description ?? source.description} else f.description end,
        case when m.old_id = ${id} then ${input.is_starred ?? source.is_starred} else f.is_starred end,
        case when m.old_id = ${id} then ${input.is_archived ?? source.is_archived} else f.is_archived end,
        false, now(), now()
      from folder_copy m join folders f on f.id = m.old_id left join folder_copy p on p.old_id = m.old_parent`);
    await tx.execute(sql`
      insert into files (id, user_id, folder_id, name, description, hash, extension, is_starred, is_archived, is_deleted, created_at, updated_at)
      select m.new_id, ${userId}, m.new_folder, f.name, f.description, f.hash, f.extension, f.is_starred, f.is_archived, false, now(), now()
      from file_copy m join files f on f.id = m.old_id`);
    await tx.execute(sql`
      insert into folder_tags (folder_id, tag_id)
      select m.new_id, t.tag_id from folder_copy m join folder_tags t on t.folder_id = m.old_id`);
    await tx.execute(sql`
      insert into file_tags (file_id, tag_id)
      select m.new_id, t.tag_id from file_copy m join file_tags t on t.file_id = m.old_id`);
    const [root] = (
      (await tx.execute(sql`select new_id from folder_copy where old_id = ${id}`)) as unknown as {
        rows: { new_id: string }[];
      }
    ).rows;
    if (!root) throw notFound("folder");
    if (input.tags !== undefined) await setTags(tx, "folder", root.new_id, await upsertTags(tx, userId, input.tags));
    if (input.is_deleted) await moveToBin(tx, userId, "folder", root.new_id, binRetentionDays);
    return (await view(tx, userId, root.new_id)).resource;
  });
}

/** A new folder of the caller's, at the top level or in one of the caller's visible folders (else 422 naming `folder`). */
export async function createFolder(db: Db, userId: number, input: FolderCreate): Promise<Versioned<ApiFolder>> {
  return db.transaction(async (tx) => {
    await lockTree(tx, userId);
    const id = randomUUID();
    await tx.insert(folders).values({
      id,
      user_id: userId,
      parent_id: await requireDestination(tx, userId, input.folder),
      name: input.name,
      description: input.description ?? "",
      is_starred: input.is_starred ?? false,
      is_archived: input.is_archived ?? false,
    });
    if (input.tags !== undefined) await setTags(tx, "folder", id, await upsertTags(tx, userId, input.tags));
    return view(tx, userId, id);
  });
}

/** One of the caller's folders outside the bin (nor inside a binned folder), with its version. */
export async function getFolder(db: Db, userId: number, id: string): Promise<Versioned<ApiFolder>> {
  if (!(await isVisibleFolder(db, userId, id))) throw notFound("folder");
  return view(db, userId, id);
}

/** Moves one of the caller's visible folders, with everything in it, to the bin; answers the bin entry. */
export async function binFolder(db: Db, userId: number, id: string, binRetentionDays: number): Promise<ApiBin> {
  return db.transaction(async (tx) => {
    await lockTree(tx, userId);
    await lockVisibleFolder(tx, userId, id);
    return binEntry(tx, userId, await moveToBin(tx, userId, "folder", id, binRetentionDays));
  });
}

const KEYSET: Keyset = { createdAt: folders.created_at, id: folders.id };

async function folderPage(db: Db, userId: number, list: string, where: SQL, page: PageRequest) {
  const found = await pageOf(db, { userId, list }, page, KEYSET, (after, limit) =>
    db
      .select({ id: folders.id, page_micros: positionOf(KEYSET) })
      .from(folders)
      .where(and(eq(folders.user_id, userId), where, after))
      .orderBy(...orderOf(KEYSET))
      .limit(limit),
  );
  const items: ApiFolder[] = [];
  for (const { id } of found.items) items.push((await view(db, userId, id)).resource);
  return { items, next: found.next };
}

/** A page of the child folders of one of the caller's visible folders (or the top-level ones), oldest first. */
export async function listFolders(
  db: Db,
  userId: number,
  parentId: string | undefined,
  page: PageRequest,
): Promise<Page<ApiFolder>> {
  if (parentId !== undefined && !(await isVisibleFolder(db, userId, parentId))) throw notFound("folder");
  const parent = parentId === undefined ? isNull(folders.parent_id) : eq(folders.parent_id, parentId);
  return folderPage(db, userId, `folders:${parentId ?? ""}`, and(parent, eq(folders.is_deleted, false)) as SQL, page);
}

/** A page of the caller's starred folders outside the bin, wherever they are, oldest first. */
export async function listFavouriteFolders(db: Db, userId: number, page: PageRequest): Promise<Page<ApiFolder>> {
  const starred = and(eq(folders.is_starred, true), outsideBin(sql`${folders.id}`)) as SQL;
  return folderPage(db, userId, "favourite_folders", starred, page);
}
