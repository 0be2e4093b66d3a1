// Every place the database keeps a value sealed with the root secret, and one pass that
// seals them again: a share's link token (its row, and the rows kept for an
// Idempotency-Key replay; events keep nothing of a link) and a webhook endpoint's secrets
// (its row, and the kept replay of its creation or rotation). The upgrade from secrets
// kept in the database (legacy-secrets.ts) and a rotation (reseal.ts) each say how one
// value changes; the pass reads each table in batches and writes only what changed, each
// row only if it still holds what was read.
import { type SQL, sql } from "drizzle-orm";
import type { Tx } from "../data/database.js";

/** How each sealed value changes; undefined leaves it as it is. */
interface Sealing {
  /** A share's sealed link token, from its id and its old nonce or sealed token. */
  link(shareId: string, nonce: string | null, sealed: string | null): string | undefined;
  /** A webhook endpoint's secret, as kept. */
  secret(kept: string): string | undefined;
}

const BATCH = 500;

type Json = Record<string, unknown>;

const rowsOf = async <T>(db: Tx, query: SQL) => ((await db.execute(query)) as unknown as { rows: T[] }).rows;

/** A share's row as JSON, its token sealed anew (its nonce gone), or undefined when unchanged. */
function shareJson(share: unknown, sealing: Sealing): Json | undefined {
  if (share === null || typeof share !== "object" || !("id" in share)) return undefined;
  const row = share as Json;
  const sealed = sealing.link(
    row.id as string,
    (row.link_nonce as string) ?? null,
    (row.link_sealed as string) ?? null,
  );
  return sealed === undefined ? undefined : { ...row, link_nonce: null, link_sealed: sealed };
}

/** A kept answer's record, its credential sealed anew, or undefined when unchanged (or it holds none). */
function recordJson(recorded: Json, sealing: Sealing): Json | undefined {
  if ("link_hash" in recorded) return shareJson(recorded, sealing);
  if (typeof recorded.secret !== "string") return undefined;
  const secret = sealing.secret(recorded.secret);
  return secret === undefined ? undefined : { ...recorded, secret };
}

/** Applies `sealing` to every sealed value the database keeps; how many rows of shares and endpoints it changed. */
export async function sealStored(db: Tx, sealing: Sealing): Promise<{ links: number; endpoints: number }> {
  let links = 0;
  for (let last = ""; ; ) {
    const shares = await rowsOf<{ id: string; link_nonce: string | null; link_sealed: string | null }>(
      db,
      sql`select id, link_nonce, link_sealed from file_shares where id > ${last} order by id limit ${BATCH}`,
    );
    if (shares.length === 0) break;
    last = shares.at(-1)?.id as string;
    const changed = shares.flatMap((s) => {
      const sealed = sealing.link(s.id, s.link_nonce, s.link_sealed);
      return sealed === undefined ? [] : [{ ...s, sealed }];
    });
    if (changed.length === 0) continue;
    const rows = changed.map(({ id, link_sealed, sealed }) => ({ id, old: link_sealed, sealed }));
    const updated = await rowsOf<{ id: string }>(
      db,
      sql`update file_shares s set link_sealed = v.sealed, link_nonce = null
        from jsonb_to_recordset(${JSON.stringify(rows)}::jsonb) v(id text, old text, sealed text)
        where s.id = v.id and s.link_sealed is not distinct from v.old returning s.id`,
    );
    links += updated.length;
  }

  let endpoints = 0;
  for (let last = ""; ; ) {
    const found = await rowsOf<{ id: string; secret: string; previous: string | null }>(
      db,
      sql`select id, secret, previous_secret as previous from webhook_endpoints where id > ${last} order by id limit ${BATCH}`,
    );
    if (found.length === 0) break;
    last = found.at(-1)?.id as string;
    for (const { id, secret, previous } of found) {
      const sealed = sealing.secret(secret);
      const sealedPrevious = previous === null ? undefined : sealing.secret(previous);
      if (sealed === undefined && sealedPrevious === undefined) continue;
      const updated = await rowsOf<{ id: string }>(
        db,
        sql`update webhook_endpoints set secret = ${sealed ?? secret}, previous_secret = ${sealedPrevious ?? previous}
          where id = ${id} and secret = ${secret} and previous_secret is not distinct from ${previous} returning id`,
      );
      endpoints += updated.length;
    }
  }

  // A kept answer that held a credential is dropped with its record's change: a replay rebuilds it from the record.
  const kept = await rowsOf<{ user_id: number; key: string; recorded: Json }>(
    db,
    sql`select user_id, key, recorded from idempotency_keys where jsonb_typeof(recorded) = 'object'`,
  );
  for (const { user_id, key, recorded } of kept) {
    const changed = recordJson(recorded, sealing);
    if (changed === undefined) continue;
    await db.execute(sql`update idempotency_keys set recorded = ${JSON.stringify(changed)}::jsonb, body = null, headers = null
      where user_id = ${user_id} and key = ${key} and recorded = ${JSON.stringify(recorded)}::jsonb`);
  }
  return { links, endpoints };
}
