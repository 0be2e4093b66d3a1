// Opening a share by its link: the token is the credential. One statement finds the
// link, its share and the shared item (outside the bin), and says whether
// `last_accessed_at` is due to move, which it does once the request has been served;
// the rules of who may open what are decided here, and the HTTP layer turns each
// refusal into its problem.
import { type SQL, sql } from "drizzle-orm";
import type { Db } from "../../data/database.js";
import { namedStatement, value } from "../../data/prepared.js";
import {
  type Keyset,
  microsOf,
  type Page,
  type PageRequest,
  pageOf,
  positionOf,
  rankedAfter,
  rankedPageOf,
} from "../pagination.js";
import { tokenHash } from "./link-tokens.js";
import { fileRowVisible, inside, visibleFolder } from "./placement.js";
import { foldQuery, matchesText, tierOf } from "./search.js";
import { rowsOf } from "./views.js";

/** How long `last_accessed_at` may lag: a burst of requests (a video's ranges) writes it once. */
const ACCESS_PRECISION = sql`interval '1 minute'`;

interface LinkRow {
  share_id: string;
  user_id: number;
  access: string;
  users: number[];
  password_hash: string | null;
  link_hash: string;
  expires_at: Date | string | null;
  expired: boolean;
  access_due: boolean;
  first_name: string;
  last_name: string;
  file_id: string | null;
  file_name: string | null;
  hash: string | null;
  file_size: number | string | null;
  mimetype: string | null;
  folder_id: string | null;
  folder_name: string | null;
  folder_size: number | string | null;
}

/**
 * The share's (`s`) owner (`u`) and its item as the owner sees it: the file (`f`, its blob `b`)
 * or the folder (`fo`), neither when it or a folder above it is in the bin. The file's row is read once.
 */
const ownerAndVisibleItem = sql`join users u on u.id = s.user_id
    left join files f on f.id = s.file_id and ${fileRowVisible("f", sql`s.user_id`)}
    left join blobs b on b.hash = f.hash
    left join folders fo on fo.id = s.folder_id and ${visibleFolder(sql`s.user_id`, sql`s.folder_id`)}`;

/** SQL condition: the share's `last_accessed_at` is older than its precision, or unset. */
const accessDue = sql`(s.last_accessed_at is null or s.last_accessed_at < now() - ${ACCESS_PRECISION})`;

/**
 * The link by its token's hash, with its share, owner and visible item, and whether
 * its `last_accessed_at` is due to move. A token that names no link finds no row: the
 * same index probe for every unknown token.
 */
const openLinkStatement = namedStatement<LinkRow, { hash: string }>(
  "open_link",
  sql`select s.id as share_id, s.user_id, s.access, s.users, s.password_hash, s.link_hash,
      s.expires_at, coalesce(s.expires_at <= now(), false) as expired, ${accessDue} as access_due,
      u.first_name, u.last_name,
      f.id as file_id, f.name as file_name, b.hash, b.size as file_size, b.mimetype,
      fo.id as folder_id, fo.name as folder_name, fo.file_size as folder_size
    from file_shares s ${ownerAndVisibleItem}
    where s.link_hash = ${value("hash")}`,
);

const recordAccessStatement = namedStatement<never, { id: string }>(
  "record_link_access",
  sql`update file_shares s set last_accessed_at = now() where s.id = ${value("id")} and ${accessDue}`,
);

/**
 * Moves the share's `last_accessed_at` to now, unless it moved within its precision
 * (a burst of requests, a video's ranges, writes it once): for a request its link served.
 */
export async function recordAccess(db: Db, shareId: string): Promise<void> {
  await recordAccessStatement(db, { id: shareId });
}

interface SharedFile {
  kind: "file";
  id: string;
  name: string;
  hash: string;
  size: number;
  mimetype: string;
}

interface SharedFolder {
  kind: "folder";
  id: string;
  name: string;
  size: number;
}

export interface OpenedLink {
  shareId: string;
  ownerId: number;
  ownerName: string;
  item: SharedFile | SharedFolder;
  expiresAt: Date | null;
  hasPassword: boolean;
  /** The share's password hash (never shown), to which an unlock is bound. */
  passwordHash: string | null;
  /** The SHA-256 of the link's token, to which an unlock is bound too. */
  linkHash: string;
  /** The caller is the share's owner or one of its linked users (who need no password). */
  member: boolean;
  /** `last_accessed_at` is due to move once a request through the link has been served. */
  accessDue: boolean;
}

/** Why a link does not open: unknown (revoked, replaced, never made, not for the caller, its item gone) or expired. */
export type LinkRefusal = "missing" | "expired";

/**
 * The link of `token` as `caller` (the user of the request's api-key, if any) may open
 * it, or why not. A private share's link opens only for its owner and its linked users;
 * for anyone else it is missing, exactly as a link that does not exist.
 */
