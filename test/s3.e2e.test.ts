// The S3 blob store (BLOB_STORE=s3) against a real S3 server (Ceph RGW, started by
// scripts/s3-test-server.sh): what only an object store has. The whole end-to-end suite
// also runs on it (the "+s3" backend of helpers/backends.ts).
import { execFile } from "node:child_process";
import { randomBytes } from "node:crypto";
import { existsSync, mkdtempSync, rmSync } from "node:fs";
import { get } from "node:http";
import type { Socket } from "node:net";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { setTimeout as sleep } from "node:timers/promises";
import { promisify } from "node:util";
import { loadConfig, openBlobStore, openDatabase, sweepOrphanBlobs } from "@vault/server";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { backends } from "./helpers/backends.js";
import { relayTo } from "./helpers/relay.js";
import { type Harness, startHarness } from "./helpers/server.js";
import { curl, download, hangingUpload, inspectFile, sha256 } from "./helpers/vault.js";

const s3 = backends.find((backend) => backend.blobs === "s3");
const onPostgres = s3?.name === "postgres+s3" ? s3 : undefined;
const CONTENT = "/evault/v1/files/{id}/content/" as const;

const until = async (condition: () => Promise<boolean>, what: string, ms = 10_000) => {
  for (let waited = 0; !(await condition()); waited += 50) {
    if (waited > ms) throw new Error(`timed out waiting until ${what}`);
    await sleep(50);
  }
};

const putFile = (
  h: Harness,
  bytes: Buffer<ArrayBuffer> | string,
  name: string,
  client = h.client(),
  id = h.users[0].file_id,
) => client.PUT("/evault/v1/files/{id}/", { params: { path: { id } }, body: { file: new File([bytes], name) } });

