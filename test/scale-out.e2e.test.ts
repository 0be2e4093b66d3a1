// Two server processes on one PostgreSQL, one Redis and one DATA_DIR behave as one service.
import { execFile } from "node:child_process";
import { resolve } from "node:path";
import { promisify } from "node:util";
import { createVaultClient, type VaultClient } from "@vault/client";
import { createClient } from "redis";
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

const postgresS3 = backends.find((b) => b.name === "postgres+s3");
if (!postgresS3 || !redisUrl)
  console.warn(
    "\n[e2e] PostgreSQL, S3 or Redis is missing: the two-process link test is SKIPPED (CI sets all three).\n",
  );

describe.runIf(postgresS3 && redisUrl)("share links across two processes on PostgreSQL, S3 and Redis", () => {
  let h: Harness;
  let b: Awaited<ReturnType<Harness["another"]>>;
  const bytes = Buffer.from(`shared across processes ${Math.random()}`);
  let fileId = "";
  /** The link of a new share of the uploaded file, made through the first process. */
  const linkOf = async (body: Record<string, unknown>) => {
    const { data } = await h.client().POST("/evault/v1/file_shares/", { body: { file: fileId, ...body } as never });
    return /\/links\/([^/]+)\/$/.exec(data?.link ?? "")?.[1] ?? "";
  };
  const anyone = (url: string) => createVaultClient({ baseUrl: url, retries: { max: 0 } });

  beforeAll(async () => {
    // A fresh link budget for this address: an earlier run's, within its minute, would be spent.
    const redis = await createClient({ url: redisUrl }).connect();
    const spent = await redis.keys("vault:rl-link:*");
    if (spent.length > 0) await redis.del(spent);
    await redis.quit();
    h = await startHarness(postgresS3 as NonNullable<typeof postgresS3>, {
      env: { REDIS_URL: redisUrl as string, LINK_RATE_LIMIT_PER_MINUTE: "20" },
    });
    b = await h.another();
    const { data } = await h.client().POST("/evault/v1/files/", {
      body: { file: new File([bytes], "across.txt"), folder: h.users[0].folder_id },
    });
    fileId = data?.id ?? "";
  });
  afterAll(async () => {
    await b?.stop();
    await h?.stop();
  });

  test("when a link is made on one process, then the other opens it and serves its bytes from S3; an unlock from either works on both", async () => {
    const token = await linkOf({ access: "public" });
    const opened = await anyone(b.url).GET("/evault/v1/links/{token}/", { params: { path: { token } } });
    expect(opened.data).toMatchObject({ kind: "file", name: "across.txt", size: bytes.length });
    const content = await anyone(b.url).GET("/evault/v1/links/{token}/content/", {
      params: { path: { token } },
      parseAs: "arrayBuffer",
    });
    expect(Buffer.from(content.data ?? new ArrayBuffer(0)).equals(bytes)).toBe(true);

    const locked = await linkOf({ access: "public", password: "two processes" });
    const unlocked = await anyone(h.url).POST("/evault/v1/links/{token}/unlock/", {
      params: { path: { token: locked } },
      body: { password: "two processes" },
    });
    const authorization = `Bearer ${unlocked.data?.access_token}`;
    const viaOther = await anyone(b.url).GET("/evault/v1/links/{token}/", {
      params: { path: { token: locked }, header: { Authorization: authorization } },
    });
    expect(viaOther.response.status).toBe(200);
    // A browser's form unlock on the second process: its cookie opens the link on the first.
    const form = await fetch(`${b.url}/evault/v1/links/${locked}/unlock/`, {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded", accept: "text/html" },
      body: "password=two+processes",
      redirect: "manual",
    });
    expect(form.status).toBe(303);
    const cookie = (form.headers.get("set-cookie") ?? "").split(";")[0] ?? "";
    const page = await fetch(`${h.url}/evault/v1/links/${locked}/`, { headers: { accept: "text/html", cookie } });
    expect(page.status).toBe(200);
    expect(await page.text()).toContain("across.txt");
  });

  test("when anonymous link requests come from one address to both processes, then they spend one budget in Redis", async () => {
    const token = await linkOf({ access: "public" });
    const open = async (url: string) =>
      (await anyone(url).GET("/evault/v1/links/{token}/", { params: { path: { token } } })).response;
    // What is left of this address's budget (the first test spent some of it), in a
    // window that does not end during the test.
    const budget = async () => {
      const header = (await open(h.url)).headers.get("ratelimit") ?? "";
      return { left: Number(/;\s*r=(\d+)/.exec(header)?.[1]), resetSeconds: Number(/;\s*t=(\d+)/.exec(header)?.[1]) };
    };
    let { left, resetSeconds } = await budget();
    if (resetSeconds < 10) {
      await new Promise((done) => setTimeout(done, (resetSeconds + 1) * 1000));
      ({ left, resetSeconds } = await budget());
    }
    expect(left).toBeGreaterThan(2);
    const statuses: number[] = [];
    for (let i = 0; i < left + 2; i++) statuses.push((await open(i % 2 === 0 ? b.url : h.url)).status);
    expect(statuses.filter((s) => s === 200)).toHaveLength(left);
    expect(statuses.slice(left)).toEqual([429, 429]);
  });
});
