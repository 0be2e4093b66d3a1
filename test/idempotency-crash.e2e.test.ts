// Exactly once across a crash (issue 23 §2): a POST sent with an Idempotency-Key whose
// work committed and whose answer never left (the server killed, or its database
// connection lost, at that moment) is not done again by a retry with the same key: the
// retry answers what the first request would have, and one resource exists.
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { tcpRelay } from "../bench/relay.mjs";
import { backends, databases } from "./helpers/backends.js";
import { type Harness, startHarness } from "./helpers/server.js";
import { inspectFile } from "./helpers/vault.js";

const REPLAYED = "Idempotent-Replayed";

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
/** How long a request holds its key: 5 minutes in production, 200 ms here. */
const LEASE_MS = 200;
let keys = 0;
const newKey = () => `crash-key-${Date.now()}-${++keys}`;

/** The keyed POSTs the suite retries, and how to count what each made (read back by listing). */
function creates(h: Harness) {
  const header = (key: string) => ({ "Idempotency-Key": key });
  const ada = () => h.users[0];
  return {
    async account(key: string) {
      return h.client().POST("/banking/v1/ng/bank_accounts/", {
        params: { header: header(key) },
        body: { account_number: "7770001111", account_name: "Crash test" },
      });
    },
    async accounts() {
      const { data } = await h.client().GET("/banking/v1/ng/bank_accounts/", { params: { query: { page_size: 100 } } });
      return (data?.results ?? []).filter((account) => account.account_number === "7770001111");
    },
    async folder(key: string) {
      return h.client().POST("/evault/v1/folders/", {
        params: { header: header(key) },
        body: { name: "Made once", folder: ada().projects_folder_id },
      });
    },
    async folders() {
      const query = { parent: ada().projects_folder_id, page_size: 100 };
      const { data } = await h.client().GET("/evault/v1/folders/", { params: { query } });
      return (data?.results ?? []).filter((folder) => folder.name === "Made once");
    },
    async file(key: string) {
      return h.client().POST("/evault/v1/files/", {
        params: { header: header(key) },
        body: { file: new File(["stored once\n"], "once.txt"), folder: ada().projects_folder_id } as never,
      });
    },
    async files() {
      const query = { folder: ada().projects_folder_id, page_size: 100 };
      const { data } = await h.client().GET("/evault/v1/files/", { params: { query } });
      return (data?.results ?? []).filter((file) => file.name === "once.txt");
    },
    async restore(key: string) {
      return h.client().POST("/evault/v1/bins/{id}/restore/", {
        params: { path: { id: ada().bin_id }, header: header(key) },
        body: { tags: [{ name: "restored-once" }] },
      });
    },
  };
}

type Answer = { response: Response; data?: unknown; error?: unknown };

/** The retry's answer is the first answer: its status, replayed, the same resource with the same ETag and Location. */
function expectReplayOf(retry: Answer, status: number) {
  expect(retry.response.status, JSON.stringify(retry.error)).toBe(status);
  expect(retry.response.headers.get(REPLAYED)).toBe("true");
}

