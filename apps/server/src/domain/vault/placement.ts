// Where items live: ownership, visibility (not in the bin, nor inside a binned
// folder) and the subtree rule for moves.
import { type SQL, sql } from "drizzle-orm";
import type { Db, Tx } from "../../data/database.js";
import { lockedTransaction, type Session } from "../../data/prepared.js";
import { DomainError, unprocessable } from "../errors.js";

async function firstRow<T>(tx: Tx, query: ReturnType<typeof sql>): Promise<T | undefined> {
  const result = (await tx.execute(query)) as unknown as { rows: T[] };
  return result.rows[0];
}

/** The first key of the two-key advisory locks that serialise one user's tree changes. */
const TREE_LOCK = 1;

/** The deepest a folder may lie: a folder at the root is at depth 1, its child at 2. */
const MAX_FOLDER_DEPTH = 256;

/**
 * SQL condition of a recursive walk of the folder tree: go on below `level` (1 where
 * the walk starts). Tree changes are serialised (`treeTransaction`), so no cycle can be
 * committed, and no change may put a folder deeper than `MAX_FOLDER_DEPTH`, so a walk
 * stopped there misses nothing; should a cycle ever be committed, the walk still ends.
 * A level counter costs one integer per row, where a `CYCLE` clause's path array cost
 * the depth (a walk cost depth²).
 */
export const goesOn = (level: SQL) => sql`${level} < ${sql.raw(String(MAX_FOLDER_DEPTH))}`;

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
          select a.id, a.parent_id, a.is_deleted, 1 as level from folders a where a.id = ${folderId}
          union all
          select p.id, p.parent_id, p.is_deleted, up.level + 1 from folders p join up on p.id = up.parent_id
          where ${goesOn(sql`up.level`)}
        )
        select 1 from up where is_deleted)`;

/** SQL condition: the caller's folder exists and neither it nor any ancestor is in the bin. */
export const visibleFolder = (userId: SQL | number, folderId: SQL | string) =>
  sql`exists (select 1 from folders where id = ${folderId} and user_id = ${userId} and ${outsideBin(folderId)})`;

/** Whether the caller's folder exists and neither it nor any ancestor is in the bin. */
export async function isVisibleFolder(tx: Tx, userId: number, folderId: string): Promise<boolean> {
  const row = await firstRow<{ visible: boolean }>(tx, sql`select ${visibleFolder(userId, folderId)} as visible`);
  return row?.visible === true;
}

/** SQL condition on a row of `files` named `alias`: it is the caller's, not in the bin, and neither is any folder above it. */
export const fileRowVisible = (alias: string, userId: SQL | number) => {
  const row = sql.raw(alias);
  return sql`${row}.user_id = ${userId} and not ${row}.is_deleted
        and (${row}.folder_id is null or ${visibleFolder(userId, sql`${row}.folder_id`)})`;
};

/** SQL condition: the caller's file exists, is not in the bin and neither is any folder above it. */
export const visibleFile = (userId: SQL | number, fileId: SQL | string) =>
  sql`exists (select 1 from files x where x.id = ${fileId} and ${fileRowVisible("x", userId)})`;

/** SQL condition: `folderId` is `ancestorId` or lies inside it. */
export const inside = (folderId: SQL | string, ancestorId: SQL | string) =>
  sql`exists (
        with recursive up as (
          select id, parent_id, 1 as level from folders where id = ${folderId}
          union all
          select p.id, p.parent_id, up.level + 1 from folders p join up on p.id = up.parent_id where ${goesOn(sql`up.level`)}
        )
        select 1 from up where id = ${ancestorId})`;

/** SQL value: the depth of the folder `folderId` (1 at the root), at most `MAX_FOLDER_DEPTH`. */
const depthOf = (folderId: SQL) =>
  sql`(with recursive up as (
        select parent_id, 1 as level from folders where id = ${folderId}
        union all
        select p.parent_id, up.level + 1 from folders p join up on p.id = up.parent_id where ${goesOn(sql`up.level`)}
      )
      select max(level) from up)`;

/**
 * The rows of `from` (a table, its alias and a WHERE naming one parent) outside the bin,
 * read by index for each parent, for a walk down a subtree: OFFSET 0 keeps the subquery
 * from being pulled into a join, which a generic plan, made without knowing the tree's
 * size, may run as a hash join over a sequential scan of every user's folders or files
 * (see docs/decisions/statement-shapes.md).
 */
export const children = (from: SQL) => sql`select * from ${from} and not is_deleted offset 0`;

/**
 * SQL value: the levels of the folder `folderId` and its subtree outside the bin (1 for
 * a folder without subfolders, or for a folder that does not exist yet).
 */
const heightOf = (folderId: SQL) =>
  sql`(with recursive down as (
        select id, 1 as level from folders where id = ${folderId}
        union all
        select c.id, down.level + 1 from down cross join lateral (${children(sql`folders c where c.parent_id = down.id`)}) c
        where ${goesOn(sql`down.level`)}
      )
      select coalesce(max(level), 1) from down)`;

/**
 * SQL condition: the folder `folderId` (existing or new) with its subtree fits under
 * `parentId` (null: the root) without any folder lying deeper than `MAX_FOLDER_DEPTH`.
 */
export const fitsUnder = (parentId: SQL, folderId: SQL) =>
  sql`(${parentId} is null or ${depthOf(parentId)} + ${heightOf(folderId)} <= ${sql.raw(String(MAX_FOLDER_DEPTH))})`;

/** The refusal of a tree change that would put a folder deeper than `MAX_FOLDER_DEPTH`. */
export const tooDeep = (field: string, where?: "path") =>
  new DomainError(
    "unprocessable",
    `Folders nest at most ${MAX_FOLDER_DEPTH} levels deep: this would put a folder deeper.`,
    [
      {
        field,
        ...(where ? { in: where } : {}),
        message: `would put a folder deeper than ${MAX_FOLDER_DEPTH} levels`,
        code: "too_deep",
      },
    ],
  );

/** The refusal of a destination folder that is not one of the caller's visible folders. */
export const notYourFolder = () =>
  unprocessable("folder", "no folder with this id belongs to you (or it is in the bin)");
