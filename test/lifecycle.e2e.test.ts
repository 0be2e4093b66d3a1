// Reads and lifecycle: GET, list, create and delete of every resource, through the
// generated client, with the stored state read back.
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { backends } from "./helpers/backends.js";
import { type Harness, type SeededUser, startHarness } from "./helpers/server.js";
import { everything as all, sha256 } from "./helpers/vault.js";

describe.each(backends)("reads and lifecycle on $name", (backend) => {
  let h: Harness;
  beforeAll(async () => {
    h = await startHarness(backend, { inProcess: true });
  });
  afterAll(() => h?.stop());

  const owner = () => h.users[0] as SeededUser;
  const stranger = () => h.users[1] as SeededUser;
  const as = (user: SeededUser) => h.client(user.api_key);
  /** The path of a `Location` (an absolute URL under the server's address). */
  const pathOf = (location: string | null) => new URL(location ?? "").pathname;

  describe("file shares", () => {
    test("when a share is created, read, listed and revoked, then each answer matches what is stored", async () => {
      expect.hasAssertions();
      const created = await as(owner()).POST("/evault/v1/file_shares/", {
        body: { folder: owner().folder_id, access: "public", emails: ["a@example.com"], password: "s3cret" },
      });
      expect(created.response.status).toBe(201);
      const id = created.data?.id ?? "";
      expect(pathOf(created.response.headers.get("location"))).toBe(`/evault/v1/file_shares/${id}/`);
      expect(created.data).toMatchObject({
        file_type: "folder",
        folder: owner().folder_id,
        file: null,
        access: "public",
        has_password: true,
        users: [],
        emails: ["a@example.com"],
        folder_detail: { id: owner().folder_id, name: "Documents" },
      });
      const read = await as(owner()).GET("/evault/v1/file_shares/{id}/", { params: { path: { id } } });
      expect(read.data).toEqual(created.data);
      const listed = await all(as(owner()).paginate("/evault/v1/file_shares/"));
      expect(listed.map((s) => s.id)).toContain(id);
      expect(await all(as(stranger()).paginate("/evault/v1/file_shares/"))).not.toContainEqual(
        expect.objectContaining({ id }),
      );

      const revoked = await as(owner()).DELETE("/evault/v1/file_shares/{id}/", { params: { path: { id } } });
      expect(revoked.response.status).toBe(204);
      expect(
        (await as(owner()).GET("/evault/v1/file_shares/{id}/", { params: { path: { id } } })).response.status,
      ).toBe(404);
      const folder = await as(owner()).GET("/evault/v1/folders/{id}/", { params: { path: { id: owner().folder_id } } });
      expect(folder.response.status).toBe(200);
    });

    test("when a share names neither item or both, then 422 naming the field, and nothing is stored", async () => {
      expect.hasAssertions();
      const before = await all(as(owner()).paginate("/evault/v1/file_shares/"));
      const neither = await as(owner()).POST("/evault/v1/file_shares/", { body: { access: "public" } });
      expect(neither.response.status).toBe(422);
      expect(neither.error?.errors?.[0]?.path).toBe("/body/file");
      const both = await as(owner()).POST("/evault/v1/file_shares/", {
        body: { file: owner().file_id, folder: owner().folder_id },
      });
      expect(both.response.status).toBe(422);
      expect(both.error?.errors?.[0]?.path).toBe("/body/folder");
      const foreign = await as(owner()).POST("/evault/v1/file_shares/", { body: { file: stranger().file_id } });
      expect(foreign.response.status).toBe(422);
      expect(await all(as(owner()).paginate("/evault/v1/file_shares/"))).toEqual(before);
    });

    test("when another user's share is read or revoked, then 404 and it stays", async () => {
      expect.hasAssertions();
      const id = owner().file_share_id;
      expect(
        (await as(stranger()).GET("/evault/v1/file_shares/{id}/", { params: { path: { id } } })).response.status,
      ).toBe(404);
      expect(
        (await as(stranger()).DELETE("/evault/v1/file_shares/{id}/", { params: { path: { id } } })).response.status,
      ).toBe(404);
      expect(
        (await as(owner()).GET("/evault/v1/file_shares/{id}/", { params: { path: { id } } })).response.status,
      ).toBe(200);
    });
  });

  describe("bin", () => {
    test("when a bin entry is deleted for good, then it and its item are gone and bytes no file uses are freed", async () => {
      expect.hasAssertions();
      const unique = `Only here ${Date.now()}\n`;
      const shared = `Shared bytes ${Date.now()}\n`;
      const up = (text: string, name: string) =>
        as(owner()).POST("/evault/v1/files/", {
          body: { file: new File([text], name), folder: owner().folder_id },
        });
      const lonely = (await up(unique, "lonely.txt")).data?.id ?? "";
      const twinA = (await up(shared, "a.txt")).data?.id ?? "";
      await up(shared, "b.txt");
      expect(await h.storedBlobs()).toEqual(expect.arrayContaining([sha256(unique), sha256(shared)]));

      for (const id of [lonely, twinA]) {
        const binned = await as(owner()).DELETE("/evault/v1/files/{id}/", { params: { path: { id } } });
        const binId = binned.data?.id ?? "";
        const gone = await as(owner()).DELETE("/evault/v1/bins/{id}/", { params: { path: { id: binId } } });
        expect(gone.response.status).toBe(204);
        expect(
          (await as(owner()).GET("/evault/v1/bins/{id}/", { params: { path: { id: binId } } })).response.status,
        ).toBe(404);
        const restore = await as(owner()).POST("/evault/v1/bins/{id}/restore/", {
          params: { path: { id: binId } },
          body: { tags: [] },
        });
        expect(restore.response.status).toBe(404);
      }
      expect(await h.storedBlobs()).not.toContain(sha256(unique));
      // b.txt still holds the shared bytes.
      expect(await h.storedBlobs()).toContain(sha256(shared));
    });

    test("when another user's bin entry is read or deleted, then 404 and it stays", async () => {
      expect.hasAssertions();
      const id = owner().folder_bin_id;
      expect((await as(stranger()).GET("/evault/v1/bins/{id}/", { params: { path: { id } } })).response.status).toBe(
        404,
      );
      expect((await as(stranger()).DELETE("/evault/v1/bins/{id}/", { params: { path: { id } } })).response.status).toBe(
        404,
      );
      const mine = await as(owner()).GET("/evault/v1/bins/{id}/", { params: { path: { id } } });
      expect(mine.data).toMatchObject({ id, name: "Old projects", file_type: "folder" });
      const theirs = await all(as(stranger()).paginate("/evault/v1/bins/"));
      expect(theirs.map((b) => b.id)).not.toContain(id);
    });
  });
});
