// Where items live: ownership, visibility (not in the bin, nor inside a binned
// folder) and the subtree rule for moves.
import { type SQL, sql } from "drizzle-orm";
import type { Db, Tx } from "../../data/database.js";
import { lockedTransaction, type Session } from "../../data/prepared.js";
import { unprocessable } from "../errors.js";

async function firstRow<T>(tx: Tx, query: ReturnType<typeof sql>): Promise<T | undefined> {
  const result = (await tx.execute(query)) as unknown as { rows: T[] };
  return result.rows[0];
}

/** The first key of the two-key advisory locks that serialise one user's tree changes. */
const TREE_LOCK = 1;

/**
 * Ends a recursive walk of the folder tree at a folder it has seen before. Tree
 * changes are serialised (`treeTransaction`) so no cycle can be committed, but should one
 * ever be, a walk must end rather than loop forever holding a connection.
 */
export const cycleGuard = sql`cycle id set is_cycle using cycle_path`;

/**
 * Runs `work` on the driver in a transaction that serialises the tree changes of one
 * user (moves, copies, restores, content replacements) until it ends, so that each
 * one's checks (not inside itself, visible, not in the bin) see the committed result of
 * the one before. The lock is taken in the same round trip as BEGIN.
 */
export function treeTransaction<T>(
  db: Db,
  userId: number,
  work: (session: Session) => Promise<T>,
  /** Another lock to take after it, in the same round trip (SQL without parameters). */
  andLock?: string,
): Promise<T> {
  // Written into the SQL text (the lock goes with BEGIN, which takes no parameters).
  if (!Number.isSafeInteger(userId)) throw new TypeError(`a user id is an integer, not ${userId}`);
  const lock = `select pg_advisory_xact_lock(${TREE_LOCK}, ${userId})`;
  return lockedTransaction(db, andLock ? `${lock}; ${andLock}` : lock, work);
}

/**
 * SQL condition: neither the folder `folderId` nor any folder above it is in the bin.
 * `folderId` may be a column of an outer `folders` row (the walk's own tables are aliased).
 */
export const outsideBin = (folderId: SQL | string) =>
  sql`not exists (
        with recursive up as (
          select a.id, a.parent_id, a.is_deleted from folders a where a.id = ${folderId}
          union all
          select p.id, p.parent_id, p.is_deleted from folders p join up on p.id = up.parent_id
        ) ${cycleGuard}
        select 1 from up where is_deleted)`;

/** SQL condition: the caller's folder exists and neither it nor any ancestor is in the bin. */
export const visibleFolder = (userId: SQL | number, folderId: SQL | string) =>
  sql`exists (select 1 from folders where id = ${folderId} and user_id = ${userId} and ${outsideBin(folderId)})`;

/** Whether the caller's folder exists and neither it nor any ancestor is in the bin. */
export async function isVisibleFolder(tx: Tx, userId: number, folderId: string): Promise<boolean> {
  const row = await firstRow<{ visible: boolean }>(tx, sql`select ${visibleFolder(userId, folderId)} as visible`);
  return row?.visible === true;
}

/** SQL condition: the caller's file exists, is not in the bin and neither is any folder above it. */
export const visibleFile = (userId: SQL | number, fileId: SQL | string) =>
  sql`exists (select 1 from files x where x.id = ${fileId} and x.user_id = ${userId} and not x.is_deleted
        and (x.folder_id is null or ${visibleFolder(userId, sql`x.folder_id`)}))`;

/** Whether the caller's file exists, is not in the bin and neither is any folder above it. */
export async function isVisibleFile(tx: Tx, userId: number, fileId: string): Promise<boolean> {
  const row = await firstRow<{ visible: boolean }>(tx, sql`select ${visibleFile(userId, fileId)} as visible`);
  return row?.visible === true;
}

/** SQL condition: `folderId` is `ancestorId` or lies inside it. */
export const inside = (folderId: SQL | string, ancestorId: SQL | string) =>
  sql`exists (
        with recursive up as (
          select id, parent_id from folders where id = ${folderId}
          union all
          select p.id, p.parent_id from folders p join up on p.id = up.parent_id
        ) ${cycleGuard}
        select 1 from up where id = ${ancestorId})`;

/** The refusal of a destination folder that is not one of the caller's visible folders. */
export const notYourFolder = () =>
  unprocessable("folder", "no folder with this id belongs to you (or it is in the bin)");
