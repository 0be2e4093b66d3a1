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

/** The channel a revocation is announced on (NOTIFY), with the key's SHA-256 as payload. */
export const KEY_REVOKED_CHANNEL = "vault_api_key_revoked";

/** At most this many keys are remembered; the oldest goes first. */
const MAX_CACHED_KEYS = 10_000;

/**
 * The keys this process found valid, by SHA-256, so that most requests authenticate
 * without a round trip. An entry lasts until its `last_used_at` is due again (at most a
 * minute), so that write keeps its precision. A revocation is NOTIFYed to every
 * process (revokeApiKey), which forgets the key at once; while notifications may be
 * missed (the listening connection is down) nothing is remembered.
 */
export class KeyCache {
  #entries = new Map<string, { userId: number; until: number }>();
  #trusted = false;
  /** Bumped by every forget: a lookup that raced a revocation does not store its answer. */
  #generation = 0;

  get generation(): number {
    return this.#generation;
  }

  userOf(hash: string): number | undefined {
    const entry = this.#entries.get(hash);
    if (!entry) return undefined;
    if (Date.now() < entry.until) return entry.userId;
    this.#entries.delete(hash);
    return undefined;
  }

  /** Remembers a key found valid by a lookup that started at `generation`, until `until` (ms). */
  remember(hash: string, userId: number, until: number, generation: number): void {
    if (!this.#trusted || generation !== this.#generation) return;
    if (this.#entries.size >= MAX_CACHED_KEYS) this.#entries.delete(this.#entries.keys().next().value ?? "");
    this.#entries.set(hash, { userId, until });
  }

  forget(hash: string): void {
    this.#generation++;
    this.#entries.delete(hash);
  }

  /** Notifications of revocations arrive: keys may be remembered. */
  trust(): void {
    this.#trusted = true;
  }

  /** Notifications may be missed: forget every key and remember none until trusted again. */
  distrust(): void {
    this.#trusted = false;
    this.#generation++;
    this.#entries.clear();
  }
}

/** Who a request's api key is: its user, and its SHA-256 (the per-key rate limit's key). */
export interface Authenticated {
  userId: number;
  keyHash: string;
}

/**
 * The user the key belongs to, or undefined for an unknown or revoked key.
 * Without a cache, or for a key it does not hold, the database is read; a revocation
 * takes effect at once in every process either way. `last_used_at` is written only when
 * it is stale: one round trip for most lookups.
 */
export async function authenticate(db: Db, key: string, cache?: KeyCache): Promise<Authenticated | undefined> {
  const hash = digest(key);
  const cached = cache?.userOf(hash);
  if (cached !== undefined) return { userId: cached, keyHash: hash };
  const generation = cache?.generation ?? 0;
  const [found] = await findKey(db).execute({ hash });
  if (!found) return undefined;
  let lastUsed = found.lastUsedAt?.getTime() ?? 0;
  if (Date.now() - lastUsed >= LAST_USED_PRECISION_MS) {
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
    lastUsed = Date.now();
  }
  cache?.remember(hash, found.userId, lastUsed + LAST_USED_PRECISION_MS, generation);
  return { userId: found.userId, keyHash: hash };
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

/**
 * Revokes the active key with this visible prefix (of this user, when given); it stops
 * working at once in every process: the NOTIFY, sent when the revocation commits, makes
 * each one forget it (KeyCache). Prefixes are 8 random hex digits and not unique, so
 * when several active keys match, none is revoked. Answers how many matched (1: revoked).
 * Every revocation must come through here.
 */
export async function revokeApiKey(db: Db, prefix: string, username?: string): Promise<number> {
  return db.transaction(async (tx) => {
    const owner =
      username === undefined
        ? sql`true`
        : sql`${apiKeys.user_id} = (select id from users where username = ${username})`;
    const matching = await tx
      .select({ id: apiKeys.id, hash: apiKeys.key_hash })
      .from(apiKeys)
      .where(and(eq(apiKeys.prefix, prefix), isNull(apiKeys.revoked_at), owner))
      .for("update");
    const [only] = matching;
    if (matching.length !== 1 || !only) return matching.length;
    await tx.update(apiKeys).set({ revoked_at: new Date() }).where(eq(apiKeys.id, only.id));
    await tx.execute(sql`select pg_notify(${KEY_REVOKED_CHANNEL}, ${only.hash})`);
    return 1;
  });
}
