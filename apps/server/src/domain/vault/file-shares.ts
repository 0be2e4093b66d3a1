import { randomUUID } from "node:crypto";
import { and, eq } from "drizzle-orm";
import type { Db, Tx } from "../../data/database.js";
import { fileShares } from "../../data/schema.js";
import {
  type ApiFileShare,
  type FileShareCreate,
  type FileShareUpdate,
  iso,
  type Versioned,
  type Write,
} from "../contract.js";
import { DomainError, notFound, staleVersion, unprocessable } from "../errors.js";
import { type Keyset, orderOf, type Page, type PageRequest, pageOf, positionOf } from "../pagination.js";
import { hashPassword } from "../passwords.js";
import { presentUser, usersKnownTo } from "../users.js";
import { isVisibleFile, isVisibleFolder } from "./placement.js";
import { type ContentLink, fileViews, folderDetailView } from "./views.js";

type ShareRow = typeof fileShares.$inferSelect;

/**
 * Partial update: only the given fields change. `file`/`folder` must be the caller's
 * items outside the bin, `users` the caller or users who share with the caller (see
 * usersKnownTo); a share points at one item.
 */
export async function updateFileShare(
  db: Db,
  { userId, id, input, expectedVersion }: Write<FileShareUpdate>,
  contentLink: ContentLink,
): Promise<Versioned<ApiFileShare>> {
  const passwordHash = input.password === undefined ? undefined : await hashPassword(input.password);
  return db.transaction(async (tx) => {
    const [current] = await tx
      .select()
      .from(fileShares)
      .where(and(eq(fileShares.id, id), eq(fileShares.user_id, userId)))
      .for("update");
    if (!current) throw notFound("file share");
    if (expectedVersion !== undefined && expectedVersion !== current.version) throw staleVersion();

    const changes: Partial<ShareRow> = {};
    if (input.file != null && input.folder != null) throw bothItems();
    if (input.file !== undefined) {
      if (input.file !== null) await requireOwned(tx, "file", userId, input.file);
      changes.file_id = input.file;
      if (input.file !== null) changes.folder_id = null;
    }
    if (input.folder !== undefined) {
      if (input.folder !== null) await requireOwned(tx, "folder", userId, input.folder);
      changes.folder_id = input.folder;
      if (input.folder !== null) changes.file_id = null;
    }
    if (input.access !== undefined) changes.access = input.access;
    if (input.users !== undefined) changes.users = await linkableUsers(tx, userId, input.users);
    if ("emails" in input) changes.emails = input.emails ?? null;
    if (passwordHash !== undefined) changes.password_hash = passwordHash;

    const [updated] = await tx
      .update(fileShares)
      .set({ ...changes, version: current.version + 1, updated_at: new Date() })
      .where(eq(fileShares.id, id))
      .returning();
    if (!updated) throw notFound("file share");
    return { resource: await presentFileShare(tx, updated, contentLink), version: updated.version };
  });
}

const bothItems = () =>
  unprocessable("folder", "a share points at one item: give file or folder, not both", "one_item");

/**
 * A new share of one of the caller's visible files or folders (exactly one of them),
 * with the update's rules for `users` and `password`.
 */
export async function createFileShare(
  db: Db,
  userId: number,
  input: FileShareCreate,
  contentLink: ContentLink,
): Promise<Versioned<ApiFileShare>> {
  if (input.file != null && input.folder != null) throw bothItems();
  const passwordHash = input.password === undefined ? null : await hashPassword(input.password);
  return db.transaction(async (tx) => {
    if (input.file != null) await requireOwned(tx, "file", userId, input.file);
    else if (input.folder != null) await requireOwned(tx, "folder", userId, input.folder);
    else throw unprocessable("file", "a share points at one item: give file or folder", "one_item");
    const [created] = await tx
      .insert(fileShares)
      .values({
        id: randomUUID(),
        user_id: userId,
        file_id: input.file ?? null,
        folder_id: input.folder ?? null,
        access: input.access ?? "private",
        users: await linkableUsers(tx, userId, input.users ?? []),
        emails: input.emails ?? null,
        password_hash: passwordHash,
      })
      .returning();
    if (!created) throw notFound("file share");
    return { resource: await presentFileShare(tx, created, contentLink), version: created.version };
  });
}

