// A share's link token: 24 random bytes (192 bits), base64url (32 characters). The share
// is found by the token's SHA-256 (`link_hash`), as an api key is by its own; the token
// itself is kept only sealed with the root secret's link key (`link_sealed`, bound to the
// share's id), because its owner sees the link on every read. Nothing in the database
// alone gives a token back.
import { createHash, randomBytes } from "node:crypto";
import { keyRing } from "../../secrets/key-ring.js";

/** The token of a share, from its sealed copy. */
export const linkToken = (shareId: string, sealed: string) => keyRing().open("link-token", sealed, shareId);

/** What the database keeps of a token, to find its share. */
export const tokenHash = (token: string) => createHash("sha256").update(token).digest("hex");

/** A new link of the share `shareId`: its token, the hash that finds it and its sealed copy. */
export function newLink(shareId: string): { token: string; link_hash: string; link_sealed: string } {
  const token = randomBytes(24).toString("base64url");
  return { token, link_hash: tokenHash(token), link_sealed: keyRing().seal("link-token", token, shareId) };
}

/** How long an unlock lasts. */
const ACCESS_SECONDS = 15 * 60;

/** What an unlock is bound to: the share, its link and its password as they are now. */
interface Unlockable {
  shareId: string;
  linkHash: string;
  passwordHash: string | null;
}

const accessData = (link: Unlockable, payload: string) =>
  `unlock\n${link.shareId}\n${link.linkHash}\n${link.passwordHash ?? ""}\n${payload}`;

/**
 * A signed access token for an unlocked link: `<expiry in epoch seconds>.<HMAC>`, the HMAC
 * (keyed with the root secret's unlock key, which every server of the database holds) over
 * the share, its link's hash, its password hash and the expiry, so a new password, a new
 * link or the time ends it.
 */
export function issueAccess(link: Unlockable, now = Date.now()) {
  const expires = Math.floor(now / 1000) + ACCESS_SECONDS;
  const payload = String(expires);
  const token = `${payload}.${keyRing().mac("unlock", accessData(link, payload)).toString("base64url")}`;
  return { access_token: token, expires_at: new Date(expires * 1000) };
}

/** Whether `token` is a current unlock of this link, signed with the current or the previous key (constant-time comparison). */
export function acceptsAccess(link: Unlockable, token: string, now = Date.now()): boolean {
  const [payload = "", signature = "", ...rest] = token.split(".");
  if (rest.length > 0 || !/^\d{1,12}$/.test(payload) || Number(payload) * 1000 <= now) return false;
  const given = Buffer.from(signature, "base64url");
  return given.length === 32 && keyRing().verifies("unlock", accessData(link, payload), given);
}