describe.each(databases)("Idempotency-Key across a crash after the work committed, on $name", (backend) => {
  let h: Harness;
  beforeAll(async () => {
    // The server kills itself once a keyed POST's work is done, before its answer is kept or sent;
    // a short lease frees a key whose work left no record by the time the retry comes.
    h = await startHarness(backend, {
      env: { IDEMPOTENCY_TEST_CRASH_AFTER_WORK: "1", IDEMPOTENCY_LEASE_SECONDS: String(LEASE_MS / 1000) },
      inProcess: false,
    });
  }, 240_000);
  afterAll(() => h?.stop());

  /** Sends `first`, which the server dies answering; restarts it; and retries with the same key. */
  async function crashThenRetry<T extends Answer>(first: (key: string) => Promise<T>): Promise<T> {
    const key = newKey();
    const lost = await first(key).then(
      () => "answered",
      () => "lost",
    );
    expect(lost).toBe("lost");
    await h.crashAndRestart();
    await sleep(LEASE_MS + 100);
    return first(key);
  }

  test("when a bank account create's answer is lost in a crash, then the retry replays it and one account exists", async () => {
    const post = creates(h);
    const retry = await crashThenRetry(post.account);
    expectReplayOf(retry, 201);
    const accounts = await post.accounts();
    expect(accounts.map((account) => account.id)).toEqual([retry.data?.id]);
    expect(retry.data).toEqual(accounts[0]);
    expect(retry.response.headers.get("ETag")).toBe('"1"');
    expect(retry.response.headers.get("Location")).toMatch(new RegExp(`/bank_accounts/${retry.data?.id}/$`));
  }, 240_000);

  test("when a folder create's answer is lost in a crash, then the retry replays it and one folder exists", async () => {
    const post = creates(h);
    const retry = await crashThenRetry(post.folder);
    expectReplayOf(retry, 201);
    const folders = await post.folders();
    expect(folders.map((folder) => folder.id)).toEqual([retry.data?.id]);
    expect(retry.data).toEqual(folders[0]);
  }, 240_000);

  test("when a multipart file create's answer is lost in a crash, then the retry replays it and one file exists", async () => {
    const post = creates(h);
    const retry = await crashThenRetry(post.file);
    expectReplayOf(retry, 201);
    const files = await post.files();
    expect(files.map((file) => file.id)).toEqual([retry.data?.id]);
    expect(retry.data).toEqual(files[0]);
  }, 240_000);

  test("when a bin restore's answer is lost in a crash, then the retry replays the entry as it was, not a 404", async () => {
    const post = creates(h);
    const entry = (await h.client().GET("/evault/v1/bins/{id}/", { params: { path: { id: h.users[0].bin_id } } })).data;
    const retry = await crashThenRetry(post.restore);
    expectReplayOf(retry, 200);
    expect(retry.data).toEqual(entry);
    const file = await inspectFile(h.client(), h.users[0].binned_file_id);
    expect(file.is_deleted).toBe(false);
    expect(file.tags_detail.filter((tag) => tag.name === "restored-once")).toHaveLength(1);
  }, 240_000);
});

const postgres = backends.find((backend) => backend.name === "postgres");

describe.skipIf(!postgres)(
  "Idempotency-Key when the database connection is lost after the work committed, on postgres",
  () => {
    let h: Harness;
    let relay: Awaited<ReturnType<typeof tcpRelay>>;
    /** Set by a test: the relay cuts every connection when the server sends a statement holding this text. */
    let cutAt: string | undefined;
    beforeAll(async () => {
      if (!postgres) return;
      h = await startHarness(postgres, { env: { IDEMPOTENCY_LEASE_SECONDS: String(LEASE_MS / 1000) } });
      const target = new URL(h.env.DATABASE_URL as string);
      relay = await tcpRelay(target, () => (chunk) => {
        if (cutAt && chunk.includes(cutAt)) {
          cutAt = undefined;
          void relay.cut();
        }
      });
      h.env.DATABASE_URL = relay.url;
      await h.restart();
    }, 240_000);
    afterAll(async () => {
      await h?.stop();
      await relay?.cut();
    });

    /**
     * Sends `first` with the relay set to cut the database connection when the server
     * keeps its answer (drizzle's `update "idempotency_keys"`, after the work's commit);
     * brings the database back and retries with the same key once the lease is over.
     */
    async function cutThenRetry<T extends Answer>(first: (key: string) => Promise<T>): Promise<T> {
      const key = newKey();
      cutAt = 'update "idempotency_keys"';
      await first(key).catch(() => undefined);
      expect(cutAt).toBeUndefined();
      await relay.restore();
      await sleep(LEASE_MS + 100);
      return first(key);
    }

    test("when the connection drops as a bank account create's answer is kept, then the retry replays it and one account exists", async () => {
      const post = creates(h);
      const before = (await post.accounts()).length;
      const retry = await cutThenRetry(post.account);
      expectReplayOf(retry, 201);
      const accounts = await post.accounts();
      expect(accounts.length - before).toBe(1);
      expect(accounts.map((account) => account.id)).toContain(retry.data?.id);
    }, 120_000);

    test("when the connection drops as a folder create's answer is kept, then the retry replays it and one folder exists", async () => {
      const post = creates(h);
      const retry = await cutThenRetry(post.folder);
      expectReplayOf(retry, 201);
      expect((await post.folders()).map((folder) => folder.id)).toEqual([retry.data?.id]);
    }, 120_000);

    test("when the connection drops as a file create's answer is kept, then the retry replays it and one file exists", async () => {
      const post = creates(h);
      const retry = await cutThenRetry(post.file);
      expectReplayOf(retry, 201);
      expect((await post.files()).map((file) => file.id)).toEqual([retry.data?.id]);
    }, 120_000);

    test("when the connection drops as a bin restore's answer is kept, then the retry replays the entry, not a 404", async () => {
      const post = creates(h);
      const retry = await cutThenRetry(post.restore);
      expectReplayOf(retry, 200);
      expect(retry.data).toMatchObject({ id: h.users[0].bin_id });
    }, 120_000);
  },
);
