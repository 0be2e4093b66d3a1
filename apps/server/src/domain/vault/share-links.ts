// A share's link token. The token is shown to the share's owner on every read, so it is
// derived, not stored: the first 24 bytes (192 bits) of SHA-256 over the `share_link`
// server secret, ':' and the share's random `link_nonce`, base64url (32 characters).
// The share is found by the token's SHA-256 (`link_hash`), as an api key is by its
// own. Migration 0010 derives the links of older shares with the same formula in SQL.
import { createHash, randomBytes } from "node:crypto";
import type { Db } from "../../data/database.js";
import { serverSecret } from "../../data/server-secrets.js";

/** The secret the tokens are derived with (see the migration that makes it). */
export const linkSecret = (db: Db) => serverSecret(db, "share_link");

/** The token of a share's `link_nonce`. */
export const linkToken = (secret: Buffer, nonce: string) =>
  createHash("sha256").update(secret).update(":").update(nonce).digest().subarray(0, 24).toString("base64url");

/** What the database keeps of a token, to find its share. */
export const tokenHash = (token: string) => createHash("sha256").update(token).digest("hex");

/** A new link: its random nonce and the hash of the token derived from it. */
export function newLink(secret: Buffer): { link_nonce: string; link_hash: string } {
  const nonce = randomBytes(16).toString("hex");
  return { link_nonce: nonce, link_hash: tokenHash(linkToken(secret, nonce)) };
}
