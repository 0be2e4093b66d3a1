// Folder depth is capped (256 levels): one duplicate plus one move doubles a chain's
// depth, so without a cap a few rounds build trees whose every walk costs seconds. Every
// tree change that would go beyond the cap is a 422 naming the field. (With the cap, no
// statement here runs long enough to show whether /healthz waits for one:
// statement-deadline.e2e.test.ts shows that.)
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { databases } from "./helpers/backends.js";
import { type Harness, startHarness } from "./helpers/server.js";

const FOLDERS = "/evault/v1/folders/" as const;
const FAVOURITE = "/evault/v1/favourite/folders/{id}/" as const;
const DUPLICATE = "/evault/v1/folders/{id}/duplicate_folder/" as const;
const RESTORE = "/evault/v1/bins/{id}/restore/" as const;

/** The documented limit: a folder at the root is at depth 1, its child at 2, … */
const MAX_DEPTH = 256;
const ROUNDS = 14;

describe.each(databases)("folder depth on $name", (backend) => {
  let h: Harness;
  beforeAll(async () => {
    h = await startHarness(backend);
  });
  afterAll(() => h?.stop());
  /** The deepest folder of the chain the first test builds, at level 256. */
  let chainBottom = "";

  const client = () => h.client(h.users[0].api_key);
  const create = async (name: string, folder: string | null = null) => {
    const { data, response } = await client().POST(FOLDERS, { body: { name, folder } });
    if (!data) throw new Error(`creating ${name} answered ${response.status}`);
    return data.id;
  };
  const move = (id: string, folder: string | null) =>
    client().PATCH(FAVOURITE, { params: { path: { id } }, body: { folder } });
  /** The deepest folder of a chain (each folder has at most one child), walking down from `top`. */
  const deepestOf = async (top: string) => {
    let id = top;
    for (;;) {
      const { data } = await client().GET(FOLDERS, { params: { query: { parent: id } } });
      const child = data?.results[0];
      if (!child) return id;
      id = child.id;
    }
  };
  const depthOf = async (id: string) => {
    const { data } = await client().GET("/evault/v1/folders/{id}/", { params: { path: { id } } });
    return (data?.path ?? "").split("/").length - 1;
  };
  const expectTooDeep = (
    result: { response: Response; error?: { errors?: { path: string; code?: string }[] } },
    path: string,
  ) => {
    expect(result.response.status).toBe(422);
    expect(result.error?.errors).toEqual([expect.objectContaining({ path, code: "too_deep" })]);
  };

  test("when 14 rounds of duplicate-and-move double a chain, then it stops at 256 levels with a 422", async () => {
    const top = await create("Chain");
    let deepest = top;
    let depth = 1;
    const refused: number[] = [];
    for (let round = 1; round <= ROUNDS; round++) {
      const copy = await client().POST(DUPLICATE, { params: { path: { id: top } }, body: {} });
      expect(copy.response.status).toBe(201);
      const moved = await move(copy.data?.id ?? "", deepest);
      if (2 * depth > MAX_DEPTH) {
        expectTooDeep(moved, "/body/folder");
        refused.push(round);
        continue;
      }
      expect(moved.response.status).toBe(200);
      deepest = await deepestOf(copy.data?.id ?? "");
      depth *= 2;
    }
    expect(depth).toBe(MAX_DEPTH);
    expect(await depthOf(deepest)).toBe(MAX_DEPTH);
    expect(refused).toEqual([9, 10, 11, 12, 13, 14]);
    chainBottom = deepest;

    // Nothing else can go below the deepest folder either.
    expectTooDeep(await client().POST(FOLDERS, { body: { name: "One more", folder: deepest } }), "/body/folder");
    expectTooDeep(
      await client().POST(DUPLICATE, { params: { path: { id: await create("Leaf") } }, body: { folder: deepest } }),
      "/body/folder",
    );
    const { data: children } = await client().GET(FOLDERS, { params: { query: { parent: deepest } } });
    expect(children?.results).toEqual([]);
    // One level above it, a leaf still fits.
    const { data: parent } = await client().GET("/evault/v1/folders/{id}/", { params: { path: { id: deepest } } });
    expect(
      (await client().POST(FOLDERS, { body: { name: "Fits", folder: parent?.folder ?? null } })).response.status,
    ).toBe(201);
  }, 300_000);

  test("when a binned folder's old place has become too deep for its subtree, then the restore is a 422 and it stays in the bin", async () => {
    const parentOf = async (id: string) =>
      (await client().GET("/evault/v1/folders/{id}/", { params: { path: { id } } })).data?.folder ?? "";
    const deepest = await parentOf(await parentOf(chainBottom));
    expect(await depthOf(deepest)).toBe(MAX_DEPTH - 2);

    const home = await create("Home");
    const binned = await create("Binned", home);
    await create("Inside binned", binned);
    const entry = await client().DELETE("/evault/v1/folders/{id}/", { params: { path: { id: binned } } });
    expect(entry.response.status).toBe(200);
    // Home goes to depth 255: Binned would come back at 256 and its child at 257.
    expect((await move(home, deepest)).response.status).toBe(200);

    const restored = await client().POST(RESTORE, {
      params: { path: { id: entry.data?.id ?? "" } },
      body: { tags: [] },
    });
    expectTooDeep(restored, "/path/id");
    const stillBinned = await client().GET("/evault/v1/bins/{id}/", { params: { path: { id: entry.data?.id ?? "" } } });
    expect(stillBinned.response.status).toBe(200);

    // Once Home is shallower again, the same restore succeeds.
    expect((await move(home, null)).response.status).toBe(200);
    const again = await client().POST(RESTORE, { params: { path: { id: entry.data?.id ?? "" } }, body: { tags: [] } });
    expect(again.response.status).toBe(200);
    expect(await depthOf(binned)).toBe(2);
  }, 120_000);
});
