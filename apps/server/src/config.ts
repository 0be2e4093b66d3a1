import { resolve } from "node:path";

export interface Config {
  host: string;
  port: number;
  dataDir: string;
  databaseUrl: string | undefined;
  /** The absolute URL clients reach the service at (download links are built from it); by default the listening address. */
  publicBaseUrl: string | undefined;
  maxUploadBytes: number;
  binRetentionDays: number;
  logLevel: string;
  /** Requests per minute per api key (per client address without a key). */
  rateLimitPerMinute: number;
  /** Redis for a rate-limit budget shared by several processes; in-process counting without it. */
  redisUrl: string | undefined;
  /** Origins allowed by CORS; empty means CORS is off. */
  corsOrigins: string[];
  /** When set, health, readiness and metrics are served only on this port. */
  adminPort: number | undefined;
  /** How long a request (including an upload) may take to arrive. */
  requestTimeoutMs: number;
  /** Server processes sharing the port (cluster mode). */
  workers: number;
}

export class ConfigError extends Error {}

type Env = Record<string, string | undefined>;

/** Reads and validates the configuration once; a bad value fails with a message naming the variable. */
export function loadConfig(env: Env = process.env): Config {
  const host = env.HOST || "127.0.0.1";
  const port = integer(env, "PORT", 8080, 0, 65535);
  const databaseUrl = url(env, "DATABASE_URL", /^postgres(ql)?:$/);
  const publicBaseUrl = env.PUBLIC_BASE_URL ? env.PUBLIC_BASE_URL.replace(/\/+$/, "") : undefined;
  if (
    publicBaseUrl !== undefined &&
    (!URL.canParse(publicBaseUrl) || !/^https?:$/.test(new URL(publicBaseUrl).protocol))
  ) {
    throw new ConfigError(`PUBLIC_BASE_URL must be an absolute http(s) URL, got "${env.PUBLIC_BASE_URL}"`);
  }
  const logLevel = env.LOG_LEVEL || "info";
  if (!["fatal", "error", "warn", "info", "debug", "trace", "silent"].includes(logLevel)) {
    throw new ConfigError(`LOG_LEVEL must be one of fatal, error, warn, info, debug, trace, silent; got "${logLevel}"`);
  }
  return {
    host,
    port,
    // Relative to where npm was invoked, so `npm start` at the root uses ./.data there.
    dataDir: resolve(env.INIT_CWD || process.cwd(), env.DATA_DIR || ".data"),
    databaseUrl,
    publicBaseUrl,
    maxUploadBytes: integer(env, "MAX_UPLOAD_BYTES", 100 * 1024 * 1024, 1, Number.MAX_SAFE_INTEGER),
    binRetentionDays: integer(env, "BIN_RETENTION_DAYS", 30, 1, 36500),
    logLevel,
    rateLimitPerMinute: integer(env, "RATE_LIMIT_PER_MINUTE", 600, 1, 1_000_000),
    redisUrl: url(env, "REDIS_URL", /^rediss?:$/),
    corsOrigins: (env.CORS_ORIGINS ?? "")
      .split(",")
      .map((origin) => origin.trim())
      .filter(Boolean),
    adminPort: env.ADMIN_PORT ? integer(env, "ADMIN_PORT", 0, 1, 65535) : undefined,
    requestTimeoutMs: integer(env, "REQUEST_TIMEOUT_MS", 120_000, 1000, 3_600_000),
    workers: integer(env, "WORKERS", 1, 1, 64),
  };
}

function url(env: Env, name: string, protocol: RegExp): string | undefined {
  const raw = env[name];
  if (!raw) return undefined;
  if (!URL.canParse(raw) || !protocol.test(new URL(raw).protocol))
    throw new ConfigError(`${name} is not a valid URL: "${raw}"`);
  return raw;
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
