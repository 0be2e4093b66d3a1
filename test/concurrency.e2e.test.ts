// Races on one user's folder tree, on PostgreSQL (PGlite runs one transaction at a
// time, so nothing races there). Tree changes are serialised per user, so the cycle
// check sees committed truth: of two moves that together would close a cycle, one
// wins and the other is a 422; nothing deadlocks into a 500 or hangs.
import { randomBytes } from "node:crypto";
import fc from "fast-check";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { backends } from "./helpers/backends.js";
import { type Harness, startHarness } from "./helpers/server.js";
import { download, sha256 } from "./helpers/vault.js";

const FAVOURITE = "/evault/v1/favourite/folders/{id}/" as const;
const DUPLICATE = "/evault/v1/folders/{id}/duplicate_folder/" as const;
const FILE = "/evault/v1/files/{id}/" as const;
const RESTORE = "/evault/v1/bins/{id}/restore/" as const;
const BIN = "/evault/v1/bins/{id}/" as const;

/** No response may take longer than this, however the requests interleave. */
const DEADLINE_MS = 10_000;
const postgres = backends.find((backend) => backend.name === "postgres");

describe.skipIf(!postgres)("concurrent tree changes on postgres", () => {
  let h: Harness;
  beforeAll(async () => {
    if (postgres) h = await startHarness(postgres);
  });
  afterAll(() => h?.stop());

  const client = () => h.client(h.users[0].api_key);
  const userId = () => h.users[0].id;
  const move = (id: string, folder: string | null) =>
    client().PATCH(FAVOURITE, { params: { path: { id } }, body: { folder } });
  const copyOfProjects = async () => {
    const { data } = await client().POST(DUPLICATE, {
      params: { path: { id: h.users[0].projects_folder_id } },
      body: { folder: null },
    });
    if (!data) throw new Error("the duplicate failed");
    return data.id;
  };
  const childOf = async (id: string) => {
    const [row] = await h.query<{ id: string }>(`select id from folders where parent_id = '${id}' limit 1`);
    if (!row) throw new Error(`folder ${id} has no child`);
    return row.id;
  };
  /** Folders of the user from which walking up the parents comes back to where it started. */
  const cycles = () =>
    h.query<{ id: string }>(`
      with recursive up(start, id) as (
        select id, parent_id from folders where user_id = ${userId()} and parent_id is not null
        union
        select up.start, f.parent_id from up join folders f on f.id = up.id where f.parent_id is not null
      )
      select distinct start as id from up where id = start`);
  const timed = async <T extends { response: Response }>(request: Promise<T>) => {
    const started = Date.now();
    const result = await request;
    return { ...result, status: result.response.status, ms: Date.now() - started };
  };

  test("when two moves that together close a cycle through a child race, then one wins, the other is a 422, and no cycle exists", async () => {
    const p = await copyOfProjects();
    const q = await copyOfProjects();
    const r = await childOf(q);
    for (let round = 0; round < 20; round++) {
      const results = await Promise.all([timed(move(p, r)), timed(move(q, p))]);
      expect(results.map((result) => result.status).sort()).toEqual([200, 422]);
      for (const result of results) expect(result.ms).toBeLessThan(DEADLINE_MS);
      expect(await cycles()).toEqual([]);
      // Back to the start for the next round.
      for (const id of [p, q]) expect((await move(id, null)).response.status).toBe(200);
    }
  });

  test("when two folders are moved into each other at once, then one wins, the other is a 422, and nothing deadlocks", async () => {
    const p = await copyOfProjects();
    const q = await copyOfProjects();
    for (let round = 0; round < 20; round++) {
      const results = await Promise.all([timed(move(p, q)), timed(move(q, p))]);
      expect(results.map((result) => result.status).sort()).toEqual([200, 422]);
      expect(await cycles()).toEqual([]);
      for (const id of [p, q]) expect((await move(id, null)).response.status).toBe(200);
    }
  });

  type Step =
    | { kind: "move"; folder: number; into: number | null }
    | { kind: "duplicate"; folder: number }
    | { kind: "replace"; file: number; into: number | null; bytes: string }
    | { kind: "bin"; folder: number }
    | { kind: "restore"; entry: number };

  const step: fc.Arbitrary<Step> = fc.oneof(
    fc.record({ kind: fc.constant("move" as const), folder: fc.nat(), into: fc.option(fc.nat()) }),
    fc.record({ kind: fc.constant("duplicate" as const), folder: fc.nat() }),
    fc.record({
      kind: fc.constant("replace" as const),
      file: fc.nat(),
      into: fc.option(fc.nat()),
      bytes: fc.string({ minLength: 1, maxLength: 40 }),
    }),
    fc.record({ kind: fc.constant("bin" as const), folder: fc.nat() }),
    fc.record({ kind: fc.constant("restore" as const), entry: fc.nat() }),
  );

  test("when clients move, duplicate, replace, bin and restore on one tree at once, then the stored tree is what the responses said", async () => {
    const seed = Number(process.env.FUZZ_SEED ?? 20261123);
    const [plan] = fc.sample(
      fc.array(fc.array(step, { minLength: 6, maxLength: 10 }), { minLength: 12, maxLength: 12 }),
      {
        seed,
        numRuns: 1,
      },
    );
    if (!plan) throw new Error("no plan");
    const count = async (table: string) =>
      Number((await h.query<{ n: string }>(`select count(*) as n from ${table} where user_id = ${userId()}`))[0]?.n);
    const folders = (
      await h.query<{ id: string }>(`select id from folders where user_id = ${userId()} and not is_deleted order by id`)
    ).map((row) => row.id);
    const files = (
      await h.query<{ id: string }>(`select id from files where user_id = ${userId()} and not is_deleted order by id`)
    ).map((row) => row.id);
    const binEntries: string[] = [];
    const expected = { folders: await count("folders"), files: await count("files") };
    /** Per file, the latest successful replace by version: what must be stored. */
    const latest = new Map<string, { version: number; hash: string; folder: string | null }>();
    const pick = <T>(list: T[], n: number) => list[n % list.length] as T;
    let requests = 0;

    for (const batch of plan) {
      const results = await Promise.all(
        batch.map(async (planned) => {
          requests++;
          switch (planned.kind) {
            case "move": {
              const into = planned.into === null ? null : pick(folders, planned.into);
              return { planned, ...(await timed(move(pick(folders, planned.folder), into))) };
            }
            case "duplicate": {
              const id = pick(folders, planned.folder);
              return { planned, ...(await timed(client().POST(DUPLICATE, { params: { path: { id } }, body: {} }))) };
            }
            case "replace": {
              const id = pick(files, planned.file);
              const folder = planned.into === null ? undefined : pick(folders, planned.into);
              const body = { file: new File([planned.bytes], "race.txt"), ...(folder ? { folder } : {}) };
              return { planned, id, ...(await timed(client().PUT(FILE, { params: { path: { id } }, body }))) };
            }
            case "bin": {
              const id = pick(folders, planned.folder);
              return {
                planned,
                ...(await timed(client().PATCH(FAVOURITE, { params: { path: { id } }, body: { is_deleted: true } }))),
              };
            }
            case "restore": {
              const id = binEntries.length > 0 ? pick(binEntries, planned.entry) : "none";
              return {
                planned,
                ...(await timed(client().POST(RESTORE, { params: { path: { id } }, body: { tags: [] } }))),
              };
            }
          }
        }),
      );
      for (const result of results) {
        expect(result.status, JSON.stringify(result.planned)).toBeLessThan(500);
        expect(result.ms).toBeLessThan(DEADLINE_MS);
        if (result.status >= 300) {
          expect([404, 412, 422], JSON.stringify(result.planned)).toContain(result.status);
          continue;
        }
        const data = result.data as Record<string, unknown>;
        if (result.planned.kind === "duplicate") {
          expected.folders += 1 + Number(data.folders_count);
          expected.files += Number(data.files_count);
          folders.push(String(data.id));
        }
        if (result.planned.kind === "replace" && "id" in result) {
          const version = Number(JSON.parse(result.response.headers.get("etag") ?? "0"));
          const before = latest.get(result.id);
          if (!before || before.version < version) {
            latest.set(result.id, {
              version,
              hash: String(data.hash),
              folder: (data.folder as string | undefined) ?? null,
            });
          }
        }
      }
      // Bin entries opened by this batch become restorable in the next.
      binEntries.splice(
        0,
        binEntries.length,
        ...(await h.query<{ id: string }>(`select id from bins where user_id = ${userId()} order by id`)).map(
          (row) => row.id,
        ),
      );
    }

    console.log(`[concurrency] ${requests} requests in ${plan.length} concurrent batches (seed ${seed})`);
    expect(await cycles()).toEqual([]);
    expect(await count("folders")).toBe(expected.folders);
    expect(await count("files")).toBe(expected.files);
    expect(latest.size).toBeGreaterThan(0);
    for (const [id, want] of latest) {
      const [stored] = await h.query<{ version: number; hash: string; folder_id: string | null }>(
        `select version, hash, folder_id from files where id = '${id}'`,
      );
      expect(stored).toEqual({ version: want.version, hash: want.hash, folder_id: want.folder });
    }
  });
});

