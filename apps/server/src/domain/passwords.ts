import { randomBytes, type ScryptOptions, scrypt, timingSafeEqual } from "node:crypto";

/** OWASP's scrypt parameters for passwords (N = 2^17, r = 8, p = 1): 128 MiB and about a CPU second a hash. */
const CURRENT: ScryptOptions = { N: 2 ** 17, r: 8, p: 1 };
/** What `scrypt$<salt>$<hash>`, the first format (no parameters in it), was made with. */
const FIRST_FORMAT: ScryptOptions = { N: 2 ** 14, r: 8, p: 1 };
const KEY_LENGTH = 32;

/**
 * Hashes run one or two at a time: each holds a thread of libuv's pool (four by default),
 * which the disk blob store reads and writes through, for a CPU second. Twenty share
 * PATCHes at once would otherwise take the whole pool for seconds and stall every
 * download and upload behind them; the others wait here instead, in order.
 */
const MAX_CONCURRENT_HASHES = 2;
/**
 * At most this many wait (about 30 s of hashing ahead of the last; a burst of twenty
 * share PATCHes fits): a flood of unlocks from many addresses is refused at once rather
 * than queued for minutes ahead of everyone's share PATCH and unlock.
 */
const MAX_WAITING_HASHES = 64;
let running = 0;
const waiting: (() => void)[] = [];

/** Every hash slot and every place in the queue is taken: retry later (a 503). */
export class PasswordChecksBusy extends Error {
  constructor() {
    super("Too many password hashes are waiting.");
  }
}

async function withHashSlot<T>(work: () => Promise<T>): Promise<T> {
  if (running < MAX_CONCURRENT_HASHES) running++;
  else if (waiting.length >= MAX_WAITING_HASHES) throw new PasswordChecksBusy();
  else await new Promise<void>((resolve) => waiting.push(resolve));
  try {
    return await work();
  } finally {
    const next = waiting.shift();
    if (next) next();
    else running--;
  }
}

function derive(password: string, salt: Buffer, params: ScryptOptions): Promise<Buffer> {
  // scrypt needs 128 × N × r bytes; Node refuses more than 32 MiB unless told.
  const maxmem = 256 * (params.N ?? 0) * (params.r ?? 0);
  return withHashSlot(
    () =>
      new Promise((resolve, reject) =>
        scrypt(password, salt, KEY_LENGTH, { ...params, maxmem }, (err, key) => (err ? reject(err) : resolve(key))),
      ),
  );
}

/**
 * A salted scrypt hash carrying its parameters, `scrypt$ln=17,r=8,p=1$<salt>$<hash>`
 * (salt and hash in base64url), so that raising them later leaves every stored hash
 * verifiable; the password itself is never stored.
 */
export async function hashPassword(password: string): Promise<string> {
  const salt = randomBytes(16);
  const key = await derive(password, salt, CURRENT);
  return `scrypt$ln=${Math.log2(CURRENT.N ?? 0)},r=${CURRENT.r},p=${CURRENT.p}$${salt.toString("base64url")}$${key.toString("base64url")}`;
}

/** Whether `password` is the one `stored` was made from, in either format (false for a malformed hash). */
export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  const parts = stored.split("$");
  const [scheme, ...rest] = parts;
  if (scheme !== "scrypt" || (rest.length !== 2 && rest.length !== 3)) return false;
  const params = rest.length === 2 ? FIRST_FORMAT : parseParams(rest[0] ?? "");
  const [salt, hash] = rest.slice(-2).map((text) => Buffer.from(text ?? "", "base64url"));
  if (!params || !salt || !hash || hash.length !== KEY_LENGTH) return false;
  return timingSafeEqual(await derive(password, salt, params), hash);
}

/** `ln=17,r=8,p=1`, within what this server would ever have written. */
function parseParams(text: string): ScryptOptions | undefined {
  const match = /^ln=(\d{1,2}),r=(\d{1,2}),p=(\d)$/.exec(text);
  if (!match) return undefined;
  const [ln, r, p] = match.slice(1).map(Number) as [number, number, number];
  if (ln < 14 || ln > 20 || r < 1 || r > 16 || p < 1) return undefined;
  return { N: 2 ** ln, r, p };
}
