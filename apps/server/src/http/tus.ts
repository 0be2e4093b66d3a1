// The tus 1.0 protocol (https://tus.io/protocols/resumable-upload) at /evault/v1/uploads/,
// written on the service's own BlobStore (docs/decisions/tus-handlers.md): one handler
// per method (tus/*.ts) over an upload store and a locker. The contract routes and
// validates each request like any other; the last byte makes the file through files.ts.
import type { RequestHandler } from "express";
import type { Db } from "../data/database.js";
import type { VaultSettings } from "../domain/vault/files.js";
import type { BlobStore } from "../storage/blob-store.js";
import type { TusOperationId } from "./operation-types.js";
import { appendUpload } from "./tus/append.js";
import { ContentSummaries } from "./tus/content-summaries.js";
import { createUpload } from "./tus/create.js";
import { databaseLocker } from "./tus/locker.js";
import { headUpload } from "./tus/offset.js";
import { describeUploads } from "./tus/options.js";
import { deleteUpload } from "./tus/terminate.js";
import { databaseUploadStore } from "./tus/upload-store.js";

interface TusDeps {
  db: Db;
  blobs: BlobStore;
  settings: VaultSettings;
  maxUploadBytes: number;
  /** `USER_QUOTA_BYTES`: an upload's `Upload-Length` must fit under it, at its creation and at each PATCH. */
  quota: number | undefined;
  publicBaseUrl: string;
  /** How long a PATCH holds its upload without renewing (`TUS_LEASE_MS`). */
  leaseMs: number;
}

export function tusHandlers(deps: TusDeps): Record<TusOperationId, RequestHandler> {
  const { db, blobs, settings } = deps;
  const quota = { bytes: deps.quota, keep: settings.versionsKept };
  const ctx = {
    store: databaseUploadStore(db, blobs, quota, deps.leaseMs),
    locker: databaseLocker(db, deps.leaseMs),
    summaries: new ContentSummaries(),
    files: { db, blobs, settings },
    maxUploadBytes: deps.maxUploadBytes,
    publicBaseUrl: deps.publicBaseUrl,
  };
  return {
    describeUploads: describeUploads(deps.maxUploadBytes),
    createUpload: createUpload(ctx),
    headUpload: headUpload(ctx),
    appendUpload: appendUpload(ctx),
    deleteUpload: deleteUpload(ctx),
  };
}
