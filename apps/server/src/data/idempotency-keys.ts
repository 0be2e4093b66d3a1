// The record keeping behind `Idempotency-Key` (http/idempotency.ts): who holds a key,
// and the answer kept for it. Every decision is one statement the database serialises,
// so two processes racing for one key cannot both win.
import { randomUUID } from "node:crypto";
import { and, eq, isNull, lte, or, type SQL, sql } from "drizzle-orm";
import { PgDialect } from "drizzle-orm/pg-core";
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

/** The key a request holds, as the work's statement marks it committed (see `recordedAnswer`). */
export interface ClaimedKey {
  key: string;
  claim: string;
}

/** What the work's statement recorded as it committed: its answer's status and the view row it presented. */
export interface RecordedWork {
  status: number;
  recorded: unknown;
  committedAt: Date;
}

export type ClaimResult =
  | { outcome: "claimed"; claim: string }
  | { outcome: "in_flight" }
  | { outcome: "reused" }
  | { outcome: "kept"; answer: KeptAnswer }
  | { outcome: "committed"; work: RecordedWork };

const secondsFromNow = (seconds: number) => sql`now() + ${seconds}::double precision * interval '1 second'`;

/** A kept answer past its window, or a lease its holder never gave back: the key is free. */
const isFree = () =>
  or(
    and(sql`${idempotencyKeys.status} is not null`, lte(idempotencyKeys.expires_at, sql`now()`)),
    and(isNull(idempotencyKeys.status), lte(idempotencyKeys.leased_until, sql`now()`)),
  );

/** A second look finds the key gone only if it was freed meanwhile; past this many, it is in use. */
const CLAIM_ATTEMPTS = 3;

/**
 * Takes the key for a request with these fingerprints (under each root key; the first is kept), or says why not: another request
 * holds it (`in_flight`), it was used for another request (`reused`), or its answer is
 * kept (`kept`). The claim is one `INSERT … ON CONFLICT DO UPDATE … WHERE free`, so
 * of concurrent requests exactly one gets the key.
 */
export async function claimKey(db: Db, owner: KeyOwner, fingerprints: string[], times: KeyTimes): Promise<ClaimResult> {
  const [fingerprint = ""] = fingerprints;
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
      recorded: null,
      committed_at: null,
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
    // An empty fingerprint was made under a root key gone since (or before there was one): any request with the key replays.
    if (held.fingerprint !== "" && !fingerprints.includes(held.fingerprint)) return { outcome: "reused" };
    if (held.body === null) {
      // The work committed, and its answer was never kept (the process died, or the keeping failed).
      const work = { status: held.status, recorded: held.recorded, committedAt: held.committed_at ?? held.created_at };
      return { outcome: "committed", work };
    }
    return { outcome: "kept", answer: { status: held.status, headers: held.headers ?? {}, body: held.body } };
  }
  return { outcome: "in_flight" };
}

const ofOwner = ({ userId, key }: KeyOwner) => and(eq(idempotencyKeys.user_id, userId), eq(idempotencyKeys.key, key));

/**
 * Keeps the answer of the request holding `claim` (its work's statement may have set
 * `status` already); a request whose lease was taken over keeps nothing.
 */
export async function keepAnswer(db: Db, owner: KeyOwner, claim: string, answer: KeptAnswer, ttlSeconds: number) {
  await db
    .update(idempotencyKeys)
    .set({ ...answer, expires_at: secondsFromNow(ttlSeconds) })
    .where(and(ofOwner(owner), eq(idempotencyKeys.claim, claim), isNull(idempotencyKeys.body)));
}

/**
 * A data-modifying CTE, `recorded_answer`, for the statement that does a POST's work:
 * when `done` holds, it marks the request's claimed key committed with the answer's
 * `status` and `answer` (jsonb: the view row the answer is presented from), in the
 * work's own transaction, so the work and its record commit or roll back together.
 * `key` and `claim` are the statement's values of the `ClaimedKey` (null without a
 * key: the update then matches no row).
 */
const recordedAnswer = (parts: { user: SQL; key: SQL; claim: SQL; status: number; answer: SQL; done: SQL }) =>
  sql`recorded_answer as (
    update idempotency_keys k set status = ${sql.raw(String(parts.status))}, recorded = ${parts.answer}, committed_at = now()
    where k.user_id = ${parts.user} and k.key = ${parts.key}::text and k.claim = ${parts.claim}::text
      and k.status is null and ${parts.done}
  )`;

/** `recordedAnswer` with the key and claim in the named placeholders `claimedKeyValues` fills. */
export const recordedAnswerOf = (parts: { user: SQL; status: number; answer: SQL; done: SQL }) =>
  recordedAnswer({
    ...parts,
    key: sql`${sql.placeholder("idempotency_key")}`,
    claim: sql`${sql.placeholder("idempotency_claim")}`,
  });

/** The values of `recordedAnswerOf`'s placeholders. */
export const claimedKeyValues = (claimed: ClaimedKey | undefined) => ({
  idempotency_key: claimed?.key ?? null,
  idempotency_claim: claimed?.claim ?? null,
});

/** `recordedAnswer` as SQL text, for a hand-written statement whose parts are its own SQL (`$n` parameters). */
export const recordedAnswerText = (
  parts: Record<"user" | "key" | "claim" | "answer" | "done", string> & { status: number },
) =>
  new PgDialect().sqlToQuery(
    recordedAnswer({
      user: sql.raw(parts.user),
      key: sql.raw(parts.key),
      claim: sql.raw(parts.claim),
      status: parts.status,
      answer: sql.raw(parts.answer),
      done: sql.raw(parts.done),
    }),
  ).sql;

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
