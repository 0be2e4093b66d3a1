import { resolve } from "node:path";
import { versions } from "@vault/spec/versions";
import proxyaddr from "proxy-addr";
import { WEBHOOK_DEFAULTS } from "./domain/webhooks/webhook-defaults.js";

export interface S3Settings {
  bucket: string;
  /** For stores other than AWS (Ceph RGW, MinIO, R2, …); the SDK's AWS endpoint when undefined. */
  endpoint: string | undefined;
  region: string;
  forcePathStyle: boolean;
  /** Prepended to every key; empty or ending in `/`. */
  prefix: string;
}

/** Where file bytes live: the local disk under `DATA_DIR/blobs`, or an S3-compatible bucket. */
type BlobStoreConfig = { kind: "fs" } | ({ kind: "s3" } & S3Settings);

/**
 * The windows, leases and caches that a client (or a test) waits on: production values
 * by default, shorter only in tests, which set e.g. 200 ms instead of waiting a minute.
 */
interface Timings {
  /** How long the answer to a POST's `Idempotency-Key` is kept and replayed (`IDEMPOTENCY_TTL_SECONDS`, 24 hours). */
  idempotencyTtlSeconds: number;
  /**
   * How long a request may hold its `Idempotency-Key` before a retry may take it over
   * (the process that held it crashed); longer than any request runs
   * (`IDEMPOTENCY_LEASE_SECONDS`, 5 minutes). Both may be fractions of a second.
   */
  idempotencyLeaseSeconds: number;
  /** The window the per-minute request, link and unlock-owner budgets count in (`RATE_LIMIT_WINDOW_MS`, a minute). */
  rateLimitWindowMs: number;
  /** The window of the wrong-password and per-address unlock budgets (`UNLOCK_WINDOW_MS`, 15 minutes). */
  unlockWindowMs: number;
  /** How long one readiness check answers every `/readyz` hit after it starts (`READINESS_CACHE_MS`, 1 s). */
  readinessCacheMs: number;
}

