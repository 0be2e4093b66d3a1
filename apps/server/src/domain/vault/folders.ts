import { randomUUID } from "node:crypto";
import { and, eq, isNull, type SQL, sql } from "drizzle-orm";
import type { Db } from "../../data/database.js";
import { type ClaimedKey, claimedKeyValues, recordedAnswerOf } from "../../data/idempotency-keys.js";
import { namedStatement, value } from "../../data/prepared.js";
import { type EventType, recordedEvent } from "../../data/recorded-events.js";
import { folders } from "../../data/schema.js";
import type { ApiFolder, FolderCreate, FolderInput, Versioned, Write } from "../contract.js";
import { isExpected, notFound, staleVersion, unprocessable } from "../errors.js";
import { type Keyset, orderOf, type Page, type PageRequest, pageOf, positionOf } from "../pagination.js";
import { binExpiry } from "./bins.js";
import {
  children,
  fitsUnder,
  goesOn,
  inside,
  isVisibleFolder,
  notYourFolder,
  outsideBin,
  tooDeep,
  treeTransaction,
  visibleFolder,
} from "./placement.js";
import { tagArrays, tagsJson, upsertedTags } from "./tags.js";
import { type FolderRow, folderViewQuery, presentFolder, tagsOfItem } from "./views.js";

const [id, user] = [value("id"), value("user")];

/**
 * SQL columns that judge a destination `parent` given for the folder `id` (when `move`):
 * `destination_visible` (one of the caller's visible folders, or null for the root),
 * `destination_inside` (the folder itself or inside its subtree) and `destination_fits`
 * (the folder, or a new one, with its subtree stays within the depth limit there).
 */
const destinationChecks = sql`
  (not ${value("move")}::boolean or ${value("parent")}::text is null
    or ${visibleFolder(user, sql`${value("parent")}::text`)}) as destination_visible,
  (${value("move")}::boolean and ${value("parent")}::text is not null
    and ${inside(sql`${value("parent")}::text`, id)}) as destination_inside,
  (not ${value("move")}::boolean or ${fitsUnder(sql`${value("parent")}::text`, id)}) as destination_fits`;

/** The outcome of a folder statement: what its checks found, and the folder's view row when it wrote. */
interface FolderOutcome {
  current_version: number | null;
  destination_visible: boolean;
  destination_inside: boolean;
  destination_fits: boolean;
  folder: FolderRow | null;
}

/** The error of a folder statement that wrote nothing, in the order the rules are checked. */
function refusal(outcome: FolderOutcome, expectedVersions?: number[]) {
  if (outcome.current_version === null) return notFound("folder");
  if (!isExpected(expectedVersions, outcome.current_version)) return staleVersion();
  if (!outcome.destination_visible) return notYourFolder();
  if (outcome.destination_inside) {
    return unprocessable("folder", "a folder cannot be placed inside itself or its own subtree", "inside_itself");
  }
  if (!outcome.destination_fits) return tooDeep("folder");
  return notFound("folder");
}

/** The values of a folder statement's placeholders shared by the update and the copy. */
function folderValues(userId: number, folderId: string, input: FolderInput, binRetentionDays: number) {
  return {
    id: folderId,
    user: userId,
    name: input.name ?? null,
    description: input.description ?? null,
    starred: input.is_starred ?? null,
    archived: input.is_archived ?? null,
    move: input.folder !== undefined,
    parent: input.folder ?? null,
    set_tags: input.tags !== undefined,
    ...tagArrays(input.tags ?? []),
    bin: input.is_deleted === true,
    bin_id: randomUUID(),
    expires: binExpiry(binRetentionDays),
  };
}

/** The tags of the folder a statement wrote: `added_tags` when the input set them, else those of `item`. */
const writtenTags = (item: SQL) =>
  sql`case when ${value("set_tags")}::boolean then ${tagsJson(sql`added_tags`)} else ${tagsOfItem("folder", item)} end`;

/** Data-modifying CTEs: the input's tags and bin move for the folder in `target`. */
const tagAndBinTarget = sql`
  added_tags as (${upsertedTags(user, sql`exists (select 1 from target)`)}),
  linked_tags as (
    insert into folder_tags (folder_id, tag_id) select target.id, a.id from target, added_tags a on conflict do nothing
  ),
  binned as (
    insert into bins (id, user_id, folder_id, expires_at)
    select ${value("bin_id")}, ${user}, target.id, ${value("expires")}::timestamptz from target where ${value("bin")}::boolean
  )`;