export async function openLink(db: Db, token: string, caller: number | undefined): Promise<OpenedLink | LinkRefusal> {
  const [row] = await openLinkStatement(db, { hash: tokenHash(token) });
  if (!row) return "missing";
  const member = caller !== undefined && (caller === row.user_id || row.users.includes(caller));
  if (row.access !== "public" && !member) return "missing";
  if (row.expired) return "expired";
  const item = sharedItem(row);
  if (!item) return "missing";
  return {
    shareId: row.share_id,
    ownerId: row.user_id,
    ownerName: `${row.first_name} ${row.last_name}`.trim(),
    item,
    expiresAt: row.expires_at === null ? null : new Date(row.expires_at),
    hasPassword: row.password_hash !== null,
    passwordHash: row.password_hash,
    linkHash: row.link_hash,
    member,
    accessDue: row.access_due,
  };
}

const linkOwnerStatement = namedStatement<{ user_id: number }, { hash: string }>(
  "link_owner",
  sql`select user_id from file_shares where link_hash = ${value("hash")}`,
);

/** The user whose share the link of `token` is, opened or not (unknown: undefined). */
export async function linkOwner(db: Db, token: string): Promise<number | undefined> {
  const [row] = await linkOwnerStatement(db, { hash: tokenHash(token) });
  return row?.user_id;
}

function sharedItem(row: LinkRow): SharedFile | SharedFolder | undefined {
  if (row.file_id && row.file_name !== null && row.hash && row.mimetype) {
    const { file_id: id, file_name: name, hash, mimetype } = row;
    return { kind: "file", id, name, hash, size: Number(row.file_size), mimetype };
  }
  if (row.folder_id && row.folder_name !== null) {
    return { kind: "folder", id: row.folder_id, name: row.folder_name, size: Number(row.folder_size) };
  }
  return undefined;
}

/** A folder of a shared folder's subtree, as a link lists it. */
export interface LinkFolderRow {
  id: string;
  name: string;
  size: number;
  files_count: number;
  folders_count: number;
  created_at: Date;
  updated_at: Date;
}

/** A file of a shared folder's subtree, as a link lists it. */
export interface LinkFileRow {
  id: string;
  name: string;
  size: number;
  content_type: string;
  created_at: Date;
  updated_at: Date;
}

/** SQL condition: `folderId` is the shared folder or inside it, its owner's and outside the bin. */
const inSubtree = (link: OpenedLink, folderId: SQL | string) =>
  sql`(${visibleFolder(link.ownerId, folderId)} and ${inside(folderId, link.item.id)})`;

/**
 * The folder of a folder link's subtree that `folderId` names (the shared folder when
 * undefined), or undefined when it is none: a file link, outside the subtree, in the bin, another's.
 */
export async function linkFolder(
  db: Db,
  link: OpenedLink,
  folderId: string | undefined,
): Promise<Omit<SharedFolder, "kind"> | undefined> {
  if (link.item.kind !== "folder") return undefined;
  if (folderId === undefined || folderId === link.item.id) return link.item;
  const [found] = await rowsOf<{ id: string; name: string; size: number | string }>(
    db,
    sql`select id, name, file_size as size from folders where id = ${folderId} and ${inSubtree(link, folderId)}`,
  );
  return found && { id: found.id, name: found.name, size: Number(found.size) };
}

const KEYSET: Keyset = { createdAt: sql`created_at`, id: sql`id` };

/**
 * A page of `query`'s rows (a keyset query of the folder's children) for a folder of a
 * folder link's subtree (`folderId`, the shared folder when undefined), oldest first;
 * undefined when the link shares a file or the folder is not one of its subtree. A
 * cursor belongs to the share, the list and the folder.
 */
async function listing<Row extends { id: string }>(
  db: Db,
  link: OpenedLink,
  list: string,
  folderId: string | undefined,
  page: PageRequest,
  query: (folder: string, after: SQL, limit: number) => SQL,
): Promise<Page<Row> | undefined> {
  const folder = (await linkFolder(db, link, folderId))?.id;
  if (folder === undefined) return undefined;
  const scope = { userId: link.ownerId, list: `link:${link.shareId}:${list}:${folder}` };
  return pageOf(scope, page, KEYSET, (after, limit) =>
    rowsOf<Row & { page_micros: string }>(db, query(folder, after, limit)),
  );
}

/** The folders directly inside a folder of a folder link's subtree (see `listing`). */
export const linkFolders = (db: Db, link: OpenedLink, folderId: string | undefined, page: PageRequest) =>
  listing<LinkFolderRow>(
    db,
    link,
    "folders",
    folderId,
    page,
    (folder, after, limit) =>
      sql`select id, name, file_size as size, files_count, folders_count, created_at, updated_at, ${positionOf(KEYSET).sql} as page_micros
      from folders where parent_id = ${folder} and user_id = ${link.ownerId} and not is_deleted and ${after}
      order by created_at, id limit ${limit}`,
  );

/** The files directly inside a folder of a folder link's subtree (see `listing`). */
export const linkFiles = (db: Db, link: OpenedLink, folderId: string | undefined, page: PageRequest) =>
  listing<LinkFileRow>(
    db,
    link,
    "files",
    folderId,
    page,
    (folder, after, limit) =>
      sql`select *, ${positionOf(KEYSET).sql} as page_micros from (select f.id, f.name, b.size, b.mimetype as content_type, f.created_at, f.updated_at
        from files f join blobs b on b.hash = f.hash
        where f.folder_id = ${folder} and f.user_id = ${link.ownerId} and not f.is_deleted) listed
      where ${after} order by created_at, id limit ${limit}`,
  );

