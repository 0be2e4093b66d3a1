// A folder as one ZIP (docs/decisions/folder-archives.md): yazl writes the archive as it
// is read, stored (no recompression), with each file's content opened only when its turn
// comes, so the memory stays flat whatever the folder holds.
import type { Readable } from "node:stream";
import { pipeline } from "node:stream/promises";
import { create as contentDisposition } from "content-disposition";
import type { NextFunction, Request, Response } from "express";
import { ZipFile } from "yazl";
import type { Config } from "../config.js";
import type { Db } from "../data/database.js";
import { type ArchiveEntry, type ArchiveLimits, folderArchive } from "../domain/vault/folder-archives.js";
import type { BlobStore } from "../storage/blob-store.js";
import { onFinished200 } from "./downloads.js";

/** The bounds of one archive the settings give (`ARCHIVE_MAX_ENTRIES`, `ARCHIVE_MAX_BYTES`). */
export const archiveLimits = (config: Config): ArchiveLimits => ({
  maxEntries: config.archiveMaxEntries,
  maxBytes: config.archiveMaxBytes,
});

/** `downloadFolderArchive`: one of the caller's folders with its subtree. */
export function downloadFolderArchive(db: Db, store: BlobStore, config: Config) {
  const limits = archiveLimits(config);
  return async (req: Request, res: Response, next: NextFunction) => {
    const archive = await folderArchive(db, req.auth?.userId ?? -1, req.openapi?.pathParams?.id ?? "", limits);
    await sendArchive(req, res, next, store, archive);
  };
}

/**
 * Streams `entries` as `<name>.zip`, then calls `sentWhole` when all of it went out. A
 * failure before the first byte (the store is down) is the request's problem answer;
 * after it, only closing the connection can say so. A client that goes away stops the
 * work: the content being read is closed and no other is opened.
 */
export async function sendArchive(
  req: Request,
  res: Response,
  next: NextFunction,
  store: BlobStore,
  { name, entries }: { name: string; entries: ArchiveEntry[] },
  sentWhole?: () => void,
): Promise<void> {
  const zip = new ZipFile();
  let reading: Readable | undefined;
  let failed = false;
  /** The answer has begun: a failure can only close the connection now. */
  let answering = false;
  const fail = (err: unknown) => {
    if (failed) return;
    failed = true;
    reading?.destroy();
    if (!answering) return next(err);
    req.log.warn({ err }, "archive interrupted");
    res.destroy();
  };
  zip.on("error", fail);
  for (const entry of entries)
    add(zip, entry, (hash) => {
      if (failed || res.destroyed) throw new Error("the archive's request is over");
      return store.read(hash).then((stream) => {
        reading = stream.once("error", fail);
        return stream;
      });
    });
  const length = await new Promise<number>((resolve) =>
    (zip.end as (o: object, done: (n: number) => void) => void)({}, resolve),
  );
  if (failed) return;
  answering = true;
  res.status(200);
  res.setHeader("Content-Type", "application/zip");
  res.setHeader("Content-Disposition", contentDisposition(`${name}.zip`));
  res.setHeader("Cache-Control", "private, no-store");
  if (length >= 0) res.setHeader("Content-Length", String(length));
  if (sentWhole) onFinished200(res, sentWhole);
  await pipeline(zip.outputStream as AsyncIterable<Buffer> & Readable, coalesced, res).catch(fail);
}

function add(zip: ZipFile, entry: ArchiveEntry, open: (hash: string) => Promise<Readable>): void {
  const { path, hash, size, modified: mtime } = entry;
  if (hash === null) zip.addEmptyDirectory(path, { mtime });
  else if (size === 0) zip.addBuffer(Buffer.alloc(0), path, { mtime, compress: false });
  else
    zip.addReadStreamLazy(path, { mtime, compress: false, size }, (done) =>
      Promise.resolve()
        .then(() => open(hash))
        .then(
          (stream) => done(null, stream),
          (err: unknown) => done(err, undefined as never),
        ),
    );
}

/** ZIP headers are a few dozen bytes each: written one by one, a folder of small files costs a socket write per header. */
async function* coalesced(chunks: AsyncIterable<Buffer>, least = 64 * 1024) {
  let parts: Buffer[] = [];
  let length = 0;
  for await (const chunk of chunks) {
    parts.push(chunk);
    length += chunk.length;
    if (length < least) continue;
    yield parts.length === 1 ? chunk : Buffer.concat(parts, length);
    parts = [];
    length = 0;
  }
  if (length > 0) yield Buffer.concat(parts, length);
}
