// Read models of files and folders: every field of the contract's File, Folder and
// FolderDetail, computed in a few set-based queries.
import { type SQL, sql } from "drizzle-orm";
import type { Tx } from "../../data/database.js";
import { type ApiFile, type ApiFolder, type ApiFolderDetail, iso } from "../contract.js";
import { cycleGuard } from "./placement.js";
import { presentTag, type TagJson } from "./tags.js";

const list = (ids: string[]) =>
  sql.join(
    ids.map((id) => sql`${id}`),
    sql`, `,
  );

async function rows<T>(tx: Tx, query: SQL): Promise<T[]> {
  const result = (await tx.execute(query)) as unknown as { rows: T[] };
  return result.rows;
}

/** An item's tags as a JSON array sorted by name, read in the same query as the item. */
const tagsOfItem = (kind: "file" | "folder", item: SQL) =>
  sql`coalesce((select json_agg(json_build_object('id', t.id, 'name', t.name, 'description', t.description,
        'created_at', t.created_at, 'updated_at', t.updated_at) order by t.name)
      from ${sql.raw(`${kind}_tags`)} l join tags t on t.id = l.tag_id where l.${sql.raw(`${kind}_id`)} = ${item}), '[]')`;

/** The latest share of an item, if any (the source of `access`, `is_shared`, `file_share_id`). */
const latestShare = (column: "file_id" | "folder_id", item: SQL) =>
  sql`left join lateral (select s.id, s.access from file_shares s where s.${sql.raw(column)} = ${item}
      order by s.updated_at desc, s.id limit 1) share on true`;

interface FileRow {
  id: string;
  folder_id: string | null;
  name: string | null;
  description: string | null;
  hash: string | null;
  extension: string;
  is_starred: boolean;
  is_archived: boolean;
  is_deleted: boolean;
  version: number;
  created_at: Date | string;
  updated_at: Date | string;
  size: string | number | null;
  mimetype: string | null;
  share_id: string | null;
  share_access: string | null;
  tags: TagJson[];
}

const date = (value: Date | string) => iso(new Date(value));

/** Where a file's bytes can be fetched: the HTTP layer knows the route and the public address. */
export type ContentLink = (fileId: string) => string;

/** The caller's files with these ids, as the contract's File, by id (with each one's version). */
export async function fileViews(
  tx: Tx,
  userId: number,
  ids: string[],
  contentLink: ContentLink,
): Promise<Map<string, { file: ApiFile; version: number }>> {
  if (ids.length === 0) return new Map();
  const found = await rows<FileRow>(
    tx,
    sql`select f.*, b.size, b.mimetype, share.id as share_id, share.access as share_access,
          ${tagsOfItem("file", sql`f.id`)} as tags
        from files f left join blobs b on b.hash = f.hash ${latestShare("file_id", sql`f.id`)}
        where f.user_id = ${userId} and f.id in (${list(ids)})`,
  );
  return new Map(
    found.map((f) => {
      const file: ApiFile = {
        id: f.id,
        file: contentLink(f.id),
        hash: f.hash,
        mimetype: f.mimetype,
        extension: f.extension,
        file_size: Number(f.size ?? 0),
        file_size_unit: "B",
        root: f.folder_id === null,
        access: f.share_access,
        file_share_id: f.share_id,
        is_shared: f.share_id !== null,
        tags_detail: f.tags.map(presentTag),
        created_at: date(f.created_at),
        updated_at: date(f.updated_at),
        name: f.name,
        description: f.description,
        folder: f.folder_id,
        is_starred: f.is_starred,
        is_archived: f.is_archived,
        is_deleted: f.is_deleted,
        tags: f.tags.map((t) => t.name),
      };
      return [f.id, { file, version: f.version }];
    }),
  );
}

