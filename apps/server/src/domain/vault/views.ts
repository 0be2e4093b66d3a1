// Read models of files and folders: every field of the contract's File, Folder and
// FolderDetail, computed in a few set-based queries.
import { type SQL, sql } from "drizzle-orm";
import type { Tx } from "../../data/database.js";
import { type ApiFile, type ApiFolder, type ApiFolderDetail, iso } from "../contract.js";
import { goesOn } from "./placement.js";
import { presentTag, type TagJson, tagsJson } from "./tags.js";

const list = (ids: string[]) =>
  sql.join(
    ids.map((id) => sql`${id}`),
    sql`, `,
  );

/** The rows of a hand-written query, as the driver gives them. */
export async function rowsOf<T>(tx: Tx, query: SQL): Promise<T[]> {
  const result = (await tx.execute(query)) as unknown as { rows: T[] };
  return result.rows;
}

/** An item's tags as a JSON array sorted by name, read in the same query as the item. */
export const tagsOfItem = (kind: "file" | "folder", item: SQL) =>
  tagsJson(sql`(select t.* from ${sql.raw(`${kind}_tags`)} l join tags t on t.id = l.tag_id
      where l.${sql.raw(`${kind}_id`)} = ${item})`);

/**
 * The latest share of an item, if any (the source of `access`, `is_shared`,
 * `file_share_id`), among `shares` (the table, or its rows as a statement writes them).
 */
const latestShare = (column: "file_id" | "folder_id", item: SQL, shares: SQL) =>
  sql`left join lateral (select s.id, s.access from ${shares} s where s.${sql.raw(column)} = ${item}
      order by s.updated_at desc, s.id limit 1) share on true`;