export interface Config extends Timings {
  host: string;
  port: number;
  dataDir: string;
  databaseUrl: string | undefined;
  /** The absolute URL clients reach the service at (download links are built from it); by default the listening address. */
  publicBaseUrl: string | undefined;
  maxUploadBytes: number;
  blobStore: BlobStoreConfig;
  binRetentionDays: number;
  /** How many days events are kept before the sweep purges them (`EVENTS_RETENTION_DAYS`, 30). */
  eventsRetentionDays: number;
  /**
   * Hosts a webhook endpoint may name over `http` and at any address, loopback and private
   * ones included (`WEBHOOK_ALLOW_HOSTS`, comma-separated; for tests and local development).
   */
  webhookAllowHosts: string[];
  /**
   * A webhook try's timeout (`WEBHOOK_TIMEOUT_MS`, 10 s), and its timeout while the
   * endpoint's last tries failed (`WEBHOOK_BREAKER_TIMEOUT_MS`, 2 s); at most 10 s, and
   * less than a claim's lease.
   */
  webhookTimeoutMs: number;
  webhookBreakerTimeoutMs: number;
  /** How long a claimed webhook delivery is its worker's (`WEBHOOK_LEASE_MS`, 15 s; at least 1.5 times the timeout). */
  webhookLeaseMs: number;
  /**
   * The waits before each retry of a webhook delivery: the schedule's first ones are
   * `WEBHOOK_RETRY_DELAYS_MS` (comma-separated milliseconds), the rest as by default
   * (5 s, 5 min, 30 min, 2 h, 5 h, 10 h, 10 h).
   */
  webhookRetryDelaysMs: number[];
  /** How long an endpoint's deliveries may all fail before it is disabled (`WEBHOOK_DISABLE_AFTER_SECONDS`, 5 days). */
  webhookDisableAfterSeconds: number;
  /** How long a due webhook delivery may wait unsent before it is failed (`WEBHOOK_MAX_WAIT_SECONDS`, 24 hours). */
  webhookMaxWaitSeconds: number;
  /** How many versions of a file are kept, the current one counted (`FILE_VERSIONS_KEEP`, 50; 1 keeps none but the current). */
  fileVersionsKept: number;
  /** The most entries (files and folders) one folder archive holds (`ARCHIVE_MAX_ENTRIES`, 100,000). */
  archiveMaxEntries: number;
  /** The most bytes of content one folder archive holds (`ARCHIVE_MAX_BYTES`, 16 GiB). */
  archiveMaxBytes: number;
  /** The most bytes a user may keep in files, versions and the bin together (`USER_QUOTA_BYTES`); none when undefined. */
  userQuotaBytes: number | undefined;
  /**
   * Test-only (IDEMPOTENCY_TEST_CRASH_AFTER_WORK=1): the process kills itself (SIGKILL)
   * once a POST sent with an `Idempotency-Key` has done its work, before its answer is
   * kept or sent, so that the crash suite can hit that moment every time. Never set it
   * in a deployment.
   */
  idempotencyTestCrashAfterWork: boolean;
  /**
   * How long a tus PATCH holds its upload without renewing (`TUS_LEASE_MS`, 15 s; it renews
   * every third of it): a server that died mid-PATCH lets another PATCH in after at most this long.
   */
  tusLeaseMs: number;
  logLevel: string;
  /** `pretty` (human-readable lines, the default on a terminal) or `json` (one object a line, the default otherwise). */
  logFormat: "json" | "pretty";
  /** Requests per minute per authenticated api key. */
  rateLimitPerMinute: number;
  /** Failed authentications per minute per client address; by default the per-key budget. */
  failedAuthPerMinute: number;
  /** Anonymous link requests per minute per client address (`LINK_RATE_LIMIT_PER_MINUTE`). */
  linkPerMinute: number;
  /**
   * Which proxies' `X-Forwarded-For` names the client whose address the budgets count
   * (`TRUST_PROXY`, Express's `trust proxy`): none (false, the default), every one
   * (true), a number of proxies in front, or the proxies' addresses and CIDR ranges.
   */
  trustProxy: boolean | number | string[];
  /** Unlocks, right or wrong, from one client address in 15 minutes (`UNLOCK_ADDRESS_PER_15_MINUTES`). */
  unlockAddressPer15Minutes: number;
  /** Unlocks, right or wrong, of the password links of one owner per minute (`UNLOCK_OWNER_PER_MINUTE`). */
  unlockOwnerPerMinute: number;
  /** The cost of new share password hashes, scrypt's N as a power of two (`SHARE_PASSWORD_SCRYPT_LN`; 17, OWASP's). */
  sharePasswordScryptLogN: number;
  /** Redis for a rate-limit budget shared by several processes; in-process counting without it. */
  redisUrl: string | undefined;
  /** Origins allowed by CORS; empty means CORS is off. */
  corsOrigins: string[];
  /**
   * When each deprecated version stops answering, by name (`API_V1_SUNSET`, an RFC 3339
   * instant): its answers then carry `Sunset` (RFC 8594). None is configured by default.
   */
  sunsets: Record<string, Date>;
  /** When set, health, readiness and metrics are served only on this port. */
  adminPort: number | undefined;
  /** How long a request (including an upload) may take to arrive. */
  requestTimeoutMs: number;
  /**
   * PostgreSQL: the longest a statement may run, and a request may wait for a pooled
   * connection, before it ends as a 503 `timeout` problem (`statement_timeout`).
   */
  databaseStatementTimeoutMs: number;
  /** PostgreSQL: the longest a statement may wait for a row or advisory lock (`lock_timeout`). */
  databaseLockTimeoutMs: number;
  /** Server processes sharing the port (cluster mode). */
  workers: number;
  /**
   * The embedded database lives in memory only (DATABASE_IN_MEMORY=1): nothing survives
   * a restart. The benchmark's "in-memory repository" baseline; blobs still go to DATA_DIR.
   */
  inMemoryDatabase: boolean;
  /**
   * No warm-up (`LAZY_VALIDATORS=1`): each operation's validators compile on its first
   * request, and `/readyz` does not wait for them. Saves the start's seconds of compiling
   * beside the first requests, and the memory of the operations never called; the test
   * servers use it.
   */
  lazyValidators: boolean;
  /**
   * The root secret every purpose key is derived from (`VAULT_SECRET_KEY` or
   * `VAULT_SECRET_KEY_FILE`), and the one it replaces while a rotation runs
   * (`VAULT_SECRET_KEY_PREVIOUS` or `_FILE`). Without a current one the embedded store
   * keeps a key file beside its database (see secrets/key-source.ts).
   */
  rootKey: { current: KeySetting | undefined; previous: KeySetting | undefined };
}

