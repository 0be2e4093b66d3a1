// The resumable uploads' operations (spec/src/uploads.tsp): the tus protocol's handlers, in tus.ts and tus/.
import type { Routes } from "../operation-types.js";
import { tusHandlers } from "../tus.js";
import type { RouteContext } from "./context.js";

export function uploadRoutes({ db, blobs, config, settings }: RouteContext) {
  const tus = tusHandlers({
    db,
    blobs,
    settings,
    maxUploadBytes: config.maxUploadBytes,
    quota: config.userQuotaBytes,
    publicBaseUrl: config.publicBaseUrl,
    leaseMs: config.tusLeaseMs,
  });
  return {
    describeUploads: { stream: tus.describeUploads },
    createUpload: { stream: tus.createUpload },
    headUpload: { stream: tus.headUpload },
    appendUpload: { stream: tus.appendUpload },
    deleteUpload: { stream: tus.deleteUpload },
  } satisfies Partial<Routes>;
}
