import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { backends } from "./helpers/backends.js";
import { type Harness, type SeededUser, startHarness } from "./helpers/server.js";
import { download, everything, inspectFile, inspectFolder, sha256, walk } from "./helpers/vault.js";

const RESTORE = "/evault/v1/bins/{id}/restore/" as const;
const BIN = "/evault/v1/bins/{id}/" as const;
const DRAFT = "An old draft.\n";

describe.each(backends)("bins on $name", (backend) => {
  let h: Harness;
  beforeAll(async () => {
    h = await startHarness(backend, { seedRuns: 2 });
  });
  afterAll(() => h?.stop());

  const user = (i: number) => h.users[i] as SeededUser;
  const restore = (id: string, body: Record<string, unknown>, by: SeededUser = user(0)) =>
    h.client(by.api_key).POST(RESTORE, { params: { path: { id } }, body: body as never });
  /** Whether the owner can read the file back (an item in the bin answers 404). */
  const reachable = (by: SeededUser, fileId: string) =>
    h
      .client(by.api_key)
      .GET("/evault/v1/files/{id}/", { params: { path: { id: fileId } } })
      .then(({ response }) => response.status === 200);

  test("when a binned file is restored, then it is back in its folder with the tags attached, and the answer is the bin record as it was", async () => {
    const owner = user(0);
    expect(await reachable(owner, owner.binned_file_id)).toBe(false);
    const documentsBefore = await inspectFolder(h.client(owner.api_key), owner.folder_id);

    const { data, response } = await restore(owner.bin_id, {
      tags: [{ name: "restored", description: "Back again" }, { name: "personal" }],
    });
    expect(response.status).toBe(200);
    expect(data).toEqual({
      id: owner.bin_id,
      name: "old-draft.txt",
      description: "",
      file_type: "file",
      file_size: DRAFT.length,
      file_size_unit: "B",
      extension: "txt",
      days_till_expiry: "30",
      tags: [],
      created_at: expect.stringMatching(/Z$/),
      updated_at: expect.stringMatching(/Z$/),
    });

    const file = await inspectFile(h.client(owner.api_key), owner.binned_file_id);
    expect(file).toMatchObject({ name: "old-draft.txt", folder: owner.folder_id, root: false, is_deleted: false });
    expect(file.tags_detail.map((t) => [t.name, t.description])).toEqual([
      ["personal", "Mine"],
      ["restored", "Back again"],
    ]);
    expect((await download(h.client(owner.api_key), owner.binned_file_id)).toString()).toBe(DRAFT);
    const documentsAfter = await inspectFolder(h.client(owner.api_key), owner.folder_id);
    expect(documentsAfter.fileIds).toContain(owner.binned_file_id);
    expect(documentsAfter.files_count).toBe(documentsBefore.files_count + 1);
    expect(documentsAfter.file_size).toBe(documentsBefore.file_size + DRAFT.length);

    const again = await restore(owner.bin_id, { tags: [] });
    expect(again.response.status).toBe(404);
    expect(again.error?.type).toBe("urn:vault:problem:not-found");
  });

  test("when a binned folder is restored, then its subtree comes back with it and the tags are added to its own", async () => {
    const owner = user(0);
    const { data, response } = await restore(owner.folder_bin_id, { tags: [{ name: "revived" }] });
    expect(response.status).toBe(200);
    expect(data).toMatchObject({
      id: owner.folder_bin_id,
      name: "Old projects",
      description: "Done and dusted",
      file_type: "folder",
      file_size: `Notes of ${owner.username}\n`.length + DRAFT.length,
      file_size_unit: "B",
      extension: "",
      days_till_expiry: "30",
    });
    expect(data?.tags.map((t) => t.name)).toEqual(["archive"]);

    const restored = await walk(h.client(owner.api_key), owner.binned_folder_id);
    expect(restored).toMatchObject({ name: "Old projects", files_count: 2, folders_count: 1 });
    expect(restored.files.map((f) => f.name)).toEqual(["summary.txt"]);
    expect(restored.folders.map((f) => [f.name, f.files.map((x) => x.name)])).toEqual([["Drafts", ["draft.txt"]]]);
    const draft = restored.folders[0]?.files[0]?.id ?? "";
    expect((await download(h.client(owner.api_key), draft)).toString()).toBe(DRAFT);
    const folder = await h.client(owner.api_key).PATCH("/evault/v1/favourite/folders/{id}/", {
      params: { path: { id: owner.binned_folder_id } },
      body: {},
    });
    expect(folder.data).toMatchObject({ path: "/Old projects", root: true, is_deleted: false });
    expect(folder.data?.tags.map((t) => t.name)).toEqual(["archive", "revived"]);

    expect((await restore(owner.folder_bin_id, { tags: [] })).response.status).toBe(404);
  });

  test("when the file's folder is in the bin, then the file is restored at the root", async () => {
    const owner = user(1);
    const binned = await h.client(owner.api_key).PATCH("/evault/v1/favourite/folders/{id}/", {
      params: { path: { id: owner.folder_id } },
      body: { is_deleted: true },
    });
    expect(binned.response.status).toBe(200);
    const { data, response } = await restore(owner.bin_id, { tags: [] }, owner);
    expect(response.status).toBe(200);
    expect(data?.name).toBe("old-draft.txt");
    const file = await inspectFile(h.client(owner.api_key), owner.binned_file_id);
    expect(file).toMatchObject({ folder: null, root: true, is_deleted: false });
    expect((await download(h.client(owner.api_key), owner.binned_file_id)).toString()).toBe(DRAFT);
  });

  test("when the bin entry belongs to another user, then GET, DELETE and restore are 404, the caller's list leaves it out, and it stays in the bin for its owner", async () => {
    const other = user(2);
    const entries = [other.bin_id, other.folder_bin_id];
    const client = h.client(user(0).api_key);
    for (const id of entries) {
      const { response, error } = await restore(id, { tags: [{ name: "stolen" }] });
      expect(response.status).toBe(404);
      expect(error?.type).toBe("urn:vault:problem:not-found");
      expect((await client.GET(BIN, { params: { path: { id } } })).response.status).toBe(404);
      expect((await client.DELETE(BIN, { params: { path: { id } } })).response.status).toBe(404);
    }
    const listed = await everything(client.paginate("/evault/v1/bins/"));
    expect(listed.filter((entry) => entries.includes(entry.id))).toEqual([]);
    const kept = await h.client(other.api_key).GET(BIN, { params: { path: { id: other.folder_bin_id } } });
    expect(kept.data).toMatchObject({ id: other.folder_bin_id, name: "Old projects", file_type: "folder" });
    expect(await reachable(other, other.binned_file_id)).toBe(false);
    const own = await restore(other.bin_id, { tags: [] }, other);
    expect(own.response.status).toBe(200);
    expect(own.data?.tags).toEqual([]);
    expect(await reachable(other, other.binned_file_id)).toBe(true);
  });

  test("when a bin entry is deleted for good, then it and its item are gone and bytes no file uses are freed", async () => {
    const owner = user(0);
    const client = h.client(owner.api_key);
    const unique = `Only here ${Date.now()}\n`;
    const shared = `Shared bytes ${Date.now()}\n`;
    const upload = async (text: string, name: string) =>
      (await client.POST("/evault/v1/files/", { body: { file: new File([text], name), folder: owner.folder_id } })).data
        ?.id ?? "";
    const lonely = await upload(unique, "lonely.txt");
    const twin = await upload(shared, "a.txt");
    await upload(shared, "b.txt");
    expect(await h.storedBlobs()).toEqual(expect.arrayContaining([sha256(unique), sha256(shared)]));

    for (const id of [lonely, twin]) {
      const binId = (await client.DELETE("/evault/v1/files/{id}/", { params: { path: { id } } })).data?.id ?? "";
      const gone = await client.DELETE(BIN, { params: { path: { id: binId } } });
      expect(gone.response.status).toBe(204);
      expect((await client.GET(BIN, { params: { path: { id: binId } } })).response.status).toBe(404);
      expect((await restore(binId, { tags: [] })).response.status).toBe(404);
    }
    expect(await h.storedBlobs()).not.toContain(sha256(unique));
    // b.txt still holds the shared bytes.
    expect(await h.storedBlobs()).toContain(sha256(shared));
  });

  test("when the same entry is restored twice at once, then exactly one restore wins", async () => {
    const owner = user(3);
    const results = await Promise.all([1, 2, 3].map(() => restore(owner.folder_bin_id, { tags: [] }, owner)));
    expect(results.map((r) => r.response.status).sort()).toEqual([200, 404, 404]);
  });

  test("when the id is unknown, then 404 problem", async () => {
    const { response, error } = await restore("no-such-bin", { tags: [] });
    expect(response.status).toBe(404);
    expect(error).toMatchObject({ status: 404, type: "urn:vault:problem:not-found" });
  });

  test.each([
    [{}, "/body/tags", "required"],
    [{ tags: [{ name: "" }] }, "/body/tags/0/name", "minLength"],
    [{ tags: [{ description: "no name" }] }, "/body/tags/0/name", "required"],
    [{ tags: [], colour: "red" }, "/body/colour", "additionalProperties"],
  ])("when the body is %j, then 400 names %s and the entry stays", async (body, path, code) => {
    const owner = user(3);
    const { response, error } = await restore(owner.bin_id, body, owner);
    expect(response.status).toBe(400);
    expect(error?.errors).toContainEqual(expect.objectContaining({ path, code }));
    expect(await reachable(owner, owner.binned_file_id)).toBe(false);
  });
});
