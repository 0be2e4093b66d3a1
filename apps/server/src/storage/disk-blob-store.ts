import { closeSync, createReadStream, fstatSync, openSync, readSync } from "node:fs";
import { link, mkdir, open, readdir, readFile, rename, rm, stat, writeFile } from "node:fs/promises";
import { dirname, join } from "node:path";
import { Readable } from "node:stream";
import { pipeline } from "node:stream/promises";
import { BatchedFileWriter, diskFailure } from "./batched-file-writer.js";
import {
  BlobMissing,
  type BlobStore,
  BlobStoreUnavailable,
  type ByteRange,
  DATABASES,
  type ReceivedUpload,
  SHA256,
  type StoredBlob,
  UPLOADS,
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
 * hashed and fsynced, then linked into place (atomic: the name appears with all its
 * bytes) and the folder holding the name is fsynced, as PostgreSQL and MinIO make a
 * write durable: a blob that `commit` returned for survives a power cut.
 */
export class DiskBlobStore implements BlobStore {
  private readonly tmp: string;

  constructor(readonly root: string) {
    this.tmp = join(root, "tmp");
  }

  /** Creates the folders and removes what crashed uploads left behind. */
  async open(): Promise<void> {
    await durableMkdir(this.tmp);
    // Folders a crashed process created but did not fsync.
    await syncDirectory(this.root);
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
    const writer = new BatchedFileWriter(temp);
    try {
      await pipeline(source, tap, writer);
    } catch (error) {
      // A disk that refused the write may refuse this too: the temp sweep finds what stays.
      await rm(temp, { force: true }).catch(() => {});
      throw error;
    }
    return { temp, ...(await summary()) };
  }

  async commit(upload: ReceivedUpload): Promise<void> {
    const target = this.path(upload.hash);
    // A second name for the temp, renamed over the content's name: the folder changes,
    // and its fsync does the same work, whether or not the content was stored.
    const staged = join(this.tmp, tempName());
    try {
      await durableMkdir(dirname(target));
      await link(upload.temp, staged);
      await rename(staged, target);
      await syncDirectory(dirname(target));
    } catch (error) {
      await rm(staged, { force: true }).catch(() => {});
      throw diskFailure(error);
    }
  }

  async ensureStored(upload: ReceivedUpload): Promise<void> {
    // Under the hash's lock, so no cleanup of the same content runs between the two.
    if (!(await this.exists(upload.hash))) await this.commit(upload);
  }

  async discard(upload: Pick<ReceivedUpload, "temp">): Promise<void> {
    await rm(upload.temp, { force: true });
  }

  async read(hash: string, range?: ByteRange): Promise<Readable> {
    // Opened first, so a missing blob rejects before anything is answered.
    let fd: number;
    try {
      fd = openSync(this.path(hash), "r");
    } catch (error) {
      throw (error as NodeJS.ErrnoException).code === "ENOENT" ? new BlobMissing(hash, error) : error;
    }
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

  private uploadFolder(upload: string): string {
    if (!UUID.test(upload)) throw new Error("not an upload id");
    return join(this.root, UPLOADS, upload);
  }

  async writeUploadPart(upload: string, start: number, bytes: Buffer): Promise<void> {
    const folder = this.uploadFolder(upload);
    const temp = join(this.tmp, tempName());
    try {
      const file = await open(temp, "wx", PRIVATE_FILE);
      try {
        await file.writeFile(bytes);
        await file.sync();
      } finally {
        await file.close();
      }
      await durableMkdir(folder);
      await rename(temp, join(folder, String(start)));
      await syncDirectory(folder);
    } catch (error) {
      await rm(temp, { force: true }).catch(() => {});
      throw diskFailure(error);
    }
  }

  readUploadParts(upload: string, starts: number[]): Readable {
    const folder = this.uploadFolder(upload);
    return Readable.from(
      (async function* () {
        for (const start of starts) yield* createReadStream(join(folder, String(start)));
      })(),
    );
  }

  async deleteUploadParts(upload: string): Promise<void> {
    await rm(this.uploadFolder(upload), { recursive: true, force: true });
  }

  /** The disk is unavailable when its folder is gone (an unmounted volume). */
  async check(): Promise<void> {
    await stat(this.tmp).catch((error: unknown) => {
      throw new BlobStoreUnavailable(error);
    });
  }
}

/** Makes the entries of a folder (names added, removed or renamed in it) durable. */
async function syncDirectory(path: string): Promise<void> {
  const folder = await open(path, "r");
  try {
    await folder.sync();
  } finally {
    await folder.close();
  }
}

/** `mkdir -p` whose new folders are durable: the parent of each folder it creates is fsynced. */
async function durableMkdir(path: string): Promise<void> {
  const first = await mkdir(path, { recursive: true, mode: PRIVATE_DIRECTORY });
  if (first === undefined) return;
  for (let folder = path; ; folder = dirname(folder)) {
    await syncDirectory(dirname(folder));
    if (folder === first) return;
  }
}
