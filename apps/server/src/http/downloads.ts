import { and, eq } from "drizzle-orm";
import type { NextFunction, Request, Response } from "express";
import type { Db } from "../data/database.js";
import { blobs, files } from "../data/schema.js";
import { notFound } from "../domain/errors.js";
import { isVisibleFolder } from "../domain/vault/placement.js";
import type { BlobStore } from "../storage/blob-store.js";
import { problem, sendProblem } from "./problems.js";

interface OpenApiRequest {
  openapi?: { pathParams?: Record<string, string> };
}

/**
 * `downloadFile`: streams the stored bytes with their sniffed type, length, the
 * SHA-256 as ETag, and Range / If-None-Match handled by Express's `sendFile`.
 */
export function downloadFile(db: Db, store: BlobStore) {
  return async (req: Request, res: Response, next: NextFunction) => {
    const id = (req as OpenApiRequest).openapi?.pathParams?.id ?? "";
    const userId = req.auth?.userId ?? -1;
    const [found] = await db
      .select({
        name: files.name,
        folder: files.folder_id,
        hash: blobs.hash,
        size: blobs.size,
        mimetype: blobs.mimetype,
      })
      .from(files)
      .innerJoin(blobs, eq(blobs.hash, files.hash))
      .where(and(eq(files.id, id), eq(files.user_id, userId), eq(files.is_deleted, false)));
    if (!found || (found.folder && !(await isVisibleFolder(db, userId, found.folder)))) throw notFound("file");
    const etag = `"${found.hash}"`;
    res.attachment(found.name ?? "download");
    res.setHeader("ETag", etag);
    // Decided here rather than by `send`, which ignores If-None-Match when the request
    // says `Cache-Control: no-cache`, as fetch() adds to every conditional request.
    if (matches(req.get("if-none-match"), etag)) {
      res.status(304).end();
      return;
    }
    res.setHeader("Content-Type", found.mimetype);
    res.sendFile(
      store.path(found.hash),
      { acceptRanges: true, etag: false, lastModified: false, dotfiles: "allow" },
      (err: (Error & { status?: number }) | undefined) => {
        if (!err || res.headersSent) return;
        if (err.status !== 416) return next(err);
        res.setHeader("Content-Range", `bytes */${found.size}`);
        const detail = `The Range header asks for bytes outside the content (${found.size} bytes).`;
        sendProblem(res, problem("range_not_satisfiable", detail, [], `urn:vault:request:${req.id}`));
      },
    );
  };
}

/** If-None-Match (weak comparison, RFC 9110 §13.1.2): `*` or any listed tag equal to ours. */
function matches(ifNoneMatch: string | undefined, etag: string): boolean {
  if (!ifNoneMatch) return false;
  return ifNoneMatch.split(",").some((tag) => {
    const trimmed = tag.trim();
    return trimmed === "*" || trimmed.replace(/^W\//, "") === etag;
  });
}
