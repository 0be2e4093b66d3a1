// PATCH: the request's body appended to an upload at its offset, under the upload's lease.
import type { Request, RequestHandler } from "express";
import { UploadLeaseLost, type UploadRow } from "../../domain/vault/resumable-uploads.js";
import { writeBody } from "./body-writer.js";
import type { TusContext } from "./context.js";
import {
  checkVersion,
  hasBody,
  headerIssue,
  locked,
  notFound,
  pastLength,
  stateHeaders,
  type UploadState,
  uploadIdOf,
  userOf,
} from "./protocol.js";

export function appendUpload(ctx: TusContext): RequestHandler {
  return async (req, res) => {
    checkVersion(req, res);
    const userId = userOf(req);
    const claimed = await ctx.locker.claim(userId, uploadIdOf(req));
    if (claimed === undefined) throw notFound();
    if (claimed === "locked") throw locked();
    const { row, claim } = claimed;
    let state: UploadState;
    try {
      checkOffset(req, row);
      if (row.file_id === null) {
        await ctx.store.checkStillFits(row);
        state = await writeBody(ctx, req, userId, row, claim);
      } else {
        state = emptyBody(req, row, row.file_id);
        await ctx.locker.release(row.id, claim);
      }
    } catch (error) {
      await ctx.locker.release(row.id, claim).catch(() => {});
      if (error instanceof UploadLeaseLost) throw locked();
      throw error;
    }
    // The lease went back before the answer (with the last record): the client's next PATCH may follow at once.
    stateHeaders(res, row, state.received, state.fileId);
    res.status(204).end();
  };
}

/** Refuses a PATCH that does not send from the upload's offset. */
function checkOffset(req: Request, row: UploadRow): void {
  const offset = Number(req.get("upload-offset"));
  if (offset === row.received) return;
  throw headerIssue(
    "offset_mismatch",
    `The upload's offset is ${row.received}: send from there.`,
    "upload-offset",
    `is not the upload's offset (${row.received})`,
    "offset_mismatch",
  );
}

/** A PATCH of a complete upload: only an empty body fits. */
function emptyBody(req: Request, row: UploadRow, fileId: string): UploadState {
  if (hasBody(req)) throw pastLength();
  return { received: row.received, fileId };
}
