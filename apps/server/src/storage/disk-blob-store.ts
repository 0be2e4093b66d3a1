import { closeSync, constants, createReadStream, fstatSync, openSync, readSync } from "node:fs";
import {
  copyFile,
  type FileHandle,
  link,
  mkdir,
  open,
  readdir,
  readFile,
  rename,
  rm,
  stat,
  truncate,
  writeFile,
} from "node:fs/promises";
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
import { type ContentFacts, contentTap, factsOf } from "./content-tap.js";
import { PRIVATE_DIRECTORY, PRIVATE_FILE } from "./private-modes.js";
import { isAbandoned, tempName } from "./temp-owner.js";

/**
 * Up to this many bytes (one read stream chunk) are read at once, synchronously: each
 * step of a read stream (open, read, end, close) waits for a turn of the event loop,
 * which under load lasts as long as every request that arrived meanwhile takes (on
 * PGlite a whole write runs in one turn), so a 16-byte download waited several turns
 * while a write waited one. A read this size from the page cache costs less than a turn.
 */
const SMALL_READ_BYTES = 64 * 1024;
/** What a completed resumable upload is read in, for its hash. */
const HASH_READ_BYTES = 1024 * 1024;

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
      // The pipeline rejects at the first error, before the writer has closed: it may
      // still be opening the file, which would then appear after its removal.
      if (!writer.closed) await new Promise((resolve) => writer.once("close", resolve));
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

  /** The file of the upload's bytes: `uploads/<upload>` (a folder of one file per part for an upload in the older layout). */
  private uploadPath(upload: string): string {
    if (!UUID.test(upload)) throw new Error("not an upload id");
    return join(this.root, UPLOADS, upload);
  }

  /**
   * Writes and syncs bytes of a part while the rest of it arrives (`tus.ts`), so that once
   * it is whole `writeUploadPart` has only its end to write and sync: a PATCH's answer
   * then waits on little more than its last MiB instead of a whole part written and
   * synced. Not on an upload stored as a folder of parts (those write whole parts).
   */
  async prewriteUploadPart(upload: string, start: number, bytes: Buffer): Promise<void> {
    const path = this.uploadPath(upload);
    try {
      if (await isFolder(path)) return;
      await this.writeUploadFile(path, [bytes], start);
    } catch (error) {
      throw diskFailure(error);
    }
  }

  async writeUploadPart(
    upload: string,
    start: number,
    chunks: Buffer[],
    _length?: number,
    prewritten = 0,
  ): Promise<void> {
    const path = this.uploadPath(upload);
    try {
      if (await isFolder(path)) return await this.writeFolderPart(path, start, chunks);
      await this.writeUploadFile(path, skipped(chunks, prewritten), start + prewritten);
    } catch (error) {
      throw diskFailure(error);
    }
  }

  /** Writes `chunks` at `position` of the upload's file (made when missing), synced before it answers. */
  private async writeUploadFile(path: string, chunks: Buffer[], position: number): Promise<void> {
    await durableMkdir(dirname(path));
    let file = await open(path, "r+").catch((error: NodeJS.ErrnoException) => {
      if (error.code === "ENOENT") return undefined;
      throw error;
    });
    const created = file === undefined;
    file ??= await open(path, "wx+", PRIVATE_FILE);
    try {
      // Linked as a received upload's temp or a blob (a completion whose record failed,
      // retried): the bytes now belong to that content too, so this upload gets a copy.
      if ((await file.stat()).nlink > 1) {
        await file.close();
        file = await this.unshare(path);
      }
      await writeAll(file, chunks, position);
      // The offset is recorded only after this: what it counts is on the disk.
      await file.datasync();
    } finally {
      await file.close();
    }
    if (created) await syncDirectory(dirname(path));
  }

  /** Replaces the upload's file by a copy of its own, open for writing. */
  private async unshare(path: string): Promise<FileHandle> {
    const temp = join(this.tmp, tempName());
    try {
      await copyFile(path, temp, constants.COPYFILE_EXCL);
      const copy = await open(temp, "r+");
      // The copy holds bytes already recorded: durable before it takes the upload's name.
      await copy.datasync();
      await rename(temp, path);
      await syncDirectory(dirname(path));
      return copy;
    } catch (error) {
      await rm(temp, { force: true }).catch(() => {});
      throw error;
    }
  }

  async completeUpload(
    upload: string,
    starts: number[],
    length: number,
    known?: ContentFacts,
  ): Promise<ReceivedUpload> {
    const path = this.uploadPath(upload);
    if (length === 0 || (await isFolder(path))) return this.receive(this.readFolderParts(path, starts));
    // The bytes are already durable where they are: read once, for the hash and the sniff, unless they are known.
    const facts = known ?? (await factsOf(createReadStream(path, { end: length - 1, highWaterMark: HASH_READ_BYTES })));
    const temp = join(this.tmp, tempName());
    try {
      // The file becomes the content whole: it must hold the upload's bytes, and nothing past them.
      const { size } = await stat(path);
      if (size < length) throw new Error(`upload ${upload} holds ${size} of ${length} bytes`);
      if (size > length) await truncate(path, length);
      await link(path, temp);
    } catch (error) {
      throw diskFailure(error);
    }
    return { temp, ...facts };
  }

  /** A part of an upload stored as one file per part, in the upload's folder (the older layout, kept for uploads begun in it). */
  private async writeFolderPart(folder: string, start: number, chunks: Buffer[]): Promise<void> {
    const temp = join(this.tmp, tempName());
    try {
      const file = await open(temp, "wx", PRIVATE_FILE);
      try {
        await writeAll(file, chunks, 0);
        await file.sync();
      } finally {
        await file.close();
      }
      await rename(temp, join(folder, String(start)));
      await syncDirectory(folder);
    } catch (error) {
      await rm(temp, { force: true }).catch(() => {});
      throw error;
    }
  }

  private readFolderParts(folder: string, starts: number[]): Readable {
    return Readable.from(
      (async function* () {
        for (const start of starts) yield* createReadStream(join(folder, String(start)));
      })(),
    );
  }

  async deleteUploadParts(upload: string): Promise<void> {
    await rm(this.uploadPath(upload), { recursive: true, force: true });
  }

  /** The disk is unavailable when its folder is gone (an unmounted volume). */
  async check(): Promise<void> {
    await stat(this.tmp).catch((error: unknown) => {
      throw new BlobStoreUnavailable(error);
    });
  }
}

/** Writes every byte of `chunks` from `position` (a regular file takes a whole write but for a signal or a full disk). */
/** `chunks` without their first `bytes` bytes. */
function skipped(chunks: Buffer[], bytes: number): Buffer[] {
  const left = [...chunks];
  while (bytes > 0 && left.length > 0) {
    const first = left.shift() as Buffer;
    if (first.length > bytes) left.unshift(first.subarray(bytes));
    bytes -= Math.min(bytes, first.length);
  }
  return left;
}

async function writeAll(file: FileHandle, chunks: Buffer[], position: number): Promise<void> {
  const left = [...chunks];
  while (left.length > 0) {
    let { bytesWritten } = await file.writev(left, position);
    position += bytesWritten;
    while (left.length > 0 && bytesWritten >= (left[0] as Buffer).length)
      bytesWritten -= (left.shift() as Buffer).length;
    if (bytesWritten > 0) left[0] = (left[0] as Buffer).subarray(bytesWritten);
  }
}

const isFolder = (path: string) =>
  stat(path).then(
    (s) => s.isDirectory(),
    () => false,
  );

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