describe.skipIf(!postgres)("time limits on postgres", () => {
  let h: Harness;
  let locker: pg.Client;
  beforeAll(async () => {
    if (postgres) h = await startHarness(postgres, { env: { DATABASE_LOCK_TIMEOUT_MS: "2000" } });
    locker = new pg.Client({ connectionString: h.env.DATABASE_URL });
    await locker.connect();
  });
  afterAll(async () => {
    await locker?.end();
    await h?.stop();
  });

  const account = () => h.users[0].bank_account_id;
  const put = (accountNumber: string) =>
    h.client().PUT("/banking/v1/ng/bank_accounts/{id}/", {
      params: { path: { id: account() } },
      body: { account_number: accountNumber },
    });
  const storedNumber = async () =>
    (await locker.query("select account_number from bank_accounts where id = $1", [account()])).rows[0]?.account_number;

  test("when a row stays locked past DATABASE_LOCK_TIMEOUT_MS, then 503 timeout with Retry-After, nothing changes, and /readyz says so within two seconds", async () => {
    const before = await storedNumber();
    await locker.query("begin");
    await locker.query("select 1 from bank_accounts where id = $1 for update", [account()]);
    try {
      const started = Date.now();
      // More writers than the pool has connections: every connection waits on the lock.
      const writes = Array.from({ length: 12 }, (_, i) => put(`70000000${String(i).padStart(2, "0")}`));
      // /readyz keeps its answer for a second: within two, it says the database is stuck,
      // and no answer of it waits for the lock.
      let ready = 0;
      while (ready !== 503 && Date.now() - started < 2500) {
        await new Promise((resolve) => setTimeout(resolve, 200));
        const readyStarted = Date.now();
        ready = (await fetch(`${h.url}/readyz`)).status;
        expect(Date.now() - readyStarted).toBeLessThan(1500);
      }
      expect(ready).toBe(503);

      const results = await Promise.all(writes);
      for (const { response, error } of results) {
        expect(response.status).toBe(503);
        expect(response.headers.get("retry-after")).toBe("1");
        expect(error?.type).toBe("urn:vault:problem:timeout");
      }
      expect(Date.now() - started).toBeLessThan(15_000);
    } finally {
      await locker.query("rollback");
    }
    expect(await storedNumber()).toBe(before);
    const { response } = await put("7000000099");
    expect(response.status).toBe(200);
    expect(await storedNumber()).toBe("7000000099");
    expect((await fetch(`${h.url}/readyz`)).status).toBe(200);
  });
});

