import { type SQL, sql } from "drizzle-orm";
import type { users } from "../data/schema.js";
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
 * SQL condition: the user `userId` (a column) is one the caller has a relationship
 * with: the caller, or a user who shares with the caller (lists the caller in `users`
 * of one of their file shares).
 */
export const knownTo = (callerId: SQL | number, userId: SQL) =>
  // OFFSET 0 keeps PostgreSQL from turning the EXISTS into a hashed subplan, which reads
  // every share that lists the caller (a generic plan chose it: a sequential scan of
  // all shares per statement) where this reads the few shares of one user by index.
  sql`(${userId} = ${callerId} or exists (select 1 from file_shares k
        where k.user_id = ${userId} and k.users @> array[${callerId}::integer] offset 0))`;
