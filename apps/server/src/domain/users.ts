import { and, arrayContains, eq, exists, inArray, or } from "drizzle-orm";
import type { Tx } from "../data/database.js";
import { fileShares, users } from "../data/schema.js";
import { type ApiUser, iso } from "./contract.js";

type UserRow = typeof users.$inferSelect;

export function presentUser(row: UserRow): ApiUser {
  return {
    id: row.id,
    email: row.email,
    first_name: row.first_name,
    last_name: row.last_name,
    username: row.username,
    created_at: iso(row.created_at),
    updated_at: iso(row.updated_at),
  };
}

/**
 * Of these ids, the users the caller has a relationship with, by id: the caller, and
 * every user who shares with the caller (lists the caller in `users` of one of their
 * file shares). Any other id is absent, whether or not it names a user.
 */
export async function usersKnownTo(tx: Tx, callerId: number, ids: number[]): Promise<Map<number, UserRow>> {
  if (ids.length === 0) return new Map();
  const sharesWithCaller = tx
    .select({ id: fileShares.id })
    .from(fileShares)
    .where(and(eq(fileShares.user_id, users.id), arrayContains(fileShares.users, [callerId])));
  const rows = await tx
    .select()
    .from(users)
    .where(and(inArray(users.id, ids), or(eq(users.id, callerId), exists(sharesWithCaller))));
  return new Map(rows.map((row) => [row.id, row]));
}
