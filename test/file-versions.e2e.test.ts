// File versions (issue 27 §2): every change of a file's content keeps the content it
// replaces, up to FILE_VERSIONS_KEEP per file; versions are listed, downloaded, restored
// and deleted through the generated client, and their bytes go only when nothing names
// them. On PGlite, PostgreSQL and PostgreSQL + S3.
import { createHash, randomBytes } from "node:crypto";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { backends } from "./helpers/backends.js";
import { type Harness, startHarness } from "./helpers/server.js";
import { curl } from "./helpers/vault.js";

const VERSIONS = "/evault/v1/files/{id}/versions/" as const;
const VERSION_CONTENT = "/evault/v1/files/{id}/versions/{version_id}/content/" as const;
const RESTORE = "/evault/v1/files/{id}/versions/{version_id}/restore/" as const;
const VERSION = "/evault/v1/files/{id}/versions/{version_id}/" as const;
const VERSION_LINK = "/evault/v1/files/{id}/versions/{version_id}/download_link/" as const;
const sha256 = (bytes: Buffer) => createHash("sha256").update(bytes).digest("hex");

describe.each(backends)("file versions on $name", (backend) => {
  let h: Harness;
  /** At most three versions per file, so the retention shows in a few uploads. */
  const KEEP = 3;

  beforeAll(async () => {
    h = await startHarness(backend, { env: { FILE_VERSIONS_KEEP: String(KEEP) } });
  });
  afterAll(() => h?.stop());

  const upload = async (bytes: Buffer, name = "report.bin") => {
    const { data, response } = await h.client().POST("/evault/v1/files/", {
      body: { file: new File([new Uint8Array(bytes)], name), folder: h.users[0].folder_id },
    });
    if (!data) throw new Error(`the file was not made: ${response.status}`);
    return data.id;
  };
  /** A full update of the file (a PUT resets what it omits: the folder is kept by naming it). */
  const replace = (id: string, bytes: Buffer, name = "report.bin", folder = h.users[0].folder_id) =>
    h.client().PUT("/evault/v1/files/{id}/", {
      params: { path: { id } },
      body: { file: new File([new Uint8Array(bytes)], name), name, folder },
    });
  const versions = async (id: string, key?: string) => {
    const { data, response } = await h.client(key).GET(VERSIONS, { params: { path: { id } } });
    return { list: data?.results ?? [], status: response.status };
  };
  const content = async (id: string, versionId: string, headers: Record<string, string> = {}) => {
    const { data, response } = await h.client().GET(VERSION_CONTENT, {
      params: { path: { id, version_id: versionId }, header: headers },
      parseAs: "arrayBuffer",
    });
    return { bytes: Buffer.from(data ?? new ArrayBuffer(0)), response };
  };
  const current = async (id: string) => {
    const { data } = await h.client().GET("/evault/v1/files/{id}/content/", {
      params: { path: { id } },
      parseAs: "arrayBuffer",
    });
    return Buffer.from(data ?? new ArrayBuffer(0));
  };
  const blobRows = async (hash: string) =>
    Number((await h.query<{ n: string }>(`select count(*) as n from blobs where hash = '${hash}'`))[0]?.n);

  test("when a file is made, then it has one version, current, with its size, SHA-256 and type", async () => {
    const bytes = randomBytes(3000);
    const id = await upload(bytes);
    const { list, status } = await versions(id);
    expect(status).toBe(200);
    expect(list).toEqual([
      {
        id: expect.any(String),
        size: 3000,
        sha256: sha256(bytes),
        content_type: "application/octet-stream",
        created_at: expect.any(String),
        is_current: true,
      },
    ]);
    expect((await content(id, list[0]?.id ?? "")).bytes.equals(bytes)).toBe(true);
  });

  test("when a file's content is replaced, then the old content is a version with its own bytes, ranges and ETag; the same content or a rename alone make none", async () => {
    const [first, second] = [randomBytes(4000), randomBytes(5000)];
    const id = await upload(first);
    expect((await replace(id, second)).response.status).toBe(200);
    const { list } = await versions(id);
    expect(list.map((v) => [v.sha256, v.is_current])).toEqual([
      [sha256(second), true],
      [sha256(first), false],
    ]);
    const old = list[1]?.id ?? "";
    const whole = await content(id, old);
    expect(whole.bytes.equals(first)).toBe(true);
    expect(whole.response.headers.get("etag")).toBe(`"${sha256(first)}"`);
    expect(whole.response.headers.get("content-disposition")).toContain("filename=report.bin");
    const range = await content(id, old, { Range: "bytes=10-19" });
    expect(range.response.status).toBe(206);
    expect(range.bytes.equals(first.subarray(10, 20))).toBe(true);
    const unchanged = await content(id, old, { "If-None-Match": `"${sha256(first)}"` });
    expect(unchanged.response.status).toBe(304);

    // The same bytes again, under another name: a change of fields, no new version.
    expect((await replace(id, second, "renamed.bin")).response.status).toBe(200);
    expect((await versions(id)).list.map((v) => v.sha256)).toEqual([sha256(second), sha256(first)]);
    expect((await current(id)).equals(second)).toBe(true);
  });

  test("when an old version is restored, then its content is current again as a new version, If-Match is honoured and a retried restore does it once", async () => {
    const [first, second] = [randomBytes(2000), randomBytes(2100)];
    const id = await upload(first);
    const put = await replace(id, second);
    const etag = put.response.headers.get("etag") ?? "";
    const old = (await versions(id)).list[1]?.id ?? "";

    const stale = await h.client().POST(RESTORE, {
      params: { path: { id, version_id: old }, header: { "If-Match": '"1"' } },
    });
    expect(stale.response.status).toBe(412);
    expect((await current(id)).equals(second)).toBe(true);

    const key = `restore-${Math.random()}`;
    const restore = () =>
      h.client().POST(RESTORE, {
        params: { path: { id, version_id: old }, header: { "If-Match": etag, "Idempotency-Key": key } },
      });
    const restored = await restore();
    expect(restored.response.status).toBe(200);
    expect(restored.data?.hash).toBe(sha256(first));
    expect(restored.response.headers.get("etag")).not.toBe(etag);
    const replayed = await restore();
    expect(replayed.response.status).toBe(200);
    expect(replayed.response.headers.get("idempotent-replayed")).toBe("true");
    expect(replayed.data).toEqual(restored.data);

    expect((await current(id)).equals(first)).toBe(true);
    const { list } = await versions(id);
    expect(list.map((v) => [v.sha256, v.is_current])).toEqual([
      [sha256(first), true],
      [sha256(second), false],
      [sha256(first), false],
    ]);
    // Restoring the content the file has changes nothing.
    const same = await h.client().POST(RESTORE, { params: { path: { id, version_id: list[0]?.id ?? "" } } });
    expect(same.response.status).toBe(200);
    expect(same.response.headers.get("etag")).toBe(restored.response.headers.get("etag"));
    expect((await versions(id)).list).toHaveLength(3);
  });

  test("when versions pass FILE_VERSIONS_KEEP, then the oldest go, and their bytes with them unless something else names them", async () => {
    const contents = [randomBytes(1000), randomBytes(1001), randomBytes(1002), randomBytes(1003), randomBytes(1004)];
    const id = await upload(contents[0] as Buffer);
    // Another file holds the second content: it must outlive the version that goes.
    await upload(contents[1] as Buffer, "keeper.bin");
    for (const bytes of contents.slice(1)) await replace(id, bytes);
    const { list } = await versions(id);
    expect(list.map((v) => v.sha256)).toEqual([4, 3, 2].map((i) => sha256(contents[i] as Buffer)));
    expect(await blobRows(sha256(contents[0] as Buffer))).toBe(0);
    expect((await h.storedBlobs()).includes(sha256(contents[0] as Buffer))).toBe(false);
    expect(await blobRows(sha256(contents[1] as Buffer))).toBe(1);
    expect((await h.storedBlobs()).includes(sha256(contents[1] as Buffer))).toBe(true);
  });

  test("when an old version is deleted, then it is gone with its bytes; the current one is a 409 naming version_id", async () => {
    const [first, second] = [randomBytes(1500), randomBytes(1600)];
    const id = await upload(first);
    await replace(id, second);
    const [now, old] = (await versions(id)).list;
    const refused = await h.client().DELETE(VERSION, { params: { path: { id, version_id: now?.id ?? "" } } });
    expect(refused.response.status).toBe(409);
    expect(refused.error?.errors).toContainEqual(expect.objectContaining({ path: "/path/version_id" }));
    const deleted = await h.client().DELETE(VERSION, { params: { path: { id, version_id: old?.id ?? "" } } });
    expect(deleted.response.status).toBe(204);
    expect((await versions(id)).list.map((v) => v.sha256)).toEqual([sha256(second)]);
    expect(await blobRows(sha256(first))).toBe(0);
    expect((await h.storedBlobs()).includes(sha256(first))).toBe(false);
    const again = await h.client().DELETE(VERSION, { params: { path: { id, version_id: old?.id ?? "" } } });
    expect(again.response.status).toBe(404);
    expect((await current(id)).equals(second)).toBe(true);
  });

  test("when a version's download link is made, then curl with no credentials downloads that version until it is deleted; another user's is 404", async () => {
    const [first, second] = [randomBytes(2500), randomBytes(2600)];
    const id = await upload(first, "plan.bin");
    await replace(id, second, "plan.bin");
    const old = (await versions(id)).list[1]?.id ?? "";
    const path = { id, version_id: old };
    const made = await h.client().POST(VERSION_LINK, { params: { path }, body: { expires_in: 60 } });
    expect(made.response.status).toBe(200);
    expect(Date.parse(made.data?.expires_at ?? "") - Date.now()).toBeLessThanOrEqual(60_000);
    const url = made.data?.url ?? "";
    const got = await curl(url);
    expect(got.status).toBe(200);
    expect(got.body.equals(first)).toBe(true);
    expect(got.headers["content-disposition"]).toContain("plan.bin");

    const stranger = await h.client(h.users[1].api_key).POST(VERSION_LINK, { params: { path } });
    expect(stranger.response.status).toBe(404);
    // The version's bytes go with it, so on S3 the presigned URL finds no object either.
    expect((await h.client().DELETE(VERSION, { params: { path } })).response.status).toBe(204);
    expect((await curl(url)).status).toBe(404);
  });

  test("when an old version is deleted, then the file keeps FILE_VERSIONS_KEEP versions again before its oldest goes", async () => {
    const contents = [randomBytes(1610), randomBytes(1611), randomBytes(1612), randomBytes(1613), randomBytes(1614)];
    const id = await upload(contents[0] as Buffer);
    for (const bytes of contents.slice(1, 3)) await replace(id, bytes);
    const middle = (await versions(id)).list[1]?.id ?? "";
    expect((await h.client().DELETE(VERSION, { params: { path: { id, version_id: middle } } })).response.status).toBe(
      204,
    );
    await replace(id, contents[3] as Buffer);
    expect((await versions(id)).list.map((v) => v.sha256)).toEqual([3, 2, 0].map((i) => sha256(contents[i] as Buffer)));
    await replace(id, contents[4] as Buffer);
    expect((await versions(id)).list.map((v) => v.sha256)).toEqual([4, 3, 2].map((i) => sha256(contents[i] as Buffer)));
  });

  test("when a file is in the bin, then its versions answer 404 and stay; the bin entry's deletion frees their bytes", async () => {
    const [first, second] = [randomBytes(1700), randomBytes(1800)];
    const id = await upload(first);
    await replace(id, second);
    const binned = await h.client().DELETE("/evault/v1/files/{id}/", { params: { path: { id } } });
    expect((await versions(id)).status).toBe(404);
    expect(await blobRows(sha256(first))).toBe(1);
    await h.client().DELETE("/evault/v1/bins/{id}/", { params: { path: { id: binned.data?.id ?? "" } } });
    expect(await blobRows(sha256(first))).toBe(0);
    expect(await blobRows(sha256(second))).toBe(0);
    expect((await h.storedBlobs()).filter((hash) => hash === sha256(first) || hash === sha256(second))).toEqual([]);
  });

  test("when another user asks, or a version of another file is named, then 404", async () => {
    const id = await upload(randomBytes(900));
    await replace(id, randomBytes(901));
    const old = (await versions(id)).list[1]?.id ?? "";
    expect((await versions(id, h.users[1].api_key)).status).toBe(404);
    const other = await upload(randomBytes(902));
    expect((await content(other, old)).response.status).toBe(404);
    const restore = await h.client().POST(RESTORE, { params: { path: { id: other, version_id: old } } });
    expect(restore.response.status).toBe(404);
    const remove = await h.client().DELETE(VERSION, { params: { path: { id: other, version_id: old } } });
    expect(remove.response.status).toBe(404);
    expect((await versions(id)).list).toHaveLength(2);
  });

  test("when a folder is duplicated, then each copied file has its current content only", async () => {
    const vault = h.client();
    const folder = (await vault.POST("/evault/v1/folders/", { body: { name: "Versioned" } })).data?.id ?? "";
    const file = await vault.POST("/evault/v1/files/", {
      body: { file: new File([randomBytes(700)], "a.bin"), folder },
    });
    await replace(file.data?.id ?? "", randomBytes(701), "a.bin", folder);
    const copy = await vault.POST("/evault/v1/folders/{id}/duplicate_folder/", {
      params: { path: { id: folder } },
      body: { name: "Versioned copy" },
    });
    const copied = await vault.GET("/evault/v1/files/", { params: { query: { folder: copy.data?.id ?? "" } } });
    const copiedId = copied.data?.results[0]?.id ?? "";
    expect((await versions(copiedId)).list.map((v) => v.is_current)).toEqual([true]);
    expect((await versions(file.data?.id ?? "")).list).toHaveLength(2);
  });

  test("when versions are kept no more (FILE_VERSIONS_KEEP=1) and an earlier one is restored, then the content it replaces goes with its bytes", async () => {
    const [first, second] = [randomBytes(1900), randomBytes(1950)];
    const id = await upload(first);
    await replace(id, second);
    const old = (await versions(id)).list[1]?.id ?? "";
    h.env.FILE_VERSIONS_KEEP = "1";
    await h.restart();
    try {
      const restored = await h.client().POST(RESTORE, { params: { path: { id, version_id: old } } });
      expect(restored.response.status).toBe(200);
      expect((await versions(id)).list.map((v) => v.sha256)).toEqual([sha256(first)]);
      expect(await blobRows(sha256(second))).toBe(0);
      expect((await h.storedBlobs()).includes(sha256(second))).toBe(false);
      expect((await current(id)).equals(first)).toBe(true);
    } finally {
      h.env.FILE_VERSIONS_KEEP = String(KEEP);
      await h.restart();
    }
  });

  test("when FILE_VERSIONS_KEEP is lowered, then a file's next content change prunes every version beyond it at once, and no other file's", async () => {
    const contents = [randomBytes(2100), randomBytes(2101), randomBytes(2102), randomBytes(2103)];
    // Another file with as many versions, made in turn with this one's (older and newer ones): the prune is per file.
    const others = [randomBytes(2200), randomBytes(2201), randomBytes(2202)];
    const other = await upload(others[0] as Buffer);
    const id = await upload(contents[0] as Buffer);
    for (const i of [1, 2]) {
      await replace(other, others[i] as Buffer);
      await replace(id, contents[i] as Buffer);
    }
    expect((await versions(id)).list).toHaveLength(KEEP);
    h.env.FILE_VERSIONS_KEEP = "2";
    await h.restart();
    try {
      expect((await replace(id, contents[3] as Buffer)).response.status).toBe(200);
      expect((await versions(id)).list.map((v) => v.sha256)).toEqual([3, 2].map((i) => sha256(contents[i] as Buffer)));
      for (const gone of [contents[0], contents[1]] as Buffer[]) {
        expect(await blobRows(sha256(gone))).toBe(0);
        expect((await h.storedBlobs()).includes(sha256(gone))).toBe(false);
      }
      expect((await versions(other)).list.map((v) => v.sha256)).toEqual(
        [2, 1, 0].map((i) => sha256(others[i] as Buffer)),
      );
    } finally {
      h.env.FILE_VERSIONS_KEEP = String(KEEP);
      await h.restart();
    }
  });

  test("when versions are paged, then every version comes once, newest first", async () => {
    const id = await upload(randomBytes(100));
    await replace(id, randomBytes(101));
    await replace(id, randomBytes(102));
    const seen: string[] = [];
    let cursor: string | undefined;
    do {
      const { data } = await h.client().GET(VERSIONS, {
        params: { path: { id }, query: { page_size: 1, ...(cursor ? { cursor } : {}) } },
      });
      seen.push(...(data?.results ?? []).map((v) => v.id));
      cursor = data?.next ? (new URL(data.next).searchParams.get("cursor") ?? undefined) : undefined;
    } while (cursor);
    expect(seen).toEqual((await versions(id)).list.map((v) => v.id));
    expect(new Set(seen).size).toBe(KEEP);
  });
});
