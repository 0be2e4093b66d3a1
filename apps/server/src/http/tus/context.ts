// What the tus methods work with: the upload store, the locker, this process's content
// summaries, and what the last byte makes the file with.
import type { Db } from "../../data/database.js";
import type { VaultSettings } from "../../domain/vault/files.js";
import type { BlobStore } from "../../storage/blob-store.js";
import type { ContentSummaries } from "./content-summaries.js";
import type { UploadLocker } from "./locker.js";
import type { UploadStore } from "./upload-store.js";

export interface TusContext {
  store: UploadStore;
  locker: UploadLocker;
  summaries: ContentSummaries;
  /** Where a complete upload's file is made, as a one-request upload makes it (files.ts). */
  files: { db: Db; blobs: BlobStore; settings: VaultSettings };
  maxUploadBytes: number;
  publicBaseUrl: string;
}

/** Deletes an upload whose lease the caller holds, with what this process kept of it. */
export async function discardUpload(ctx: TusContext, id: string, claim: string): Promise<void> {
  ctx.summaries.forget(id);
  await ctx.store.remove(id, claim);
}
