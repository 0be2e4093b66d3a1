// HEAD: where an upload stands (its offset, length and metadata), for a client to resume from.
import type { RequestHandler } from "express";
import type { TusContext } from "./context.js";
import { checkVersion, notFound, stateHeaders, uploadIdOf, userOf } from "./protocol.js";

export function headUpload(ctx: TusContext): RequestHandler {
  return async (req, res) => {
    checkVersion(req, res);
    const row = await ctx.store.find(userOf(req), uploadIdOf(req));
    if (!row) throw notFound();
    stateHeaders(res, row, row.received, row.file_id);
    res.setHeader("Upload-Length", String(row.length));
    if (row.metadata !== null) res.setHeader("Upload-Metadata", row.metadata);
    res.setHeader("Cache-Control", "no-store");
    res.status(200).end();
  };
}
