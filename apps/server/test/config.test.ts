import { describe, expect, test } from "vitest";
import { ConfigError, loadConfig } from "../src/config.js";

describe("loadConfig", () => {
  test("when nothing is set, then the embedded defaults apply", () => {
    const config = loadConfig({ INIT_CWD: "/srv/vault" });
    expect(config).toMatchObject({
      host: "127.0.0.1",
      port: 8080,
      dataDir: "/srv/vault/.data",
      databaseUrl: undefined,
      publicBaseUrl: undefined,
      maxUploadBytes: 100 * 1024 * 1024,
      binRetentionDays: 30,
      idempotencyTtlSeconds: 86_400,
      idempotencyLeaseSeconds: 300,
      rateLimitWindowMs: 60_000,
      unlockWindowMs: 15 * 60_000,
      readinessCacheMs: 1000,
      tusLeaseMs: 15_000,
      corsOrigins: [],
      workers: 1,
      // Not a terminal under the test runner: one JSON object a line.
      logFormat: "json",
      databaseStatementTimeoutMs: 30_000,
      databaseLockTimeoutMs: 10_000,
      webhookTimeoutMs: 10_000,
      webhookBreakerTimeoutMs: 2000,
      webhookLeaseMs: 15_000,
      webhookRetryDelaysMs: [5000, 300_000, 1_800_000, 7_200_000, 18_000_000, 36_000_000, 36_000_000],
      webhookDisableAfterSeconds: 5 * 24 * 3600,
      webhookMaxWaitSeconds: 24 * 3600,
      lazyValidators: false,
    });
    expect(loadConfig({ LOG_FORMAT: "pretty" }).logFormat).toBe("pretty");
    expect(loadConfig({ LAZY_VALIDATORS: "1" }).lazyValidators).toBe(true);
  });

  test("when the first retry delays and a lease are set, then the schedule's rest stays as by default", () => {
    const env = { WEBHOOK_RETRY_DELAYS_MS: "200, 300000", WEBHOOK_TIMEOUT_MS: "1000", WEBHOOK_LEASE_MS: "1500" };
    expect(loadConfig(env)).toMatchObject({
      webhookRetryDelaysMs: [200, 300_000, 1_800_000, 7_200_000, 18_000_000, 36_000_000, 36_000_000],
      webhookLeaseMs: 1500,
    });
  });

  test.each([
    ["PORT", "80a"],
    ["PORT", "70000"],
    ["DATABASE_URL", "mysql://x"],
    ["PUBLIC_BASE_URL", "ftp://example.com"],
    ["MAX_UPLOAD_BYTES", "-1"],
    ["BIN_RETENTION_DAYS", "0"],
    ["FILE_VERSIONS_KEEP", "0"],
    ["ARCHIVE_MAX_ENTRIES", "0"],
    ["ARCHIVE_MAX_BYTES", "lots"],
    ["LOG_LEVEL", "loud"],
    ["LOG_FORMAT", "yaml"],
    ["DATABASE_STATEMENT_TIMEOUT_MS", "5"],
    ["DATABASE_LOCK_TIMEOUT_MS", "soon"],
    ["REDIS_URL", "http://x"],
    ["WORKERS", "0"],
    // A try must end within its claim's lease (15 s).
    ["WEBHOOK_TIMEOUT_MS", "20000"],
    ["WEBHOOK_BREAKER_TIMEOUT_MS", "0"],
    ["WEBHOOK_DISABLE_AFTER_SECONDS", "0"],
    ["WEBHOOK_MAX_WAIT_SECONDS", "a day"],
    ["WEBHOOK_LEASE_MS", "50"],
    ["WEBHOOK_RETRY_DELAYS_MS", "5s"],
    ["WEBHOOK_RETRY_DELAYS_MS", "200,10"],
    ["WEBHOOK_RETRY_DELAYS_MS", "1,2,3,4,5,6,7,8".replace(/\d/g, "200")],
    ["RATE_LIMIT_FAILED_AUTH_PER_MINUTE", "0"],
    ["IDEMPOTENCY_TTL_SECONDS", "0"],
    ["IDEMPOTENCY_LEASE_SECONDS", "1h"],
    ["IDEMPOTENCY_LEASE_SECONDS", "0.05"],
    ["IDEMPOTENCY_TTL_SECONDS", ".5"],
    ["RATE_LIMIT_WINDOW_MS", "10"],
    ["UNLOCK_WINDOW_MS", "a minute"],
    ["READINESS_CACHE_MS", "0"],
    ["TUS_LEASE_MS", "50"],
    ["TRUST_PROXY", "yes"],
    ["TRUST_PROXY", "-1"],
    ["TRUST_PROXY", "10.0.0.0/33"],
    ["TRUST_PROXY", "10.1, 127.0.0.1"],
    ["TRUST_PROXY", "127.0.0.1/8/8"],
    ["TRUST_PROXY", "10.0.0.0/0"],
    ["VAULT_SECRET_KEY", "0123456789abcdef"],
    ["VAULT_SECRET_KEY_PREVIOUS", "z".repeat(64)],
    // Without an offset it would be the server's local time.
    ["API_V1_SUNSET", "2027-06-30T00:00:00"],
    ["API_V1_SUNSET", "June 2027"],
    // v2 is not deprecated: a sunset of it would never be sent.
    ["API_V2_SUNSET", "2027-06-30T00:00:00Z"],
  ])("when %s=%s, then start-up fails with a message naming it", (name, value) => {
    expect(() => loadConfig({ [name]: value })).toThrow(ConfigError);
    expect(() => loadConfig({ [name]: value })).toThrow(name);
  });

  test("when PostgreSQL runs with NODE_ENV=production, then a root key is required, named", () => {
    const production = { DATABASE_URL: "postgres://u@db:5432/vault", NODE_ENV: "production" };
    expect(() => loadConfig(production)).toThrow(/^VAULT_SECRET_KEY \(or VAULT_SECRET_KEY_FILE\) is required/);
    const key = "ab".repeat(32);
    expect(loadConfig({ ...production, VAULT_SECRET_KEY: key }).rootKey.current).toEqual({
      setting: "VAULT_SECRET_KEY",
      hex: key,
    });
    expect(loadConfig({ ...production, VAULT_SECRET_KEY_FILE: "/run/secrets/vault" }).rootKey.current).toEqual({
      setting: "VAULT_SECRET_KEY_FILE",
      file: "/run/secrets/vault",
    });
    expect(() => loadConfig({ VAULT_SECRET_KEY: key, VAULT_SECRET_KEY_FILE: "/k" })).toThrow(/exclude each other/);
    // The embedded quick start needs no setting.
    expect(loadConfig({ NODE_ENV: "production" }).rootKey).toEqual({ current: undefined, previous: undefined });
  });

  test("when values are given, then they are used", () => {
    const config = loadConfig({
      PORT: "0",
      DATABASE_URL: "postgres://u@db:5432/vault",
      PUBLIC_BASE_URL: "https://vault.example/",
      CORS_ORIGINS: "https://a.example, https://b.example",
    });
    expect(config).toMatchObject({
      port: 0,
      databaseUrl: "postgres://u@db:5432/vault",
      publicBaseUrl: "https://vault.example",
      corsOrigins: ["https://a.example", "https://b.example"],
    });
  });

  test("when TRUST_PROXY is a hop count, a flag or proxies' addresses, then it is Express's trust proxy", () => {
    expect(loadConfig({}).trustProxy).toBe(false);
    expect(loadConfig({ TRUST_PROXY: "1" }).trustProxy).toBe(1);
    expect(loadConfig({ TRUST_PROXY: "true" }).trustProxy).toBe(true);
    expect(loadConfig({ TRUST_PROXY: "loopback, 10.0.0.0/8, 192.0.2.7, fd00::/8" }).trustProxy).toEqual([
      "loopback",
      "10.0.0.0/8",
      "192.0.2.7",
      "fd00::/8",
    ]);
  });

  test("when a test shortens the windows and leases it waits on, then fractions of a second are taken", () => {
    expect(
      loadConfig({
        IDEMPOTENCY_TTL_SECONDS: "0.2",
        IDEMPOTENCY_LEASE_SECONDS: "0.25",
        RATE_LIMIT_WINDOW_MS: "1500",
        UNLOCK_WINDOW_MS: "200",
        READINESS_CACHE_MS: "800",
      }),
    ).toMatchObject({
      idempotencyTtlSeconds: 0.2,
      idempotencyLeaseSeconds: 0.25,
      rateLimitWindowMs: 1500,
      unlockWindowMs: 200,
      readinessCacheMs: 800,
    });
  });

  test("when only RATE_LIMIT_PER_MINUTE is set, then the failed-authentication budget is the same", () => {
    expect(loadConfig({})).toMatchObject({ rateLimitPerMinute: 600, failedAuthPerMinute: 600 });
    expect(loadConfig({ RATE_LIMIT_PER_MINUTE: "40" })).toMatchObject({
      rateLimitPerMinute: 40,
      failedAuthPerMinute: 40,
    });
    expect(
      loadConfig({ RATE_LIMIT_PER_MINUTE: "40", RATE_LIMIT_FAILED_AUTH_PER_MINUTE: "5" }).failedAuthPerMinute,
    ).toBe(5);
  });
});

