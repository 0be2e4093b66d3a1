// Usage and quotas (issue 27 §3): GET /evault/v1/usage/ shows the caller's bytes in
// current files, old versions and the bin, kept by the writes themselves; with
// USER_QUOTA_BYTES, a write that would pass the quota answers 507 `quota-exceeded` and
// stores nothing, alone or racing others. On PGlite, PostgreSQL and PostgreSQL + S3.
import { randomBytes } from "node:crypto";
import type { components } from "@vault/spec/schema";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { backends } from "./helpers/backends.js";
import { type Harness, startHarness } from "./helpers/server.js";

type Usage = components["schemas"]["Usage"];
const QUOTA = 1_000_000;
const QUOTA_PROBLEM = "urn:vault:problem:quota-exceeded";
const b64 = (text: string) => Buffer.from(text).toString("base64");

describe.each(backends)("usage and quotas on $name", (backend) => {
  let h: Harness;
  beforeAll(async () => {
    h = await startHarness(backend, {
      env: { USER_QUOTA_BYTES: String(QUOTA), FILE_VERSIONS_KEEP: "5" },
    });
  });
  afterAll(() => h?.stop());

  const usage = async (key?: string): Promise<Usage> => {
    const { data, response } = await h.client(key).GET("/evault/v1/usage/");
    if (!data) throw new Error(`no usage: ${response.status}`);
    return data;
  };
  const upload = (bytes: Buffer, folder = h.users[0].folder_id, key?: string) =>
    h.client(key).POST("/evault/v1/files/", { body: { file: new File([new Uint8Array(bytes)], "data.bin"), folder } });
  const made = async (bytes: Buffer, folder?: string) => {
    const { data, response } = await upload(bytes, folder);
    if (!data) throw new Error(`the file was not made: ${response.status}`);
    return data.id;
  };
  const replace = (id: string, bytes: Buffer) =>
    h.client().PUT("/evault/v1/files/{id}/", {
      params: { path: { id } },
      body: { file: new File([new Uint8Array(bytes)], "data.bin"), folder: h.users[0].folder_id },
    });
  /** Fills the first user's quota with one file until exactly `room` bytes are left; returns its id. */
  const leaveRoom = async (room: number) => {
    const before = await usage();
    return made(randomBytes(QUOTA - before.total_bytes - before.reserved_bytes - room));
  };
  /** Bins a file or a folder; answers its bin entry's id. */
  const bin = async (kind: "files" | "folders", id: string) => {
    const params = { path: { id } };
    const { data } =
      kind === "files"
        ? await h.client().DELETE("/evault/v1/files/{id}/", { params })
        : await h.client().DELETE("/evault/v1/folders/{id}/", { params });
    if (!data) throw new Error(`${id} was not binned`);
    return data.id;
  };
  const purge = async (binId: string) =>
    (await h.client().DELETE("/evault/v1/bins/{id}/", { params: { path: { id: binId } } })).response.status;
  /** Frees the files these tests made (bin and purge), so that each test starts with room. */
  const freeAll = async (ids: string[]) => {
    for (const id of ids) expect(await purge(await bin("files", id))).toBe(204);
  };
  const createTus = (length: number, key = h.users[0].api_key) =>
    fetch(`${h.url}/evault/v1/uploads/`, {
      method: "POST",
      headers: {
        "api-key": key,
        "tus-resumable": "1.0.0",
        "upload-length": String(length),
        "upload-metadata": `filename ${b64("big.bin")},folder ${b64(h.users[0].folder_id)}`,
      },
    });
  const deleteTus = async (created: Response) => {
    const { status } = await fetch(`${h.url}${new URL(created.headers.get("location") ?? "").pathname}`, {
      method: "DELETE",
      headers: { "api-key": h.users[0].api_key, "tus-resumable": "1.0.0" },
    });
    expect(status).toBe(204);
  };
  /** A tus upload that replaces `file`'s content, its creation carrying `body`, the first bytes. */
  const createReplacement = (file: string, length: number, body?: Buffer) =>
    fetch(`${h.url}/evault/v1/uploads/`, {
      method: "POST",
      headers: {
        "api-key": h.users[0].api_key,
        "tus-resumable": "1.0.0",
        "upload-length": String(length),
        "upload-metadata": `filename ${b64("new.bin")},file ${b64(file)}`,
        ...(body ? { "content-type": "application/offset+octet-stream" } : {}),
      },
      body: body ? new Uint8Array(body) : undefined,
    });
  const uploadPath = (created: Response) => new URL(created.headers.get("location") ?? "").pathname;
  /** What the first user's unfinished uploads announced and what the upload area holds of them. */
  const uploadArea = async () => {
    const [row] = await h.query<{ announced: string; received: string }>(
      `select coalesce(sum(length), 0)::text as announced, coalesce(sum(received), 0)::text as received
       from tus_uploads where user_id = ${h.users[0].id} and file_id is null`,
    );
    return { announced: Number(row?.announced), received: Number(row?.received) };
  };
  /** A file whose `sizes` were its contents in turn (the last one current); answers its id. */
  const withVersions = async (...sizes: number[]) => {
    const id = await made(randomBytes(sizes[0] ?? 0));
    for (const size of sizes.slice(1)) expect((await replace(id, randomBytes(size))).response.status).toBe(200);
    return id;
  };
  /** The kept figures against a count from the rows themselves. */
  const recount = async () =>
    h.query<{ kept: string; counted: string }>(
      `select (u.file_bytes + u.version_bytes)::text as kept,
        ((select coalesce(sum(content_size), 0) from files f where f.user_id = u.user_id)
          + (select coalesce(sum(b.size), 0) from file_versions v join blobs b on b.hash = v.hash where v.user_id = u.user_id))::text as counted
       from user_usage u order by u.user_id`,
    );

  test("the usage follows uploads, replaced content, the bin and its purge, and the quota is shown", async () => {
    const start = await usage();
    expect(start.quota_bytes).toBe(QUOTA);
    expect(start.total_bytes).toBe(start.files_bytes + start.versions_bytes + start.bin_bytes);
    const other = await usage(h.users[1].api_key);

    const id = await made(randomBytes(1000));
    expect(await usage()).toMatchObject({
      files_bytes: start.files_bytes + 1000,
      total_bytes: start.total_bytes + 1000,
    });
    expect((await replace(id, randomBytes(3000))).response.status).toBe(200);
    expect(await usage()).toMatchObject({
      files_bytes: start.files_bytes + 3000,
      versions_bytes: start.versions_bytes + 1000,
      total_bytes: start.total_bytes + 4000,
    });

    // A folder of two files, binned as a whole: its files count in the bin through it.
    const { data: folder } = await h.client().POST("/evault/v1/folders/", { body: { name: "to bin" } });
    await made(randomBytes(500), folder?.id);
    await made(randomBytes(700), folder?.id);
    const folderBin = await bin("folders", folder?.id ?? "");
    const fileBin = await bin("files", id);
    const binned = await usage();
    expect(binned).toMatchObject({
      files_bytes: start.files_bytes,
      bin_bytes: start.bin_bytes + 3000 + 1200,
      versions_bytes: start.versions_bytes + 1000,
      total_bytes: start.total_bytes + 5200,
    });

    expect(await purge(folderBin)).toBe(204);
    expect(await purge(fileBin)).toBe(204);
    expect(await usage()).toEqual(start);
    // Another user's figures never moved.
    expect(await usage(h.users[1].api_key)).toEqual(other);
    for (const row of await recount()) expect(row.kept).toBe(row.counted);
  });

  test("when a file's versions pass FILE_VERSIONS_KEEP, then the oldest one's bytes leave the usage as the newest one's come", async () => {
    const start = await usage();
    const sizes = [100, 200, 300, 400, 500, 600, 700, 800, 900];
    const id = await made(randomBytes(sizes[0] as number));
    for (const size of sizes.slice(1)) expect((await replace(id, randomBytes(size))).response.status).toBe(200);
    // Five kept, the current one counted: 900 current, 800, 700, 600 and 500 as versions; each later one replaced the
    // row of the oldest (version-writes.ts), the sizes differing.
    expect(await usage()).toMatchObject({
      files_bytes: start.files_bytes + 900,
      versions_bytes: start.versions_bytes + 2600,
      total_bytes: start.total_bytes + 3500,
    });
    for (const row of await recount()) expect(row.kept).toBe(row.counted);
    await freeAll([id]);
    expect(await usage()).toEqual(start);
  });

  test("an upload that does not fit answers 507 naming the file and stores nothing; one that fits exactly is made", async () => {
    const filler = await leaveRoom(10_000);
    const blobs = await h.storedBlobs();
    const before = await usage();

    // Far too big: refused from its length, before the body is read.
    const big = await upload(randomBytes(2 * 1024 * 1024));
    expect(big.response.status).toBe(507);
    expect(big.error).toMatchObject({
      type: QUOTA_PROBLEM,
      status: 507,
      errors: [{ path: "/body/file", code: "quota_exceeded" }],
    });
    // One byte too many: its length could fit with the form's other parts, so it is cut off as it streams.
    const over = await upload(randomBytes(10_001));
    expect(over.response.status).toBe(507);
    expect(over.error).toMatchObject({ type: QUOTA_PROBLEM, errors: [{ path: "/body/file" }] });
    const replaced = await replace(filler, randomBytes(10_001));
    expect(replaced.response.status).toBe(507);

    expect(await usage()).toEqual(before);
    expect(await h.storedBlobs()).toEqual(blobs);
    await expect.poll(() => h.tempFiles()).toEqual([]);

    const bytes = randomBytes(10_000);
    const exact = await upload(bytes);
    expect(exact.response.status).toBe(201);
    const full = await usage();
    expect(full.total_bytes).toBe(QUOTA);
    // At the quota, a replacement with the content the file has adds nothing: it is made
    // (a replacement is held to the quota when it commits, by what it adds).
    const same = await replace(exact.data?.id ?? "", bytes);
    expect(same.response.status).toBe(200);
    expect(await usage()).toEqual(full);
    await freeAll([filler, exact.data?.id ?? ""]);
  });

  test("concurrent uploads that each fit alone cannot pass the quota together", async () => {
    const filler = await leaveRoom(25_000);
    const before = await usage();
    const answers = await Promise.all(Array.from({ length: 6 }, () => upload(randomBytes(10_000))));
    const statuses = answers.map((a) => a.response.status).sort();
    expect(statuses).toEqual([201, 201, 507, 507, 507, 507]);
    for (const refused of answers.filter((a) => a.response.status === 507)) {
      expect(refused.error).toMatchObject({ type: QUOTA_PROBLEM });
    }
    const after = await usage();
    expect(after.total_bytes).toBe(before.total_bytes + 20_000);
    expect(after.total_bytes).toBeLessThanOrEqual(QUOTA);
    for (const row of await recount()) expect(row.kept).toBe(row.counted);
    await freeAll([filler, ...answers.flatMap((a) => (a.data ? [a.data.id] : []))]);
  });

  test("a tus creation is refused from its Upload-Length, and unfinished uploads hold their bytes against the quota", async () => {
    const filler = await leaveRoom(50_000);
    const tooBig = await createTus(50_001);
    expect(tooBig.status).toBe(507);
    expect(await tooBig.json()).toMatchObject({
      type: QUOTA_PROBLEM,
      errors: [{ path: "/headers/upload-length", code: "quota_exceeded" }],
    });

    const first = await createTus(30_000);
    expect(first.status).toBe(201);
    expect((await usage()).reserved_bytes).toBe(30_000);
    // Fits alone, not beside the first's 30,000: refused, and so is a one-request upload of it.
    expect((await createTus(30_000)).status).toBe(507);
    expect((await upload(randomBytes(30_000))).response.status).toBe(507);
    const unfinished = await h.query<{ n: string }>(
      `select count(*)::text as n from tus_uploads where user_id = ${h.users[0].id} and file_id is null`,
    );
    expect(unfinished[0]?.n).toBe("1");

    // Deleting the upload gives its bytes back.
    await deleteTus(first);
    expect((await usage()).reserved_bytes).toBe(0);
    const second = await createTus(30_000);
    expect(second.status).toBe(201);
    await deleteTus(second);
    await freeAll([filler]);
  });

  test("a tus replacement counts its Upload-Length against the room left: three larger than the room are refused and store nothing", async () => {
    const target = await made(randomBytes(1_000));
    const filler = await leaveRoom(30_000);
    const tooBig = await Promise.all(
      Array.from({ length: 3 }, () => createReplacement(target, 40_000, randomBytes(20_000))),
    );
    expect(tooBig.map((created) => created.status)).toEqual([507, 507, 507]);
    expect(await tooBig[0]?.json()).toMatchObject({
      type: QUOTA_PROBLEM,
      errors: [{ path: "/headers/upload-length", code: "quota_exceeded" }],
    });
    expect(await uploadArea()).toEqual({ announced: 0, received: 0 });

    // Three that each fit alone but not together: the room holds one of them.
    const racing = await Promise.all(
      Array.from({ length: 3 }, () => createReplacement(target, 20_000, randomBytes(10_000))),
    );
    expect(racing.map((created) => created.status).sort()).toEqual([201, 507, 507]);
    expect(await uploadArea()).toEqual({ announced: 20_000, received: 10_000 });
    expect((await usage()).reserved_bytes).toBe(20_000);
    const made201 = racing.find((created) => created.status === 201) as Response;
    const deleted = await fetch(`${h.url}${uploadPath(made201)}`, {
      method: "DELETE",
      headers: { "api-key": h.users[0].api_key, "tus-resumable": "1.0.0" },
    });
    expect(deleted.status).toBe(204);
    await freeAll([filler, target]);
  });

  test("a tus replacement is credited the oldest version it frees when the file keeps all it may", async () => {
    // FILE_VERSIONS_KEEP=5: four earlier versions, so the next change recycles the 5,000-byte one.
    const target = await withVersions(5_000, 100, 101, 102, 103);
    const filler = await leaveRoom(30_000);
    expect((await createReplacement(target, 35_001)).status).toBe(507);
    const whole = await createReplacement(target, 35_000, randomBytes(35_000));
    expect(whole.status).toBe(201);
    expect(whole.headers.get("vault-file-id")).toBe(target);
    expect((await usage()).total_bytes).toBe(QUOTA);
    await freeAll([filler, target]);
  });

  test("a PATCH of an upload that no longer fits beside what is stored answers 507 and stores nothing", async () => {
    const restored = await withVersions(10_000, 100);
    const filler = await leaveRoom(20_000);
    const created = await createTus(20_000);
    expect(created.status).toBe(201);
    // A restore is held to the stored bytes only: it takes room the upload announced.
    const { data: versions } = await h.client().GET("/evault/v1/files/{id}/versions/", {
      params: { path: { id: restored } },
    });
    const old = versions?.results.find((v) => v.size === 10_000)?.id ?? "";
    const restore = await h.client().POST("/evault/v1/files/{id}/versions/{version_id}/restore/", {
      params: { path: { id: restored, version_id: old } },
    });
    expect(restore.response.status).toBe(200);

    const patched = await fetch(`${h.url}${uploadPath(created)}`, {
      method: "PATCH",
      headers: {
        "api-key": h.users[0].api_key,
        "tus-resumable": "1.0.0",
        "upload-offset": "0",
        "content-type": "application/offset+octet-stream",
      },
      body: new Uint8Array(randomBytes(10_000)),
    });
    expect(patched.status).toBe(507);
    expect(await patched.json()).toMatchObject({
      type: QUOTA_PROBLEM,
      errors: [{ path: "/headers/upload-length", code: "quota_exceeded" }],
    });
    expect(await uploadArea()).toEqual({ announced: 20_000, received: 0 });
    await deleteTus(created);
    await freeAll([filler, restored]);
  });

  test("a restore and a folder duplicate that would pass the quota answer 507 and change nothing; freeing bytes always works", async () => {
    const old = randomBytes(40_000);
    const id = await made(old);
    expect((await replace(id, randomBytes(100))).response.status).toBe(200);
    const { data: folder } = await h.client().POST("/evault/v1/folders/", { body: { name: "to copy" } });
    await made(randomBytes(30_000), folder?.id);
    const filler = await leaveRoom(20_000);
    const before = await usage();

    const { data: versions } = await h.client().GET("/evault/v1/files/{id}/versions/", { params: { path: { id } } });
    const oldVersion = versions?.results.find((v) => v.size === 40_000)?.id ?? "";
    const restore = await h.client().POST("/evault/v1/files/{id}/versions/{version_id}/restore/", {
      params: { path: { id, version_id: oldVersion } },
    });
    expect(restore.response.status).toBe(507);
    expect(restore.error).toMatchObject({ type: QUOTA_PROBLEM, status: 507 });
    const duplicate = await h.client().POST("/evault/v1/folders/{id}/duplicate_folder/", {
      params: { path: { id: folder?.id ?? "" } },
      body: { name: "copy" },
    });
    expect(duplicate.response.status).toBe(507);
    expect(await usage()).toEqual(before);
    const { data: file } = await h.client().GET("/evault/v1/files/{id}/", { params: { path: { id } } });
    expect(file?.file_size).toBe(100);

    // Deleting the old version frees its 40,000 bytes: then the duplicate fits.
    expect(
      (
        await h.client().DELETE("/evault/v1/files/{id}/versions/{version_id}/", {
          params: { path: { id, version_id: oldVersion } },
        })
      ).response.status,
    ).toBe(204);
    expect((await usage()).total_bytes).toBe(before.total_bytes - 40_000);
    const again = await h.client().POST("/evault/v1/folders/{id}/duplicate_folder/", {
      params: { path: { id: folder?.id ?? "" } },
      body: { name: "copy" },
    });
    expect(again.response.status).toBe(201);
    await freeAll([filler, id]);
  });
});
