// The background half of a rotation: every value sealed with the previous key of the ring
// is sealed again with the current one (sealed-records.ts). Once none is left the
// database's check value names the current key, and a server with only the new key may start.
import { sql } from "drizzle-orm";
import type { Db } from "../data/database.js";
import { openEndpointSecret, sealEndpointSecret } from "../domain/webhooks/endpoint-secrets.js";
import type { KeyRing } from "./key-ring.js";
import { sealStored } from "./sealed-records.js";

/** Seals every record under the current key, then records the current key's check value; how many rows it changed. */
export async function resealRecords(db: Db, ring: KeyRing): Promise<{ links: number; endpoints: number }> {
  const stale = (sealed: string | null): sealed is string => sealed !== null && !ring.isCurrent(sealed);
  const resealed = await sealStored(db, {
    link: (id, _nonce, sealed) =>
      stale(sealed) ? ring.seal("link-token", ring.open("link-token", sealed, id), id) : undefined,
    secret: (kept) => (stale(kept) ? sealEndpointSecret(openEndpointSecret(kept, ring), ring) : undefined),
  });
  // A fingerprint under the old key cannot be made again: a retry with its key replays whatever its body.
  await db.execute(
    sql`update idempotency_keys set fingerprint = '' where fingerprint not like ${`${ring.current.id}.%`}`,
  );
  await db.execute(sql`update root_key_check set key_id = ${ring.current.id}, check_value = ${ring.current.check}
    where key_id <> ${ring.current.id}`);
  return resealed;
}
