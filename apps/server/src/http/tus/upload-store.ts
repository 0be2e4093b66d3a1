// Where an upload is kept: its row (length, offset, parts, form, the file it made) in
// the database and its parts in the blob store's upload area, both seen by every
// server of one database and store.
import type { Db } from "../../data/database.js";
import {
  checkUploadStillFits,
  createUploadRow,
  deleteUploadRow,
  findUpload,
  recordUploadParts,
  type UploadForm,
  type UploadRow,
} from "../../domain/vault/resumable-uploads.js";
import type { BlobStore, ReceivedUpload } from "../../storage/blob-store.js";
import type { ContentFacts } from "../../storage/content-tap.js";
import type { ClaimedUpload } from "./locker.js";

interface NewUpload {
  length: number;
  metadata: string | undefined;
  form: UploadForm;
  /** Whether the creation holds the upload's lease, to write its own body first. */
  leased: boolean;
}

interface RecordedParts {
  row: Pick<UploadRow, "id" | "received">;
  claim: string;
  starts: number[];
  end: number;
  fileId: string | null;
  release: boolean;
}

export interface UploadStore {
  /** A new upload of the caller's (refused past the limits and the quota); its claim holds the lease when `leased`. */
  create(userId: number, upload: NewUpload): Promise<ClaimedUpload>;
  /** One of the caller's uploads, unless it expired. */
  find(userId: number, id: string): Promise<UploadRow | undefined>;
  /** Refuses (507) to store more of an upload that no longer fits under the quota. */
  checkStillFits(row: UploadRow): Promise<void>;
  /**
   * Records the parts stored at `starts` as received up to `end` (and, with `fileId`, the
   * upload as complete) while `claim` holds the lease and the offset is `row.received`;
   * with `release`, gives the lease back with them.
   */
  record(progress: RecordedParts): Promise<void>;
  /** Deletes a held upload, bytes first: when they cannot go, the row stays for the expiry sweep to retry. */
  remove(id: string, claim: string): Promise<void>;
  /** Stores a part of the upload at `start` (`BlobStore.writeUploadPart`). */
  writePart(id: string, start: number, chunks: Buffer[], length: number, prewritten: number): Promise<void>;
  /** On a store that can, stores a part's first bytes while the rest of it arrives. */
  prewritePart?(id: string, start: number, bytes: Buffer): Promise<void>;
  /** The upload's parts as one received upload, for the file's making. */
  complete(id: string, starts: number[], length: number, known?: ContentFacts): Promise<ReceivedUpload>;
  deleteParts(id: string): Promise<void>;
}

/** The upload store on `db`'s `tus_uploads` and `blobs`' upload area, held to `quota`, with leases of `leaseMs`. */
export function databaseUploadStore(
  db: Db,
  blobs: BlobStore,
  quota: { bytes: number | undefined; keep: number },
  leaseMs: number,
): UploadStore {
  return {
    create: (userId, upload) => createUploadRow(db, userId, upload, quota, leaseMs),
    find: (userId, id) => findUpload(db, userId, id),
    checkStillFits: (row) => checkUploadStillFits(db, row, quota),
    record: ({ row, claim, starts, end, fileId, release }) =>
      recordUploadParts(db, row, claim, starts, end, fileId, release),
    async remove(id, claim) {
      await blobs.deleteUploadParts(id);
      await deleteUploadRow(db, id, claim);
    },
    writePart: (id, start, chunks, length, prewritten) => blobs.writeUploadPart(id, start, chunks, length, prewritten),
    prewritePart: blobs.prewriteUploadPart?.bind(blobs),
    complete: (id, starts, length, known) => blobs.completeUpload(id, starts, length, known),
    deleteParts: (id) => blobs.deleteUploadParts(id),
  };
}