/** Where a root secret is configured: 64 hex characters in a variable, or a file holding them. */
export type KeySetting = { setting: string; hex: string } | { setting: string; file: string };

export class ConfigError extends Error {}

type Env = Record<string, string | undefined>;

/** Reads and validates the configuration once; a bad value fails with a message naming the variable. */
export function loadConfig(env: Env = process.env): Config {
  const host = env.HOST || "127.0.0.1";
  const port = integer(env, "PORT", 8080, 0, 65535);
  const databaseUrl = url(env, "DATABASE_URL", /^postgres(ql)?:$/);
  const publicBaseUrl = publicBaseUrlOf(env);
  const logLevel = logLevelOf(env);
  const inMemoryDatabase = flag(env, "DATABASE_IN_MEMORY");
  const { webhookTimeoutMs, webhookBreakerTimeoutMs } = webhookTimeouts(env);
  if (inMemoryDatabase && databaseUrl) throw new ConfigError("DATABASE_IN_MEMORY and DATABASE_URL exclude each other");
  const rateLimitPerMinute = integer(env, "RATE_LIMIT_PER_MINUTE", 600, 1, 1_000_000);
  const blobStore = blobStoreConfig(env);
  const maxUploadBytes = maxUploadBytesOf(env, blobStore);
  const rootKey = rootKeyOf(env, databaseUrl);
  return {
    host,
    port,
    // Relative to where npm was invoked, so `npm start` at the root uses ./.data there.
    dataDir: resolve(env.INIT_CWD || process.cwd(), env.DATA_DIR || ".data"),
    databaseUrl,
    publicBaseUrl,
    maxUploadBytes,
    blobStore,
    binRetentionDays: integer(env, "BIN_RETENTION_DAYS", 30, 1, 36500),
    eventsRetentionDays: integer(env, "EVENTS_RETENTION_DAYS", 30, 1, 36500),
    fileVersionsKept: integer(env, "FILE_VERSIONS_KEEP", 50, 1, 10_000),
    archiveMaxEntries: integer(env, "ARCHIVE_MAX_ENTRIES", 100_000, 1, 10_000_000),
    archiveMaxBytes: integer(env, "ARCHIVE_MAX_BYTES", 16 * 1024 ** 3, 1, Number.MAX_SAFE_INTEGER),
    userQuotaBytes: env.USER_QUOTA_BYTES ? integer(env, "USER_QUOTA_BYTES", 0, 0, Number.MAX_SAFE_INTEGER) : undefined,
    ...timings(env),
    idempotencyTestCrashAfterWork: flag(env, "IDEMPOTENCY_TEST_CRASH_AFTER_WORK"),
    lazyValidators: flag(env, "LAZY_VALIDATORS"),
    tusLeaseMs: integer(env, "TUS_LEASE_MS", 15_000, 100, 3_600_000),
    logLevel,
    logFormat: oneOf(env, "LOG_FORMAT", ["json", "pretty"], process.stdout.isTTY ? "pretty" : "json"),
    rateLimitPerMinute,
    failedAuthPerMinute: integer(env, "RATE_LIMIT_FAILED_AUTH_PER_MINUTE", rateLimitPerMinute, 1, 1_000_000),
    linkPerMinute: integer(env, "LINK_RATE_LIMIT_PER_MINUTE", 120, 1, 1_000_000),
    trustProxy: trustProxy(env.TRUST_PROXY),
    unlockAddressPer15Minutes: integer(env, "UNLOCK_ADDRESS_PER_15_MINUTES", 30, 1, 1_000_000),
    unlockOwnerPerMinute: integer(env, "UNLOCK_OWNER_PER_MINUTE", 60, 1, 1_000_000),
    sharePasswordScryptLogN: integer(env, "SHARE_PASSWORD_SCRYPT_LN", 17, 14, 20),
    redisUrl: url(env, "REDIS_URL", /^rediss?:$/),
    corsOrigins: commaList(env.CORS_ORIGINS),
    sunsets: sunsetsOf(env),
    webhookAllowHosts: commaList(env.WEBHOOK_ALLOW_HOSTS).map((host) => host.toLowerCase()),
    webhookTimeoutMs,
    webhookBreakerTimeoutMs,
    ...webhookSchedule(env, webhookTimeoutMs),
    webhookDisableAfterSeconds: integer(
      env,
      "WEBHOOK_DISABLE_AFTER_SECONDS",
      WEBHOOK_DEFAULTS.disableAfterS,
      1,
      365 * 24 * 3600,
    ),
    webhookMaxWaitSeconds: integer(env, "WEBHOOK_MAX_WAIT_SECONDS", WEBHOOK_DEFAULTS.maxWaitS, 1, 365 * 24 * 3600),
    adminPort: env.ADMIN_PORT ? integer(env, "ADMIN_PORT", 0, 1, 65535) : undefined,
    requestTimeoutMs: integer(env, "REQUEST_TIMEOUT_MS", 120_000, 1000, 3_600_000),
    databaseStatementTimeoutMs: integer(env, "DATABASE_STATEMENT_TIMEOUT_MS", 30_000, 100, 3_600_000),
    databaseLockTimeoutMs: integer(env, "DATABASE_LOCK_TIMEOUT_MS", 10_000, 100, 3_600_000),
    workers: integer(env, "WORKERS", 1, 1, 64),
    inMemoryDatabase,
    rootKey,
  };
}

