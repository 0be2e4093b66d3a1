import { mkdtempSync, readdirSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { Readable } from "node:stream";
import { afterAll, expect, test, vi } from "vitest";
import { DiskBlobStore } from "../src/storage/disk-blob-store.js";

// A temp file that opens slowly, as on a loaded machine: its open completes after the upload has failed.
vi.mock("node:fs/promises", async (importOriginal) => {
  const actual = await importOriginal<typeof import("node:fs/promises")>();
  return {
    ...actual,
    open: async (...args: Parameters<typeof actual.open>) => {
      await new Promise((resolve) => setTimeout(resolve, 100));
      return actual.open(...args);
    },
  };
});

const root = mkdtempSync(join(tmpdir(), "vault-blobs-"));
afterAll(() => rmSync(root, { recursive: true, force: true }));

test("when an upload fails while its temp file is still being opened, then no temp file stays", async () => {
  const store = new DiskBlobStore(root);
  await store.open();
  const failing = new Readable({
    read() {
      this.destroy(new Error("the client went away"));
    },
  });
  await expect(store.receive(failing)).rejects.toThrow("the client went away");
  await new Promise((resolve) => setTimeout(resolve, 300));
  expect(readdirSync(join(root, "tmp"))).toEqual([]);
});