interface FolderRow {
  id: string;
  parent_id: string | null;
  name: string;
  description: string;
  is_starred: boolean;
  is_archived: boolean;
  is_deleted: boolean;
  version: number;
  created_at: Date | string;
  updated_at: Date | string;
  folders_count: string | number;
  files_count: string | number;
  file_size: string | number;
  path: string;
  child_files: string;
  child_folders: string;
  share_id: string | null;
  share_access: string | null;
  tags: TagJson[];
}

/**
 * One of the caller's folders with its subtree figures: counts and size cover the
 * whole subtree, leaving out what is in the bin.
 */
async function folderRow(tx: Tx, userId: number, id: string): Promise<FolderRow | undefined> {
  const [row] = await rows<FolderRow>(
    tx,
    sql`with recursive
          sub as (
            select id from folders where id = ${id} and user_id = ${userId}
            union all
            select c.id from folders c join sub on c.parent_id = sub.id where not c.is_deleted
          ) ${cycleGuard},
          up as (
            select id, parent_id, name, 0 as depth from folders where id = ${id} and user_id = ${userId}
            union all
            select p.id, p.parent_id, p.name, up.depth + 1 from folders p join up on p.id = up.parent_id
          ) ${cycleGuard},
          sub_files as (
            select x.hash from files x where x.folder_id in (select id from sub) and not x.is_deleted
          )
        select f.*,
          (select count(*) from sub where not is_cycle) - 1 as folders_count,
          (select count(*) from sub_files) as files_count,
          (select coalesce(sum(b.size), 0) from sub_files x join blobs b on b.hash = x.hash) as file_size,
          (select '/' || string_agg(name, '/' order by depth desc) from up where not is_cycle) as path,
          (select coalesce(string_agg(x.id, ',' order by x.created_at, x.id), '')
             from files x where x.folder_id = f.id and not x.is_deleted) as child_files,
          (select coalesce(string_agg(x.id, ',' order by x.created_at, x.id), '')
             from folders x where x.parent_id = f.id and not x.is_deleted) as child_folders,
          share.id as share_id, share.access as share_access,
          ${tagsOfItem("folder", sql`f.id`)} as tags
        from folders f ${latestShare("folder_id", sql`f.id`)}
        where f.id = ${id} and f.user_id = ${userId}`,
  );
  return row;
}

async function folderSummary(tx: Tx, userId: number, id: string) {
  const row = await folderRow(tx, userId, id);
  if (!row) return undefined;
  const summary = {
    id: row.id,
    access: row.share_access ?? "private",
    files_count: Number(row.files_count),
    folders_count: Number(row.folders_count),
    file_size: Number(row.file_size),
    file_size_unit: "B",
    extension: "",
    ...(row.parent_id === null ? {} : { parent_folder: row.parent_id }),
    root: row.parent_id === null,
    created_at: date(row.created_at),
    updated_at: date(row.updated_at),
    name: row.name,
    description: row.description,
    is_starred: row.is_starred,
    is_archived: row.is_archived,
    is_deleted: row.is_deleted,
    tags: row.tags.map(presentTag),
  };
  return { row, summary };
}

/** One of the caller's folders as the contract's Folder (with its version), or undefined. */
export async function folderView(
  tx: Tx,
  userId: number,
  id: string,
): Promise<{ folder: ApiFolder; version: number } | undefined> {
  const found = await folderSummary(tx, userId, id);
  if (!found) return undefined;
  const { row, summary } = found;
  const folder: ApiFolder = {
    ...summary,
    path: row.path,
    ...(row.share_id === null ? {} : { file_share_id: row.share_id }),
    is_shared: row.share_id !== null,
    ...(row.parent_id === null ? {} : { folder: row.parent_id }),
  };
  return { folder, version: row.version };
}

/** One of the caller's folders as embedded in a file share, or undefined. */
export async function folderDetailView(tx: Tx, userId: number, id: string): Promise<ApiFolderDetail | undefined> {
  const found = await folderSummary(tx, userId, id);
  if (!found) return undefined;
  return { ...found.summary, files: found.row.child_files, folders: found.row.child_folders };
}