function publicBaseUrlOf(env: Env): string | undefined {
  const publicBaseUrl = env.PUBLIC_BASE_URL ? env.PUBLIC_BASE_URL.replace(/\/+$/, "") : undefined;
  if (
    publicBaseUrl !== undefined &&
    (!URL.canParse(publicBaseUrl) || !/^https?:$/.test(new URL(publicBaseUrl).protocol))
  ) {
    throw new ConfigError(`PUBLIC_BASE_URL must be an absolute http(s) URL, got "${env.PUBLIC_BASE_URL}"`);
  }
  return publicBaseUrl;
}

function logLevelOf(env: Env): string {
  const logLevel = env.LOG_LEVEL || "info";
  if (!["fatal", "error", "warn", "info", "debug", "trace", "silent"].includes(logLevel)) {
    throw new ConfigError(`LOG_LEVEL must be one of fatal, error, warn, info, debug, trace, silent; got "${logLevel}"`);
  }
  return logLevel;
}

/** A webhook try's timeout, and the shorter one while the endpoint's last tries failed. */
function webhookTimeouts(env: Env) {
  const webhookTimeoutMs = integer(env, "WEBHOOK_TIMEOUT_MS", WEBHOOK_DEFAULTS.timeoutMs, 100, 10_000);
  const webhookBreakerTimeoutMs = integer(
    env,
    "WEBHOOK_BREAKER_TIMEOUT_MS",
    Math.min(WEBHOOK_DEFAULTS.breakerTimeoutMs, webhookTimeoutMs),
    100,
    10_000,
  );
  if (webhookBreakerTimeoutMs > webhookTimeoutMs)
    throw new ConfigError(
      `WEBHOOK_BREAKER_TIMEOUT_MS must be at most WEBHOOK_TIMEOUT_MS (${webhookTimeoutMs}), got "${webhookBreakerTimeoutMs}"`,
    );
  return { webhookTimeoutMs, webhookBreakerTimeoutMs };
}

function maxUploadBytesOf(env: Env, blobStore: BlobStoreConfig): number {
  const maxUploadBytes = integer(env, "MAX_UPLOAD_BYTES", 100 * 1024 * 1024, 1, Number.MAX_SAFE_INTEGER);
  if (blobStore.kind === "s3" && maxUploadBytes > S3_MAX_COPY_BYTES) {
    throw new ConfigError(`MAX_UPLOAD_BYTES must be at most ${S3_MAX_COPY_BYTES} (5 GiB) with BLOB_STORE=s3`);
  }
  return maxUploadBytes;
}

/** Every server of a PostgreSQL database needs the same root secret: production requires it set. */
function rootKeyOf(env: Env, databaseUrl: string | undefined): Config["rootKey"] {
  const rootKey = {
    current: keySetting(env, "VAULT_SECRET_KEY"),
    previous: keySetting(env, "VAULT_SECRET_KEY_PREVIOUS"),
  };
  if (databaseUrl && env.NODE_ENV === "production" && !rootKey.current) {
    throw new ConfigError(
      "VAULT_SECRET_KEY (or VAULT_SECRET_KEY_FILE) is required on PostgreSQL with NODE_ENV=production: every server of the database needs the same root secret (npm run -s keys -- new-secret prints one)",
    );
  }
  return rootKey;
}

