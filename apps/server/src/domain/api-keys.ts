import { createHash, randomBytes } from "node:crypto";
import { and, desc, eq, isNull, lt, or, sql } from "drizzle-orm";
import type { Db } from "../data/database.js";
import { prepared } from "../data/prepared.js";
import { apiKeys, users } from "../data/schema.js";
import { DomainError } from "./errors.js";

const digest = (key: string) => createHash("sha256").update(key).digest("hex");

export interface IssuedKey {
  id: number;
  prefix: string;
  /** The key itself: shown once, never stored. */
  key: string;
}

/** Issues a random key for a user. Only its SHA-256 and a short visible prefix are stored. */
export async function createApiKey(db: Db, username: string): Promise<IssuedKey> {
  const [owner] = await db.select({ id: users.id }).from(users).where(eq(users.username, username));
  if (!owner) throw new DomainError("not_found", `No user is called "${username}".`);
  const prefix = randomBytes(4).toString("hex");
  const key = `vk_${prefix}_${randomBytes(32).toString("base64url")}`;
  const [row] = await db
    .insert(apiKeys)
    .values({ user_id: owner.id, prefix, key_hash: digest(key) })
    .returning();
  if (!row) throw new Error("the key was not stored");
  return { id: row.id, prefix, key };
}

/** How long `last_used_at` may lag behind, so that reads do not all become writes. */
const LAST_USED_PRECISION_MS = 60_000;
const LAST_USED_PRECISION = sql`interval '1 minute'`;

const findKey = prepared((db) =>
  db
    .select({ id: apiKeys.id, userId: apiKeys.user_id, lastUsedAt: apiKeys.last_used_at })
    .from(apiKeys)
    .where(and(eq(apiKeys.key_hash, sql.placeholder("hash")), isNull(apiKeys.revoked_at)))
    .prepare("find_api_key"),
);

/**
 * The id of the user the key belongs to, or undefined for an unknown or revoked key.
 * Every call reads the database, so a revocation takes effect at once in every process.
 * `last_used_at` is written only when it is stale: one round trip for most requests.
 */
export async function authenticate(db: Db, key: string): Promise<number | undefined> {
  const [found] = await findKey(db).execute({ hash: digest(key) });
  if (!found) return undefined;
  if (!found.lastUsedAt || Date.now() - found.lastUsedAt.getTime() >= LAST_USED_PRECISION_MS) {
    // The guard repeats the check in SQL: another process may have just written it.
    await db
      .update(apiKeys)
      .set({ last_used_at: new Date() })
      .where(
        and(
          eq(apiKeys.id, found.id),
          or(isNull(apiKeys.last_used_at), lt(apiKeys.last_used_at, sql`now() - ${LAST_USED_PRECISION}`)),
        ),
      );
  }
  return found.userId;
}

export async function listApiKeys(db: Db) {
  return db
    .select({
      id: apiKeys.id,
      prefix: apiKeys.prefix,
      username: users.username,
      created_at: apiKeys.created_at,
      last_used_at: apiKeys.last_used_at,
      revoked_at: apiKeys.revoked_at,
    })
    .from(apiKeys)
    .innerJoin(users, eq(users.id, apiKeys.user_id))
    .orderBy(desc(apiKeys.created_at), desc(apiKeys.id));
}

/** Revokes the key with this visible prefix; it stops working at once. */
export async function revokeApiKey(db: Db, prefix: string): Promise<boolean> {
  const revoked = await db
    .update(apiKeys)
    .set({ revoked_at: new Date() })
    .where(and(eq(apiKeys.prefix, prefix), isNull(apiKeys.revoked_at)))
    .returning({ id: apiKeys.id });
  return revoked.length > 0;
}
