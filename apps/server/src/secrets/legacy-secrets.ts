// The upgrade of a database from before the root secret moved out of it: the servers
// shared secrets kept in `server_secrets`, a share's link token was derived from the
// `share_link` one and the share's nonce, and webhook secrets were kept in clear. The
// first start with a key seals each share's current token (so every link keeps opening:
// its hash is unchanged) and each webhook secret, wherever they are kept
// (sealed-records.ts), marks the kept idempotency keys as made before (their fingerprints
// were keyed with the old secret) and deletes the old secrets, all in the transaction of
// the key check (one server at a time, all or nothing).
import { createHash } from "node:crypto";
import type { Tx } from "../data/database.js";
import { idempotencyKeys, serverSecrets } from "../data/schema.js";
import { sealEndpointSecret } from "../domain/webhooks/endpoint-secrets.js";
import type { KeyRing } from "./key-ring.js";
import { sealStored } from "./sealed-records.js";

/** The token an older server derived for a share: the first 24 bytes of SHA-256 over the secret, ':' and the nonce. */
const legacyToken = (secret: string, nonce: string) =>
  createHash("sha256").update(`${secret}:${nonce}`).digest().subarray(0, 24).toString("base64url");

/** Seals what the database kept before (nothing when its old secrets are gone already); how many of each it sealed. */
export async function sealLegacySecrets(tx: Tx, ring: KeyRing) {
  const secrets = await tx.select().from(serverSecrets);
  if (secrets.length === 0) return undefined;
  const linkSecret = secrets.find((s) => s.name === "share_link")?.secret;
  const sealed = await sealStored(tx, {
    link(id, nonce) {
      if (nonce === null) return undefined;
      if (linkSecret === undefined) throw new Error("shares have link nonces but the share_link secret is missing");
      return ring.seal("link-token", legacyToken(linkSecret, nonce), id);
    },
    secret: (kept) => (kept.startsWith("whsec_") ? sealEndpointSecret(kept, ring) : undefined),
  });
  await tx.update(idempotencyKeys).set({ fingerprint: "" });
  await tx.delete(serverSecrets);
  return sealed;
}
