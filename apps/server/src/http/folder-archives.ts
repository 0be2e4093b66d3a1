// A folder as one ZIP (docs/decisions/folder-archives.md): client-zip writes the archive
// as it is read, stored (no recompression), with each file's content opened only when its
// turn comes, so the memory stays flat whatever the folder holds.
import type { Readable } from "node:stream";
import { pipeline } from "node:stream/promises";
import type { ReadableStream as WebReadableStream } from "node:stream/web";
import { makeZip, predictLength } from "client-zip";
import { create as contentDisposition } from "content-disposition";
import type { NextFunction, Request, Response } from "express";
import type { Db } from "../data/database.js";
import { type ArchiveEntry, type ArchiveLimits, folderArchive } from "../domain/vault/folder-archives.js";
import type { BlobStore } from "../storage/blob-store.js";

/** `downloadFolderArchive`: one of the caller's folders with its subtree. */
export function downloadFolderArchive(db: Db, store: BlobStore, limits: ArchiveLimits) {
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
  sentWhole?: () => Promise<void>,
): Promise<void> {
  const first = entries.find((entry) => entry.hash !== null && entry.size > 0);
  let reading: Readable | null = null;
  // The first content is opened before the answer: a store that cannot be read is a problem answer.
  if (first?.hash)
    try {
      reading = await store.read(first.hash);
    } catch (err) {
      return next(err);
    }
  res.once("close", () => reading?.destroy());
  async function* contents() {
    for (const entry of entries) {
      const { path: name, hash, size, modified: lastModified } = entry;
      if (hash === null) yield { name, lastModified };
      else if (size === 0) yield { name, lastModified, size, input: new Uint8Array(0) };
      else {
        if (entry !== first) reading = res.destroyed ? null : await store.read(hash);
        if (!reading) return;
        yield { name, lastModified, size, input: reading };
      }
    }
  }
  res.status(200);
  res.setHeader("Content-Type", "application/zip");
  res.setHeader("Content-Disposition", contentDisposition(`${name}.zip`));
  res.setHeader("Cache-Control", "private, no-store");
  res.setHeader("Content-Length", String(predictLength(entries.map(metadata))));
  const whole = await pipeline(makeZip(contents()) as WebReadableStream, coalesced, res).then(
    () => true,
    (err: { code?: string }) => {
      // A client that left is not worth a line; a store that failed midway is.
      if (err.code !== "ERR_STREAM_PREMATURE_CLOSE") req.log.warn({ err }, "archive interrupted");
      res.destroy();
      return false;
    },
  );
  if (whole && sentWhole) await sentWhole();
}

/** What client-zip needs to tell the archive's length: a folder has no size. */
const metadata = ({ path: name, hash, size }: ArchiveEntry) => (hash === null ? { name } : { name, size });

/** ZIP headers are a few dozen bytes each: written one by one, a folder of small files costs a socket write per header. */
async function* coalesced(chunks: AsyncIterable<Uint8Array>, least = 64 * 1024) {
  let parts: Uint8Array[] = [];
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