function timings(env: Env): Timings {
  return {
    idempotencyTtlSeconds: seconds(env, "IDEMPOTENCY_TTL_SECONDS", 24 * 60 * 60, 0.1, 30 * 24 * 60 * 60),
    idempotencyLeaseSeconds: seconds(env, "IDEMPOTENCY_LEASE_SECONDS", 5 * 60, 0.1, 24 * 60 * 60),
    rateLimitWindowMs: integer(env, "RATE_LIMIT_WINDOW_MS", 60_000, 100, 24 * 3_600_000),
    unlockWindowMs: integer(env, "UNLOCK_WINDOW_MS", 15 * 60_000, 100, 24 * 3_600_000),
    readinessCacheMs: integer(env, "READINESS_CACHE_MS", 1000, 100, 60_000),
  };
}

/** A number of seconds, whole or with a fraction ("0.2"), from `min` to `max`. */
function seconds(env: Env, name: string, fallback: number, min: number, max: number): number {
  const raw = env[name];
  if (raw === undefined || raw === "") return fallback;
  const value = Number(raw);
  if (!/^\d+(\.\d+)?$/.test(raw) || value < min || value > max) {
    throw new ConfigError(`${name} must be a number of seconds from ${min} to ${max}, got "${raw}"`);
  }
  return value;
}

/** A webhook delivery's lease (longer than its timeout by half at least) and its retry schedule. */
function webhookSchedule(env: Env, timeoutMs: number): Pick<Config, "webhookLeaseMs" | "webhookRetryDelaysMs"> {
  // A try that times out is kept (and its retry scheduled) while the lease it was claimed with still holds.
  const leastLease = Math.ceil(timeoutMs * 1.5);
  const webhookLeaseMs = integer(env, "WEBHOOK_LEASE_MS", WEBHOOK_DEFAULTS.leaseMs, 150, 3_600_000);
  if (webhookLeaseMs < leastLease)
    throw new ConfigError(
      `WEBHOOK_LEASE_MS must be at least 1.5 times WEBHOOK_TIMEOUT_MS (${leastLease}), got "${webhookLeaseMs}"`,
    );
  const defaults = WEBHOOK_DEFAULTS.retryDelaysMs;
  const first = commaList(env.WEBHOOK_RETRY_DELAYS_MS);
  if (
    first.length > defaults.length ||
    first.some((delay) => !/^\d+$/.test(delay) || Number(delay) < 100 || Number(delay) > 86_400_000)
  )
    throw new ConfigError(
      `WEBHOOK_RETRY_DELAYS_MS must be at most ${defaults.length} comma-separated whole numbers from 100 to 86400000, got "${env.WEBHOOK_RETRY_DELAYS_MS}"`,
    );
  return {
    webhookLeaseMs,
    webhookRetryDelaysMs: defaults.map((delay, n) => (n < first.length ? Number(first[n]) : delay)),
  };
}

/** `name` (64 hex characters) or `name_FILE` (a path), not both. */
function keySetting(env: Env, name: string): KeySetting | undefined {
  const hex = env[name];
  const file = env[`${name}_FILE`];
  if (hex && file) throw new ConfigError(`${name} and ${name}_FILE exclude each other: set one`);
  if (file) return { setting: `${name}_FILE`, file: resolve(env.INIT_CWD || process.cwd(), file) };
  if (!hex) return undefined;
  if (!/^[0-9a-fA-F]{64}$/.test(hex))
    throw new ConfigError(
      `${name} must be 64 hex characters (32 random bytes; npm run -s keys -- new-secret prints one)`,
    );
  return { setting: name, hex };
}

/** S3 copies an object in one request up to 5 GiB; an upload is copied from its temp key to its hash's. */
const S3_MAX_COPY_BYTES = 5 * 1024 ** 3;
const S3_SETTINGS = ["S3_ENDPOINT", "S3_BUCKET", "S3_REGION", "S3_FORCE_PATH_STYLE", "S3_PREFIX"];