/** The SET of a folder statement's update for the folder's own fields (the given ones change). */
const ownFields = sql`name = coalesce(${value("name")}::text, f.name),
  description = coalesce(${value("description")}::text, f.description),
  is_starred = coalesce(${value("starred")}::boolean, f.is_starred),
  is_archived = coalesce(${value("archived")}::boolean, f.is_archived)`;

type FolderUpdateValues = ReturnType<typeof folderValues> & { versions: unknown };

/** The event of a folder statement that wrote: `answer`'s folder, and for an update `previous`, its view before. */
const folderEvent = (type: EventType, previous?: SQL) =>
  recordedEvent(type, {
    user,
    object: sql`a.folder::jsonb`,
    previous,
    from: sql`answer a where a.folder is not null`,
  });

/**
 * The folder's row before a PATCH, locked: the update joins it, so it is read first and
 * is the latest (a concurrent writer's committed change included).
 */
const previousFolder = sql`previous as (select * from folders f where f.id = ${id} and f.user_id = ${user} for update)`;

/** A PATCH's event, with the folder's view before it (`previousFolder`). */
const updatedFolderEvent = folderEvent(
  "folder.updated",
  sql`(select to_jsonb(v) from (${folderViewQuery({ folder: sql`previous` })}) v)`,
);

/**
 * The folder PATCH in one statement: its checks (visible, version, destination), the
 * update, the tags, the bin move, and the view of the folder as written.
 */
const updateFolderStatement = namedStatement<FolderOutcome, FolderUpdateValues>(
  "update_folder",
  sql`with recursive
    current as (select f.version from folders f where f.id = ${id} and f.user_id = ${user} and ${outsideBin(id)}),
    outcome as (select (select version from current) as current_version, ${destinationChecks}),
    ${previousFolder},
    target as (
      update folders f set
        ${ownFields},
        parent_id = case when ${value("move")}::boolean then ${value("parent")}::text else f.parent_id end,
        is_deleted = f.is_deleted or ${value("bin")}::boolean,
        version = f.version + 1, updated_at = now()
      from outcome o, previous p
      where f.id = p.id and o.current_version is not null
        and (${value("versions")}::integer[] is null or f.version = any(${value("versions")}::integer[]))
        and o.destination_visible and not o.destination_inside and o.destination_fits
      returning f.*
    ),
    unlinked_tags as (
      delete from folder_tags l using target
      where ${value("set_tags")}::boolean and l.folder_id = target.id and l.tag_id not in (select id from added_tags)
    ),
    ${tagAndBinTarget},
    answer as (
      select o.*, (select row_to_json(v) from (${folderViewQuery({ folder: sql`target`, tags: writtenTags(sql`f.id`) })}) v) as folder
      from outcome o
    ),
    ${updatedFolderEvent}
  select * from answer`,
);

/**
 * A folder PATCH that changes only the folder's own fields (name, description, star,
 * archive): one statement outside any transaction, without the tree lock, as it
 * changes neither the tree nor the tags. Its WHERE holds `not is_deleted`, which
 * PostgreSQL re-checks on the latest row when a concurrent bin of the folder got there
 * first (then nothing is written: 404); a concurrent bin of an ancestor orders after it.
 */
const updateFolderFieldsStatement = namedStatement<FolderOutcome, FolderUpdateValues>(
  "update_folder_fields",
  sql`with recursive
    current as (select f.version from folders f where f.id = ${id} and f.user_id = ${user} and ${outsideBin(id)}),
    ${previousFolder},
    target as (
      update folders f set
        ${ownFields},
        version = f.version + 1, updated_at = now()
      from previous p
      where f.id = p.id and not f.is_deleted and exists (select 1 from current)
        and (${value("versions")}::integer[] is null or f.version = any(${value("versions")}::integer[]))
      returning f.*
    ),
    answer as (
      select (select version from current) as current_version,
        true as destination_visible, false as destination_inside, true as destination_fits,
        (select row_to_json(v) from (${folderViewQuery({ folder: sql`target` })}) v) as folder
    ),
    ${updatedFolderEvent}
  select * from answer`,
);

/** Whether a folder PATCH changes only the folder's own fields: no move, no tags, no bin. */
const onlyOwnFields = (input: FolderInput) =>
  input.folder === undefined && input.tags === undefined && input.is_deleted !== true;

/** Partial update of a folder: only the given fields change; `is_deleted: true` bins it with its subtree. */
export async function updateFolder(
  db: Db,
  { userId, id: folderId, input, expectedVersions }: Write<FolderInput>,
  binRetentionDays: number,
): Promise<Versioned<ApiFolder>> {
  const values = { ...folderValues(userId, folderId, input, binRetentionDays), versions: expectedVersions ?? null };
  const [outcome] = onlyOwnFields(input)
    ? await updateFolderFieldsStatement(db, values)
    : await treeTransaction(db, userId, (session) => updateFolderStatement(session, values));
  if (!outcome?.folder) throw refusal(outcome as FolderOutcome, expectedVersions);
  const { folder, version } = presentFolder(outcome.folder);
  return { resource: folder, version };
}

