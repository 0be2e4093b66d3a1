// Faults: a crash mid-upload or mid-duplicate loses nothing and leaves nothing half
// done; a dropped or unreachable database is a 503 and the service recovers on its own;
// heavy concurrency loses no update.
import pg from "pg";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { backends } from "./helpers/backends.js";
import { relayTo } from "./helpers/relay.js";
import { type Harness, serverOutput, startHarness } from "./helpers/server.js";
import { download, hangingUpload, sha256 } from "./helpers/vault.js";

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Counts that must be equal in a consistent store: rows and the bytes they point at. */
async function consistency(h: Harness) {
  const [row] = await h.query<{ folders: string; files: string; blobs: string; orphans: string }>(`
    select (select count(*) from folders) as folders, (select count(*) from files) as files,
           (select count(*) from blobs) as blobs,
           (select count(*) from files f where f.hash is not null and not exists (select 1 from blobs b where b.hash = f.hash)) as orphans`);
  return {
    folders: Number(row?.folders),
    files: Number(row?.files),
    blobs: Number(row?.blobs),
    orphans: Number(row?.orphans),
  };
}

describe.each(backends)("faults on $name", (backend) => {
  let h: Harness;
  beforeAll(async () => {
    // Killed with SIGKILL mid-request.
    h = await startHarness(backend, { inProcess: false });
  });
  afterAll(() => h?.stop());

  test("when the server is killed in the middle of a large upload, then after a restart the old content, rows and blobs are intact and no temp file or multipart upload remains", async () => {
    const client = h.client();
    const before = sha256(await download(client, h.users[0].file_id));
    const upload = hangingUpload(h, 256);
    while ((await h.tempFiles()).length === 0) await sleep(20);
    await sleep(200);
    await h.crashAndRestart();
    upload.abort();
    expect(await h.tempFiles()).toEqual([]);
    expect(sha256(await download(h.client(), h.users[0].file_id))).toBe(before);
    const state = await consistency(h);
    expect(state.orphans).toBe(0);
    expect(await h.storedBlobs()).toHaveLength(state.blobs);
  });

  test("when the server is killed in the middle of a large folder duplicate, then after a restart there is no half-copied tree", async () => {
    const [user] = h.users;
    const [{ hash } = { hash: "" }] = await h.query<{ hash: string }>(
      `select hash from files where id = '${user.file_id}'`,
    );
    const items = 4000;
    await h.query(`
      insert into folders (id, user_id, parent_id, name)
        select 'crash-' || g, ${user.id}, '${user.folder_id}', 'bulk ' || g from generate_series(1, ${items}) g;
      insert into files (id, user_id, folder_id, name, hash, extension)
        select 'crash-file-' || g, ${user.id}, 'crash-' || g, 'f.txt', '${hash}', 'txt' from generate_series(1, ${items}) g;`);
    const before = await consistency(h);
    const duplicate = h.client().POST("/evault/v1/folders/{id}/duplicate_folder/", {
      params: { path: { id: user.folder_id } },
      body: { name: "crash copy" },
    });
    duplicate.catch(() => {});
    await sleep(40);
    await h.crashAndRestart();
    const after = await consistency(h);
    const copied = after.folders - before.folders;
    // All or nothing: either no copy, or the whole subtree of the source.
    if (copied === 0) expect(after.files).toBe(before.files);
    else {
      const [{ subtree } = { subtree: "0" }] = await h.query<{ subtree: string }>(`
        with recursive sub as (select id from folders where id = '${user.folder_id}'
          union all select c.id from folders c join sub on c.parent_id = sub.id where not c.is_deleted)
        select count(*) as subtree from sub`);
      expect(copied).toBe(Number(subtree));
    }
    expect(after.orphans).toBe(0);
    const probe = await h
      .client()
      .PATCH("/evault/v1/file_shares/{id}/", { params: { path: { id: user.file_share_id } }, body: {} });
    expect(probe.response.status).toBe(200);
  }, 120_000);

  test("when 200 updates of one bank account run at once, then every one applies: no 5xx and no lost update", async () => {
    const [user] = h.users;
    const put = (reference: string) =>
      h.client().PUT("/banking/v1/ng/bank_accounts/{id}/", {
        params: { path: { id: user.bank_account_id } },
        body: { account_number: "8000000001", reference },
      });
    const start = Number((await put("start")).response.headers.get("etag")?.replaceAll('"', ""));
    const results = await Promise.all(Array.from({ length: 200 }, (_, i) => put(`concurrent-${i}`)));
    expect(results.map((r) => r.response.status).filter((s) => s !== 200)).toEqual([]);
    const versions = results.map((r) => Number(r.response.headers.get("etag")?.replaceAll('"', "")));
    expect(new Set(versions).size).toBe(200);
    expect(Math.max(...versions)).toBe(start + 200);
    const last = results.find((r) => Number(r.response.headers.get("etag")?.replaceAll('"', "")) === start + 200);
    const final = await put(last?.data?.reference ?? "");
    expect(Number(final.response.headers.get("etag")?.replaceAll('"', ""))).toBe(start + 201);
  }, 120_000);
});

