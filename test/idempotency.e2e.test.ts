// Idempotency-Key on every POST: a retry with the same key gets the first answer back
// (Idempotent-Replayed: true) and the work is done once.
import pg from "pg";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { backends } from "./helpers/backends.js";
import { type Harness, type SeededUser, startHarness } from "./helpers/server.js";
import { inspectFile, inspectFolder } from "./helpers/vault.js";

const DUPLICATE = "/evault/v1/folders/{id}/duplicate_folder/" as const;
const RESTORE = "/evault/v1/bins/{id}/restore/" as const;
const REPLAYED = "Idempotent-Replayed";

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

let keys = 0;
/** A key of its own for each request series. */
const newKey = () => `test-key-${Date.now()}-${++keys}`;

/** The POSTs of the contract, sent with a key, for any harness. */
function posts(h: Harness) {
  const duplicate = (by: SeededUser, key: string, body: { folder?: string; name?: string }, id = by.folder_id) =>
    h.client(by.api_key).POST(DUPLICATE, { params: { path: { id }, header: { "Idempotency-Key": key } }, body });
  const restore = (by: SeededUser, key: string, body: { tags: { name: string }[] }, id = by.bin_id) =>
    h.client(by.api_key).POST(RESTORE, { params: { path: { id }, header: { "Idempotency-Key": key } }, body });
  /** The ids of the folders directly in one of the caller's folders. */
  const children = async (by: SeededUser, folderId: string) =>
    (await inspectFolder(h.client(by.api_key), folderId)).folderIds;
  return { duplicate, restore, children };
}