/** A folder statement's values with the request's `Idempotency-Key` (see `recordedAnswerOf`). */
type KeyedFolderValues = ReturnType<typeof folderValues> & ReturnType<typeof claimedKeyValues>;

/** The CTE that marks the request's key committed with the view of the folder written, when one was. */
const recordedFolder = (status: number) =>
  recordedAnswerOf({
    user,
    status,
    answer: sql`(select folder::jsonb from answer)`,
    done: sql`exists (select 1 from target)`,
  });

/**
 * The folder copy in one statement: the checks, the subtree's folders, files and tags
 * copied set-based whatever the size of the tree (files share blobs; items in the bin
 * are not copied), the input's tags and bin move for the copy, its view, and the
 * request's key marked committed with it.
 */
const duplicateFolderStatement = namedStatement<FolderOutcome, KeyedFolderValues>(
  "duplicate_folder",
  sql`with recursive
    source as (select f.* from folders f where f.id = ${id} and f.user_id = ${user} and ${outsideBin(id)}),
    outcome as (select (select version from source) as current_version, ${destinationChecks}),
    tree as (
      select f.id, f.parent_id, f.name, f.description, f.is_starred, f.is_archived, 1 as level from source f, outcome o
      where o.destination_visible and not o.destination_inside and o.destination_fits
      union all
      select c.id, c.parent_id, c.name, c.description, c.is_starred, c.is_archived, tree.level + 1
      from tree cross join lateral (${children(sql`folders c where c.parent_id = tree.id`)}) c
      where ${goesOn(sql`tree.level`)}
    ),
    folder_copy as (select t.*, t.id as old_id, gen_random_uuid()::text as new_id, t.parent_id as old_parent from tree t),
    file_copy as (
      select f.*, f.id as old_id, gen_random_uuid()::text as new_id, m.new_id as new_folder
      from folder_copy m cross join lateral (${children(sql`files f where f.folder_id = m.old_id`)}) f
    ),
    copied_folders as (
      insert into folders (id, user_id, parent_id, name, description, is_starred, is_archived, is_deleted, created_at, updated_at)
      select m.new_id, ${user},
        case when m.old_id <> ${id} then p.new_id when ${value("move")}::boolean then ${value("parent")}::text else m.parent_id end,
        case when m.old_id <> ${id} then m.name else coalesce(${value("name")}::text, left(m.name, 248) || ' (copy)') end,
        case when m.old_id <> ${id} then m.description else coalesce(${value("description")}::text, m.description) end,
        case when m.old_id <> ${id} then m.is_starred else coalesce(${value("starred")}::boolean, m.is_starred) end,
        case when m.old_id <> ${id} then m.is_archived else coalesce(${value("archived")}::boolean, m.is_archived) end,
        m.old_id = ${id} and ${value("bin")}::boolean, now(), now()
      from folder_copy m left join folder_copy p on p.old_id = m.old_parent
      returning *
    ),
    copied_files as (
      insert into files (id, user_id, folder_id, name, description, hash, content_size, extension, is_starred, is_archived, is_deleted, created_at, updated_at)
      select m.new_id, ${user}, m.new_folder, m.name, m.description, m.hash, m.content_size, m.extension, m.is_starred, m.is_archived, false, now(), now()
      from file_copy m
    ),
    copied_folder_tags as (
      insert into folder_tags (folder_id, tag_id)
      select m.new_id, t.tag_id from folder_copy m join folder_tags t on t.folder_id = m.old_id
      where not (m.old_id = ${id} and ${value("set_tags")}::boolean)
    ),
    copied_file_tags as (
      insert into file_tags (file_id, tag_id)
      select m.new_id, t.tag_id from file_copy m join file_tags t on t.file_id = m.old_id
    ),
    target as (select * from copied_folders where id = (select new_id from folder_copy where old_id = ${id})),
    ${tagAndBinTarget},
    answer as (
      select o.*, (select row_to_json(v) from (${folderViewQuery({
        folder: sql`target`,
        // The copy holds what the source holds (the triggers count the copies after this statement).
        figures: sql`source`,
        tags: writtenTags(id),
      })}) v) as folder
      from outcome o
    ),
    ${recordedFolder(201)},
    ${folderEvent("folder.duplicated")}
  select * from answer`,
);

