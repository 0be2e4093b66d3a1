// The record keeping behind `Idempotency-Key` (http/idempotency.ts): who holds a key,
// and the answer kept for it. Every decision is one statement the database serialises,
// so two processes racing for one key cannot both win.
import { randomUUID } from "node:crypto";
import { and, eq, isNull, lte, or, sql } from "drizzle-orm";
import type { Db } from "./database.js";
import { idempotencyKeys } from "./schema.js";

/** One caller's key. */
export interface KeyOwner {
  userId: number;
  key: string;
}

/** An answer as it is replayed: the status, the headers that matter, the body's text. */
export interface KeptAnswer {
  status: number;
  headers: Record<string, string>;
  body: string;
}

export interface KeyTimes {
  /** How long an answer is kept. */
  ttlSeconds: number;
  /** How long a request may hold the key before a retry may take it over (the holder crashed). */
  leaseSeconds: number;
}

export type ClaimResult =
  | { outcome: "claimed"; claim: string }
  | { outcome: "in_flight" }
  | { outcome: "reused" }
  | { outcome: "kept"; answer: KeptAnswer };

const secondsFromNow = (seconds: number) => sql`now() + ${seconds}::integer * interval '1 second'`;

/** A kept answer past its window, or a lease its holder never gave back: the key is free. */
const isFree = () =>
  or(
    and(sql`${idempotencyKeys.status} is not null`, lte(idempotencyKeys.expires_at, sql`now()`)),
    and(isNull(idempotencyKeys.status), lte(idempotencyKeys.leased_until, sql`now()`)),
  );

/** A second look finds the key gone only if it was freed meanwhile; past this many, it is in use. */
const CLAIM_ATTEMPTS = 3;

/**
 * Takes the key for a request with this fingerprint, or says why not: another request
 * holds it (`in_flight`), it was used for another request (`reused`), or its answer is
 * kept (`kept`). The claim is one `INSERT … ON CONFLICT DO UPDATE … WHERE free`, so
 * of concurrent requests exactly one gets the key.
 */
export async function claimKey(db: Db, owner: KeyOwner, fingerprint: string, times: KeyTimes): Promise<ClaimResult> {
  for (let attempt = 1; attempt <= CLAIM_ATTEMPTS; attempt++) {
    const claim = randomUUID();
    const taken = {
      fingerprint,
      claim,
      leased_until: secondsFromNow(times.leaseSeconds),
      expires_at: secondsFromNow(times.ttlSeconds),
      status: null,
      headers: null,
      body: null,
      created_at: sql`now()`,
    };
    const claimed = await db
      .insert(idempotencyKeys)
      .values({ user_id: owner.userId, key: owner.key, ...taken })
      .onConflictDoUpdate({ target: [idempotencyKeys.user_id, idempotencyKeys.key], set: taken, setWhere: isFree() })
      .returning({ claim: idempotencyKeys.claim });
    if (claimed.length > 0) return { outcome: "claimed", claim };
    const [held] = await db.select().from(idempotencyKeys).where(ofOwner(owner));
    if (!held) continue;
    if (held.status === null) return { outcome: "in_flight" };
    if (held.fingerprint !== fingerprint) return { outcome: "reused" };
    return { outcome: "kept", answer: { status: held.status, headers: held.headers ?? {}, body: held.body ?? "" } };
  }
  return { outcome: "in_flight" };
}

const ofOwner = ({ userId, key }: KeyOwner) => and(eq(idempotencyKeys.user_id, userId), eq(idempotencyKeys.key, key));

/** Keeps the answer of the request holding `claim`; a request whose lease was taken over keeps nothing. */
export async function keepAnswer(db: Db, owner: KeyOwner, claim: string, answer: KeptAnswer, ttlSeconds: number) {
  await db
    .update(idempotencyKeys)
    .set({ ...answer, expires_at: secondsFromNow(ttlSeconds) })
    .where(and(ofOwner(owner), eq(idempotencyKeys.claim, claim), isNull(idempotencyKeys.status)));
}

/** Frees the key at once (the request failed): a retry with it does the work. */
export async function releaseKey(db: Db, owner: KeyOwner, claim: string) {
  await db
    .delete(idempotencyKeys)
    .where(and(ofOwner(owner), eq(idempotencyKeys.claim, claim), isNull(idempotencyKeys.status)));
}

/** Deletes the keys past their window and the leases never given back (an index on `expires_at` finds the first). */
export async function sweepIdempotencyKeys(db: Db): Promise<void> {
  await db.delete(idempotencyKeys).where(isFree());
}
