import { mkdtempSync, readdirSync, rmSync, utimesSync, writeFileSync } from "node:fs";
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
