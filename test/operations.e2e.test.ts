// What an operator relies on: structured logs with request ids and no secrets,
// health and readiness, Prometheus metrics, rate limiting, CORS, security headers.
import { randomUUID } from "node:crypto";
import { renameSync } from "node:fs";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { backends } from "./helpers/backends.js";
import { type Harness, serverOutput, startHarness } from "./helpers/server.js";

describe.each(backends)("operations on $name", (backend) => {
  let h: Harness;
  beforeAll(async () => {
    h = await startHarness(backend, {
      // Started as a deployment starts: every operation's validators compiled while it
      // serves, and its request log at info (the tests read it).
      env: {
        RATE_LIMIT_PER_MINUTE: "40",
        CORS_ORIGINS: "https://app.example",
        LAZY_VALIDATORS: "0",
        LOG_LEVEL: "info",
      },
    });
  });
  afterAll(() => h?.stop());

  test("when /healthz and /readyz are asked without a key, then /healthz is 200 at once and /readyz is 503 until the validators are compiled, then 200", async () => {
    // The harness resolves once the start's first sweep is done; the warm-up that began at `listening` takes seconds.
    const starting = await fetch(`${h.url}/readyz`);
    expect(await (await fetch(`${h.url}/healthz`)).json()).toEqual({ status: "ok" });
    expect(starting.status).toBe(503);
    expect(await starting.json()).toEqual({
      status: "unavailable",
      database: true,
      blob_store: true,
      validators: false,
    });
    await expect.poll(async () => (await fetch(`${h.url}/readyz`)).status, { timeout: 30_000 }).toBe(200);
    const ready = await fetch(`${h.url}/readyz`);
    expect(await ready.json()).toEqual({ status: "ready", database: true, blob_store: true, validators: true });
  });

  test("when operations have run, then /metrics counts them by operationId and status", async () => {
    await h
      .client()
      .PATCH("/evault/v1/file_shares/{id}/", { params: { path: { id: h.users[0].file_share_id } }, body: {} });
    const metrics = await (await fetch(`${h.url}/metrics`)).text();
    expect(metrics).toMatch(/vault_http_requests_total\{operation="updateFileShare",method="PATCH",status="200"\} \d+/);
    expect(metrics).toMatch(/vault_http_request_duration_seconds_bucket\{le="0.1",operation="updateFileShare"/);
    expect(metrics).toContain("vault_db_pool_total");
  });

  /** The request log's lines about the request with id `id` (sent as `X-Request-Id`). */
  const logged = async (id: string) => {
    await new Promise((resolve) => setTimeout(resolve, 200));
    return serverOutput.filter((line) => line.includes(`"${id}"`)).map((line) => JSON.parse(line));
  };
  const probe = (path: string, id: string) => fetch(`${h.url}${path}`, { headers: { "x-request-id": id } });

  test("when /healthz, /readyz and /metrics answer, then nothing is logged at info for them, while a user's request is", async () => {
    // Ids of this run only: the log holds every backend's servers of this file.
    for (const path of ["/healthz", "/readyz", "/metrics"]) {
      const id = `quiet-probe${path.replace("/", "-")}-${randomUUID()}`;
      expect((await probe(path, id)).status).toBe(200);
      expect(await logged(id)).toEqual([]);
    }
    const id = `user-request-logged-${randomUUID()}`;
    const { response } = await h.client().GET("/evault/v1/file_shares/{id}/", {
      params: { path: { id: h.users[0].file_share_id } },
      headers: { "x-request-id": id },
    });
    expect(response.status).toBe(200);
    expect(await logged(id)).toMatchObject([{ msg: "request completed", res: { statusCode: 200 } }]);
  });

  test.runIf(backend.blobs === "fs")(
    "when /readyz fails (the blob store's directory is gone), then its 503 is logged at info",
    async () => {
      const tmp = join(h.dataDir, "blobs", "tmp");
      renameSync(tmp, `${tmp}.away`);
      let id = "";
      try {
        // /readyz keeps its answer for a second (observability.ts): an earlier test's 200 may still be it.
        const failing = async () => {
          id = `failing-probe-${randomUUID()}`;
          return (await probe("/readyz", id)).status;
        };
        await expect.poll(failing, { timeout: 5000 }).toBe(503);
      } finally {
        renameSync(`${tmp}.away`, tmp);
      }
      expect(await logged(id)).toMatchObject([
        { level: 30, msg: "request completed", req: { url: "/readyz" }, res: { statusCode: 503 } },
      ]);
    },
  );

  test("when a request carries secrets, then the JSON log has its request id and none of the secrets", async () => {
    const password = "hunter2-very-secret";
    const { response } = await h.client().PATCH("/evault/v1/file_shares/{id}/", {
      params: { path: { id: h.users[0].file_share_id } },
      body: { password },
      headers: { "x-request-id": "log-check-1" },
    });
    expect(response.status).toBe(200);
    await new Promise((resolve) => setTimeout(resolve, 200));
    const line = serverOutput.find((l) => l.includes('"log-check-1"'));
    expect(line).toBeDefined();
    expect(JSON.parse(line ?? "{}")).toMatchObject({
      req: { id: "log-check-1", headers: { "api-key": "[redacted]" } },
      res: { statusCode: 200 },
    });
    const all = serverOutput.join("\n");
    expect(all).not.toContain(password);
    for (const user of h.users) expect(all).not.toContain(user.api_key);
  });

  test("when the key's budget is spent, then 429 with RateLimit and Retry-After headers and a problem", async () => {
    const client = h.client(h.users[1].api_key);
    const statuses: number[] = [];
    let last: Response | undefined;
    let problem: unknown;
    for (let i = 0; i < 45; i++) {
      const { response, error } = await client.PATCH("/evault/v1/file_shares/{id}/", {
        params: { path: { id: h.users[1].file_share_id } },
        body: {},
      });
      statuses.push(response.status);
      last = response;
      problem = error;
    }
    expect(statuses.slice(0, 40).every((s) => s === 200)).toBe(true);
    expect(statuses.slice(40).every((s) => s === 429)).toBe(true);
    expect(last?.headers.get("retry-after")).toMatch(/^\d+$/);
    expect(last?.headers.get("ratelimit")).toMatch(/r=0/);
    expect(problem).toMatchObject({ status: 429, type: "urn:vault:problem:too-many-requests" });
    // Another key has its own budget.
    const other = await h
      .client()
      .PATCH("/evault/v1/file_shares/{id}/", { params: { path: { id: h.users[0].file_share_id } }, body: {} });
    expect(other.response.status).toBe(200);
  });

  test("when an allowed origin asks, then CORS answers it; another origin gets no CORS headers", async () => {
    const preflight = (origin: string) =>
      fetch(`${h.url}/evault/v1/file_shares/x/`, {
        method: "OPTIONS",
        headers: {
          origin,
          "access-control-request-method": "PATCH",
          "access-control-request-headers": "api-key,content-type",
        },
      });
    const allowed = await preflight("https://app.example");
    expect(allowed.headers.get("access-control-allow-origin")).toBe("https://app.example");
    expect(allowed.headers.get("access-control-allow-methods")).toContain("PATCH");
    const denied = await preflight("https://evil.example");
    expect(denied.headers.get("access-control-allow-origin")).toBeNull();
  });

  test("when an allowed origin downloads a file, then its name, range and ETag headers are exposed to the page", async () => {
    const response = await fetch(`${h.url}/evault/v1/files/${h.users[0].file_id}/content/`, {
      headers: { origin: "https://app.example", "api-key": h.users[0].api_key, range: "bytes=0-0" },
    });
    expect(response.status).toBe(206);
    const exposed = (response.headers.get("access-control-expose-headers") ?? "").toLowerCase().split(/\s*,\s*/);
    expect(exposed).toEqual(expect.arrayContaining(["content-disposition", "content-range", "accept-ranges", "etag"]));
  });

  test("when any response is sent, then it carries security headers and no x-powered-by", async () => {
    const response = await fetch(`${h.url}/healthz`);
    expect(response.headers.get("x-content-type-options")).toBe("nosniff");
    expect(response.headers.get("content-security-policy")).toContain("default-src 'self'");
    expect(response.headers.get("x-powered-by")).toBeNull();
  });

  test("when the contract is asked for, then /openapi.json and /openapi.yaml serve it, naming this server", async () => {
    const json = await (await fetch(`${h.url}/openapi.json`)).json();
    expect(Object.keys(json.paths)).toContain("/banking/v1/ng/bank_accounts/{id}/");
    expect(json.servers).toEqual([{ url: h.url, description: "This server" }]);
    const yaml = await (await fetch(`${h.url}/openapi.yaml`)).text();
    expect(yaml).toContain("openapi: 3.0.0");
    expect(yaml).toContain(`- url: ${h.url}\n`);
    // Each version's own: /openapi.v1.json is the same document, /openapi.v2.json v2's.
    expect(await (await fetch(`${h.url}/openapi.v1.json`)).json()).toEqual(json);
    const v2 = await (await fetch(`${h.url}/openapi.v2.json`)).json();
    expect(v2.info.version).toBe("2.0.0");
    expect(Object.keys(v2.paths)).toContain("/banking/v2/ng/bank_accounts/{id}/");
    expect(v2.servers).toEqual([{ url: h.url, description: "This server" }]);
    expect(await (await fetch(`${h.url}/openapi.v2.yaml`)).text()).toContain("version: 2.0.0");
  });

  test("when PUBLIC_BASE_URL is set, then the served contract's server is that address", async () => {
    h.env.PUBLIC_BASE_URL = "https://vault.example:8443";
    await h.restart();
    try {
      const json = await (await fetch(`${h.url}/openapi.json`)).json();
      expect(json.servers).toEqual([{ url: "https://vault.example:8443", description: "This server" }]);
    } finally {
      delete h.env.PUBLIC_BASE_URL;
      await h.restart();
    }
  });
});
