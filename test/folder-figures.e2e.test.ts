// A folder's figures (files_count, folders_count, file_size) are kept on its row by the
// writes that change them (migration 0009). Whatever runs at once, they equal a
// recount from scratch; the repair command reports a difference and fixes it.
import { execFile } from "node:child_process";
import { resolve } from "node:path";
import { promisify } from "node:util";
import fc from "fast-check";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { backends } from "./helpers/backends.js";
import { type Harness, startHarness } from "./helpers/server.js";

const FOLDER = "/evault/v1/folders/{id}/" as const;
const PATCH_FOLDER = "/evault/v1/favourite/folders/{id}/" as const;
const FILE = "/evault/v1/files/{id}/" as const;
const BIN = "/evault/v1/bins/{id}/" as const;

const serverDir = resolve(import.meta.dirname, "../apps/server");
const execNode = promisify(execFile);

/** Runs `repair` with `args` on the harness's store: its exit code and what it printed. */
async function repair(h: Harness, args: string[]) {
  return execNode(process.execPath, ["dist/cli/repair.js", ...args], { cwd: serverDir, env: h.env }).then(
    ({ stdout }) => ({ code: 0, output: stdout }),
    (error: { code: number; stderr: string }) => ({ code: error.code, output: error.stderr }),
  );
}

/** Every folder whose kept figures differ from the recount the repair command uses. */
const drifted = (h: Harness) =>
  h.query(`select f.id, f.files_count, f.folders_count, f.file_size,
      r.files_count as counted_files, r.folders_count as counted_folders, r.file_size as counted_size
    from folders f join folder_figures_recount() r on r.id = f.id
    where (f.files_count, f.folders_count, f.file_size) is distinct from (r.files_count, r.folders_count, r.file_size)`);

describe.each(backends)("the repair command on $name", (backend) => {
  let h: Harness;
  beforeAll(async () => {
    h = await startHarness(backend);
  });
  afterAll(() => h?.stop());

  test("when a folder's kept figure is wrong, then --check exits 1 naming it, --fix sets it to the recount, and --check exits 0", async () => {
    const id = h.users[0].folder_id;
    const read = async () => (await h.client().GET(FOLDER, { params: { path: { id } } })).data;
    const before = await read();
    expect(await repair(h, ["--check"])).toMatchObject({ code: 0, output: expect.stringMatching(/^All \d+ folders/) });

    await h.query(`update folders set files_count = files_count + 7 where id = '${id}'`);
    expect((await read())?.files_count).toBe(Number(before?.files_count) + 7);
    const checked = await repair(h, ["--check"]);
    expect(checked.code).toBe(1);
    expect(checked.output).toContain(
      `folder ${id}: files_count ${Number(before?.files_count) + 7} (counted ${before?.files_count})`,
    );
    expect((await read())?.files_count).toBe(Number(before?.files_count) + 7);

    const fixed = await repair(h, ["--fix"]);
    expect(fixed).toMatchObject({ code: 0, output: expect.stringContaining(`folder ${id}: files_count`) });
    expect(await read()).toEqual(before);
    expect(await repair(h, ["--check"])).toMatchObject({ code: 0 });
  });

  test("when neither or both of --check and --fix are given, then exit 1 with the usage", async () => {
    for (const args of [[], ["--check", "--fix"]]) {
      expect(await repair(h, args)).toEqual({ code: 1, output: "usage: repair --check | repair --fix\n" });
    }
  });
});

const postgres = backends.find((backend) => backend.name === "postgres");

type Op =
  | { kind: "create"; parent: number | null }
  | { kind: "upload"; folder: number; bytes: string }
  | { kind: "replace"; file: number; into: number | null; bytes: string }
  | { kind: "move"; folder: number; into: number | null }
  | { kind: "binFolder"; folder: number }
  | { kind: "binFile"; file: number }
  | { kind: "restore"; entry: number }
  | { kind: "delete"; entry: number }
  | { kind: "duplicate"; folder: number };

/** Contents of a few sizes, some shared (so blobs are shared, and swept when the last file goes). */
const bytes = fc.oneof(fc.constantFrom("a", "bb", "shared content"), fc.string({ minLength: 1, maxLength: 64 }));
const slot = fc.nat(1000);
const op: fc.Arbitrary<Op> = fc.oneof(
  fc.record({ kind: fc.constant("create" as const), parent: fc.option(slot) }),
  fc.record({ kind: fc.constant("upload" as const), folder: slot, bytes }),
  fc.record({ kind: fc.constant("replace" as const), file: slot, into: fc.option(slot), bytes }),
  fc.record({ kind: fc.constant("move" as const), folder: slot, into: fc.option(slot) }),
  fc.record({ kind: fc.constant("binFolder" as const), folder: slot }),
  fc.record({ kind: fc.constant("binFile" as const), file: slot }),
  fc.record({ kind: fc.constant("restore" as const), entry: slot }),
  fc.record({ kind: fc.constant("delete" as const), entry: slot }),
  fc.record({ kind: fc.constant("duplicate" as const), folder: slot }),
);
/** Each user's batches of requests sent at once (both users' batches run at once too). */
const plans = fc.tuple(
  ...[0, 1].map(() => fc.array(fc.array(op, { minLength: 3, maxLength: 6 }), { minLength: 6, maxLength: 6 })),
);

/** Past this many folders a user's duplicates create a folder instead: copies double a tree. */
const MAX_FOLDERS = 200;

