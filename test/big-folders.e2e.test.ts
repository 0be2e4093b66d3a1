// A share of a folder embeds the folder with its child ids (`folder_detail.files` and
// `.folders`): at most the 100 oldest of each, however many the folder holds, so the
// share's body stays small. Archives of many entries are read whole by unzip and Python.
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { backends } from "./helpers/backends.js";
import { type Harness, startHarness } from "./helpers/server.js";
import { checkedZip } from "./helpers/vault.js";

const CHILDREN = 20_000;
/** One more than a ZIP without Zip64 can count. */
const ZIP64_FILES = 65_536;
const MAX_CHILD_IDS = 100;
/** The bulk inserts below run as statements of the server: on a loaded 2-core machine they outlive the 30 s default. */
const BULK_STATEMENT_TIMEOUT_MS = "300000";

describe.each(backends)("a share of a folder with 20,000 children on $name", (backend) => {
  let h: Harness;
  let folderId: string;
  beforeAll(async () => {
    h = await startHarness(backend, { env: { DATABASE_STATEMENT_TIMEOUT_MS: BULK_STATEMENT_TIMEOUT_MS } });
    const { data } = await h.client().POST("/evault/v1/folders/", { body: { name: "Crowded" } });
    folderId = data?.id ?? "";
    const owner = h.users[0].id;
    await h.query(`
      insert into files (id, user_id, folder_id, name, created_at)
        select 'file-' || n, ${owner}, '${folderId}', 'f' || n, now() - (${CHILDREN} - n) * interval '1 ms'
        from generate_series(1, ${CHILDREN}) n;
      insert into folders (id, user_id, parent_id, name, created_at)
        select 'folder-' || n, ${owner}, '${folderId}', 'd' || n, now() - (${CHILDREN} - n) * interval '1 ms'
        from generate_series(1, ${CHILDREN}) n`);
  }, 300_000);
  afterAll(() => h?.stop());

  test("when the folder is shared and the share is read, then folder_detail lists the 100 oldest of each kind and the body stays small", async () => {
    const client = h.client();
    const created = await client.POST("/evault/v1/file_shares/", { body: { folder: folderId } });
    expect(created.response.status).toBe(201);
    const started = performance.now();
    const { data, response } = await client.GET("/evault/v1/file_shares/{id}/", {
      params: { path: { id: created.data?.id ?? "" } },
    });
    const ms = performance.now() - started;
    expect(response.status).toBe(200);
    const body = JSON.stringify(data);
    expect(body.length).toBeLessThan(32 * 1024);
    const detail = data?.folder_detail;
    expect(detail?.files_count).toBe(CHILDREN);
    expect(detail?.folders_count).toBe(CHILDREN);
    const oldest = (prefix: string) => Array.from({ length: MAX_CHILD_IDS }, (_, i) => `${prefix}-${i + 1}`);
    expect(detail?.files.split(",")).toEqual(oldest("file"));
    expect(detail?.folders.split(",")).toEqual(oldest("folder"));
    // The list of the folder's files pages through the rest, starting where the share's ids do.
    const listed = await client.GET("/evault/v1/files/", {
      params: { query: { folder: folderId, page_size: MAX_CHILD_IDS } },
    });
    expect(listed.data?.results.map((file) => file.id)).toEqual(oldest("file"));
    expect(ms).toBeLessThan(2000);
  }, 120_000);

  /**
   * The owner's archive of a new folder holding `files` files of no content, the first
   * uploaded and the others inserted, named by the SQL expression `name` of their number.
   */
  const archiveOf = async (files: number, name: string) => {
    const client = h.client();
    const folder = (await client.POST("/evault/v1/folders/", { body: { name: "Many" } })).data?.id ?? "";
    const first = await client.POST("/evault/v1/files/", { body: { file: new File([""], "f0"), folder } });
    await h.query(`
      insert into files (id, user_id, folder_id, name, hash, content_size)
        select '${folder}-' || n, ${h.users[0].id}, '${folder}', ${name}, '${first.data?.hash}', 0
        from generate_series(1, ${files - 1}) n`);
    const { data, response } = await client.GET("/evault/v1/folders/{id}/archive/", {
      params: { path: { id: folder } },
      parseAs: "arrayBuffer",
    });
    expect(response.status).toBe(200);
    return { bytes: Buffer.from(data ?? new ArrayBuffer(0)), length: response.headers.get("content-length") };
  };

  // The archive's format is the database's and the store's concern nowhere: the embedded default only.
  test.runIf(backend.name === "pglite")(
    "when a folder's archive has a central directory over 64 KiB, then its Content-Length is the body's length and it reads whole",
    async () => {
      // 700 central directory records of about 150 bytes each.
      const { bytes, length } = await archiveOf(700, "repeat('n', 80) || n");
      expect(length).toBe(String(bytes.length));
      expect(await checkedZip(bytes)).toHaveLength(701);
    },
  );

  test.runIf(backend.name === "pglite")(
    "when a folder of 65,536 files is archived, then the ZIP is Zip64 and unzip and Python read every entry",
    async () => {
      const { bytes } = await archiveOf(ZIP64_FILES, "'f' || n");
      // The Zip64 end of central directory record: the entry count passes 65,535.
      expect(bytes.includes(Buffer.from([0x50, 0x4b, 0x06, 0x06]))).toBe(true);
      expect(await checkedZip(bytes)).toHaveLength(ZIP64_FILES + 1);
    },
    300_000,
  );
});
