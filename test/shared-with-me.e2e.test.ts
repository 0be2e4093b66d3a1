// "Shared with me" (issue 26 §3): the shares of others that list the caller.
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { backends } from "./helpers/backends.js";
import { type Harness, startHarness } from "./helpers/server.js";

const SHARES = "/evault/v1/file_shares/" as const;
const SHARE = "/evault/v1/file_shares/{id}/" as const;
const MINE = "/evault/v1/shared_with_me/" as const;

describe.each(backends)("GET /evault/v1/shared_with_me/ on $name", (backend) => {
  let h: Harness;
  beforeAll(async () => {
    // Two seed runs: the first run's users share with each other, the second run's are strangers.
    h = await startHarness(backend, { seedRuns: 2 });
  });
  afterAll(() => h?.stop());

  const listed = async (key: string, pageSize = 50) => {
    const out = [];
    for await (const item of h.client(key).paginate(MINE, { page_size: pageSize })) out.push(item);
    return out;
  };

  test("when shares list the caller, then they are listed newest first with their link, owner and item, and leave at once when the owner stops", async () => {
    const [owner, friend, stranger] = h.users;
    if (!stranger) throw new Error("the second seed run is missing");
    expect(await listed(friend.api_key)).toEqual([]);
    const make = async (body: Record<string, unknown>) =>
      (await h.client().POST(SHARES, { body: { users: [friend.id], ...body } as never })).data;
    const first = await make({ file: owner.file_id });
    const second = await make({ folder: owner.projects_folder_id, expires_at: "2099-01-01T00:00:00Z" });
    const third = await make({ file: owner.file_id, password: "pw" });
    const unlisted = await h.client().POST(SHARES, { body: { file: owner.file_id, access: "public" } });

    const items = await listed(friend.api_key, 2);
    expect(items.map((item) => item.link)).toEqual([third?.link, second?.link, first?.link]);
    expect(items.map((item) => item.link)).not.toContain(unlisted.data?.link);
    expect(items[1]).toEqual({
      link: second?.link,
      owner: { name: `${second?.user.first_name} ${second?.user.last_name}` },
      shared: {
        kind: "folder",
        name: "Projects",
        size: expect.any(Number),
        content_type: null,
        owner: { name: `${second?.user.first_name} ${second?.user.last_name}` },
        expires_at: "2099-01-01T00:00:00.000Z",
        has_password: false,
      },
      created_at: second?.created_at,
    });
    expect(items[0]?.shared).toMatchObject({ kind: "file", name: "notes.txt", has_password: true });
    expect(JSON.stringify(items)).not.toContain(String(second?.user.email));
    // Each link opens for the friend with their key, the password one too.
    for (const item of items) {
      const token = /\/links\/([^/]+)\/$/.exec(item.link)?.[1] ?? "";
      const opened = await h.client(friend.api_key).GET("/evault/v1/links/{token}/", { params: { path: { token } } });
      expect(opened.response.status).toBe(200);
    }
    // Nothing is listed to the owner or a stranger.
    expect(await listed(owner.api_key)).toEqual([]);
    expect(await listed(stranger.api_key)).toEqual([]);

    // The owner takes the friend off one, revokes another, bins the third's file: each leaves at once.
    await h.client().PATCH(SHARE, { params: { path: { id: second?.id ?? "" } }, body: { users: [] } });
    expect((await listed(friend.api_key)).map((item) => item.link)).toEqual([third?.link, first?.link]);
    await h.client().DELETE(SHARE, { params: { path: { id: first?.id ?? "" } } });
    expect((await listed(friend.api_key)).map((item) => item.link)).toEqual([third?.link]);
    await h.client().DELETE("/evault/v1/files/{id}/", { params: { path: { id: owner.file_id } } });
    expect(await listed(friend.api_key)).toEqual([]);
  });

  test("when a folder above a shared file is in the bin, then the share leaves the list until the folder is restored", async () => {
    const [, friend] = h.users;
    const folder = async (name: string, parent: string | null) =>
      (await h.client().POST("/evault/v1/folders/", { body: { name, folder: parent } })).data?.id ?? "";
    const outer = await folder("Outer", null);
    const upload = await h.client().POST("/evault/v1/files/", {
      body: { file: new File(["deep"], "deep.txt"), folder: await folder("Inner", outer) },
    });
    const share = await h.client().POST(SHARES, { body: { file: upload.data?.id ?? "", users: [friend.id] } });
    const links = async () => (await listed(friend.api_key)).map((item) => item.link);
    expect(await links()).toContain(share.data?.link);
    const binned = await h.client().DELETE("/evault/v1/folders/{id}/", { params: { path: { id: outer } } });
    expect(await links()).not.toContain(share.data?.link);
    const restored = await h.client().POST("/evault/v1/bins/{id}/restore/", {
      params: { path: { id: binned.data?.id ?? "" } },
      body: { tags: [] },
    });
    expect(restored.response.status).toBe(200);
    expect(await links()).toContain(share.data?.link);
  });

  test("when a cursor of another user's list is sent, then 400 naming cursor", async () => {
    const [owner, friend, stranger] = h.users;
    for (let i = 0; i < 2; i++) {
      await h.client().POST(SHARES, { body: { folder: owner.projects_folder_id, users: [friend.id] } });
    }
    const { data } = await h.client(friend.api_key).GET(MINE, { params: { query: { page_size: 1 } } });
    expect(data?.next).toEqual(expect.any(String));
    const cursor = new URL(data?.next ?? `${h.url}/?cursor=x`).searchParams.get("cursor") ?? "x";
    const { response, error } = await h.client(stranger?.api_key).GET(MINE, { params: { query: { cursor } } });
    expect(response.status).toBe(400);
    expect(error?.errors).toContainEqual(expect.objectContaining({ path: "/query/cursor" }));
  });
});
