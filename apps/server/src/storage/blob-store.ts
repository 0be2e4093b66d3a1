import type { Readable } from "node:stream";
import type { ContentFacts } from "./content-tap.js";

/** An upload streamed into the store's temp area, hashed and sniffed, not yet part of the store. */
export interface ReceivedUpload {
  /** Where the bytes wait until `commit` or `discard`: a temp file or a temp object key. */
  temp: string;
  hash: string;
  size: number;
  mimetype: string;
}

/** A stored content and when it was stored (the orphan sweep spares young ones). */
export interface StoredBlob {
  hash: string;
  storedAt: Date;
}

/** Bytes `start` to `end`, both included. */
export interface ByteRange {
  start: number;
  end: number;
}

export const SHA256 = /^[0-9a-f]{64}$/;
export const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
/** The folder (or key prefix) of the resumable uploads' parts, beside the blobs. */
export const UPLOADS = "uploads";
/** The folder (or key prefix) of the database markers, beside the blobs. */
export const DATABASES = "databases";

/** The store cannot be reached right now (network, or the store answered 5xx): a 503, retried later. */
export class BlobStoreUnavailable extends Error {
  constructor(cause: unknown) {
    super("The blob store cannot be reached", { cause });
  }
}

/** The store holds no bytes under this hash (deleted since its row was read). */
export class BlobMissing extends Error {
  constructor(hash: string, cause?: unknown) {
    super(`blob ${hash} is missing`, { cause });
  }
}

/** The store has no room left (a full disk or quota): a 507, retried once space is freed. */
export class BlobStoreFull extends Error {
  constructor(cause: unknown) {
    super("The blob store is full", { cause });
  }
}

/**
 * The store answered but refused to store the bytes (a permission, a read-only or
 * broken volume, S3 AccessDenied or a missing bucket): the operator's to fix, a 503.
 */
export class BlobStoreRefused extends Error {
  constructor(cause: unknown) {
    super("The blob store refused to store the bytes", { cause });
  }
}

/**
 * Content-addressed storage: each content is stored once under its SHA-256, so
 * identical uploads are stored once and copies share bytes. Two implementations:
 * the local disk (`DiskBlobStore`, the embedded default) and any S3-compatible object
 * store (`S3BlobStore`). The database decides which blobs are in use
 * (`domain/vault/blob-sweep.ts`); the store only keeps bytes.
 */
export interface BlobStore {
  /**
   * Streams `source` into the temp area, computing SHA-256, size and mimetype on the
   * way; never buffers it whole. A failure of the store itself rejects with
   * `BlobStoreUnavailable`, `BlobStoreFull` or `BlobStoreRefused`.
   */
  receive(source: Readable): Promise<ReceivedUpload>;
  /**
   * Makes a received upload the stored content of its hash, durably; the upload stays
   * in the temp area until `discard`. It does the same work whether or not the content
   * is stored already (identical bytes replace identical bytes), so how long an upload
   * takes tells no user whether anyone else stores these bytes (`docs/decisions/no-dedup-timing-signal.md`).
   */
  commit(upload: ReceivedUpload): Promise<void>;
  /** After `commit`: stores the bytes again only if they went meanwhile (a cleanup of the same content). */
  ensureStored(upload: ReceivedUpload): Promise<void>;
  /** Drops a received upload that will not be committed (or was already). */
  discard(upload: Pick<ReceivedUpload, "temp">): Promise<void>;
  /** Opens the content (or one range of it) for reading; rejects, before any byte, with `BlobMissing` when it is missing. */
  read(hash: string, range?: ByteRange): Promise<Readable>;
  exists(hash: string): Promise<boolean>;
  /**
   * A store that serves its objects itself (S3): a presigned URL that downloads the
   * content of `hash` with no credentials for `seconds`, its answer naming the file and
   * its type. A store without it (disk) leaves the download to this service.
   */
  presignedDownload?(hash: string, seconds: number, as: { filename: string; contentType: string }): Promise<string>;
  /** Deletes the content of `hash` (nothing happens if there is none). */
  delete(hash: string): Promise<void>;
  /** Every stored content. */
  list(): AsyncGenerator<StoredBlob>;
  /** Removes temp uploads that a crashed process left behind. */
  sweepTemp(): Promise<void>;
  /**
   * Stores `chunks` (one after the other) durably as the bytes of the resumable upload
   * `upload` (a UUID) from byte `start`, replacing what was stored there before (a part
   * that was stored but not recorded); `length` is the whole upload's. On disk every part
   * goes into one file per upload (`uploads/<upload>`); on S3 into the upload's multipart
   * upload (`uploads/<upload>`) when S3 admits it there (5 MiB or more, or the last, from
   * a whole MiB), else into an object of its own (`uploads/<upload>/<start>`). Parts have
   * no minimum size. The chunks are read until the promise settles, and when it rejects
   * they may still be (a send to S3 cut by its timeout): the caller must not change them.
   * `prewritten`: how many of the part's first bytes `prewriteUploadPart` stored already.
   */
  writeUploadPart(upload: string, start: number, chunks: Buffer[], length: number, prewritten?: number): Promise<void>;
  /**
   * A store that can (disk) stores the first bytes of a part from `start` while the rest
   * of it arrives; the part's `writeUploadPart` follows with all of it and `prewritten`.
   */
  prewriteUploadPart?(upload: string, start: number, bytes: Buffer): Promise<void>;
  /**
   * The complete upload of `length` bytes in the parts that start at `starts`, as
   * `receive` would have it (hashed, sniffed, in the temp area; the parts stay until
   * `deleteUploadParts`). On disk the upload's file is linked into the temp area, on S3
   * its multipart upload is completed (when every part is in it), the bytes not written
   * again, and read once for its hash unless `known` tells it (the
   * process took every byte and hashed them as they came).
   */
  completeUpload(upload: string, starts: number[], length: number, known?: ContentFacts): Promise<ReceivedUpload>;
  /** Deletes every part of `upload` (nothing happens if there is none). */
  deleteUploadParts(upload: string): Promise<void>;
  /** Resolves when the store answers; rejects with `BlobStoreUnavailable` otherwise. */
  check(): Promise<void>;
  /**
   * The databases that use this store, by id, each with the generation it last wrote:
   * markers `databases/<id>` beside the blobs (see `domain/vault/store-binding.ts`).
   */
  databaseMarkers(): Promise<Map<string, number>>;
  writeDatabaseMarker(databaseId: string, generation: number): Promise<void>;
  /** Where the marker of `databaseId` is, for an operator: a path or an s3:// URL. */
  markerLocation(databaseId: string): string;
}
