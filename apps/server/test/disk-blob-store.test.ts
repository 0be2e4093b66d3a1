import { mkdtempSync, readdirSync, rmSync, utimesSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { basename, join } from "node:path";
import { Readable } from "node:stream";
import { afterAll, describe, expect, test } from "vitest";
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
