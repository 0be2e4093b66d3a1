import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { backends } from "./helpers/backends.js";
import { type Harness, type SeededUser, startHarness } from "./helpers/server.js";
import {
  checkedZip,
  download,
  everything,
  idsOf,
  inspectFolder,
  locationPath,
  shapeOf,
  walk,
} from "./helpers/vault.js";

const FAVOURITE = "/evault/v1/favourite/folders/{id}/" as const;
const DUPLICATE = "/evault/v1/folders/{id}/duplicate_folder/" as const;
const FILE = "/evault/v1/files/{id}/" as const;
const CONTENT = "/evault/v1/files/{id}/content/" as const;
const FOLDERS = "/evault/v1/folders/" as const;
const FOLDER = "/evault/v1/folders/{id}/" as const;

// Sizes of the seeded contents (see apps/server/src/demo.ts).
const notesSize = (user: SeededUser) => `Notes of ${user.username}\n`.length;
const LOGO = 70;
const DRAFT = "An old draft.\n".length;
/** Projects: plan.txt (notes), Alpha/logo.png, Alpha/Specs/spec.txt and spec-copy.txt (drafts). */
const projectsSize = (user: SeededUser) => notesSize(user) + LOGO + 2 * DRAFT;

const ARCHIVE_MAX_ENTRIES = 40;
const ARCHIVE_MAX_BYTES = 64 * 1024;
describe.each(backends)("folders on $name", (backend) => {
  let h: Harness;
  beforeAll(async () => {
    h = await startHarness(backend, {
      seedRuns: 2,
      env: { ARCHIVE_MAX_ENTRIES: String(ARCHIVE_MAX_ENTRIES), ARCHIVE_MAX_BYTES: String(ARCHIVE_MAX_BYTES) },
    });
  });
  afterAll(() => h?.stop());

  const user = (i: number) => h.users[i] as SeededUser;
  const patch = (id: string, body: Record<string, unknown>, by: SeededUser = user(0)) =>
    h.client(by.api_key).PATCH(FAVOURITE, { params: { path: { id } }, body: body as never });
  const duplicate = (id: string, body: Record<string, unknown>, by: SeededUser = user(0)) =>
    h.client(by.api_key).POST(DUPLICATE, { params: { path: { id } }, body: body as never });
  const tree = (folderId: string, by: SeededUser = user(0)) => walk(h.client(by.api_key), folderId);
  /** The ids of a seeded user's Projects/Alpha and Projects/Alpha/Specs. */
  const subfolders = async (by: SeededUser) => {
    const alpha = (await inspectFolder(h.client(by.api_key), by.projects_folder_id)).folderIds[0];
    const specs = (await inspectFolder(h.client(by.api_key), alpha ?? "")).folderIds[0];
    if (!alpha || !specs) throw new Error("the seeded Projects tree is not three levels deep");
    return { alpha, specs };
  };

  describe("POST /evault/v1/folders/{id}/duplicate_folder/", () => {
    test("when a 3-level tree is duplicated, then every folder and file is copied with counts, sizes and paths, and the source is untouched", async () => {
      const owner = user(0);
      const source = await tree(owner.projects_folder_id);
      const blobsBefore = await h.storedBlobs();

      const { data, response } = await duplicate(owner.projects_folder_id, {});
      expect(response.status).toBe(201);
      expect(data).toMatchObject({
        name: "Projects (copy)",
        description: "Work",
        is_starred: true,
        is_deleted: false,
        root: true,
        path: "/Projects (copy)",
        files_count: 4,
        folders_count: 2,
        file_size: projectsSize(owner),
        file_size_unit: "B",
      });
      const copy = await tree(data?.id ?? "");
      expect(shapeOf(copy)).toEqual(shapeOf({ ...source, name: "Projects (copy)" }));
      expect(idsOf(copy).filter((id) => idsOf(source).includes(id))).toEqual([]);
      expect(copy.folders[0]).toMatchObject({ name: "Alpha", files_count: 3, folders_count: 1 });
      expect(copy.folders[0]?.folders[0]).toMatchObject({ name: "Specs", files_count: 2, file_size: 2 * DRAFT });

      const specsCopy = copy.folders[0]?.folders[0]?.id ?? "";
      expect((await patch(specsCopy, {})).data?.path).toBe("/Projects (copy)/Alpha/Specs");
      const copiedFile = copy.folders[0]?.folders[0]?.files[0]?.id ?? "";
      expect((await download(h.client(owner.api_key), copiedFile)).toString()).toBe("An old draft.\n");
      // Copies share the stored bytes.
      expect(await h.storedBlobs()).toEqual(blobsBefore);
      expect(await tree(owner.projects_folder_id)).toEqual(source);
    });

    test("when body fields are given, then they override the copy's attributes", async () => {
      const owner = user(1);
      const documentsBefore = await inspectFolder(h.client(owner.api_key), owner.folder_id);
      const { data, response } = await duplicate(
        owner.projects_folder_id,
        {
          name: "Clone",
          description: "cloned",
          is_starred: false,
          is_archived: true,
          folder: owner.folder_id,
          tags: [{ name: "cloned", description: "a copy" }],
        },
        owner,
      );
      expect(response.status).toBe(201);
      expect(data).toMatchObject({
        name: "Clone",
        description: "cloned",
        is_starred: false,
        is_archived: true,
        folder: owner.folder_id,
        parent_folder: owner.folder_id,
        root: false,
        path: "/Documents/Clone",
        files_count: 4,
        folders_count: 2,
      });
      expect(data?.tags).toEqual([expect.objectContaining({ name: "cloned", description: "a copy" })]);
      const documentsAfter = await inspectFolder(h.client(owner.api_key), owner.folder_id);
      expect(documentsAfter.folders_count).toBe(documentsBefore.folders_count + 3);
      expect(documentsAfter.files_count).toBe(documentsBefore.files_count + 4);
      expect(documentsAfter.file_size).toBe(documentsBefore.file_size + projectsSize(owner));
    });

    test("when the source holds items in the bin, then they are not copied", async () => {
      const owner = user(0);
      const { data } = await duplicate(owner.folder_id, {});
      // Documents: notes.txt, logo.png, Reports/q3.txt; old-draft.txt is in the bin.
      expect(data).toMatchObject({ name: "Documents (copy)", files_count: 3, folders_count: 1 });
      const copy = await tree(data?.id ?? "");
      expect(copy.files.map((f) => f.name)).toEqual(["logo.png", "notes.txt"]);
    });

    test("when the destination is the source or inside it, then 422 names /body/folder and nothing is created", async () => {
      const owner = user(0);
      const { alpha, specs } = await subfolders(owner);
      const before = await tree(owner.projects_folder_id);
      for (const folder of [owner.projects_folder_id, alpha, specs]) {
        const { response, error } = await duplicate(owner.projects_folder_id, { folder });
        expect(response.status).toBe(422);
        expect(error?.errors).toContainEqual(expect.objectContaining({ path: "/body/folder", code: "inside_itself" }));
      }
      expect(await tree(owner.projects_folder_id)).toEqual(before);
    });

    test("when the destination is another user's folder, then 422 names /body/folder", async () => {
      const { response, error } = await duplicate(user(0).projects_folder_id, { folder: user(1).folder_id });
      expect(response.status).toBe(422);
      expect(error?.errors).toContainEqual(expect.objectContaining({ path: "/body/folder" }));
    });

    test("when the name has 256 characters, then 400 names /body/name", async () => {
      const { response, error } = await duplicate(user(0).projects_folder_id, { name: "n".repeat(256) });
      expect(response.status).toBe(400);
      expect(error?.errors).toContainEqual(expect.objectContaining({ path: "/body/name", code: "maxLength" }));
    });

    test("when the source is in the bin or unknown, then 404", async () => {
      for (const id of [user(0).binned_folder_id, "no-such-folder"]) {
        const { response, error } = await duplicate(id, {});
        expect(response.status).toBe(404);
        expect(error?.type).toBe("urn:vault:problem:not-found");
      }
    });
  });

  describe("PATCH /evault/v1/favourite/folders/{id}/", () => {
    test("when is_starred is set and cleared, then it round-trips and nothing else changes", async () => {
      const owner = user(0);
      const before = (await patch(owner.folder_id, {})).data;
      const starred = await patch(owner.folder_id, { is_starred: true });
      expect(starred.response.status).toBe(200);
      const { updated_at: _a, is_starred: _s, ...rest } = before ?? { updated_at: "", is_starred: false };
      expect(starred.data).toMatchObject({ ...rest, is_starred: true });
      const cleared = await patch(owner.folder_id, { is_starred: false });
      expect(cleared.data).toMatchObject({ ...rest, is_starred: false });
    });

    test("when one field is given, then only it changes; tags given replace the folder's tags", async () => {
      const owner = user(0);
      const before = (await patch(owner.folder_id, {})).data;
      const described = await patch(owner.folder_id, { description: "Papers, sorted" });
      expect(described.data).toMatchObject({
        name: before?.name,
        description: "Papers, sorted",
        is_starred: before?.is_starred,
        is_archived: before?.is_archived,
        tags: before?.tags,
        path: before?.path,
        files_count: before?.files_count,
      });
      const retagged = await patch(owner.folder_id, { tags: [{ name: "taxes" }, { name: "personal" }] });
      expect(retagged.data?.tags.map((t) => [t.name, t.description])).toEqual([
        ["personal", "Mine"],
        ["taxes", ""],
      ]);
      expect((await patch(owner.folder_id, { name: "Papers" })).data).toMatchObject({
        name: "Papers",
        path: "/Papers",
        description: "Papers, sorted",
        tags: retagged.data?.tags,
      });
    });

    test("when moved under another folder, then its path and the counts follow; folder null moves it back to the root", async () => {
      const owner = user(2);
      const documents = await inspectFolder(h.client(owner.api_key), owner.folder_id);
      const moved = await patch(owner.projects_folder_id, { folder: owner.folder_id }, owner);
      expect(moved.response.status).toBe(200);
      expect(moved.data).toMatchObject({
        path: "/Documents/Projects",
        parent_folder: owner.folder_id,
        folder: owner.folder_id,
        root: false,
      });
      const after = await inspectFolder(h.client(owner.api_key), owner.folder_id);
      expect(after).toMatchObject({
        folders_count: documents.folders_count + 3,
        files_count: documents.files_count + 4,
        file_size: documents.file_size + projectsSize(owner),
      });
      const back = await patch(owner.projects_folder_id, { folder: null }, owner);
      expect(back.data).toMatchObject({ path: "/Projects", root: true });
      expect(back.data?.parent_folder).toBeUndefined();
    });

    test("when moved into itself or its own subtree, then 422 names /body/folder and it stays", async () => {
      const owner = user(0);
      const { alpha, specs } = await subfolders(owner);
      for (const folder of [owner.projects_folder_id, alpha, specs]) {
        const { response, error } = await patch(owner.projects_folder_id, { folder });
        expect(response.status).toBe(422);
        expect(error?.errors).toContainEqual(expect.objectContaining({ path: "/body/folder", code: "inside_itself" }));
      }
      expect((await patch(specs, {})).data?.path).toBe("/Projects/Alpha/Specs");
    });

    test("when is_deleted is true, then the folder and its subtree go to the bin and the parent's counts drop", async () => {
      const owner = user(3);
      const { alpha, specs } = await subfolders(owner);
      const specsTree = await tree(specs, owner);
      const binned = await patch(alpha, { is_deleted: true }, owner);
      expect(binned.response.status).toBe(200);
      expect(binned.data).toMatchObject({ is_deleted: true, name: "Alpha" });

      const parent = await patch(owner.projects_folder_id, {}, owner);
      expect(parent.data).toMatchObject({ folders_count: 0, files_count: 1, file_size: notesSize(owner) });
      for (const id of [alpha, specs]) {
        expect((await patch(id, { is_starred: true }, owner)).response.status).toBe(404);
        expect((await duplicate(id, {}, owner)).response.status).toBe(404);
      }
      const rest = await duplicate(owner.projects_folder_id, {}, owner);
      expect(rest.data).toMatchObject({ files_count: 1, folders_count: 0 });

      // A file deep inside the binned folder is gone too, for every operation.
      const inside = specsTree.files[0]?.id ?? "";
      const client = h.client(owner.api_key);
      const fetched = await client.GET(CONTENT, { params: { path: { id: inside } }, parseAs: "arrayBuffer" });
      expect(fetched.response.status).toBe(404);
      const replaced = await client.PUT(FILE, {
        params: { path: { id: inside } },
        body: { file: new File(["x"], "x.txt") } as never,
      });
      expect(replaced.response.status).toBe(404);
      for (const body of [{ file: inside }, { folder: specs }]) {
        const shared = await client.PATCH("/evault/v1/file_shares/{id}/", {
          params: { path: { id: owner.file_share_id } },
          body,
        });
        expect(shared.response.status).toBe(422);
      }
    });

    test("when If-Match is stale, then 412 and the folder is unchanged", async () => {
      const owner = user(0);
      const first = await patch(owner.projects_folder_id, {});
      const version = first.response.headers.get("etag") ?? "";
      expect((await patch(owner.projects_folder_id, { description: "v2" })).response.status).toBe(200);
      const stale = await h.client(owner.api_key).PATCH(FAVOURITE, {
        params: { path: { id: owner.projects_folder_id }, header: { "If-Match": version } },
        body: { description: "v3" },
      });
      expect(stale.response.status).toBe(412);
      expect((await patch(owner.projects_folder_id, {})).data?.description).toBe("v2");
    });

    test('when If-Match is W/"<current>", then 412; when it lists a stale and the current tag, then the PATCH applies', async () => {
      const owner = user(1);
      const ifMatch = (tag: string, description: string) =>
        h.client(owner.api_key).PATCH(FAVOURITE, {
          params: { path: { id: owner.projects_folder_id }, header: { "If-Match": tag } },
          body: { description },
        });
      const current = (await patch(owner.projects_folder_id, {}, owner)).response.headers.get("etag") ?? "";
      expect((await ifMatch(`W/${current}`, "weak")).response.status).toBe(412);
      const listed = await ifMatch(`"1", ${current}`, "listed");
      expect(listed.response.status).toBe(200);
      expect((await patch(owner.projects_folder_id, {}, owner)).data?.description).toBe("listed");
    });

    test.each([
      [{ name: "n".repeat(256) }, "/body/name", "maxLength"],
      [{ name: "" }, "/body/name", "minLength"],
      [{ description: "d".repeat(501) }, "/body/description", "maxLength"],
      [{ is_starred: "true" }, "/body/is_starred", "type"],
      [{ colour: "red" }, "/body/colour", "additionalProperties"],
    ])("when the body is %j, then 400 names %s", async (body, path, code) => {
      const { response, error } = await patch(user(0).folder_id, body);
      expect(response.status).toBe(400);
      expect(error?.errors).toContainEqual(expect.objectContaining({ path, code }));
    });

    test("when folder is another user's folder, then 422 names /body/folder", async () => {
      const { response, error } = await patch(user(0).folder_id, { folder: user(1).folder_id });
      expect(response.status).toBe(422);
      expect(error?.errors).toContainEqual(expect.objectContaining({ path: "/body/folder" }));
    });
  });

  test("when the folder belongs to another user, then GET, PATCH, duplicate, DELETE and the parent filter are 404 and it is unchanged", async () => {
    const other = user(1);
    const before = await tree(other.projects_folder_id, other);
    const client = h.client(user(0).api_key);
    const path = { id: other.projects_folder_id };
    for (const { response } of [
      await client.GET(FOLDER, { params: { path } }),
      await client.DELETE(FOLDER, { params: { path } }),
      await client.GET(FOLDERS, { params: { query: { parent: other.projects_folder_id } } }),
    ]) {
      expect(response.status).toBe(404);
    }
    const starred = await patch(other.projects_folder_id, { is_starred: false, name: "mine now" });
    expect(starred.response.status).toBe(404);
    expect(starred.error?.type).toBe("urn:vault:problem:not-found");
    expect((await duplicate(other.projects_folder_id, {})).response.status).toBe(404);
    expect((await patch(other.projects_folder_id, { is_deleted: true })).response.status).toBe(404);
    expect(await tree(other.projects_folder_id, other)).toEqual(before);
    const unchanged = await patch(other.projects_folder_id, {}, other);
    expect(unchanged.data).toMatchObject({ name: "Projects", is_starred: true, is_deleted: false });
  });

  describe("GET /evault/v1/folders/{id}/archive/", () => {
    const ARCHIVE = "/evault/v1/folders/{id}/archive/" as const;
    const owner = () => user(0);
    const client = () => h.client(owner().api_key);
    const folder = async (name: string, parent?: string) =>
      (await client().POST(FOLDERS, { body: { name, folder: parent } })).data?.id ?? "";
    const put = async (folderId: string, name: string, bytes: string | Buffer<ArrayBuffer>) =>
      (await client().POST("/evault/v1/files/", { body: { file: new File([bytes], name), folder: folderId } })).data
        ?.id ?? "";
    const archive = (id: string, key = owner().api_key) =>
      h.client(key).GET(ARCHIVE, { params: { path: { id } }, parseAs: "arrayBuffer" });

    test("when a folder is archived, then unzip and Python read every live file at its path, empty folders too, stored, in UTF-8, with times", async () => {
      const top = await folder("Q3 Résumés");
      const docs = await folder("Docs", top);
      await folder("Empty", top);
      const pdf = Buffer.from(`%PDF-1.7\n${"x".repeat(3000)}`);
      await put(docs, "Résumé.pdf", pdf);
      await put(top, "report.txt", "lower");
      await put(top, "Report.txt", "upper");
      const binned = await put(top, "gone.txt", "binned");
      expect((await client().DELETE(FILE, { params: { path: { id: binned } } })).response.status).toBe(200);

      const { data, response } = await archive(top);
      expect(response.status).toBe(200);
      const bytes = Buffer.from(data ?? new ArrayBuffer(0));
      expect(response.headers.get("content-type")).toBe("application/zip");
      expect(response.headers.get("content-length")).toBe(String(bytes.length));
      expect(response.headers.get("content-disposition")).toContain("filename*=UTF-8''Q3%20R%C3%A9sum%C3%A9s.zip");
      const entries = await checkedZip(bytes);
      expect(entries.map((e) => [e.name, e.content.toString("latin1")])).toEqual([
        ["Q3 Résumés/", ""],
        ["Q3 Résumés/Docs/", ""],
        ["Q3 Résumés/Docs/Résumé.pdf", pdf.toString("latin1")],
        ["Q3 Résumés/Empty/", ""],
        ["Q3 Résumés/Report (2).txt", "upper"],
        ["Q3 Résumés/report.txt", "lower"],
      ]);
      expect(entries.every((e) => e.method === 0 && e.utf8)).toBe(true);
      const [year, month, day] = entries[2]?.time ?? [];
      const modified = Date.UTC(year ?? 0, (month ?? 1) - 1, day ?? 0);
      expect(Math.abs(modified - Date.now())).toBeLessThan(2 * 86_400_000);
    });

    test("when the folder is another user's, in the bin, or past ARCHIVE_MAX_ENTRIES or ARCHIVE_MAX_BYTES, then 404 or 413 before any byte", async () => {
      const stranger = await archive(owner().folder_id, user(1).api_key);
      expect(stranger.response.status).toBe(404);
      const binned = await folder("Binned");
      expect((await client().DELETE(FOLDER, { params: { path: { id: binned } } })).response.status).toBe(200);
      expect((await archive(binned)).response.status).toBe(404);

      const crowded = await folder("Crowded");
      await h.query(`insert into folders (id, user_id, parent_id, name)
        select 'crowd-' || n, ${owner().id}, '${crowded}', 'd' || n from generate_series(1, ${ARCHIVE_MAX_ENTRIES}) n`);
      const tooMany = await archive(crowded);
      expect(tooMany.response.status).toBe(413);
      expect(tooMany.response.headers.get("content-type")).toMatch(/^application\/problem\+json/);

      const heavy = await folder("Heavy");
      await put(heavy, "big.bin", Buffer.alloc(ARCHIVE_MAX_BYTES + 1, 7));
      expect((await archive(heavy)).response.status).toBe(413);
    });
  });

  describe("POST, GET, the lists and DELETE of /evault/v1/folders/", () => {
    const create = (body: { name: string; folder?: string | null; is_starred?: boolean }, by: SeededUser = user(0)) =>
      h.client(by.api_key).POST(FOLDERS, { body });
    const restore = (binId: string, by: SeededUser) =>
      h
        .client(by.api_key)
        .POST("/evault/v1/bins/{id}/restore/", { params: { path: { id: binId } }, body: { tags: [] } });

    test("when folders are created at the top and inside, then GET and the lists (parent, top level, favourites) show them", async () => {
      const client = h.client(user(0).api_key);
      const topLevel = async () => (await everything(client.paginate(FOLDERS))).map((f) => f.name);
      const favourites = async () =>
        (await everything(client.paginate("/evault/v1/favourite/folders/"))).map((f) => f.name);
      const [topBefore, favouritesBefore] = [await topLevel(), await favourites()];
      const top = await create({ name: "Taxes", is_starred: true });
      expect(top.response.status).toBe(201);
      const topId = top.data?.id ?? "";
      expect(locationPath(top.response)).toBe(`/evault/v1/folders/${topId}/`);
      expect(top.data).toMatchObject({ name: "Taxes", root: true, path: "/Taxes", description: "", files_count: 0 });
      const child = await create({ name: "2026", folder: topId });
      expect(child.response.status).toBe(201);
      expect(child.data).toMatchObject({ folder: topId, parent_folder: topId, root: false, path: "/Taxes/2026" });

      expect(await inspectFolder(client, topId)).toMatchObject({
        id: topId,
        folders_count: 1,
        folderIds: [child.data?.id],
      });
      expect(await topLevel()).toEqual([...topBefore, "Taxes"]);
      expect(await favourites()).toEqual([...favouritesBefore, "Taxes"]);
    });

    test("when the parent is binned or another user's, then the create is a 422 naming folder; without a name, a 400", async () => {
      for (const folder of [user(0).binned_folder_id, user(1).folder_id]) {
        const { response, error } = await create({ name: "Nope", folder });
        expect(response.status).toBe(422);
        expect(error?.errors?.[0]?.path).toBe("/body/folder");
      }
      const missing = await create({} as never);
      expect(missing.response.status).toBe(400);
      expect(missing.error?.errors).toContainEqual(expect.objectContaining({ path: "/body/name" }));
    });

    test("when a folder is deleted, then it and everything in it leave every read until the restore brings all back", async () => {
      const owner = user(2);
      const client = h.client(owner.api_key);
      const projects = owner.projects_folder_id;
      const { alpha } = await subfolders(owner);
      const logo = (await inspectFolder(client, alpha)).fileIds[0] ?? "";

      const removed = await client.DELETE(FOLDER, { params: { path: { id: projects } } });
      expect(removed.response.status).toBe(200);
      expect(removed.data).toMatchObject({ name: "Projects", file_type: "folder" });
      for (const id of [projects, alpha]) {
        expect((await client.GET(FOLDER, { params: { path: { id } } })).response.status).toBe(404);
      }
      expect((await client.GET(FILE, { params: { path: { id: logo } } })).response.status).toBe(404);
      const inside = await client.GET("/evault/v1/files/", { params: { query: { folder: alpha } } });
      expect(inside.response.status).toBe(404);
      const children = await client.GET(FOLDERS, { params: { query: { parent: alpha } } });
      expect(children.response.status).toBe(404);
      const topLevel = await everything(client.paginate(FOLDERS));
      expect(topLevel.map((f) => f.id)).not.toContain(projects);
      const favourites = await everything(client.paginate("/evault/v1/favourite/folders/"));
      expect(favourites.map((f) => f.id)).not.toContain(projects);
      const [newest] = await everything(client.paginate("/evault/v1/bins/"));
      expect(newest).toEqual(removed.data);

      expect((await restore(removed.data?.id ?? "", owner)).response.status).toBe(200);
      expect(await inspectFolder(client, alpha)).toMatchObject({ id: alpha, path: "/Projects/Alpha" });
      expect((await client.GET(FILE, { params: { path: { id: logo } } })).response.status).toBe(200);
    });

    test("when uploads into a folder race its deletion, then each is created (and binned with it) or refused, and the restore brings back exactly the created ones", async () => {
      const owner = user(0);
      const client = h.client(owner.api_key);
      const id = (await create({ name: "Racing" })).data?.id ?? "";
      const upload = (name: string) =>
        client.POST("/evault/v1/files/", { body: { file: new File([name], name), folder: id } });
      // Sent with the delete, small uploads usually all lose to it: one made before and one
      // after it make sure that both outcomes are checked, whichever way the race goes.
      const before = await upload("before.txt");
      expect(before.response.status).toBe(201);
      const [removed, ...racing] = await Promise.all([
        client.DELETE(FOLDER, { params: { path: { id } } }),
        ...Array.from({ length: 6 }, (_, i) => upload(`r${i}.txt`)),
      ]);
      expect(removed.response.status).toBe(200);
      for (const { response } of racing) expect([201, 422]).toContain(response.status);
      const after = await upload("after.txt");
      expect(after.response.status).toBe(422);
      expect(after.error?.errors?.[0]?.path).toBe("/body/folder");

      const created = [before, ...racing].flatMap(({ data }) => (data ? [data.id] : []));
      const reads = await Promise.all(created.map((fileId) => client.GET(FILE, { params: { path: { id: fileId } } })));
      expect(reads.map(({ response }) => response.status)).toEqual(created.map(() => 404));
      expect((await restore(removed.data?.id ?? "", owner)).response.status).toBe(200);
      expect((await inspectFolder(client, id)).fileIds.sort()).toEqual(created.sort());
    });
  });
});