describe.each(backends)("Idempotency-Key on $name", (backend) => {
  let h: Harness;
  beforeAll(async () => {
    h = await startHarness(backend, { env: { CORS_ORIGINS: "https://app.example" } });
  });
  afterAll(() => h?.stop());

  const ada = () => h.users[0];
  const bob = () => h.users[1];
  /** Ada's Documents copied into her Projects folder, so the copies can be counted there. */
  const intoProjects = (name: string) => ({ folder: ada().projects_folder_id, name });

  test("when a folder duplicate is sent twice with one key, then one copy exists and the retry replays the first answer", async () => {
    const { duplicate, children } = posts(h);
    const key = newKey();
    const before = await children(ada(), ada().projects_folder_id);

    const first = await duplicate(ada(), key, intoProjects("Copy once"));
    const retry = await duplicate(ada(), key, intoProjects("Copy once"));

    expect(first.response.status).toBe(201);
    expect(first.response.headers.get(REPLAYED)).toBeNull();
    expect(retry.response.status).toBe(201);
    expect(retry.response.headers.get(REPLAYED)).toBe("true");
    expect(retry.response.headers.get("content-type")).toBe(first.response.headers.get("content-type"));
    expect(retry.data).toEqual(first.data);
    const after = await children(ada(), ada().projects_folder_id);
    expect(after.filter((id) => !before.includes(id))).toEqual([first.data?.id]);
  });

  test("when a bin restore is sent twice with one key, then the retry replays the restored entry instead of a 404", async () => {
    const { restore } = posts(h);
    const key = newKey();
    const first = await restore(ada(), key, { tags: [{ name: "recovered" }] });
    const retry = await restore(ada(), key, { tags: [{ name: "recovered" }] });

    expect(first.response.status).toBe(200);
    expect(retry.response.status).toBe(200);
    expect(retry.response.headers.get(REPLAYED)).toBe("true");
    expect(retry.data).toEqual(first.data);
    const file = await inspectFile(h.client(ada().api_key), ada().binned_file_id);
    expect(file.is_deleted).toBe(false);
    expect(file.tags_detail.map((tag) => tag.name)).toContain("recovered");
    // With a new key the restore is done again, and the entry is gone.
    const again = await restore(ada(), newKey(), { tags: [{ name: "recovered" }] });
    expect(again.response.status).toBe(404);
  });

  test("when the same key comes with another body or another path, then 422 naming the header, and nothing is done", async () => {
    const { duplicate, restore, children } = posts(h);
    const key = newKey();
    expect((await duplicate(ada(), key, intoProjects("Original"))).response.status).toBe(201);
    const before = await children(ada(), ada().projects_folder_id);

    const changed = await duplicate(ada(), key, intoProjects("Changed"));
    const elsewhere = await restore(ada(), key, { tags: [] }, ada().folder_bin_id);

    for (const { response, error } of [changed, elsewhere]) {
      expect(response.status).toBe(422);
      expect(error).toMatchObject({
        type: "urn:vault:problem:idempotency-key-reused",
        status: 422,
        errors: [{ path: "/headers/idempotency-key", code: "reused" }],
      });
    }
    expect(await children(ada(), ada().projects_folder_id)).toEqual(before);
  });

  test("when one key is sent by several requests at once, then one copy is made and the others get 409 or the replay", async () => {
    const { duplicate, children } = posts(h);
    const key = newKey();
    const before = await children(ada(), ada().projects_folder_id);

    const answers = await Promise.all(Array.from({ length: 6 }, () => duplicate(ada(), key, intoProjects("Raced"))));

    const created = answers.filter(({ response }) => response.status === 201);
    const inUse = answers.filter(({ response }) => response.status === 409);
    expect(created.length + inUse.length).toBe(answers.length);
    expect(created.length).toBeGreaterThanOrEqual(1);
    expect(new Set(created.map(({ data }) => data?.id)).size).toBe(1);
    expect(created.filter(({ response }) => response.headers.get(REPLAYED) !== "true")).toHaveLength(1);
    const refusals = inUse.map(({ error, response }) => [error?.type, response.headers.get("Retry-After")]);
    expect(refusals).toEqual(inUse.map(() => ["urn:vault:problem:idempotency-key-in-use", "1"]));
    const after = await children(ada(), ada().projects_folder_id);
    expect(after.filter((id) => !before.includes(id))).toEqual([created[0]?.data?.id]);
  });

  test("when another user sends the same key, then it is a request of its own", async () => {
    const { duplicate } = posts(h);
    const key = newKey();
    const adas = await duplicate(ada(), key, {});
    const bobs = await duplicate(bob(), key, {});

    expect(bobs.response.status).toBe(201);
    expect(bobs.response.headers.get(REPLAYED)).toBeNull();
    expect(bobs.data?.id).not.toBe(adas.data?.id);
    expect(bobs.data?.name).toBe(adas.data?.name);
  });

  test("when a request is refused by the domain (404), then the refusal is kept and replayed; a contract violation (400) is not kept", async () => {
    const { duplicate } = posts(h);
    const missing = newKey();
    const first = await duplicate(ada(), missing, {}, "no-such-folder");
    const retry = await duplicate(ada(), missing, {}, "no-such-folder");
    expect([first.response.status, retry.response.status]).toEqual([404, 404]);
    expect(retry.response.headers.get(REPLAYED)).toBe("true");
    expect(retry.error).toEqual(first.error);

    const invalid = newKey();
    const refused = await duplicate(ada(), invalid, { name: "" });
    const fixed = await duplicate(ada(), invalid, { name: "Fixed" });
    expect(refused.response.status).toBe(400);
    expect(fixed.response.status).toBe(201);
    expect(fixed.response.headers.get(REPLAYED)).toBeNull();
  });

  test("when the key is empty or longer than 255 characters, then 400 naming the header", async () => {
    const { duplicate } = posts(h);
    for (const key of ["", "k".repeat(256)]) {
      const { response, error } = await duplicate(ada(), key, {});
      expect(response.status).toBe(400);
      expect(error?.errors?.map((e) => e.path)).toContain("/headers/idempotency-key");
    }
  });

  test("when a browser page sends a key, then the preflight allows the header and the page can read Idempotent-Replayed", async () => {
    const url = `${h.url}/evault/v1/folders/${ada().folder_id}/duplicate_folder/`;
    const preflight = await fetch(url, {
      method: "OPTIONS",
      headers: {
        origin: "https://app.example",
        "access-control-request-method": "POST",
        "access-control-request-headers": "api-key, content-type, idempotency-key",
      },
    });
    expect(preflight.headers.get("access-control-allow-headers")?.toLowerCase()).toContain("idempotency-key");

    const key = newKey();
    const send = () =>
      fetch(url, {
        method: "POST",
        headers: {
          origin: "https://app.example",
          "api-key": ada().api_key,
          "content-type": "application/json",
          "idempotency-key": key,
        },
        body: JSON.stringify({ name: "From a page" }),
      });
    await send();
    const retry = await send();
    expect(retry.headers.get(REPLAYED)).toBe("true");
    const exposed = (retry.headers.get("access-control-expose-headers") ?? "").toLowerCase().split(/\s*,\s*/);
    expect(exposed).toEqual(expect.arrayContaining(["idempotent-replayed", "location", "etag"]));
  });

  test("when the server restarts, then a kept answer is still replayed", async () => {
    const { duplicate } = posts(h);
    const key = newKey();
    const first = await duplicate(ada(), key, intoProjects("Before the restart"));
    await h.restart();
    const retry = await duplicate(ada(), key, intoProjects("Before the restart"));
    expect(retry.response.headers.get(REPLAYED)).toBe("true");
    expect(retry.data).toEqual(first.data);
  });
});

