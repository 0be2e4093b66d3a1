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
      corsOrigins: [],
      workers: 1,
      // Not a terminal under the test runner: one JSON object a line.
      logFormat: "json",
      databaseStatementTimeoutMs: 30_000,
      databaseLockTimeoutMs: 10_000,
    });
    expect(loadConfig({ LOG_FORMAT: "pretty" }).logFormat).toBe("pretty");
  });

  test.each([
    ["PORT", "80a"],
    ["PORT", "70000"],
    ["DATABASE_URL", "mysql://x"],
    ["PUBLIC_BASE_URL", "ftp://example.com"],
    ["MAX_UPLOAD_BYTES", "-1"],
    ["BIN_RETENTION_DAYS", "0"],
    ["LOG_LEVEL", "loud"],
    ["LOG_FORMAT", "yaml"],
    ["DATABASE_STATEMENT_TIMEOUT_MS", "5"],
    ["DATABASE_LOCK_TIMEOUT_MS", "soon"],
    ["REDIS_URL", "http://x"],
    ["WORKERS", "0"],
    ["RATE_LIMIT_FAILED_AUTH_PER_MINUTE", "0"],
    ["IDEMPOTENCY_TTL_SECONDS", "0"],
    ["IDEMPOTENCY_LEASE_SECONDS", "1h"],
  ])("when %s=%s, then start-up fails with a message naming it", (name, value) => {
    expect(() => loadConfig({ [name]: value })).toThrow(ConfigError);
    expect(() => loadConfig({ [name]: value })).toThrow(name);
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
