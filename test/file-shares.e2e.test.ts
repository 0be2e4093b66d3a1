import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { backends } from "./helpers/backends.js";
import { type Harness, startHarness } from "./helpers/server.js";
import { everything, locationPath } from "./helpers/vault.js";

const PATH = "/evault/v1/file_shares/{id}/" as const;
const SHARES = "/evault/v1/file_shares/" as const;

describe.each(backends)("file shares on $name", (backend) => {
  let h: Harness;
  beforeAll(async () => {
    // Two seed runs: the users of one run share with each other, and are strangers to the other run's.
    h = await startHarness(backend, { seedRuns: 2 });
  });
  afterAll(() => h?.stop());

  const patch = (body: Record<string, unknown>, options: { id?: string; key?: string; ifMatch?: string } = {}) =>
    h.client(options.key).PATCH(PATH, {
      params: {
        path: { id: options.id ?? h.users[0].file_share_id },
        header: options.ifMatch ? { "If-Match": options.ifMatch } : {},
      },
      body: body as never,
    });
  /** The share as stored, read back with GET. */
  const read = async (id = h.users[0].file_share_id, key?: string) => {
    const { data, response } = await h.client(key).GET(PATH, { params: { path: { id } } });
    if (!data) throw new Error(`GET of share ${id} answered ${response.status}`);
    return data;
  };

  test("when nothing is given, then the share is answered in full with its details", async () => {
    const [owner] = h.users;
    const { data, response } = await patch({});
    expect(response.status).toBe(200);
    expect(data).toMatchObject({
      id: owner.file_share_id,
      user: { id: owner.id, username: owner.username },
      file_type: "file",
      file: owner.file_id,
      folder: null,
      folder_detail: null,
      access: "private",
      has_password: false,
      users: [],
      users_detail: [],
    });
    expect(data?.file_detail).toMatchObject({
      id: owner.file_id,
      name: "notes.txt",
      is_shared: true,
      file_share_id: owner.file_share_id,
    });
    expect(data?.file_detail?.file).toBe(`${h.url}/evault/v1/files/${owner.file_id}/content/`);
  });

  test("when fields are given, then only they change, they persist across a restart, and the password never comes back", async () => {
    const [owner, other] = h.users;
    const emails = ["ada@example.com", { name: "Bob", email: "bob@example.com" }];
    const { data } = await patch({ access: "public", users: [other.id, owner.id], emails, password: "correct horse" });
    expect(data).toMatchObject({
      access: "public",
      users: [other.id, owner.id],
      emails,
      has_password: true,
      file: owner.file_id,
    });
    expect(data?.users_detail.map((u) => u.id)).toEqual([other.id, owner.id]);
    expect(JSON.stringify(data)).not.toContain("correct horse");
    expect(data?.file_detail?.access).toBe("public");

    await h.restart();
    // All but the file's download URL and the link, which name the restarted server's port: the link's token stays.
    const token = (link: string | undefined) => link?.split("/evault/v1/links/")[1];
    const { file_detail: _before, link: linkBefore, ...stored } = data ?? {};
    const { file_detail: _after, link: linkAfter, ...reread } = await read();
    expect(reread).toEqual(stored);
    expect(token(linkAfter)).toBe(token(linkBefore));
    await patch({ emails: null });
    expect(await read()).toMatchObject({ emails: null, access: "public" });
  });

  test("when a folder is shared instead, then file clears and folder_detail describes the folder", async () => {
    const [owner] = h.users;
    const { data } = await patch({ folder: owner.folder_id });
    expect(data).toMatchObject({ file_type: "folder", file: null, file_detail: null, folder: owner.folder_id });
    expect(data?.folder_detail).toMatchObject({
      id: owner.folder_id,
      name: "Documents",
      root: true,
      files_count: 3,
      folders_count: 1,
    });
    expect(data?.folder_detail?.folders.split(",")).toHaveLength(1);
    const back = await patch({ file: owner.file_id });
    expect(back.data).toMatchObject({ file_type: "file", folder: null, folder_detail: null });
  });

  test("when a share's item changes behind the server's back, then a PATCH that names no item answers with the share's item as it is", async () => {
    const [owner] = h.users;
    const share = `id = '${owner.file_share_id}'`;
    // The server has seen the share as one of a file.
    expect((await patch({})).data).toMatchObject({ file_type: "file" });
    await h.query(`update file_shares set file_id = null, folder_id = '${owner.folder_id}' where ${share}`);
    for (let i = 0; i < 2; i++) {
      const { data } = await patch({});
      expect(data).toMatchObject({ file_type: "folder", file_detail: null, folder_detail: { id: owner.folder_id } });
    }
    await h.query(`update file_shares set file_id = '${owner.file_id}', folder_id = null where ${share}`);
    const { data } = await patch({});
    expect(data).toMatchObject({ file_type: "file", file_detail: { id: owner.file_id }, folder_detail: null });
  });

  test.each([
    [{ file: "not-mine" }, "/body/file"],
    [{ folder: "not-mine" }, "/body/folder"],
    [{ users: [1, 999999] }, "/body/users/1"],
  ])("when %j does not name something usable, then 422 names %s", async (body, path) => {
    const { response, error } = await patch(body);
    expect(response.status).toBe(422);
    expect(error?.errors).toContainEqual(expect.objectContaining({ path }));
  });

  test("when users names someone who does not share with the caller, then 422 reads as for an id no one has", async () => {
    const [owner, , stranger] = h.users;
    if (!stranger) throw new Error("the second seed run is missing");
    const before = await patch({});
    const refusal = async (id: number) => {
      const { response, error } = await patch({ users: [owner.id, id] });
      expect(response.status).toBe(422);
      const text = JSON.stringify(error);
      expect(text).not.toContain(stranger.username);
      return { ...error, instance: undefined };
    };
    const strangers = await refusal(stranger.id);
    expect(strangers.errors).toEqual([expect.objectContaining({ path: "/body/users/1", code: "unknown_user" })]);
    expect(await refusal(2_000_000_000)).toEqual(strangers);
    expect((await patch({})).data?.users).toEqual(before.data?.users);
  });

  test("when a linked user stops sharing with the owner, then users_detail no longer shows them", async () => {
    const [owner, other] = h.users;
    const linked = await patch({ users: [other.id] });
    expect(linked.data?.users_detail).toEqual([expect.objectContaining({ id: other.id, email: expect.any(String) })]);
    // The seed's share of nothing by which the other user shares with the owner.
    const acquaintance = `user_id = ${other.id} and file_id is null and folder_id is null`;
    await h.query(`update file_shares set users = '{}' where ${acquaintance}`);
    const after = await patch({});
    const relink = await patch({ users: [other.id] });
    await h.query(`update file_shares set users = array[${owner.id}] where ${acquaintance}`);
    expect(after.data?.users).toEqual([other.id]);
    expect(after.data?.users_detail).toEqual([]);
    expect(JSON.stringify(after.data)).not.toContain(other.username);
    expect(relink.response.status).toBe(422);
    expect((await patch({ users: [other.id] })).data?.users_detail).toHaveLength(1);
  });

  test("when both file and folder are given, then 422 names folder and the share is unchanged", async () => {
    const [owner] = h.users;
    const before = await read();
    const { response, error } = await patch({ file: owner.file_id, folder: owner.folder_id });
    expect(response.status).toBe(422);
    expect(error?.errors).toContainEqual(expect.objectContaining({ path: "/body/folder", code: "one_item" }));
    expect(await read()).toEqual(before);
  });

  test("when file and folder name another user's items, then 422", async () => {
    const other = h.users[1];
    const before = await read();
    for (const body of [{ file: other.file_id }, { folder: other.folder_id }]) {
      const { response } = await patch(body);
      expect(response.status).toBe(422);
    }
    expect(await read()).toEqual(before);
  });

  test.each([
    [{ access: "secret" }, "/body/access", "enum"],
    [{ password: "" }, "/body/password", "minLength"],
    [{ file: "" }, "/body/file", "minLength"],
    [{ users: ["1"] }, "/body/users/0", "type"],
    [{ has_password: false }, "/body/has_password", "additionalProperties"],
  ])("when the body is %j, then 400 names %s", async (body, path, code) => {
    const { response, error } = await patch(body);
    expect(response.status).toBe(400);
    expect(error?.errors).toContainEqual(expect.objectContaining({ path, code }));
  });

  test("when the share belongs to another user, then GET, PATCH and DELETE are 404 and it is unchanged", async () => {
    const other = h.users[1];
    const path = { id: other.file_share_id };
    expect((await h.client().GET(PATH, { params: { path } })).response.status).toBe(404);
    expect((await h.client().DELETE(PATH, { params: { path } })).response.status).toBe(404);
    const { response } = await patch({ access: "public" }, { id: other.file_share_id });
    expect(response.status).toBe(404);
    expect((await read(other.file_share_id, other.api_key)).access).toBe("private");
  });

  test("when If-Match is stale, then 412", async () => {
    const { response } = await patch({});
    const current = response.headers.get("etag") ?? "";
    expect((await patch({ access: "private" }, { ifMatch: current })).response.status).toBe(200);
    expect((await patch({ access: "public" }, { ifMatch: current })).response.status).toBe(412);
  });

  describe("POST, GET, the list and DELETE", () => {
    const create = (body: Record<string, unknown>) => h.client().POST(SHARES, { body: body as never });
    const listed = (key?: string) => everything(h.client(key).paginate(SHARES));

    test("when a share is created, read, listed and revoked, then each answer matches what is stored", async () => {
      const [owner, other] = h.users;
      const created = await create({
        folder: owner.folder_id,
        access: "public",
        emails: ["a@example.com"],
        password: "s3cret",
      });
      expect(created.response.status).toBe(201);
      const id = created.data?.id ?? "";
      expect(locationPath(created.response)).toBe(`/evault/v1/file_shares/${id}/`);
      expect(created.data).toMatchObject({
        file_type: "folder",
        folder: owner.folder_id,
        file: null,
        access: "public",
        has_password: true,
        users: [],
        emails: ["a@example.com"],
        folder_detail: { id: owner.folder_id, name: "Documents" },
      });
      expect(await read(id)).toEqual(created.data);
      expect((await listed()).map((s) => s.id)).toContain(id);
      expect((await listed(other.api_key)).map((s) => s.id)).not.toContain(id);

      const revoked = await h.client().DELETE(PATH, { params: { path: { id } } });
      expect(revoked.response.status).toBe(204);
      expect((await h.client().GET(PATH, { params: { path: { id } } })).response.status).toBe(404);
      const folder = await h.client().GET("/evault/v1/folders/{id}/", { params: { path: { id: owner.folder_id } } });
      expect(folder.response.status).toBe(200);
    });

    test("when a share names neither item, both, or another user's file, then 422 naming the field, and nothing is stored", async () => {
      const [owner, other] = h.users;
      const before = await listed();
      const neither = await create({ access: "public" });
      expect(neither.response.status).toBe(422);
      expect(neither.error?.errors?.[0]?.path).toBe("/body/file");
      const both = await create({ file: owner.file_id, folder: owner.folder_id });
      expect(both.response.status).toBe(422);
      expect(both.error?.errors?.[0]?.path).toBe("/body/folder");
      const foreign = await create({ file: other.file_id });
      expect(foreign.response.status).toBe(422);
      expect(await listed()).toEqual(before);
    });
  });
});
