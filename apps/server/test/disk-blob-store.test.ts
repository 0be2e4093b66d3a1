import { createHash, randomBytes, randomUUID } from "node:crypto";
import {
  existsSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  statSync,
  utimesSync,
  writeFileSync,
} from "node:fs";
import { tmpdir } from "node:os";
import { basename, join } from "node:path";
import { Readable } from "node:stream";
import { afterAll, describe, expect, test } from "vitest";
import { BlobMissing } from "../src/storage/blob-store.js";
import { DiskBlobStore } from "../src/storage/disk-blob-store.js";

describe("the blob store's temp area, shared by several machines", () => {
  const root = mkdtempSync(join(tmpdir(), "vault-blobs-"));
  afterAll(() => rmSync(root, { recursive: true, force: true }));

  test("when it opens, then it removes this machine's files of dead processes and other machines' files only once abandoned", async () => {
    const store = new DiskBlobStore(root);
    await store.open();
    // This process's own temp name tells this machine's prefix.
    const upload = await store.receive(Readable.from([Buffer.from("x")]));
    const machine = basename(upload.temp).slice(0, basename(upload.temp).lastIndexOf("@"));
    await store.discard(upload);
    const tmp = join(root, "tmp");
    const files = {
      deadHere: `${machine}@999999999.1-a`,
      freshElsewhere: "other_host.bootid@1.1-b",
      oldElsewhere: "other_host.bootid@1.1-c",
    };
    for (const name of Object.values(files)) writeFileSync(join(tmp, name), "partial");
    const twoDaysAgo = new Date(Date.now() - 2 * 24 * 60 * 60 * 1000);
    utimesSync(join(tmp, files.oldElsewhere), twoDaysAgo, twoDaysAgo);

    await new DiskBlobStore(root).open();
    expect(readdirSync(tmp)).toEqual([files.freshElsewhere]);
  });
});

describe("reading stored contents", () => {
  const root = mkdtempSync(join(tmpdir(), "vault-blobs-"));
  afterAll(() => rmSync(root, { recursive: true, force: true }));

  async function stored(bytes: Buffer): Promise<{ store: DiskBlobStore; hash: string }> {
    const store = new DiskBlobStore(root);
    await store.open();
    const upload = await store.receive(Readable.from([bytes]));
    await store.commit(upload);
    return { store, hash: upload.hash };
  }
  const bytesOf = async (stream: Readable) => Buffer.concat(await stream.toArray());

  test("when a small content is read, then all its bytes are there before the event loop turns once", async () => {
    // Under load a turn of the loop lasts as long as every request that arrived meanwhile:
    // a small download must not wait for several of them.
    const { store, hash } = await stored(Buffer.from("sixteen bytes!!\n"));
    const turned = new Promise((resolve) => setImmediate(resolve, "the loop turned first"));
    const read = store.read(hash).then(bytesOf);
    expect(await Promise.race([read, turned])).toEqual(Buffer.from("sixteen bytes!!\n"));
  });

  test.each([
    { what: "a large content", range: undefined },
    { what: "a large range of a large content", range: { start: 1, end: 200_000 } },
    { what: "a small range of a large content", range: { start: 70_000, end: 70_009 } },
    { what: "its last byte", range: { start: 299_999, end: 299_999 } },
  ])("when $what is read, then exactly those bytes come", async ({ range }) => {
    const content = Buffer.from(Array.from({ length: 300_000 }, (_, i) => i % 251));
    const { store, hash } = await stored(content);
    const expected = range ? content.subarray(range.start, range.end + 1) : content;
    expect(await bytesOf(await store.read(hash, range))).toEqual(expected);
  });

  test("when a content that is not stored is read, then the read rejects before any byte", async () => {
    const store = new DiskBlobStore(root);
    await expect(store.read("0".repeat(64))).rejects.toBeInstanceOf(BlobMissing);
  });
});

describe("a resumable upload's parts on disk", () => {
  const root = mkdtempSync(join(tmpdir(), "vault-blobs-"));
  afterAll(() => rmSync(root, { recursive: true, force: true }));
  const sha256 = (bytes: Buffer) => createHash("sha256").update(bytes).digest("hex");
  const id = () => randomUUID();

  test("when an upload completes, then its content is the parts in order (a part stored again replaces the first) and its bytes are not written again", async () => {
    const store = new DiskBlobStore(root);
    await store.open();
    const upload = id();
    const [a, b, c] = [randomBytes(3000), randomBytes(5000), randomBytes(100)];
    await store.writeUploadPart(upload, 0, [a.subarray(0, 1000), a.subarray(1000)]);
    // A part stored but never recorded (a crash before the record), then stored again from the same offset.
    await store.writeUploadPart(upload, 3000, [randomBytes(4000)]);
    await store.writeUploadPart(upload, 3000, [b]);
    await store.writeUploadPart(upload, 8000, [c]);
    const received = await store.completeUpload(upload, [0, 3000, 8000], 8100);
    const whole = Buffer.concat([a, b, c]);
    expect(received).toMatchObject({ hash: sha256(whole), size: 8100, mimetype: "application/octet-stream" });
    expect(readFileSync(received.temp)).toEqual(whole);
    // The temp is the upload's own file under a second name: nothing was copied.
    expect(statSync(received.temp).ino).toBe(statSync(join(root, "uploads", upload)).ino);
    await store.commit(received);
    await store.discard(received);

    // A completion retried after its record failed: the stored content keeps its bytes.
    await store.writeUploadPart(upload, 8000, [randomBytes(100)]);
    expect(sha256(Buffer.concat(await (await store.read(received.hash)).toArray()))).toBe(received.hash);
    await store.deleteUploadParts(upload);
    expect(existsSync(join(root, "uploads", upload))).toBe(false);
  });

  test("when a part's first bytes were stored as it arrived, then its write stores the rest after them, and a completed upload's content keeps its bytes", async () => {
    const store = new DiskBlobStore(root);
    await store.open();
    const upload = id();
    const [a, b] = [randomBytes(3000), randomBytes(2500)];
    await store.prewriteUploadPart(upload, 0, a.subarray(0, 1000));
    await store.prewriteUploadPart(upload, 1000, a.subarray(1000, 2500));
    // The part's chunks split elsewhere than where the stored bytes end.
    await store.writeUploadPart(upload, 0, [a.subarray(0, 2000), a.subarray(2000)], 5500, 2500);
    await store.prewriteUploadPart(upload, 3000, b.subarray(0, 100));
    await store.writeUploadPart(upload, 3000, [b], 5500, 100);
    const received = await store.completeUpload(upload, [0, 3000], 5500);
    expect(readFileSync(received.temp)).toEqual(Buffer.concat([a, b]));
    await store.commit(received);
    await store.discard(received);

    // A part's bytes stored after the completion (a PATCH retried once its record failed): the content keeps its own.
    await store.prewriteUploadPart(upload, 3000, randomBytes(100));
    expect(sha256(Buffer.concat(await (await store.read(received.hash)).toArray()))).toBe(received.hash);
    await store.deleteUploadParts(upload);
  });

  test("when an upload of no bytes completes, then its content is empty", async () => {
    const store = new DiskBlobStore(root);
    await store.open();
    const received = await store.completeUpload(id(), [], 0);
    expect(received).toMatchObject({ hash: sha256(Buffer.alloc(0)), size: 0 });
    await store.discard(received);
  });
});
