// PGlite ignores statement_timeout and runs in WASM, so the server runs it on a thread of
// its own and ends it when a statement outlives DATABASE_STATEMENT_TIMEOUT_MS: the
// request is a 503 timeout problem as on PostgreSQL, the server answers meanwhile, and
// the database comes back with everything committed (docs/decisions/pglite-statement-deadline.md).
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { backends } from "./helpers/backends.js";
import { pollHealth } from "./helpers/health.js";
import { type Harness, startHarness } from "./helpers/server.js";

const pglite = backends.find((backend) => backend.name === "pglite");
const FOLDERS = "/evault/v1/folders/" as const;
/** Folders in the duplicated subtree (another user's: listing them is slow too): copying them takes seconds on PGlite. */
const ITEMS = 100_000;
const DEADLINE_MS = 1000;
/** The deadline while the suite writes and counts its 100,000 folders: on a loaded 2-core machine that outlives the 30 s default. */
const BULK_DEADLINE_MS = "300000";

describe.runIf(pglite)("a statement over the deadline on PGlite", () => {
  let h: Harness;
  beforeAll(async () => {
    h = await startHarness(pglite as NonNullable<typeof pglite>, {
      env: { DATABASE_STATEMENT_TIMEOUT_MS: BULK_DEADLINE_MS },
    });
  }, 60_000);
  afterAll(() => h?.stop());
  const rootNames = async (apiKey: string) => {
    const { data, response } = await h.client(apiKey).GET(FOLDERS, { params: { query: { page_size: 100 } } });
    if (!data) throw new Error(`listing the root answered ${response.status}`);
    return data.results.map((folder) => folder.name).sort();
  };
  /** How many folders there are (after `before`, in the same SQL). */
  const folderCount = async (before = "") =>
    (await h.query<{ n: number }>(`${before} select count(*)::int as n from folders`))[0]?.n ?? 0;

  test("when a duplicate outlives DATABASE_STATEMENT_TIMEOUT_MS, then it is a 503 timeout, /healthz answers at once throughout, the next requests succeed and nothing committed is lost", async () => {
    const [user, owner] = h.users;
    // Written before the server runs with the deadline: the insert takes longer than that.
    const foldersBefore = await folderCount(`insert into folders (id, user_id, parent_id, name)
      select 'bulk-' || g, ${owner.id}, '${owner.folder_id}', 'Bulk ' || g from generate_series(1, ${ITEMS}) g;`);
    h.env.DATABASE_STATEMENT_TIMEOUT_MS = String(DEADLINE_MS);
    await h.restart();
    const before = await rootNames(user.api_key);

    const polling = pollHealth(h.url);
    let health: { longestWait: number; answers: number };
    let duplicate: Awaited<ReturnType<ReturnType<Harness["client"]>["POST"]>>;
    let created: Awaited<ReturnType<ReturnType<Harness["client"]>["POST"]>>;
    try {
      duplicate = await h.client(owner.api_key).POST("/evault/v1/folders/{id}/duplicate_folder/", {
        params: { path: { id: owner.folder_id } },
        body: { name: "Copy" },
      });
      created = await h.client(user.api_key).POST(FOLDERS, { body: { name: "After the deadline", folder: null } });
    } finally {
      health = await polling.stop();
    }
    expect(duplicate.response.status).toBe(503);
    expect(duplicate.response.headers.get("retry-after")).toBe("1");
    expect((duplicate.error as { type?: string } | undefined)?.type).toBe("urn:vault:problem:timeout");
    expect(created.response.status).toBe(201);
    expect(health.answers).toBeGreaterThan(DEADLINE_MS / 100);
    // A loop the statement held could answer nothing until the deadline ended it (a wait of
    // 1.2 s seen with the loop held for 1.2 s at the deadline). A free loop answers within
    // milliseconds, but shares two loaded cores with other suites (504 ms seen): the bound
    // is the deadline itself.
    expect(health.longestWait).toBeLessThan(DEADLINE_MS);

    // Nothing of the copy committed; what was there and what came after are, also after a restart.
    expect(await rootNames(user.api_key)).toEqual([...before, "After the deadline"].sort());
    // Counted by a server started again (with the long deadline: the count reads all of them).
    h.env.DATABASE_STATEMENT_TIMEOUT_MS = BULK_DEADLINE_MS;
    await h.restart();
    expect(await folderCount()).toBe(foldersBefore + 1);
    expect(await rootNames(user.api_key)).toEqual([...before, "After the deadline"].sort());
  }, 120_000);
});
