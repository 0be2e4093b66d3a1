import { closeSync, createReadStream, fstatSync, openSync, readSync } from "node:fs";
import { mkdir, readdir, readFile, rename, rm, stat, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { Readable } from "node:stream";
import { pipeline } from "node:stream/promises";
import { BatchedFileWriter } from "./batched-file-writer.js";
import {
  type BlobStore,
  BlobStoreUnavailable,
  type ByteRange,
  DATABASES,
  type ReceivedUpload,
  SHA256,
  type StoredBlob,
  UUID,
} from "./blob-store.js";
import { contentTap } from "./content-tap.js";
import { PRIVATE_DIRECTORY, PRIVATE_FILE } from "./private-modes.js";
import { isAbandoned, tempName } from "./temp-owner.js";

/**
 * Up to this many bytes (one read stream chunk) are read at once, synchronously: each
 * step of a read stream (open, read, end, close) waits for a turn of the event loop,
 * which under load lasts as long as every request that arrived meanwhile takes (on
 * PGlite a whole write runs in one turn), so a 16-byte download waited several turns
 * while a write waited one. A read this size from the page cache takes microseconds.
 */
const SMALL_READ_BYTES = 64 * 1024;

/**
 * Blobs on the local disk under `root`: each content is one file named by its
 * SHA-256 (`root/<first 2 hex>/<sha256>`). Uploads are streamed to `root/tmp` while
 * hashed, then moved into place with an atomic rename.
 */
export class DiskBlobStore implements BlobStore {
  private readonly tmp: string;

  constructor(readonly root: string) {
    this.tmp = join(root, "tmp");
  }

  /** Creates the folders and removes what crashed uploads left behind. */
  async open(): Promise<void> {
    await mkdir(this.tmp, { recursive: true, mode: PRIVATE_DIRECTORY });
    await this.sweepTemp();
  }

  /** Temp files of crashed uploads (see `temp-owner.ts`). */
  async sweepTemp(): Promise<void> {
    for (const name of await readdir(this.tmp)) {
      const path = join(this.tmp, name);
      const stored = await stat(path).catch(() => undefined);
      if (stored && isAbandoned(name, stored.mtime)) await rm(path, { force: true });
    }
  }

  private path(hash: string): string {
    if (!SHA256.test(hash)) throw new Error("not a SHA-256 hash");
    return join(this.root, hash.slice(0, 2), hash);
  }

  async receive(source: Readable): Promise<ReceivedUpload> {
    const temp = join(this.tmp, tempName());
    const { tap, summary } = contentTap();
    try {
      await pipeline(source, tap, new BatchedFileWriter(temp));
    } catch (error) {
      await rm(temp, { force: true });
      throw error;
    }
    return { temp, ...(await summary()) };
  }

  async commit(upload: ReceivedUpload): Promise<void> {
    const target = this.path(upload.hash);
    await mkdir(join(target, ".."), { recursive: true, mode: PRIVATE_DIRECTORY });
    await rename(upload.temp, target).catch(async (err: NodeJS.ErrnoException) => {
      // A transaction that runs again (after a deadlock) finds its bytes already in place.
      if (err.code !== "ENOENT" || !(await this.exists(upload.hash))) throw err;
    });
  }

  async discard(upload: Pick<ReceivedUpload, "temp">): Promise<void> {
    await rm(upload.temp, { force: true });
  }

  async read(hash: string, range?: ByteRange): Promise<Readable> {
    // Opened first, so a missing blob rejects before anything is answered.
    const fd = openSync(this.path(hash), "r");
    try {
      const start = range?.start ?? 0;
      const end = range?.end ?? fstatSync(fd).size - 1;
      if (end - start < SMALL_READ_BYTES) {
        const bytes = Buffer.alloc(Math.max(0, end - start + 1));
        const read = readSync(fd, bytes, 0, bytes.length, start);
        closeSync(fd);
        return Readable.from([bytes.subarray(0, read)]);
      }
      return createReadStream("", { fd, start, end });
    } catch (error) {
      closeSync(fd);
      throw error;
    }
  }

  async exists(hash: string): Promise<boolean> {
    return stat(this.path(hash)).then(
      (s) => s.isFile(),
      () => false,
    );
  }

  async delete(hash: string): Promise<void> {
    await rm(this.path(hash), { force: true });
  }

  async *list(): AsyncGenerator<StoredBlob> {
    for (const shard of await readdir(this.root).catch(() => [] as string[])) {
      if (shard === "tmp") continue;
      for (const name of await readdir(join(this.root, shard)).catch(() => [] as string[])) {
        if (!SHA256.test(name)) continue;
        const stored = await stat(join(this.root, shard, name)).catch(() => undefined);
        if (stored) yield { hash: name, storedAt: stored.mtime };
      }
    }
  }

  async databaseMarkers(): Promise<Map<string, number>> {
    const markers = new Map<string, number>();
    const folder = join(this.root, DATABASES);
    for (const id of await readdir(folder).catch(() => [] as string[])) {
      if (UUID.test(id)) markers.set(id, Number(await readFile(join(folder, id), "utf8")));
    }
    return markers;
  }

  async writeDatabaseMarker(databaseId: string, generation: number): Promise<void> {
    const temp = join(this.tmp, tempName());
    await writeFile(temp, String(generation), { mode: PRIVATE_FILE, flag: "wx" });
    await mkdir(join(this.root, DATABASES), { recursive: true, mode: PRIVATE_DIRECTORY });
    await rename(temp, this.markerLocation(databaseId));
  }

  markerLocation(databaseId: string): string {
    if (!UUID.test(databaseId)) throw new Error("not a database id");
    return join(this.root, DATABASES, databaseId);
  }

  /** The disk is unavailable when its folder is gone (an unmounted volume). */
  async check(): Promise<void> {
    await stat(this.tmp).catch((error: unknown) => {
      throw new BlobStoreUnavailable(error);
    });
  }
}
