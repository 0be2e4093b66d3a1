import { inArray } from "drizzle-orm";
import type { Tx } from "../data/database.js";
import { users } from "../data/schema.js";
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

/** The users with these ids, by id; ids that name no user are absent. */
export async function usersById(tx: Tx, ids: number[]): Promise<Map<number, UserRow>> {
  if (ids.length === 0) return new Map();
  const rows = await tx.select().from(users).where(inArray(users.id, ids));
  return new Map(rows.map((row) => [row.id, row]));
}
