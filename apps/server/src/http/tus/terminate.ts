// DELETE: an upload and its bytes go (termination), once no other request writes it.
import type { RequestHandler } from "express";
import { discardUpload, type TusContext } from "./context.js";
import { checkVersion, locked, notFound, uploadIdOf, userOf } from "./protocol.js";

export function deleteUpload(ctx: TusContext): RequestHandler {
  return async (req, res) => {
    checkVersion(req, res);
    const claimed = await ctx.locker.claim(userOf(req), uploadIdOf(req));
    if (claimed === undefined) throw notFound();
    if (claimed === "locked") throw locked();
    // A store that cannot be reached leaves the upload as it was.
    await discardUpload(ctx, claimed.row.id, claimed.claim).catch(async (error: unknown) => {
      await ctx.locker.release(claimed.row.id, claimed.claim).catch(() => {});
      throw error;
    });
    res.status(204).end();
  };
}