function blobStoreConfig(env: Env): BlobStoreConfig {
  const kind = oneOf(env, "BLOB_STORE", ["fs", "s3"], "fs");
  if (kind === "fs") {
    const stray = S3_SETTINGS.find((name) => env[name]);
    if (stray) throw new ConfigError(`${stray} is set but BLOB_STORE is not s3 (set BLOB_STORE=s3 to use it)`);
    return { kind };
  }
  const bucket = env.S3_BUCKET ?? "";
  if (!bucket) throw new ConfigError("S3_BUCKET is required with BLOB_STORE=s3");
  // S3's bucket naming rules: 3-63 lowercase letters, digits, dots and hyphens, a letter or digit at each end.
  if (!/^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/.test(bucket)) {
    throw new ConfigError(`S3_BUCKET must be a bucket name (3-63 of a-z, 0-9, ".", "-"), got "${bucket}"`);
  }
  const region = env.S3_REGION || "us-east-1";
  if (!/^[a-z0-9-]{1,64}$/.test(region)) throw new ConfigError(`S3_REGION must be a region name, got "${region}"`);
  const prefix = env.S3_PREFIX ?? "";
  if (prefix.length > 512 || !/^(?:[\w!.*'()-]+\/)*[\w!.*'()-]*$/.test(prefix)) {
    throw new ConfigError(
      `S3_PREFIX must be key segments of letters, digits and !_.*'()- joined by single "/" (no leading "/"), got "${prefix}"`,
    );
  }
  return {
    kind,
    bucket,
    endpoint: url(env, "S3_ENDPOINT", /^https?:$/),
    region,
    forcePathStyle: oneOf(env, "S3_FORCE_PATH_STYLE", ["true", "false"], "false") === "true",
    prefix: prefix === "" || prefix.endsWith("/") ? prefix : `${prefix}/`,
  };
}

/** A date, a time and its offset (`Z` or `±hh:mm`): without one, `Date` would read the server's local time. */
const RFC3339_INSTANT = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?(Z|[+-]\d{2}:\d{2})$/i;

function sunsetsOf(env: Env): Record<string, Date> {
  const sunsets: Record<string, Date> = {};
  for (const { name, deprecated } of versions) {
    const setting = `API_${name.toUpperCase()}_SUNSET`;
    const raw = env[setting];
    if (!raw) continue;
    if (deprecated === undefined)
      throw new ConfigError(`${setting}: ${name} is not deprecated (spec/versions.json), so it has no sunset`);
    const at = new Date(raw);
    if (!RFC3339_INSTANT.test(raw) || Number.isNaN(at.getTime()))
      throw new ConfigError(`${setting} must be an RFC 3339 instant such as 2027-06-30T00:00:00Z, got "${raw}"`);
    sunsets[name] = at;
  }
  return sunsets;
}

function url(env: Env, name: string, protocol: RegExp): string | undefined {
  const raw = env[name];
  if (!raw) return undefined;
  if (!URL.canParse(raw) || !protocol.test(new URL(raw).protocol))
    throw new ConfigError(`${name} is not a valid URL of its kind (the value is not shown: it may hold a password)`);
  return raw;
}

function oneOf<T extends string>(env: Env, name: string, values: readonly T[], fallback: T): T {
  const value = env[name] || fallback;
  if (!values.includes(value as T))
    throw new ConfigError(`${name} must be one of ${values.join(", ")}, got "${value}"`);
  return value as T;
}

function flag(env: Env, name: string): boolean {
  const raw = env[name];
  if (raw === undefined || raw === "" || raw === "0" || raw === "false") return false;
  if (raw === "1" || raw === "true") return true;
  throw new ConfigError(`${name} must be 1/true or 0/false, got "${raw}"`);
}

function integer(env: Env, name: string, fallback: number, min: number, max: number): number {
  const raw = env[name];
  if (raw === undefined || raw === "") return fallback;
  const value = Number(raw);
  if (!/^\d+$/.test(raw) || value < min || value > max) {
    throw new ConfigError(`${name} must be a whole number from ${min} to ${max}, got "${raw}"`);
  }
  return value;
}

function trustProxy(raw: string | undefined): boolean | number | string[] {
  const value = (raw ?? "").trim();
  if (value === "" || value === "false") return false;
  if (value === "true") return true;
  if (/^\d{1,3}$/.test(value)) return Number(value);
  const proxies = commaList(value);
  try {
    // Express's own parser of `trust proxy` lists, so what starts is what it accepts.
    proxyaddr.compile(proxies);
  } catch (err) {
    throw new ConfigError(
      `TRUST_PROXY must be true, false, the number of proxies in front (0-999), or a comma list of the proxies' addresses, CIDR ranges and loopback/linklocal/uniquelocal: ${(err as Error).message}`,
    );
  }
  return proxies;
}

const commaList = (value: string | undefined) =>
  (value ?? "")
    .split(",")
    .map((item) => item.trim())
    .filter(Boolean);
