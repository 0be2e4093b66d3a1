// The root secret and the keys derived from it. The root secret lives outside the
// database (key-source.ts); every key that signs or encrypts something the database
// keeps is derived from it with HKDF-SHA-256, one per purpose, so a copy of the
// database alone opens no link, forges no unlock and reads no webhook secret.
import { createCipheriv, createDecipheriv, createHmac, hkdfSync, randomBytes, timingSafeEqual } from "node:crypto";

/** What a derived key is for: one key per purpose, none used for two. */
type Purpose = "link-token" | "unlock" | "cursor" | "idempotency" | "webhook-secret" | "download-link";

/** One root secret: its purpose keys, its public id (which sealed values name) and its check value. */
export class RootKey {
  /** 16 hex characters derived from the secret: names the key in sealed values and the database's check row. */
  readonly id: string;
  /** What the database keeps to tell whether a server holds this key (a derived value, not the key). */
  readonly check: string;
  private readonly derived = new Map<string, Buffer>();

  constructor(private readonly secret: Buffer) {
    if (secret.length !== 32) throw new Error("a root secret is 32 bytes");
    this.id = this.key("key-id").subarray(0, 8).toString("hex");
    this.check = this.key("check").toString("hex");
  }

  key(purpose: Purpose | "key-id" | "check"): Buffer {
    let key = this.derived.get(purpose);
    if (!key) {
      key = Buffer.from(hkdfSync("sha256", this.secret, Buffer.alloc(0), `vault/${purpose}`, 32));
      this.derived.set(purpose, key);
    }
    return key;
  }
}

/** A sealed value: `<key id>.<base64url of the 12-byte nonce, the AES-256-GCM ciphertext and its 16-byte tag>`. */
const SEALED = /^([0-9a-f]{16})\.([A-Za-z0-9_-]+)$/;

/**
 * The current root key, which signs and seals, and during a rotation the previous one,
 * which still verifies and opens.
 */
export class KeyRing {
  constructor(
    readonly current: RootKey,
    readonly previous?: RootKey,
  ) {}

  get keys(): RootKey[] {
    return this.previous ? [this.current, this.previous] : [this.current];
  }

  /** HMAC-SHA-256 of `data` with the current key of `purpose`. */
  mac(purpose: Purpose, data: string): Buffer {
    return createHmac("sha256", this.current.key(purpose)).update(data).digest();
  }

  /** The MACs of `data` under every key of the ring, current first. */
  macs(purpose: Purpose, data: string): Buffer[] {
    return this.keys.map((key) => createHmac("sha256", key.key(purpose)).update(data).digest());
  }

  /** Whether `given` is the MAC (truncated to its length, at least 16 bytes) of `data` under a key of the ring. */
  verifies(purpose: Purpose, data: string, given: Buffer): boolean {
    if (given.length < 16) return false;
    return this.macs(purpose, data)
      .map((mac) => mac.subarray(0, given.length))
      .some((mac) => mac.length === given.length && timingSafeEqual(mac, given));
  }

  /** `plain` encrypted with the current key of `purpose`, bound to `context` (the record it belongs to). */
  seal(purpose: Purpose, plain: string, context: string): string {
    const nonce = randomBytes(12);
    const cipher = createCipheriv("aes-256-gcm", this.current.key(purpose), nonce);
    cipher.setAAD(Buffer.from(`${purpose}\n${context}`));
    const body = Buffer.concat([nonce, cipher.update(plain, "utf8"), cipher.final(), cipher.getAuthTag()]);
    return `${this.current.id}.${body.toString("base64url")}`;
  }

  /** Whether `sealed` is sealed with the current key. */
  isCurrent(sealed: string): boolean {
    return sealed.startsWith(`${this.current.id}.`);
  }

  /** The plain text of a value `seal` made with a key of the ring for the same purpose and context. */
  open(purpose: Purpose, sealed: string, context: string): string {
    const [, id, body] = SEALED.exec(sealed) ?? [];
    const key = this.keys.find((k) => k.id === id);
    if (!key || !body)
      throw new Error(
        `a ${purpose} value is sealed with a root key this server does not hold (key id ${id ?? "none"})`,
      );
    const bytes = Buffer.from(body, "base64url");
    const decipher = createDecipheriv("aes-256-gcm", key.key(purpose), bytes.subarray(0, 12));
    decipher.setAAD(Buffer.from(`${purpose}\n${context}`));
    decipher.setAuthTag(bytes.subarray(bytes.length - 16));
    return Buffer.concat([decipher.update(bytes.subarray(12, bytes.length - 16)), decipher.final()]).toString("utf8");
  }
}

let ring: KeyRing | undefined;

/** Makes `keys` the ring of this process (loaded and checked against the database at start). */
export function useKeyRing(keys: KeyRing): void {
  ring = keys;
}

/** The ring of this process. */
export function keyRing(): KeyRing {
  if (!ring) throw new Error("the root key is not loaded: the server loads it at start (secrets/key-check.ts)");
  return ring;
}

/** 32 random bytes as 64 hex characters: a new root secret. */
export const newRootSecret = () => randomBytes(32).toString("hex");
