// Two server processes on one PostgreSQL, one Redis and one DATA_DIR behave as one service.
import { execFile } from "node:child_process";
import { resolve } from "node:path";
import { promisify } from "node:util";
import type { VaultClient } from "@vault/client";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { backends } from "./helpers/backends.js";
import { type Harness, startHarness } from "./helpers/server.js";

const postgres = backends.find((b) => b.name === "postgres");
const redisUrl = process.env.TEST_REDIS_URL;
if (!postgres || !redisUrl)
  console.warn(
    "\n[e2e] TEST_DATABASE_URL or TEST_REDIS_URL is not set: the two-process test is SKIPPED (CI sets both).\n",
  );

describe.runIf(postgres && redisUrl)("two processes on PostgreSQL and Redis", () => {
  let h: Harness;
  let b: Awaited<ReturnType<Harness["another"]>>;
  const clients = (apiKey?: string): [VaultClient, VaultClient] => [h.client(apiKey), b.client(apiKey)];

  beforeAll(async () => {
    h = await startHarness(postgres as NonNullable<typeof postgres>, {
      env: { REDIS_URL: redisUrl as string, RATE_LIMIT_PER_MINUTE: "10" },
      seedRuns: 3,
    });
    b = await h.another();
  });
  afterAll(async () => {
    await b?.stop();
    await h?.stop();
  });

  const share = (client: VaultClient, user = h.users[0]) =>
    client.PATCH("/evault/v1/file_shares/{id}/", { params: { path: { id: user.file_share_id } }, body: {} });

  test("when either process is asked, then both serve the same data", async () => {
    const [a, second] = clients(h.users[2]?.api_key);
    const user = h.users[2] ?? h.users[0];
    const viaA = await a.PATCH("/evault/v1/file_shares/{id}/", {
      params: { path: { id: user.file_share_id } },
      body: { access: "public" },
    });
    expect(viaA.response.status).toBe(200);
    const viaB = await share(second, user);
    expect(viaB.response.status).toBe(200);
    expect(viaB.data?.access).toBe("public");
    expect(b.url).not.toBe(h.url);
  });

  test("when one key is used on both processes, then they share one rate-limit budget", async () => {
    const [a, second] = clients(h.users[1].api_key);
    const statuses: number[] = [];
    for (let i = 0; i < 7; i++) {
      statuses.push((await share(a, h.users[1])).response.status, (await share(second, h.users[1])).response.status);
    }
    expect(statuses.filter((s) => s === 200)).toHaveLength(10);
    expect(statuses.filter((s) => s === 429)).toHaveLength(4);
  });

  test("when concurrent If-Match writes hit both processes, then exactly one wins", async () => {
    const user = h.users[3] ?? h.users[0];
    const [a, second] = clients(user.api_key);
    const put = (client: VaultClient, ifMatch: string, reference: string) =>
      client.PUT("/banking/v1/ng/bank_accounts/{id}/", {
        params: { path: { id: user.bank_account_id }, header: { "If-Match": ifMatch } },
        body: { account_number: "6000000001", reference },
      });
    const first = await a.PUT("/banking/v1/ng/bank_accounts/{id}/", {
      params: { path: { id: user.bank_account_id } },
      body: { account_number: "6000000001" },
    });
    const etag = first.response.headers.get("etag") ?? "";
    const results = await Promise.all(Array.from({ length: 8 }, (_, i) => put(i % 2 ? a : second, etag, `r${i}`)));
    const statuses = results.map((r) => r.response.status);
    expect(statuses.filter((s) => s === 200)).toHaveLength(1);
    expect(statuses.filter((s) => s === 412)).toHaveLength(7);
  });

  test("when a file is uploaded through one process, then the other downloads the same bytes", async () => {
    const user = h.users[2] ?? h.users[0];
    const [a, second] = clients(user.api_key);
    const bytes = new TextEncoder().encode(`shared across processes ${Date.now()}\n`);
    const upload = await a.PUT("/evault/v1/files/{id}/", {
      params: { path: { id: user.file_id } },
      body: { file: new File([bytes], "shared.txt", { type: "text/plain" }) },
    });
    expect(upload.response.status).toBe(200);
    const download = await second.GET("/evault/v1/files/{id}/content/", {
      params: { path: { id: user.file_id } },
      parseAs: "arrayBuffer",
    });
    expect(download.response.status).toBe(200);
    expect(new Uint8Array(download.data as ArrayBuffer)).toEqual(bytes);
  });

  test("when a key is revoked, then both processes refuse it at once", async () => {
    // A user no other test spends the rate-limit budget of.
    const user = h.users[4] ?? h.users[0];
    const [a, second] = clients(user.api_key);
    expect((await share(a, user)).response.status).toBe(200);
    const run = promisify(execFile);
    const prefix = user.api_key.split("_")[1] ?? "";
    await run(process.execPath, ["dist/cli/keys.js", "revoke", prefix], {
      cwd: resolve(import.meta.dirname, "../apps/server"),
      env: h.env,
    });
    expect((await share(a, user)).response.status).toBe(401);
    expect((await share(second, user)).response.status).toBe(401);
  });

  test("when the connection that hears revocations drops, then a key revoked meanwhile is refused all the same", async () => {
    const user = h.users[5] ?? h.users[0];
    const [a] = clients(user.api_key);
    // Found valid, so remembered by the process.
    expect((await share(a, user)).response.status).toBe(200);
    await h.query(
      "select pg_terminate_backend(pid) from pg_stat_activity where datname = current_database() and query ilike 'listen %'",
    );
    await new Promise((resolve) => setTimeout(resolve, 200));
    // A revocation nobody hears: no process is listening now.
    const prefix = user.api_key.split("_")[1] ?? "";
    await h.query(`update api_keys set revoked_at = now() where prefix = '${prefix}'`);
    expect((await share(a, user)).response.status).toBe(401);
  });
});
