// A rotation, run by `keys rotate-secret` only: every value sealed with the other key of
// the ring is sealed again with the current one (sealed-records.ts). Once a count in one
// transaction finds none left, the database's check value names the current key, and a
// server with only the new key may start. A server's start never reseals: during a
// rolling restart the servers still sealing with the old key must keep opening everything.
import { sql } from "drizzle-orm";
import type { Db, Tx } from "../data/database.js";
import { openEndpointSecret, sealEndpointSecret } from "../domain/webhooks/endpoint-secrets.js";
import type { KeyRing } from "./key-ring.js";
import { sealStored } from "./sealed-records.js";

/** How many passes may leave values under the old key (sealed meanwhile by a server still using it) before the rotation fails. */
const PASSES = 3;

/** The rows that still keep a value not sealed with the key `keyId`. */
async function staleRows(tx: Tx, keyId: string): Promise<number> {
  const current = `${keyId}.%`;
  const result = (await tx.execute(sql`select
      (select count(*) from file_shares where link_sealed not like ${current})
    + (select count(*) from webhook_endpoints where secret not like ${current} or previous_secret not like ${current})
    + (select count(*) from idempotency_keys where jsonb_typeof(recorded) = 'object'
        and (recorded->>'link_sealed' not like ${current} or recorded->>'secret' not like ${current})) as stale`)) as unknown as {
    rows: { stale: number | string }[];
  };
  return Number(result.rows[0]?.stale ?? 0);
}

/** Seals every record under the current key, then records the current key's check value; how many rows it changed. */
export async function resealRecords(db: Db, ring: KeyRing): Promise<{ links: number; endpoints: number }> {
  const stale = (sealed: string | null): sealed is string => sealed !== null && !ring.isCurrent(sealed);
  const total = { links: 0, endpoints: 0 };
  for (let pass = 1; ; pass++) {
    const resealed = await sealStored(db, {
      link: (id, _nonce, sealed) =>
        stale(sealed) ? ring.seal("link-token", ring.open("link-token", sealed, id), id) : undefined,
      secret: (kept) => (stale(kept) ? sealEndpointSecret(openEndpointSecret(kept, ring), ring) : undefined),
    });
    total.links += resealed.links;
    total.endpoints += resealed.endpoints;
    const done = await db.transaction(async (tx) => {
      if ((await staleRows(tx, ring.current.id)) > 0) return false;
      // A fingerprint under the old key cannot be made again: a retry with its key replays whatever its body.
      await tx.execute(
        sql`update idempotency_keys set fingerprint = '' where fingerprint not like ${`${ring.current.id}.%`}`,
      );
      await tx.execute(sql`update root_key_check set key_id = ${ring.current.id}, check_value = ${ring.current.check}
        where key_id <> ${ring.current.id}`);
      return true;
    });
    if (done) return total;
    if (pass === PASSES)
      throw new Error(
        `after ${PASSES} passes some records are still sealed with another key than ${ring.current.id}: a server still seals with the old key. Give every server VAULT_SECRET_KEY=<new key> and VAULT_SECRET_KEY_PREVIOUS=<old key>, then run rotate-secret again`,
      );
  }
}