describe.skipIf(!postgres)("a purge racing a new file of the same content on postgres", () => {
  let h: Harness;
  let locker: pg.Client;
  beforeAll(async () => {
    if (postgres) h = await startHarness(postgres);
    locker = new pg.Client({ connectionString: h.env.DATABASE_URL });
    await locker.connect();
  });
  afterAll(async () => {
    await locker?.end();
    await h?.stop();
  });

  test("when another user's file of the same bytes commits after the purge's statement began, then the purge succeeds and the new file keeps its bytes", async () => {
    const [owner, other] = h.users;
    const bytes = randomBytes(1024);
    const file = async (user: typeof owner) => {
      const { data, response } = await h.client(user.api_key).POST("/evault/v1/files/", {
        body: { file: new File([new Uint8Array(bytes)], "same.bin"), folder: user.folder_id },
      });
      expect(response.status).toBe(201);
      return data?.id as string;
    };
    const binned = await file(owner);
    const { data: entry } = await h.client(owner.api_key).DELETE(FILE, { params: { path: { id: binned } } });

    // The purge's statement takes its snapshot, then waits for the bin entry's row lock:
    // the file created meanwhile is missing from that snapshot, and its transaction
    // (the content's lock with it) has ended before the purge reaches the blob row.
    const { pid } = (await locker.query("select pg_backend_pid() as pid")).rows[0];
    await locker.query("begin");
    await locker.query("select 1 from bins where id = $1 for update", [entry?.id]);
    const purging = h.client(owner.api_key).DELETE(BIN, { params: { path: { id: entry?.id as string } } });
    const kept = await (async () => {
      const blocked = "select pid from pg_stat_activity where $1 = any(pg_blocking_pids(pid))";
      await expect.poll(async () => (await locker.query(blocked, [pid])).rowCount).toBe(1);
      return file(other);
    })().finally(() => locker.query("commit"));
    const { response, error } = await purging;
    expect(response.status, JSON.stringify(error)).toBe(204);
    expect(await download(h.client(other.api_key), kept)).toEqual(bytes);
    expect(await h.storedBlobs()).toContain(sha256(bytes));
  });
});
