import { randomBytes, type ScryptOptions, scrypt, timingSafeEqual } from "node:crypto";
import { FairSlots } from "./fair-slots.js";

/** OWASP's scrypt parameters for passwords (N = 2^17, r = 8, p = 1): 128 MiB and about a CPU second a hash. */
const OWASP: ScryptOptions = { N: 2 ** 17, r: 8, p: 1 };
/** What new hashes are made with (`setPasswordCost`); stored hashes keep the parameters they carry. */
let current: ScryptOptions = OWASP;
/** What `scrypt$<salt>$<hash>`, the first format (no parameters in it), was made with. */
const FIRST_FORMAT: ScryptOptions = { N: 2 ** 14, r: 8, p: 1 };
const KEY_LENGTH = 32;

/**
 * Hashes run two at a time: each holds a thread of libuv's pool (four by default), which
 * the disk blob store reads and writes through, for a CPU second. The others wait, in
 * turns by owner (the user whose share the password is): one user's flood of unlocks of
 * their own links, or of share PATCHes, waits behind its own queue while another user's
 * hash takes the next freed slot. An owner may have 24 waiting (a burst of twenty share
 * PATCHes fits; more is a 429 for that owner's links) and everyone 256 (then a 503 for an
 * owner with work already in; an owner with none still waits its turn).
 */
const hashSlots = new FairSlots({ slots: 2, perOwner: 24, total: 256 });

/** How many password hashes wait for a slot now. */
export function passwordHashesWaiting(): number {
  return hashSlots.waiting;
}

/** The cost of new hashes, 2^`logN` (`SHARE_PASSWORD_SCRYPT_LN`); 17 is OWASP's, fewer is for tests. */
export function setPasswordCost(logN: number): void {
  current = { ...OWASP, N: 2 ** logN };
}

function derive(password: string, salt: Buffer, params: ScryptOptions, owner: number): Promise<Buffer> {
  // scrypt needs 128 × N × r bytes; Node refuses more than 32 MiB unless told.
  const maxmem = 256 * (params.N ?? 0) * (params.r ?? 0);
  return hashSlots.run(
    owner,
    () =>
      new Promise((resolve, reject) =>
        scrypt(password, salt, KEY_LENGTH, { ...params, maxmem }, (err, key) => (err ? reject(err) : resolve(key))),
      ),
  );
}

/**
 * A salted scrypt hash carrying its parameters, `scrypt$ln=17,r=8,p=1$<salt>$<hash>`
 * (salt and hash in base64url), so that raising them later leaves every stored hash
 * verifiable; the password itself is never stored. Hashed in `owner`'s turn.
 */
export async function hashPassword(password: string, owner: number): Promise<string> {
  const salt = randomBytes(16);
  const key = await derive(password, salt, current, owner);
  return `scrypt$ln=${Math.log2(current.N ?? 0)},r=${current.r},p=${current.p}$${salt.toString("base64url")}$${key.toString("base64url")}`;
}

/**
 * Whether `password` is the one `stored` was made from, in either format (false for a
 * malformed hash); checked in `owner`'s turn, the user whose share it protects.
 */
export async function verifyPassword(password: string, stored: string, owner: number): Promise<boolean> {
  const parts = stored.split("$");
  const [scheme, ...rest] = parts;
  if (scheme !== "scrypt" || (rest.length !== 2 && rest.length !== 3)) return false;
  const params = rest.length === 2 ? FIRST_FORMAT : parseParams(rest[0] ?? "");
  const [salt, hash] = rest.slice(-2).map((text) => Buffer.from(text ?? "", "base64url"));
  if (!params || !salt || !hash || hash.length !== KEY_LENGTH) return false;
  return timingSafeEqual(await derive(password, salt, params, owner), hash);
}

/** `ln=17,r=8,p=1`, within what this server would ever have written. */
function parseParams(text: string): ScryptOptions | undefined {
  const match = /^ln=(\d{1,2}),r=(\d{1,2}),p=(\d)$/.exec(text);
  if (!match) return undefined;
  const [ln, r, p] = match.slice(1).map(Number) as [number, number, number];
  if (ln < 14 || ln > 20 || r < 1 || r > 16 || p < 1) return undefined;
  return { N: 2 ** ln, r, p };
}