describe.runIf(s3)(`the S3 blob store on ${s3?.name}`, () => {
  let h: Harness;
  beforeAll(async () => {
    h = await startHarness(s3 as NonNullable<typeof s3>, { env: { MAX_UPLOAD_BYTES: String(64 * 1024 * 1024) } });
  });
  afterAll(() => h?.stop());

  test("when files are uploaded, then their bytes are objects named by SHA-256 in the bucket and nothing is on local disk", async () => {
    const bytes = Buffer.from(`stored in the bucket ${Math.random()}`);
    expect((await putFile(h, bytes, "bucket.txt")).response.status).toBe(200);
    expect(await h.storedBlobs()).toContain(sha256(bytes));
    expect(existsSync(join(h.dataDir, "blobs"))).toBe(false);
  });

  test("when a 64 MiB upload is aborted after its first parts reached the store, then no object, no multipart upload and no row remain", async () => {
    const before = await inspectFile(h.client(), h.users[0].file_id);
    const blobsBefore = await h.storedBlobs();
    const upload = hangingUpload(h, 64);
    await until(async () => (await h.tempFiles()).length > 0, "a multipart upload is under way in the bucket");
    upload.abort();
    await until(async () => (await h.tempFiles()).length === 0, "the multipart upload is aborted");
    expect(await h.storedBlobs()).toEqual(blobsBefore);
    const after = await inspectFile(h.client(), h.users[0].file_id);
    expect(after).toMatchObject({ hash: before.hash, name: before.name, updated_at: before.updated_at });
  });

  test("when the bucket does not exist, then the server refuses to start, naming S3_BUCKET", async () => {
    const server = resolve(import.meta.dirname, "../apps/server/dist/main.js");
    const dataDir = mkdtempSync(join(tmpdir(), "vault-e2e-nobucket-"));
    try {
      const failed = await promisify(execFile)(process.execPath, [server], {
        // The database's root key from the harness's own data directory, so the bucket is what is wrong.
        env: {
          ...h.env,
          DATA_DIR: dataDir,
          VAULT_SECRET_KEY_FILE: join(h.env.DATA_DIR ?? "", "secret.key"),
          S3_BUCKET: "vault-no-such-bucket",
        },
      }).then(
        () => undefined,
        (error: { code: number; stderr: string }) => error,
      );
      expect(failed?.code).toBe(1);
      expect(failed?.stderr).toContain('Configuration error: S3_BUCKET "vault-no-such-bucket" does not exist');
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  });

  test("when the same bytes are uploaded twice, then the second upload stores nothing new and leaves no temp object", async () => {
    const bytes = Buffer.alloc(9 * 1024 * 1024, 5);
    expect((await putFile(h, bytes, "first.bin")).response.status).toBe(200);
    const stored = await h.storedBlobs();
    expect((await putFile(h, bytes, "second.bin", h.client(h.users[1].api_key), h.users[1].file_id)).data?.hash).toBe(
      sha256(bytes),
    );
    expect(await h.storedBlobs()).toEqual(stored);
    expect(await h.tempFiles()).toEqual([]);
    expect(sha256(await download(h.client(h.users[1].api_key), h.users[1].file_id))).toBe(sha256(bytes));
  });
});

describe.runIf(s3)(`an unreachable S3 store on ${s3?.name}`, () => {
  let h: Harness;
  let relay: Awaited<ReturnType<typeof relayTo>>;
  /** The object reads (GET requests) the server sent the store. */
  let reads = 0;
  /** The connection that carried the latest of them. */
  let lastRead: Socket | undefined;
  beforeAll(async () => {
    h = await startHarness(s3 as NonNullable<typeof s3>);
    relay = await relayTo(h, "S3_ENDPOINT", (socket) => (chunk) => {
      const sent = chunk.toString("latin1").match(/^GET \//gm)?.length ?? 0;
      reads += sent;
      if (sent > 0) lastRead = socket;
    });
  });
  afterAll(async () => {
    await h?.stop();
    await relay?.cut();
  });

  test("when a client goes away early in a folder's archive, then the server closes the object it was reading and opens no other", async () => {
    const client = h.client();
    const folder = (await client.POST("/evault/v1/folders/", { body: { name: "Large" } })).data?.id ?? "";
    const FILES = 6;
    for (let i = 0; i < FILES; i++) {
      const body = { file: new File([randomBytes(4 * 1024 * 1024)], `part-${i}.bin`), folder };
      expect((await client.POST("/evault/v1/files/", { body })).response.status).toBe(201);
    }
    const before = reads;
    const url = new URL(`/evault/v1/folders/${folder}/archive/`, h.url);
    await new Promise<void>((resolve, reject) => {
      const req = get(url, { headers: { "api-key": h.users[0].api_key } }, (res) => {
        res.once("data", () => {
          req.destroy();
          resolve();
        });
      }).on("error", reject);
    });
    await sleep(500);
    const afterCut = reads - before;
    await sleep(1000);
    expect(reads - before).toBe(afterCut);
    expect(afterCut).toBeGreaterThan(0);
    expect(afterCut).toBeLessThan(FILES);
    // The object being read was closed, not left open until the store's idle timeout.
    expect(lastRead?.closed).toBe(true);
    expect((await client.GET("/evault/v1/folders/{id}/", { params: { path: { id: folder } } })).response.status).toBe(
      200,
    );
  });

  test("when the store cannot be reached, then uploads and downloads are 503 with Retry-After, /readyz says so, other operations work; once it is back, all succeed without a restart", async () => {
    const [user] = h.users;
    const kept = `before the outage ${Math.random()}`;
    expect((await putFile(h, kept, "kept.txt")).response.status).toBe(200);
    await relay.cut();

    const upload = await putFile(h, "during the outage", "lost.txt");
    expect(upload.response.status).toBe(503);
    expect(upload.response.headers.get("retry-after")).toBe("5");
    expect(upload.error).toMatchObject({ status: 503, type: "urn:vault:problem:unavailable" });
    const fetched = await h.client().GET(CONTENT, { params: { path: { id: user.file_id } }, parseAs: "arrayBuffer" });
    expect(fetched.response.status).toBe(503);
    expect(fetched.response.headers.get("retry-after")).toBe("5");
    const ready = await fetch(`${h.url}/readyz`);
    expect(ready.status).toBe(503);
    expect(await ready.json()).toEqual({ status: "unavailable", database: true, blob_store: false, validators: true });
    const share = await h
      .client()
      .PATCH("/evault/v1/file_shares/{id}/", { params: { path: { id: user.file_share_id } }, body: {} });
    expect(share.response.status).toBe(200);
    expect(await inspectFile(h.client(), user.file_id)).toMatchObject({ hash: sha256(kept) });

    await relay.restore();
    // What the refused upload left in the store's temp area stays for the sweep (it could not be deleted then).
    const leftByOutage = await h.tempFiles();
    // /readyz keeps its answer for a second (observability.ts): the outage's 503 may still be it.
    await expect.poll(async () => (await fetch(`${h.url}/readyz`)).status, { timeout: 5000 }).toBe(200);
    expect((await download(h.client(), user.file_id)).toString()).toBe(kept);
    const after = await putFile(h, "after the outage", "back.txt");
    expect(after.response.status).toBe(200);
    expect((await download(h.client(), user.file_id)).toString()).toBe("after the outage");
    // An upload's temp object is discarded once its response has ended: nothing new stays.
    await expect.poll(() => h.tempFiles(), { timeout: 10_000 }).toEqual(leftByOutage);
  });
});

describe.runIf(onPostgres)(`two machines on one PostgreSQL and one bucket (${onPostgres?.name})`, () => {
  let h: Harness;
  let b: Awaited<ReturnType<Harness["another"]>>;
  const otherDataDir = mkdtempSync(join(tmpdir(), "vault-e2e-machine-b-"));
  beforeAll(async () => {
    h = await startHarness(onPostgres as NonNullable<typeof onPostgres>);
    b = await h.another({ DATA_DIR: otherDataDir });
  });
  afterAll(async () => {
    await b?.stop();
    await h?.stop();
    rmSync(otherDataDir, { recursive: true, force: true });
  });

  test("when a file is uploaded through one process, then the other serves its bytes, ranges and ETag, both ways", async () => {
    const [first, second] = h.users;
    const viaA = Buffer.from(`uploaded to machine A ${Math.random()}`);
    expect((await putFile(h, viaA, "a.txt")).response.status).toBe(200);
    const onB = await b.client().GET(CONTENT, {
      params: { path: { id: first.file_id } },
      headers: { Range: "bytes=0-7" },
      parseAs: "arrayBuffer",
    });
    expect(onB.response.status).toBe(206);
    expect(Buffer.from(onB.data as ArrayBuffer).toString()).toBe("uploaded");
    expect(onB.response.headers.get("etag")).toBe(`"${sha256(viaA)}"`);
    expect(await download(b.client(), first.file_id)).toEqual(viaA);

    const viaB = Buffer.from(`uploaded to machine B ${Math.random()}`);
    const put = await b.client(second.api_key).PUT("/evault/v1/files/{id}/", {
      params: { path: { id: second.file_id } },
      body: { file: new File([viaB], "b.txt") },
    });
    expect(put.response.status).toBe(200);
    expect(await download(h.client(second.api_key), second.file_id)).toEqual(viaB);
    expect(existsSync(join(otherDataDir, "blobs"))).toBe(false);
  });

  test("when objects no row names are older than the grace hour, then the sweep deletes them and keeps every object a row names", async () => {
    const orphan = `orphan ${Math.random()}`;
    await h.bucket?.put(sha256(orphan), orphan);
    const named = (await h.query<{ hash: string }>("select hash from blobs")).map((row) => row.hash);
    const config = loadConfig({ ...h.env, LOG_LEVEL: "silent" });
    // The SDK reads its credentials from the environment, as the server does.
    process.env.AWS_ACCESS_KEY_ID = h.env.AWS_ACCESS_KEY_ID;
    process.env.AWS_SECRET_ACCESS_KEY = h.env.AWS_SECRET_ACCESS_KEY;
    const database = await openDatabase(config);
    try {
      const store = await openBlobStore(config);
      expect(await sweepOrphanBlobs(database.db, store)).toBe(0);
      expect(await h.storedBlobs()).toContain(sha256(orphan));
      const anHourOn = new Date(Date.now() + 61 * 60 * 1000);
      expect(await sweepOrphanBlobs(database.db, store, anHourOn)).toBe(1);
      expect(await h.storedBlobs()).toEqual([...named].sort());
    } finally {
      await database.close();
    }
  });

  test("when a presigned download's seconds are over, then the store itself refuses it", async () => {
    const text = `short-lived ${Math.random()}`;
    expect((await putFile(h, text, "short.txt")).response.status).toBe(200);
    process.env.AWS_ACCESS_KEY_ID = h.env.AWS_ACCESS_KEY_ID;
    process.env.AWS_SECRET_ACCESS_KEY = h.env.AWS_SECRET_ACCESS_KEY;
    const store = await openBlobStore(loadConfig({ ...h.env, LOG_LEVEL: "silent" }));
    const as = { filename: "short.txt", contentType: "text/plain" };
    const url = (await store.presignedDownload?.(sha256(text), 2, as)) ?? "";
    expect((await curl(url)).body.toString()).toBe(text);
    await until(async () => (await curl(url)).status === 403, "the store refuses the expired URL", 6000);
  });
});
