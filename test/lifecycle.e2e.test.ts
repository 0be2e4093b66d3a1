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

  describe("folders", () => {
    const create = (user: SeededUser, body: { name: string; folder?: string | null; is_starred?: boolean }) =>
      as(user).POST("/evault/v1/folders/", { body });

    test("when folders are created at the top and inside, then GET and the lists (parent, top level, favourites) show them", async () => {
      expect.hasAssertions();
      const top = await create(owner(), { name: "Taxes", is_starred: true });
      expect(top.response.status).toBe(201);
      const topId = top.data?.id ?? "";
      expect(pathOf(top.response.headers.get("location"))).toBe(`/evault/v1/folders/${topId}/`);
      expect(top.data).toMatchObject({ name: "Taxes", root: true, path: "/Taxes", description: "", files_count: 0 });
      const child = await create(owner(), { name: "2026", folder: topId });
      expect(child.data).toMatchObject({ folder: topId, parent_folder: topId, root: false, path: "/Taxes/2026" });

      const read = await as(owner()).GET("/evault/v1/folders/{id}/", { params: { path: { id: topId } } });
      expect(read.data).toMatchObject({ id: topId, folders_count: 1 });
      const children = await all(as(owner()).paginate("/evault/v1/folders/", { parent: topId }));
      expect(children.map((f) => f.name)).toEqual(["2026"]);
      const topLevel = await all(as(owner()).paginate("/evault/v1/folders/"));
      expect(
        topLevel
          .map((f) => f.name)
          .slice(0, 2)
          .sort(),
      ).toEqual(["Documents", "Projects"]);
      expect(topLevel.map((f) => f.name).slice(2)).toEqual(["Taxes"]);
      const favourites = await all(as(owner()).paginate("/evault/v1/favourite/folders/"));
      expect(favourites.map((f) => f.name)).toEqual(["Projects", "Taxes"]);
    });

    test("when the parent is binned or another user's, then the create is a 422 naming folder", async () => {
      expect.hasAssertions();
      for (const folder of [owner().binned_folder_id, stranger().folder_id]) {
        const refused = await create(owner(), { name: "Nope", folder });
        expect(refused.response.status).toBe(422);
        expect(refused.error?.errors?.[0]?.path).toBe("/body/folder");
      }
      const missing = await as(owner()).POST("/evault/v1/folders/", { body: {} as never });
      expect(missing.response.status).toBe(400);
      expect(missing.error?.errors?.map((e) => e.path)).toContain("/body/name");
    });

    test("when a folder is deleted, then it and everything in it leave every read until the restore brings all back", async () => {
      expect.hasAssertions();
      const projects = owner().projects_folder_id;
      const [alpha] = await all(as(owner()).paginate("/evault/v1/folders/", { parent: projects }));
      const alphaId = alpha?.id ?? "";
      const [logo] = await all(as(owner()).paginate("/evault/v1/files/", { folder: alphaId }));

      const removed = await as(owner()).DELETE("/evault/v1/folders/{id}/", { params: { path: { id: projects } } });
      expect(removed.response.status).toBe(200);
      expect(removed.data).toMatchObject({ name: "Projects", file_type: "folder" });

      for (const id of [projects, alphaId]) {
        expect((await as(owner()).GET("/evault/v1/folders/{id}/", { params: { path: { id } } })).response.status).toBe(
          404,
        );
      }
      const file = await as(owner()).GET("/evault/v1/files/{id}/", { params: { path: { id: logo?.id ?? "" } } });
      expect(file.response.status).toBe(404);
      const inside = await as(owner()).GET("/evault/v1/files/", { params: { query: { folder: alphaId } } });
      expect(inside.response.status).toBe(404);
      const children = await as(owner()).GET("/evault/v1/folders/", { params: { query: { parent: alphaId } } });
      expect(children.response.status).toBe(404);
      const topLevel = await all(as(owner()).paginate("/evault/v1/folders/"));
      expect(topLevel.map((f) => f.id)).not.toContain(projects);
      const favourites = await all(as(owner()).paginate("/evault/v1/favourite/folders/"));
      expect(favourites.map((f) => f.id)).not.toContain(projects);
      const [newest] = await all(as(owner()).paginate("/evault/v1/bins/"));
      expect(newest).toEqual(removed.data);

      await as(owner()).POST("/evault/v1/bins/{id}/restore/", {
        params: { path: { id: removed.data?.id ?? "" } },
        body: { tags: [] },
      });
      const back = await as(owner()).GET("/evault/v1/folders/{id}/", { params: { path: { id: alphaId } } });
      expect(back.data).toMatchObject({ id: alphaId, path: "/Projects/Alpha" });
      const logoBack = await as(owner()).GET("/evault/v1/files/{id}/", { params: { path: { id: logo?.id ?? "" } } });
      expect(logoBack.response.status).toBe(200);
    });

    test("when uploads into a folder race its deletion, then each is created (and binned with it) or refused, and the restore brings back exactly the created ones", async () => {
      const folder = await create(owner(), { name: "Racing" });
      const id = folder.data?.id ?? "";
      const uploads = Array.from({ length: 6 }, (_, i) =>
        as(owner()).POST("/evault/v1/files/", { body: { file: new File([`race ${i}`], `r${i}.txt`), folder: id } }),
      );
      const [removed, ...answers] = await Promise.all([
        as(owner()).DELETE("/evault/v1/folders/{id}/", { params: { path: { id } } }),
        ...uploads,
      ]);
      expect(removed.response.status).toBe(200);
      for (const { response } of answers) expect([201, 422]).toContain(response.status);
      const created = answers.flatMap(({ data }) => (data ? [data.id] : []));
      const reads = await Promise.all(
        created.map((fileId) => as(owner()).GET("/evault/v1/files/{id}/", { params: { path: { id: fileId } } })),
      );
      expect(reads.map(({ response }) => response.status)).toEqual(created.map(() => 404));
      await as(owner()).POST("/evault/v1/bins/{id}/restore/", {
        params: { path: { id: removed.data?.id ?? "" } },
        body: { tags: [] },
      });
      const back = await all(as(owner()).paginate("/evault/v1/files/", { folder: id }));
      expect(back.map((f) => f.id).sort()).toEqual(created.sort());
    });

    test("when another user's folder is named, then GET, DELETE and the parent filter answer 404", async () => {
      expect.hasAssertions();
      const id = owner().folder_id;
      for (const answer of [
        await as(stranger()).GET("/evault/v1/folders/{id}/", { params: { path: { id } } }),
        await as(stranger()).DELETE("/evault/v1/folders/{id}/", { params: { path: { id } } }),
        await as(stranger()).GET("/evault/v1/folders/", { params: { query: { parent: id } } }),
      ]) {
        expect(answer.response.status).toBe(404);
      }
      const ownerSees = await as(owner()).GET("/evault/v1/folders/{id}/", { params: { path: { id } } });
      expect(ownerSees.response.status).toBe(200);
    });
  });

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