export interface FileRow {
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

/**
 * Where a view reads an item from. By default the tables; a statement that writes the
 * item reads it back as written (its `RETURNING` rows: the statement's own writes are
 * not in the tables it reads).
 */
interface ViewSources {
  /** The shares (default: the table). */
  shares?: SQL;
  /** The item's tags as a JSON array sorted by name (default: its links in the tables). */
  tags?: SQL;
}

/**
 * Every column of the File view of the rows of `files` (a relation of `files` rows): the
 * ones `FileRow` names, as events and kept answers store the view (not `search_text`).
 */
export const fileViewQuery = ({
  files,
  blobs = sql`blobs`,
  shares = sql`file_shares`,
  tags,
}: ViewSources & { files: SQL; blobs?: SQL }) =>
  sql`select f.id, f.folder_id, f.name, f.description, f.hash, f.extension, f.is_starred, f.is_archived, f.is_deleted,
          f.version, f.created_at, f.updated_at, b.size, b.mimetype, share.id as share_id, share.access as share_access,
          ${tags ?? tagsOfItem("file", sql`f.id`)} as tags
        from ${files} f left join ${blobs} b on b.hash = f.hash ${latestShare("file_id", sql`f.id`, shares)}`;

/** A file row of `fileViewQuery` as the contract's File, with its version. */
export function presentFile(f: FileRow, contentLink: ContentLink): { file: ApiFile; version: number } {
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
  return { file, version: f.version };
}

/** The caller's files with these ids, as the contract's File, by id (with each one's version). */
export async function fileViews(
  tx: Tx,
  userId: number,
  ids: string[],
  contentLink: ContentLink,
): Promise<Map<string, { file: ApiFile; version: number }>> {
  if (ids.length === 0) return new Map();
  const found = await rowsOf<FileRow>(
    tx,
    fileViewQuery({ files: sql`(select * from files where user_id = ${userId} and id in (${list(ids)}))` }),
  );
  return new Map(found.map((f) => [f.id, presentFile(f, contentLink)]));
}

export interface FolderRow {
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
  /** With `children` only. */
  child_files: string;
  child_folders: string;
  share_id: string | null;
  share_access: string | null;
  tags: TagJson[];
}

/**
 * The most child ids a FolderDetail lists in `files` and in `folders` (the oldest
 * first), so a folder with many children does not embed every id in each answer that
 * shows it. The lists of files and folders page through the rest.
 */
const MAX_CHILD_IDS = 100;

/**
 * Every column of the Folder view of `folder` (a relation of one `folders` row): counts
 * and size cover the whole subtree, leaving out what is in the bin, as the triggers keep
 * them on the folder's row (migration 0009), or on `figures` when given (a relation of
 * one row with them: a copy written by this statement has not been counted yet).
 * `children` adds the child ids of a FolderDetail (at most `MAX_CHILD_IDS` of each kind).
 * The path's walk reads each parent by its key (OFFSET 0 keeps the subquery out of a
 * join): a generic plan that expected many rows in `folder` (a duplicate's copy) hashed
 * every folder of the table for each step.
 */
export const folderViewQuery = ({
  folder,
  figures,
  shares = sql`file_shares`,
  tags,
  children = false,
}: ViewSources & { folder: SQL; figures?: SQL; children?: boolean }) => {
  const figure = (name: string) =>
    figures ? sql`(select x.${sql.raw(name)} from ${figures} x) as ${sql.raw(name)}` : sql`f.${sql.raw(name)}`;
  return sql`with recursive
          up as (
            select w.id, w.parent_id, w.name, 1 as depth from ${folder} w
            union all
            select p.id, p.parent_id, p.name, up.depth + 1
            from up cross join lateral (select * from folders p where p.id = up.parent_id offset 0) p
            where ${goesOn(sql`up.depth`)}
          )
        select f.id, f.parent_id, f.name, f.description, f.is_starred, f.is_archived, f.is_deleted, f.version,
          f.created_at, f.updated_at, ${figure("files_count")}, ${figure("folders_count")}, ${figure("file_size")},
          (select '/' || string_agg(name, '/' order by depth desc) from up) as path,${
            children
              ? sql`
          (select coalesce(string_agg(c.id, ',' order by c.created_at, c.id), '') from (
             select x.id, x.created_at from files x where x.user_id = f.user_id and x.folder_id = f.id and not x.is_deleted
             order by x.created_at, x.id limit ${sql.raw(String(MAX_CHILD_IDS))}) c) as child_files,
          (select coalesce(string_agg(c.id, ',' order by c.created_at, c.id), '') from (
             select x.id, x.created_at from folders x where x.user_id = f.user_id and x.parent_id = f.id and not x.is_deleted
             order by x.created_at, x.id limit ${sql.raw(String(MAX_CHILD_IDS))}) c) as child_folders,`
              : sql``
          }
          share.id as share_id, share.access as share_access,
          ${tags ?? tagsOfItem("folder", sql`f.id`)} as tags
        from ${folder} f ${latestShare("folder_id", sql`f.id`, shares)}`;
};

function folderSummary(row: FolderRow) {
  return {
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
}

/** A folder row of `folderViewQuery` as the contract's Folder, with its version. */
export function presentFolder(row: FolderRow): { folder: ApiFolder; version: number } {
  const folder: ApiFolder = {
    ...folderSummary(row),
    path: row.path,
    ...(row.share_id === null ? {} : { file_share_id: row.share_id }),
    is_shared: row.share_id !== null,
    ...(row.parent_id === null ? {} : { folder: row.parent_id }),
  };
  return { folder, version: row.version };
}

/** A folder row of `folderViewQuery` with `children` as the contract's FolderDetail. */
export const presentFolderDetail = (row: FolderRow): ApiFolderDetail => ({
  ...folderSummary(row),
  files: row.child_files,
  folders: row.child_folders,
});

/**
 * Lateral joins that read, for each row of the outer query (with its `owner`, `fileId`
 * and `folderId` columns), the views of the file and folder it names as JSON:
 * `file_view` and `folder_view` (null when it names none). `children` adds the
 * FolderDetail's child ids. `only` leaves the other kind's join out of the plan (its
 * view is null), for a statement that knows which kind its rows name.
 */
export const itemViews = ({
  owner,
  fileId,
  folderId,
  shares,
  children = false,
  only,
}: {
  owner: SQL;
  fileId: SQL;
  folderId: SQL;
  shares?: SQL;
  children?: boolean;
  only?: "file" | "folder";
}) => {
  const none = (name: string) => sql`cross join (select null::json as row) ${sql.raw(name)}`;
  const file = sql`left join lateral (select row_to_json(v) as row from (${fileViewQuery({
    files: sql`(select * from files x where x.id = ${fileId} and x.user_id = ${owner})`,
    shares,
  })}) v) file_view on true`;
  const folder = sql`left join lateral (select row_to_json(v) as row from (${folderViewQuery({
    folder: sql`(select * from folders x where x.id = ${folderId} and x.user_id = ${owner})`,
    shares,
    children,
  })}) v) folder_view on true`;
  return sql`${only === "folder" ? none("file_view") : file}
    ${only === "file" ? none("folder_view") : folder}`;
};