/** How long a kept answer is replayed: 24 hours in production, 200 ms here. */
const TTL_MS = 200;

describe.each(backends)("Idempotency-Key window on $name", (backend) => {
  let h: Harness;
  beforeAll(async () => {
    h = await startHarness(backend, { env: { IDEMPOTENCY_TTL_SECONDS: String(TTL_MS / 1000) } });
  });
  afterAll(() => h?.stop());

  test("when a key is reused after IDEMPOTENCY_TTL_SECONDS, then the request is done again", async () => {
    const { duplicate } = posts(h);
    const key = newKey();
    const first = await duplicate(h.users[0], key, {});
    await sleep(TTL_MS + 200);
    const later = await duplicate(h.users[0], key, {});

    expect(later.response.status).toBe(201);
    expect(later.response.headers.get(REPLAYED)).toBeNull();
    expect(later.data?.id).not.toBe(first.data?.id);
  });

  test("when keys are past their window, then the sweep at start-up deletes them", async () => {
    const { duplicate } = posts(h);
    await duplicate(h.users[0], newKey(), {});
    await sleep(TTL_MS + 200);
    const expired = "select count(*)::int as n from idempotency_keys where expires_at <= now()";
    const [before] = await h.query<{ n: number }>(expired);
    await h.restart();
    const [after] = await h.query<{ n: number }>(expired);

    expect(before?.n).toBeGreaterThan(0);
    expect(after?.n).toBe(0);
  });
});

const postgres = backends.find((backend) => backend.name === "postgres");
// Longer than a request waits for the tree lock before it fails (DATABASE_LOCK_TIMEOUT_MS),
// so that a key freed by a failure is not one freed by its lease.
const LEASE_SECONDS = 3;