describe.skipIf(!postgres)("kept folder figures under concurrent writes on postgres", () => {
  let h: Harness;
  beforeAll(async () => {
    if (postgres) h = await startHarness(postgres);
  });
  afterAll(() => h?.stop());

  /** A user's folders, files and bin entries (in the bin or not: writes to those are refused). */
  const itemsOf = async (userId: number) => {
    const ids = async (table: string) =>
      (await h.query<{ id: string }>(`select id from ${table} where user_id = ${userId} order by id`)).map((r) => r.id);
    return { folders: await ids("folders"), files: await ids("files"), bins: await ids("bins") };
  };
  const pick = (list: string[], n: number) => list[n % list.length] ?? "none";

  async function send(apiKey: string, items: Awaited<ReturnType<typeof itemsOf>>, planned: Op) {
    const vault = h.client(apiKey);
    const folder = (n: number | null) => (n === null ? null : pick(items.folders, n));
    switch (planned.kind) {
      case "create":
        return vault.POST("/evault/v1/folders/", { body: { name: "made", folder: folder(planned.parent) } });
      case "upload":
        return vault.POST("/evault/v1/files/", {
          body: { file: new File([planned.bytes], "up.txt"), folder: pick(items.folders, planned.folder) },
        });
      case "replace": {
        const into = folder(planned.into);
        const body = { file: new File([planned.bytes], "put.txt"), ...(into ? { folder: into } : {}) };
        return vault.PUT(FILE, { params: { path: { id: pick(items.files, planned.file) } }, body });
      }
      case "move":
        return vault.PATCH(PATCH_FOLDER, {
          params: { path: { id: pick(items.folders, planned.folder) } },
          body: { folder: folder(planned.into) },
        });
      case "binFolder":
        return vault.DELETE(FOLDER, { params: { path: { id: pick(items.folders, planned.folder) } } });
      case "binFile":
        return vault.DELETE(FILE, { params: { path: { id: pick(items.files, planned.file) } } });
      case "restore":
        return vault.POST("/evault/v1/bins/{id}/restore/", {
          params: { path: { id: pick(items.bins, planned.entry) } },
          body: { tags: [] },
        });
      case "delete":
        return vault.DELETE(BIN, { params: { path: { id: pick(items.bins, planned.entry) } } });
      case "duplicate":
        if (items.folders.length > MAX_FOLDERS) return send(apiKey, items, { kind: "create", parent: planned.folder });
        return vault.POST("/evault/v1/folders/{id}/duplicate_folder/", {
          params: { path: { id: pick(items.folders, planned.folder) } },
          body: {},
        });
    }
  }

  test("when --fix runs while a write that changes the figure it fixes is uncommitted, then it waits for that write and counts it", async () => {
    const folder = h.users[1].folder_id;
    const filesCount = async () =>
      Number((await h.query<{ n: string }>(`select files_count as n from folders where id = '${folder}'`))[0]?.n);
    const before = await filesCount();
    await h.query(`update folders set files_count = files_count + 5 where id = '${folder}'`);
    const writer = new pg.Client({ connectionString: h.env.DATABASE_URL });
    await writer.connect();
    try {
      await writer.query("begin");
      await writer.query(
        "insert into files (id, user_id, folder_id, name) select 'written-during-fix', user_id, id, 'f' from folders where id = $1",
        [folder],
      );
      const fixing = repair(h, ["--fix"]);
      // Polled from another session: inside the writer's transaction, pg_stat_activity would stay as first read.
      const waiting = async () =>
        (
          await h.query<{ n: number }>(
            "select count(*)::int as n from pg_stat_activity where wait_event_type = 'Lock' and datname = current_database()",
          )
        )[0]?.n;
      await expect.poll(waiting, { timeout: 10_000 }).toBe(1);
      await writer.query("commit");
      expect(await fixing).toMatchObject({ code: 0, output: expect.stringContaining(`folder ${folder}`) });
    } finally {
      await writer.end();
    }
    expect(await filesCount()).toBe(before + 1);
    expect(await drifted(h)).toEqual([]);
  });

  test("when two users' clients create, upload, replace, move, bin, restore, delete and duplicate at once, then every folder's figures equal a recount", async () => {
    const users = h.users.slice(0, 2);
    let requests = 0;
    const succeeded = new Set<string>();
    await fc.assert(
      fc.asyncProperty(plans, async (userPlans) => {
        for (let round = 0; round < 6; round++) {
          const sent = await Promise.all(
            users.map(async (user, u) => {
              const items = await itemsOf(user.id);
              const batch = userPlans[u]?.[round] ?? [];
              return Promise.all(
                batch.map(async (planned) => ({ planned, ...(await send(user.api_key, items, planned)) })),
              );
            }),
          );
          for (const { planned, response } of sent.flat()) {
            requests++;
            expect(response.status, JSON.stringify(planned)).toBeLessThan(500);
            if (response.ok) succeeded.add(planned.kind);
          }
          expect(await drifted(h), `after round ${round}`).toEqual([]);
        }
      }),
      { numRuns: 6, seed: Number(process.env.FUZZ_SEED ?? 20261126), endOnFailure: true },
    );
    console.log(`[folder figures] ${requests} requests, no drift`);
    // Every kind of write did change the tree at least once.
    expect([...succeeded].sort()).toEqual([
      "binFile",
      "binFolder",
      "create",
      "delete",
      "duplicate",
      "move",
      "replace",
      "restore",
      "upload",
    ]);
    expect(await repair(h, ["--check"])).toMatchObject({ code: 0 });
  });
});