async function ownShare(tx: Tx, userId: number, id: string): Promise<ShareRow> {
  const [share] = await tx
    .select()
    .from(fileShares)
    .where(and(eq(fileShares.id, id), eq(fileShares.user_id, userId)));
  if (!share) throw notFound("file share");
  return share;
}

/** One of the caller's shares, with its version. */
export async function getFileShare(
  db: Db,
  userId: number,
  id: string,
  contentLink: ContentLink,
): Promise<Versioned<ApiFileShare>> {
  const share = await ownShare(db, userId, id);
  return { resource: await presentFileShare(db, share, contentLink), version: share.version };
}

const KEYSET: Keyset = { createdAt: fileShares.created_at, id: fileShares.id };

/** A page of the caller's shares, oldest first. */
export async function listFileShares(
  db: Db,
  userId: number,
  page: PageRequest,
  contentLink: ContentLink,
): Promise<Page<ApiFileShare>> {
  const found = await pageOf(db, { userId, list: "file_shares" }, page, KEYSET, (after, limit) =>
    db
      .select({ share: fileShares, id: fileShares.id, page_micros: positionOf(KEYSET) })
      .from(fileShares)
      .where(and(eq(fileShares.user_id, userId), after))
      .orderBy(...orderOf(KEYSET))
      .limit(limit),
  );
  const items: ApiFileShare[] = [];
  for (const { share } of found.items) items.push(await presentFileShare(db, share, contentLink));
  return { items, next: found.next };
}

/** Revokes one of the caller's shares: the share goes, the shared item stays. */
export async function deleteFileShare(db: Db, userId: number, id: string): Promise<void> {
  const gone = await db
    .delete(fileShares)
    .where(and(eq(fileShares.id, id), eq(fileShares.user_id, userId)))
    .returning({ id: fileShares.id });
  if (gone.length === 0) throw notFound("file share");
}

/** The item must be the caller's and visible: neither it nor a folder above it in the bin. */
async function requireOwned(tx: Tx, kind: "file" | "folder", userId: number, id: string): Promise<void> {
  const visible = kind === "file" ? isVisibleFile : isVisibleFolder;
  if (!(await visible(tx, userId, id)))
    throw unprocessable(kind, `no ${kind} with this id belongs to you (or it is in the bin)`);
}

/**
 * The ids, once each, if every one names the caller or a user who shares with the
 * caller. The refusal reads the same whether the id names no user or a stranger, so
 * walking ids tells nothing about who exists.
 */
async function linkableUsers(tx: Tx, callerId: number, ids: number[]): Promise<number[]> {
  const unique = [...new Set(ids)];
  const known = await usersKnownTo(tx, callerId, unique);
  const refused = ids.findIndex((userId) => !known.has(userId));
  if (refused >= 0) {
    throw new DomainError("unprocessable", "Every id in users must name you or a user who shares with you.", [
      { field: `users/${refused}`, message: "names no user who shares with you", code: "unknown_user" },
    ]);
  }
  return unique;
}

/** The share as its owner sees it: `users_detail` leaves out linked users who no longer share with the owner. */
async function presentFileShare(tx: Tx, share: ShareRow, contentLink: ContentLink): Promise<ApiFileShare> {
  const linked = await usersKnownTo(tx, share.user_id, [share.user_id, ...share.users]);
  const owner = linked.get(share.user_id);
  if (!owner) throw notFound("user");
  const fileDetail = share.file_id
    ? ((await fileViews(tx, share.user_id, [share.file_id], contentLink)).get(share.file_id)?.file ?? null)
    : null;
  const folderDetail = share.folder_id ? ((await folderDetailView(tx, share.user_id, share.folder_id)) ?? null) : null;
  return {
    id: share.id,
    user: presentUser(owner),
    file_type: share.file_id ? "file" : share.folder_id ? "folder" : "none",
    file_detail: fileDetail,
    folder_detail: folderDetail,
    users_detail: share.users.flatMap((userId) => {
      const user = linked.get(userId);
      return user ? [presentUser(user)] : [];
    }),
    has_password: share.password_hash !== null,
    created_at: iso(share.created_at),
    updated_at: iso(share.updated_at),
    file: share.file_id,
    folder: share.folder_id,
    access: share.access as ApiFileShare["access"],
    users: share.users,
    // Stored only after request validation against the same contract type.
    emails: share.emails as ApiFileShare["emails"],
  };
}