/**
 * Deep-copies a folder's subtree (folders, files and their tags; files share blobs) in
 * one statement, whatever the size of the tree. Items in the bin are not copied. Body
 * fields override the copy's own attributes.
 */
export async function duplicateFolder(
  db: Db,
  { userId, id: folderId, input }: Write<FolderInput>,
  binRetentionDays: number,
  claimed?: ClaimedKey,
): Promise<ApiFolder> {
  const values = { ...folderValues(userId, folderId, input, binRetentionDays), ...claimedKeyValues(claimed) };
  const [outcome] = await treeTransaction(db, userId, (session) => duplicateFolderStatement(session, values));
  if (!outcome?.folder) throw refusal(outcome as FolderOutcome);
  return presentFolder(outcome.folder).folder;
}

/** A new folder in one statement: the destination's check, the insert, its tags, its view and the request's key marked committed. */
const createFolderStatement = namedStatement<FolderOutcome, KeyedFolderValues>(
  "create_folder",
  sql`with recursive
    outcome as (select null::integer as current_version, ${destinationChecks}),
    target as (
      insert into folders (id, user_id, parent_id, name, description, is_starred, is_archived)
      select ${id}, ${user}, ${value("parent")}::text, ${value("name")}::text, coalesce(${value("description")}::text, ''),
        coalesce(${value("starred")}::boolean, false), coalesce(${value("archived")}::boolean, false)
      from outcome o where o.destination_visible and o.destination_fits
      returning *
    ),
    ${tagAndBinTarget},
    answer as (
      select o.*, (select row_to_json(v) from (${folderViewQuery({ folder: sql`target`, tags: writtenTags(sql`f.id`) })}) v) as folder
      from outcome o
    ),
    ${recordedFolder(201)},
    ${folderEvent("folder.created")}
  select * from answer`,
);

/** A new folder of the caller's, at the top level or in one of the caller's visible folders (else 422 naming `folder`). */
export async function createFolder(
  db: Db,
  userId: number,
  input: FolderCreate,
  binRetentionDays: number,
  claimed?: ClaimedKey,
): Promise<Versioned<ApiFolder>> {
  // A new folder goes where `folder` says, the root by default; it is never binned.
  const placed = { ...input, folder: input.folder ?? null };
  const values = { ...folderValues(userId, randomUUID(), placed, binRetentionDays), ...claimedKeyValues(claimed) };
  const [outcome] = await treeTransaction(db, userId, (session) => createFolderStatement(session, values));
  if (!outcome?.folder) throw outcome?.destination_visible ? tooDeep("folder") : notYourFolder();
  const { folder, version } = presentFolder(outcome.folder);
  return { resource: folder, version };
}

/** The view of one of the caller's folders outside the bin (nor inside a binned folder): no row when there is none. */
const folderViewStatement = namedStatement<FolderRow, { id: string; user: number }>(
  "folder_view",
  folderViewQuery({
    folder: sql`(select * from folders x where x.id = ${id} and x.user_id = ${user} and ${outsideBin(id)})`,
  }),
);

/** One of the caller's folders outside the bin (nor inside a binned folder), with its version. */
export async function getFolder(db: Db, userId: number, id: string): Promise<Versioned<ApiFolder>> {
  const [row] = await folderViewStatement(db, { id, user: userId });
  if (!row) throw notFound("folder");
  const { folder, version } = presentFolder(row);
  return { resource: folder, version };
}

const KEYSET: Keyset = { createdAt: folders.created_at, id: folders.id };

/** A page of the caller's folders that match `where`, each with its view, in one query. */
async function folderPage(db: Db, userId: number, list: string, where: SQL, page: PageRequest) {
  const found = await pageOf({ userId, list }, page, KEYSET, async (after, limit) => {
    const keys = db
      .select({ id: folders.id, created_at: folders.created_at, page_micros: positionOf(KEYSET) })
      .from(folders)
      .where(and(eq(folders.user_id, userId), where, after))
      .orderBy(...orderOf(KEYSET))
      .limit(limit);
    const folder = sql`(select * from folders x where x.id = p.id)`;
    const result = await db.execute(
      sql`select p.id, p.page_micros, view.row as folder from (${keys}) p
        left join lateral (select row_to_json(v) as row from (${folderViewQuery({ folder })}) v) view on true
        order by p.created_at, p.id`,
    );
    return (result as unknown as { rows: { id: string; page_micros: string; folder: FolderRow }[] }).rows;
  });
  return { items: found.items.map((row) => presentFolder(row.folder).folder), next: found.next };
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
