import { join } from "node:path";
import type { Config } from "../config.js";
import { type BlobStore, BlobStoreUnavailable } from "./blob-store.js";
import { DiskBlobStore } from "./disk-blob-store.js";

/**
 * The configured blob store, opened: the disk under `DATA_DIR/blobs`, or the S3 bucket
 * (`BLOB_STORE=s3`). A missing or forbidden bucket fails; an S3 store that cannot be
 * reached yet is handed to `unreachable` (when given) and used once it answers.
 */
export async function openBlobStore(
  config: Pick<Config, "blobStore" | "dataDir">,
  unreachable?: (error: BlobStoreUnavailable) => void,
): Promise<BlobStore> {
  if (config.blobStore.kind === "fs") {
    const disk = new DiskBlobStore(join(config.dataDir, "blobs"));
    await disk.open();
    return disk;
  }
  // Loaded only here: the S3 client's modules take a tenth of the embedded server's start.
  const { S3BlobStore } = await import("./s3-blob-store.js");
  const s3 = new S3BlobStore(config.blobStore);
  await s3.open().catch((error: unknown) => {
    if (!(error instanceof BlobStoreUnavailable) || !unreachable) throw error;
    unreachable(error);
  });
  return s3;
}