describe("loadConfig: the blob store", () => {
  const s3 = { BLOB_STORE: "s3", S3_BUCKET: "vault-files" };

  test("when BLOB_STORE is not set, then blobs go to the disk", () => {
    expect(loadConfig({}).blobStore).toEqual({ kind: "fs" });
  });

  test("when BLOB_STORE=s3 with a bucket only, then AWS's defaults apply", () => {
    expect(loadConfig(s3).blobStore).toEqual({
      kind: "s3",
      bucket: "vault-files",
      endpoint: undefined,
      region: "us-east-1",
      forcePathStyle: false,
      prefix: "",
    });
  });

  test("when every S3 setting is given, then each is used and the prefix becomes a folder", () => {
    const config = loadConfig({
      ...s3,
      S3_ENDPOINT: "http://127.0.0.1:7480",
      S3_REGION: "eu-west-2",
      S3_FORCE_PATH_STYLE: "true",
      S3_PREFIX: "prod/vault",
    });
    expect(config.blobStore).toEqual({
      kind: "s3",
      bucket: "vault-files",
      endpoint: "http://127.0.0.1:7480",
      region: "eu-west-2",
      forcePathStyle: true,
      prefix: "prod/vault/",
    });
    expect(loadConfig({ ...s3, S3_PREFIX: "vault/" }).blobStore).toMatchObject({ prefix: "vault/" });
  });

  test.each([
    [{ BLOB_STORE: "minio" }, "BLOB_STORE"],
    [{ BLOB_STORE: "s3" }, "S3_BUCKET is required"],
    [{ ...s3, S3_BUCKET: "Vault_Files" }, "S3_BUCKET"],
    [{ ...s3, S3_BUCKET: "ab" }, "S3_BUCKET"],
    [{ ...s3, S3_ENDPOINT: "127.0.0.1:7480" }, "S3_ENDPOINT"],
    [{ ...s3, S3_ENDPOINT: "ftp://store" }, "S3_ENDPOINT"],
    [{ ...s3, S3_REGION: "EU West" }, "S3_REGION"],
    [{ ...s3, S3_FORCE_PATH_STYLE: "yes" }, "S3_FORCE_PATH_STYLE"],
    [{ ...s3, S3_PREFIX: "/vault" }, "S3_PREFIX"],
    [{ ...s3, S3_PREFIX: "a//b" }, "S3_PREFIX"],
    [{ ...s3, S3_PREFIX: "a b" }, "S3_PREFIX"],
    [{ ...s3, S3_PREFIX: "x".repeat(513) }, "S3_PREFIX"],
    [{ ...s3, MAX_UPLOAD_BYTES: String(5 * 1024 ** 3 + 1) }, "MAX_UPLOAD_BYTES"],
    [{ S3_BUCKET: "vault-files" }, "S3_BUCKET is set but BLOB_STORE is not s3"],
    // The breaker's timeout shortens a try's; one longer than the try's own would lengthen it.
    [{ WEBHOOK_TIMEOUT_MS: "1000", WEBHOOK_BREAKER_TIMEOUT_MS: "1500" }, "WEBHOOK_BREAKER_TIMEOUT_MS"],
    // A try that times out is kept while its lease holds.
    [{ WEBHOOK_LEASE_MS: "14000" }, "WEBHOOK_LEASE_MS"],
    [{ WEBHOOK_TIMEOUT_MS: "1000", WEBHOOK_LEASE_MS: "1400" }, "WEBHOOK_LEASE_MS"],
  ])("when %o, then start-up fails naming %s", (env, message) => {
    expect(() => loadConfig(env)).toThrow(ConfigError);
    expect(() => loadConfig(env)).toThrow(message);
  });

  test("when a prefix is long and nearly valid, then it is refused at once (no backtracking)", () => {
    const started = performance.now();
    expect(() => loadConfig({ ...s3, S3_PREFIX: `${"a".repeat(500)} ` })).toThrow("S3_PREFIX");
    expect(performance.now() - started).toBeLessThan(50);
  });

  test("when API_V1_SUNSET is an RFC 3339 instant, then it is v1's sunset", () => {
    expect(loadConfig({ API_V1_SUNSET: "2027-06-30T02:00:00+02:00" }).sunsets).toEqual({
      v1: new Date("2027-06-30T00:00:00Z"),
    });
    expect(loadConfig({}).sunsets).toEqual({});
  });
});
