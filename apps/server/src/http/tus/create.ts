// POST: a new upload from `Upload-Length` and `Upload-Metadata`, with its first bytes
// when the request has a body (creation-with-upload).
import type { RequestHandler } from "express";
import { parseUploadMetadata, TooManyUploads } from "../../domain/vault/resumable-uploads.js";
import { ProblemError } from "../problems.js";
import { writeBody } from "./body-writer.js";
import { discardUpload, type TusContext } from "./context.js";
import { checkVersion, hasBody, headerIssue, stateHeaders, type UploadState, userOf } from "./protocol.js";

export function createUpload(ctx: TusContext): RequestHandler {
  return async (req, res) => {
    checkVersion(req, res);
    const userId = userOf(req);
    const length = Number(req.get("upload-length"));
    if (length > ctx.maxUploadBytes) {
      throw headerIssue(
        "payload_too_large",
        "The upload is larger than Tus-Max-Size.",
        "upload-length",
        "exceeds the upload limit",
        "maxSize",
      );
    }
    const metadata = req.get("upload-metadata");
    const form = parseUploadMetadata(metadata);
    // Without a body (and bytes to come) nothing is written now: no lease to give back.
    const writes = length === 0 || hasBody(req);
    const { row, claim } = await ctx.store
      .create(userId, { length, metadata, form, leased: writes })
      .catch((error: unknown) => {
        if (!(error instanceof TooManyUploads)) throw error;
        throw new ProblemError("too_many_uploads", "You have 100 unfinished uploads: finish or delete one first.");
      });
    let state: UploadState = { received: 0, fileId: null };
    try {
      if (writes) state = await writeBody(ctx, req, userId, row, claim);
    } catch (error) {
      // The caller never learnt this upload's URL: nothing of it can be resumed.
      await discardUpload(ctx, row.id, claim).catch(() => ctx.locker.release(row.id, claim).catch(() => {}));
      throw error;
    }
    res.setHeader("Location", `${ctx.publicBaseUrl}/evault/v1/uploads/${row.id}/`);
    stateHeaders(res, row, state.received, state.fileId);
    res.status(201).end();
  };
}