const postgres = backends.filter((b) => b.name === "postgres");

describe.each(postgres)("a dropped database connection on $name", (backend) => {
  let h: Harness;
  beforeAll(async () => {
    h = await startHarness(backend);
  });
  afterAll(() => h?.stop());

  test("when PostgreSQL drops the connection mid-request, then 503 problem, and the next request succeeds without a restart", async () => {
    const [user] = h.users;
    const url = new URL(h.env.DATABASE_URL as string);
    const locker = new pg.Client({ connectionString: url.toString() });
    await locker.connect();
    await locker.query("begin");
    await locker.query("select 1 from bank_accounts where id = $1 for update", [user.bank_account_id]);
    const blocked = h.client().PUT("/banking/v1/ng/bank_accounts/{id}/", {
      params: { path: { id: user.bank_account_id } },
      body: { account_number: "8100000001" },
    });
    // Mid-request: the server's statement waits for the row lock the locker holds.
    const waiting = () =>
      locker.query("select 1 from pg_stat_activity where datname = current_database() and wait_event_type = 'Lock'");
    const settled = blocked.then(
      ({ response, error }) => `answered ${response.status} ${JSON.stringify(error ?? {})}`,
      (error: Error) => `failed: ${error.message} (${String(error.cause)})`,
    );
    for (let waited = 0; (await waiting()).rowCount === 0; waited += 20) {
      const early = await Promise.race([settled, sleep(20)]);
      if (early || waited > 10_000) {
        const tail = serverOutput.slice(-5).join("\n");
        throw new Error(`the PUT never waited on the row lock: ${early ?? "still pending"}; server said:\n${tail}`);
      }
    }
    await locker.query(
      "select pg_terminate_backend(pid) from pg_stat_activity where datname = current_database() and pid <> pg_backend_pid()",
    );
    const { response, error } = await blocked;
    expect(response.status).toBe(503);
    expect(error).toMatchObject({ status: 503, type: "urn:vault:problem:unavailable" });
    await locker.query("rollback");
    await locker.end();
    const again = await h.client().PUT("/banking/v1/ng/bank_accounts/{id}/", {
      params: { path: { id: user.bank_account_id } },
      body: { account_number: "8100000001" },
    });
    expect(again.response.status).toBe(200);
  });
});

describe.each(postgres)("an unreachable database on $name", (backend) => {
  let h: Harness;
  let relay: Awaited<ReturnType<typeof relayTo>>;
  beforeAll(async () => {
    h = await startHarness(backend);
    relay = await relayTo(h, "DATABASE_URL");
  });
  afterAll(async () => {
    await h?.stop();
    await relay?.cut();
  });

  test("when PostgreSQL cannot be reached, then requests get a 503 problem (not a 401), and once it is back they succeed", async () => {
    const [user] = h.users;
    const put = () =>
      h.client().PUT("/banking/v1/ng/bank_accounts/{id}/", {
        params: { path: { id: user.bank_account_id } },
        body: { account_number: "8200000001" },
      });
    expect((await put()).response.status).toBe(200);
    await relay.cut();
    const { response, error } = await put();
    expect(response.status).toBe(503);
    expect(error).toMatchObject({ status: 503, type: "urn:vault:problem:unavailable" });
    await relay.restore();
    expect((await put()).response.status).toBe(200);
  });
});
