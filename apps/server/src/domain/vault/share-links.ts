// A share's link token. The token is shown to the share's owner on every read, so it is
// derived, not stored: the first 24 bytes (192 bits) of SHA-256 over the `share_link`
// server secret, ':' and the share's random `link_nonce`, base64url (32 characters).
// The share is found by the token's SHA-256 (`link_hash`), as an api key is by its
// own. Migration 0010 derives the links of older shares with the same formula in SQL.
import { createHash, createHmac, randomBytes, timingSafeEqual } from "node:crypto";
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

/** How long an unlock lasts. */
const ACCESS_SECONDS = 15 * 60;

/** What an unlock is bound to: the share, its link and its password as they are now. */
interface Unlockable {
  shareId: string;
  linkHash: string;
  passwordHash: string | null;
}

const accessMac = (secret: Buffer, link: Unlockable, payload: string) =>
  createHmac("sha256", secret)
    .update(`unlock\n${link.shareId}\n${link.linkHash}\n${link.passwordHash ?? ""}\n${payload}`)
    .digest();

/**
 * A signed access token for an unlocked link: `<expiry in epoch seconds>.<HMAC>`, the HMAC
 * (keyed with the link secret every server shares) over the share, its link's hash, its
 * password hash and the expiry, so a new password, a new link or the time ends it.
 */
export function issueAccess(secret: Buffer, link: Unlockable, now = Date.now()) {
  const expires = Math.floor(now / 1000) + ACCESS_SECONDS;
  const payload = String(expires);
  const token = `${payload}.${accessMac(secret, link, payload).toString("base64url")}`;
  return { access_token: token, expires_at: new Date(expires * 1000) };
}

/** Whether `token` is a current unlock of this link (constant-time comparison). */
export function acceptsAccess(secret: Buffer, link: Unlockable, token: string, now = Date.now()): boolean {
  const [payload = "", signature = "", ...rest] = token.split(".");
  if (rest.length > 0 || !/^\d{1,12}$/.test(payload) || Number(payload) * 1000 <= now) return false;
  const given = Buffer.from(signature, "base64url");
  const expected = accessMac(secret, link, payload);
  return given.length === expected.length && timingSafeEqual(given, expected);
}
