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
}

export class ConfigError extends Error {}

type Env = Record<string, string | undefined>;

/** Reads and validates the configuration once; a bad value fails with a message naming the variable. */
export function loadConfig(env: Env = process.env): Config {
  const host = env.HOST || "127.0.0.1";
  const port = integer(env, "PORT", 8080, 0, 65535);
  const databaseUrl = env.DATABASE_URL || undefined;
  if (databaseUrl && !/^postgres(ql)?:\/\//.test(databaseUrl)) {
    throw new ConfigError("DATABASE_URL must be a postgres:// or postgresql:// URL");
  }
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
    dataDir: resolve(env.DATA_DIR || ".data"),
    databaseUrl,
    publicBaseUrl,
    maxUploadBytes: integer(env, "MAX_UPLOAD_BYTES", 100 * 1024 * 1024, 1, Number.MAX_SAFE_INTEGER),
    binRetentionDays: integer(env, "BIN_RETENTION_DAYS", 30, 1, 36500),
    logLevel,
  };
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
