// Cursor pages: following `next` visits every item once while items are added and
// removed meanwhile; bad page sizes and cursors are 400 problems naming them; a cursor
// is good only for its caller and its list.
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { databases } from "./helpers/backends.js";
import { type Harness, type SeededUser, startHarness } from "./helpers/server.js";

describe.each(databases)("cursor pages on $name", (backend) => {
  let h: Harness;
  beforeAll(async () => {
    h = await startHarness(backend);
  });
  afterAll(() => h?.stop());

  const owner = () => h.users[0] as SeededUser;
  const stranger = () => h.users[1] as SeededUser;
  const as = (user: SeededUser) => h.client(user.api_key);
  const folderIn = (parent: string, name: string) =>
    as(owner())
      .POST("/evault/v1/folders/", { body: { name, folder: parent } })
      .then(({ data }) => data?.id ?? "");
  /** The query of an absolute `next` link. */
  const queryOf = (next: string) => Object.fromEntries(new URL(next).searchParams) as { cursor: string };

  test("when items are added and removed between pages, then following next visits each item once, in creation order", async () => {
    expect.hasAssertions();
    const parent = await folderIn(owner().folder_id, "Many");
    const before: string[] = [];
    for (let i = 0; i < 10; i++) before.push(await folderIn(parent, `f${i}`));
    const removed = before[7] ?? "";

    const seen: string[] = [];
    const added: string[] = [];
    let query: { parent: string; page_size: number; cursor?: string } = { parent, page_size: 3 };
    let pages = 0;
    for (;;) {
      const { data, response } = await as(owner()).GET("/evault/v1/folders/", { params: { query } });
      expect(response.status).toBe(200);
      pages++;
      seen.push(...(data?.results ?? []).map((f) => f.id));
      expect(data?.results.length).toBeLessThanOrEqual(3);
      if (!data?.next) break;
      // An absolute link under the server's public address, keeping the filter and page size.
      expect(new URL(data.next).origin).toBe(new URL(h.url).origin);
      expect(new URL(data.next).pathname).toBe("/evault/v1/folders/");
      expect(new URL(data.next).searchParams.get("page_size")).toBe("3");
      expect(new URL(data.next).searchParams.get("parent")).toBe(parent);
      // Meanwhile, two new folders arrive, concurrently, and one not yet seen goes to the bin.
      added.push(...(await Promise.all([folderIn(parent, `new${pages}a`), folderIn(parent, `new${pages}b`)])));
      if (pages === 1) await as(owner()).DELETE("/evault/v1/folders/{id}/", { params: { path: { id: removed } } });
      query = { parent, page_size: 3, cursor: queryOf(data.next).cursor };
    }
    expect(pages).toBeGreaterThan(3);
    expect(new Set(seen).size).toBe(seen.length);
    expect(seen.slice(0, 7)).toEqual(before.slice(0, 7));
    expect(seen).not.toContain(removed);
    expect(seen).toEqual(expect.arrayContaining([...before.filter((id) => id !== removed), ...added]));
  });

  test("when the client's iterator walks a list, then it yields every item once, across pages", async () => {
    expect.hasAssertions();
    const ids: string[] = [];
    for await (const bin of as(owner()).paginate("/evault/v1/bins/", { page_size: 1 })) ids.push(bin.id);
    expect(ids.length).toBeGreaterThanOrEqual(3);
    expect(new Set(ids).size).toBe(ids.length);
    // Newest first: the folder binned by the test above comes before the seeded entries.
    expect(ids.slice(-2).sort()).toEqual([owner().bin_id, owner().folder_bin_id].sort());
  });

  // PGlite admits one process; on PostgreSQL every process signs with the one key the migration made.
  test.skipIf(backend.name === "pglite")(
    "when the next page is asked of another server process, then its cursor is accepted there",
    async () => {
      const second = await h.another();
      try {
        const first = await as(owner()).GET("/evault/v1/bins/", { params: { query: { page_size: 1 } } });
        const cursor = queryOf(first.data?.next ?? "").cursor;
        const next = await second.client(owner().api_key).GET("/evault/v1/bins/", {
          params: { query: { page_size: 1, cursor } },
        });
        expect(next.response.status).toBe(200);
        expect(next.data?.results).toHaveLength(1);
        expect(next.data?.results[0]?.id).not.toBe(first.data?.results[0]?.id);
      } finally {
        await second.stop();
      }
    },
  );

  test.each([0, 201, -1])("when page_size is %s, then 400 naming page_size", async (size) => {
    expect.hasAssertions();
    const { response, error } = await as(owner()).GET("/evault/v1/file_shares/", {
      params: { query: { page_size: size } },
    });
    expect(response.status).toBe(400);
    expect(error?.errors?.map((e) => e.path)).toEqual(["/query/page_size"]);
  });

  test("when page_size is not a number or a filter is unknown, then 400 naming it", async () => {
    expect.hasAssertions();
    const words = await fetch(`${h.url}/evault/v1/bins/?page_size=ten`, { headers: { "api-key": owner().api_key } });
    expect(words.status).toBe(400);
    expect((await words.json()).errors.map((e: { path: string }) => e.path)).toEqual(["/query/page_size"]);
    const unknown = await fetch(`${h.url}/evault/v1/bins/?colour=red`, { headers: { "api-key": owner().api_key } });
    expect(unknown.status).toBe(400);
    expect((await unknown.json()).errors.map((e: { path: string }) => e.path)).toEqual(["/query/colour"]);
  });

  test("when a cursor is tampered with, another user's, or another list's, then 400 naming cursor and no rows", async () => {
    expect.hasAssertions();
    const first = await as(owner()).GET("/evault/v1/folders/", { params: { query: { page_size: 1 } } });
    const cursor = queryOf(first.data?.next ?? "").cursor;
    expect(cursor).toBeTruthy();
    const [payload, signature] = cursor.split(".") as [string, string];
    const flipped = `${payload.slice(0, -1)}${payload.endsWith("A") ? "B" : "A"}.${signature}`;
    const attempts = [
      as(owner()).GET("/evault/v1/folders/", { params: { query: { cursor: flipped } } }),
      as(owner()).GET("/evault/v1/folders/", { params: { query: { cursor: "not-a-cursor" } } }),
      as(stranger()).GET("/evault/v1/folders/", { params: { query: { cursor } } }),
      as(owner()).GET("/evault/v1/folders/", { params: { query: { cursor, parent: owner().folder_id } } }),
      as(owner()).GET("/evault/v1/favourite/folders/", { params: { query: { cursor } } }),
    ];
    for (const { response, error, data } of await Promise.all(attempts)) {
      expect(response.status).toBe(400);
      expect(data).toBeUndefined();
      expect(error?.errors).toEqual([expect.objectContaining({ path: "/query/cursor", code: "invalid_cursor" })]);
    }
    const genuine = await as(owner()).GET("/evault/v1/folders/", { params: { query: { cursor, page_size: 1 } } });
    expect(genuine.response.status).toBe(200);
  });

  test("when users list, then each sees only their own items", async () => {
    expect.hasAssertions();
    const lists = ["/banking/v1/ng/bank_accounts/", "/evault/v1/file_shares/", "/evault/v1/bins/"] as const;
    for (const path of lists) {
      const ids = async (user: SeededUser) => {
        const out: string[] = [];
        for await (const item of as(user).paginate(path)) out.push(item.id);
        return out;
      };
      const [mine, theirs] = [await ids(owner()), await ids(stranger())];
      expect(mine.length, path).toBeGreaterThan(0);
      expect(theirs.length, path).toBeGreaterThan(0);
      expect(
        mine.filter((id) => theirs.includes(id)),
        path,
      ).toEqual([]);
    }
    const theirs = new Set<string>();
    for await (const account of as(stranger()).paginate("/banking/v1/ng/bank_accounts/")) theirs.add(account.id);
    expect([...theirs]).toEqual([stranger().bank_account_id]);
  });
});
