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