describe.skipIf(!postgres)("Idempotency-Key while the first request is in flight, on postgres", () => {
  let h: Harness;
  let locker: pg.Client;
  beforeAll(async () => {
    if (postgres)
      h = await startHarness(postgres, {
        env: { DATABASE_LOCK_TIMEOUT_MS: "2000", IDEMPOTENCY_LEASE_SECONDS: `${LEASE_SECONDS}` },
        // A test kills the process holding a key.
        inProcess: false,
      });
    locker = new pg.Client({ connectionString: h.env.DATABASE_URL });
    await locker.connect();
  });
  afterAll(async () => {
    await locker?.end();
    await h?.stop();
  });

  /** Holds Ada's folder-tree lock (the one a duplicate takes first), so her duplicates wait. */
  const holdTreeLock = () => locker.query("select pg_advisory_lock(1, $1)", [h.users[0].id]);
  const releaseTreeLock = () => locker.query("select pg_advisory_unlock(1, $1)", [h.users[0].id]);

  test("when a retry comes while the first request waits, then 409; once it is done, the retry gets its answer", async () => {
    const { duplicate } = posts(h);
    const key = newKey();
    await holdTreeLock();
    const first = duplicate(h.users[0], key, {});
    await sleep(300);
    const meanwhile = await duplicate(h.users[0], key, {});
    await releaseTreeLock();

    expect(meanwhile.response.status).toBe(409);
    expect(meanwhile.response.headers.get("Retry-After")).toBe("1");
    expect(meanwhile.error).toMatchObject({
      type: "urn:vault:problem:idempotency-key-in-use",
      errors: [{ path: "/headers/idempotency-key", code: "in_use" }],
    });
    expect((await first).response.status).toBe(201);
    const retry = await duplicate(h.users[0], key, {});
    expect(retry.response.headers.get(REPLAYED)).toBe("true");
    expect(retry.data).toEqual((await first).data);
  });

  test("when the first request fails with a 5xx, then the key is free at once and a retry does the work", async () => {
    const { duplicate } = posts(h);
    const key = newKey();
    await holdTreeLock();
    const failed = await duplicate(h.users[0], key, {});
    await releaseTreeLock();
    expect(failed.response.status).toBe(503);

    const retry = await duplicate(h.users[0], key, {});
    expect(retry.response.status).toBe(201);
    expect(retry.response.headers.get(REPLAYED)).toBeNull();
  });

  test("when the process holding a key dies mid-request, then retries get 409 until its lease ends, and then the work is done", async () => {
    const ada = h.users[0];
    // The retries go to a second server of the database, already up: the lease is not spent waiting for a start.
    const other = await h.another();
    const { duplicate, children } = posts(h);
    const retryOnOther = (key: string, body: { folder?: string; name?: string }) =>
      other.client(ada.api_key).POST(DUPLICATE, {
        params: { path: { id: ada.folder_id }, header: { "Idempotency-Key": key } },
        body,
      });
    const key = newKey();
    const before = await children(ada, ada.projects_folder_id);
    const body = { folder: ada.projects_folder_id, name: "After a crash" };
    let meanwhile: Awaited<ReturnType<typeof retryOnOther>>;
    let retry: Awaited<ReturnType<typeof retryOnOther>>;
    let claimedAt: number;
    try {
      await holdTreeLock();
      claimedAt = Date.now();
      // Its connection dies with the server: the request never answers.
      const lost = duplicate(ada, key, body).catch(() => "lost");
      await sleep(300);
      const died = new Promise((resolve) => h.process.once("exit", resolve));
      h.process.kill("SIGKILL");
      await died;
      await releaseTreeLock();
      expect(await lost).toBe("lost");

      meanwhile = await retryOnOther(key, body);
      retry = meanwhile;
      while (retry.response.status === 409 && Date.now() - claimedAt < (LEASE_SECONDS + 10) * 1000) {
        await sleep(100);
        retry = await retryOnOther(key, body);
      }
    } finally {
      await other.stop();
      await h.restart();
    }

    expect(meanwhile.response.status).toBe(409);
    expect(retry.response.status).toBe(201);
    expect(retry.response.headers.get(REPLAYED)).toBeNull();
    expect(Date.now() - claimedAt).toBeGreaterThanOrEqual(LEASE_SECONDS * 1000 - 1000);
    const after = await children(ada, ada.projects_folder_id);
    expect(after.filter((id) => !before.includes(id))).toEqual([retry.data?.id]);
  }, 120_000);
});