/** The content of a file of a folder link's subtree, or undefined when it is not one (outside, in the bin, another's). */
export async function linkFileContent(db: Db, link: OpenedLink, fileId: string) {
  if (link.item.kind !== "folder") return undefined;
  const [found] = await rowsOf<{ name: string; hash: string; size: number | string; mimetype: string }>(
    db,
    sql`select f.name, b.hash, b.size, b.mimetype from files f join blobs b on b.hash = f.hash
      where f.id = ${fileId} and f.user_id = ${link.ownerId} and not f.is_deleted and f.folder_id is not null
        and ${inSubtree(link, sql`f.folder_id`)}`,
  );
  return (
    found && { name: found.name, folder: null, hash: found.hash, size: Number(found.size), mimetype: found.mimetype }
  );
}

interface SharedWithMeRow extends Omit<LinkRow, "users" | "access" | "password_hash" | "link_hash" | "expired"> {
  id: string;
  link_sealed: string;
  has_password: boolean;
  created_at: Date | string;
  page_micros: string;
}

const SHARED_KEYSET: Keyset = { createdAt: sql`s.created_at`, id: sql`s.id`, descending: true };

/** A share that lists the caller, with its owner's name and the item it shares. */
export interface SharedWithCaller {
  id: string;
  /** The share's link token, sealed (link-tokens.ts). */
  linkSealed: string;
  ownerName: string;
  item: SharedFile | SharedFolder;
  expiresAt: Date | null;
  hasPassword: boolean;
  createdAt: Date;
}

/** The columns of a share with the caller, its owner and item (`s`, `u`, `f`, `b`, `fo`). */
const SHARED_COLUMNS = sql`s.id, s.id as share_id, s.user_id, s.link_sealed, s.created_at, s.expires_at,
  s.password_hash is not null as has_password, u.first_name, u.last_name,
  f.id as file_id, f.name as file_name, b.hash, b.size as file_size, b.mimetype,
  fo.id as folder_id, fo.name as folder_name, fo.file_size as folder_size`;

/** The shares with the caller (`callerId`) whose item is outside the bin, with `SHARED_COLUMNS`: found through the GIN index on `users`. */
const sharedWith = (callerId: number) => sql`file_shares s ${ownerAndVisibleItem}
  where s.users @> array[${callerId}::integer] and s.user_id <> ${callerId} and (f.id is not null or fo.id is not null)`;

const newestShared = (db: Db, userId: number, page: PageRequest) =>
  pageOf({ userId, list: "shared_with_me" }, page, SHARED_KEYSET, (after, limit) =>
    rowsOf<SharedWithMeRow>(
      db,
      sql`select ${SHARED_COLUMNS}, ${positionOf(SHARED_KEYSET).sql} as page_micros
        from ${sharedWith(userId)} and ${after}
        order by s.created_at desc, s.id desc limit ${limit}`,
    ),
  );

/** The shares with the caller whose item's name or description matches `q`, best first (as a search ranks), then newest. */
function bestShared(db: Db, userId: number, page: PageRequest, q: string): Promise<Page<SharedWithMeRow>> {
  return rankedPageOf({ userId, list: `shared_with_me:${q}` }, page, async (start, limit) => {
    const query = await foldQuery(db, null, q);
    if (query.words.length === 0) return [];
    const text = sql`coalesce(f.search_text, fo.search_text)`;
    return rowsOf<SharedWithMeRow & { tier: number; score: number }>(
      db,
      sql`select * from (
          select ${SHARED_COLUMNS}, ${tierOf(text, query)} as tier, 0 as score, ${microsOf(sql`s.created_at`)} as page_micros
          from ${sharedWith(userId)} and ${matchesText(text, query)}) h
        where ${rankedAfter(start, sql`h.created_at`)}
        order by h.tier, h.created_at desc, h.id desc limit ${limit}`,
    );
  });
}

/**
 * The shares of other users that list `userId` in `users` and whose item is outside the
 * bin: newest first, or with `q` the ones whose item matches it, best first.
 */
export async function sharedWithMe(
  db: Db,
  userId: number,
  page: PageRequest,
  q?: string,
): Promise<Page<SharedWithCaller>> {
  const found = q === undefined ? await newestShared(db, userId, page) : await bestShared(db, userId, page, q);
  return {
    items: found.items.flatMap((row) => {
      const item = sharedItem(row as unknown as LinkRow);
      if (!item) return [];
      return [
        {
          id: row.id,
          linkSealed: row.link_sealed,
          ownerName: `${row.first_name} ${row.last_name}`.trim(),
          item,
          expiresAt: row.expires_at === null ? null : new Date(row.expires_at),
          hasPassword: row.has_password,
          createdAt: new Date(row.created_at),
        },
      ];
    }),
    next: found.next,
  };
}
