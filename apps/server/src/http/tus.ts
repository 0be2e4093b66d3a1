// The tus 1.0 protocol (https://tus.io/protocols/resumable-upload) at /evault/v1/uploads/,
// written on the service's own BlobStore (docs/decisions.md, "Resumable uploads"): the
// contract routes and validates each request like any other, the rows are in
// domain/vault/resumable-uploads.ts, and the last byte makes the file through files.ts.
import { createHash } from "node:crypto";
import type { Request, RequestHandler, Response } from "express";
import type { Db } from "../data/database.js";
import { claimKey, releaseKey } from "../data/idempotency-keys.js";
import { DomainError } from "../domain/errors.js";
import { createFile, type FileForm, replaceFile, type VaultSettings } from "../domain/vault/files.js";
import {
  checkUploadStillFits,
  claimUploadRow,
  createUploadRow,
  deleteUploadRow,
  findUpload,
  parseUploadMetadata,
  recordUploadParts,
  releaseUploadLease,
  renewUploadLease,
  TooManyUploads,
  UPLOAD_LEASE_SECONDS,
  UploadLeaseLost,
  type UploadRow,
} from "../domain/vault/resumable-uploads.js";
import type { BlobStore } from "../storage/blob-store.js";
import { type ContentFacts, ContentSummary } from "../storage/content-tap.js";
import { copiedOutOfNetworkBuffers } from "../storage/network-buffers.js";
import { givePartBuffer, takePartBuffer } from "../storage/part-buffers.js";
import type { TusOperationId } from "./operation-types.js";
import { type ProblemCode, ProblemError } from "./problems.js";

/**
 * Bytes are gathered into parts of this size before they are stored (a part of the
 * upload's S3 multipart upload, or a positioned write into the upload's file on disk;
 * `BlobStore.writeUploadPart`): what a PATCH holds in memory, and what a dropped
 * connection or a crash can lose of what was sent (a dropped connection's bytes are
 * stored before the request ends; a crash's are not, and the offset says so).
 */
const PART_BYTES = 8 * 1024 * 1024;
/**
 * On a store that can (disk), a part's bytes are stored and synced in steps of this size
 * while the rest of it arrives, so that a PATCH's answer waits on its last step only.
 */
const PREWRITE_BYTES = 1024 * 1024;
const TUS_VERSION = "1.0.0";
const EXTENSIONS = "creation,creation-with-upload,termination,expiration,checksum";
/** The key under which the file's creation is recorded with it, so a retried completion finds the file it made. */
const completionKey = (uploadId: string) => `tus:${uploadId}`;
/** How many uploads' running summaries a process keeps (the oldest go first: their completion reads the bytes). */
const SUMMARIES_KEPT = 1000;
/** How long a completion's record is kept: beyond the upload's own life. */
const COMPLETION_TIMES = { ttlSeconds: 25 * 60 * 60, leaseSeconds: 60 };

interface TusDeps {
  db: Db;
  blobs: BlobStore;
  settings: VaultSettings;
  maxUploadBytes: number;
  /** `USER_QUOTA_BYTES`: an upload's `Upload-Length` must fit under it, at its creation and at each PATCH. */
  quota: number | undefined;
  publicBaseUrl: string;
}

const headerIssue = (code: ProblemCode, message: string, header: string, issue: string, issueCode: string) =>
  new ProblemError(code, message, [{ path: `/headers/${header}`, message: issue, code: issueCode }]);

const locked = () => new ProblemError("upload_locked", "Another request is writing this upload; retry once it ends.");
const notFound = () => new ProblemError("not_found", "No upload with this id belongs to you.");

/** Refuses a `Tus-Resumable` other than 1.0.0 with 412 and the version the server speaks. */
function checkVersion(req: Request, res: Response): void {
  res.setHeader("Tus-Resumable", TUS_VERSION);
  if (req.get("tus-resumable") === TUS_VERSION) return;
  res.setHeader("Tus-Version", TUS_VERSION);
  throw headerIssue("tus_version", "This server speaks tus 1.0.0 only.", "tus-resumable", "is not 1.0.0", "enum");
}

function stateHeaders(res: Response, row: UploadRow, received: number, fileId: string | null) {
  res.setHeader("Upload-Offset", String(received));
  res.setHeader("Upload-Expires", row.expires_at.toUTCString());
  const file = fileId ?? row.form.file;
  if (file !== undefined) res.setHeader("Vault-File-Id", file);
}

/** The SHA-256 an `Upload-Checksum` names (the contract admits sha256 only). */
const checksumOf = (req: Request) => {
  const header = req.get("upload-checksum");
  return header === undefined ? undefined : Buffer.from(header.slice("sha256 ".length), "base64");
};

export function tusHandlers(deps: TusDeps): Record<TusOperationId, RequestHandler> {
  const { db, blobs } = deps;
  const quota = { bytes: deps.quota, keep: deps.settings.versionsKept };
  /**
   * The SHA-256 and head of each upload's recorded bytes, by upload, as this process
   * took them: at completion they spare a read of the whole upload when every byte came
   * through here. Another process's PATCH moves the offset past the summary's, which is
   * then ignored.
   */
  const summaries = new Map<string, { offset: number; content: ContentSummary }>();
  const keepSummary = (id: string, offset: number, content: ContentSummary) => {
    summaries.delete(id);
    summaries.set(id, { offset, content: content.copy() });
    if (summaries.size > SUMMARIES_KEPT) summaries.delete(summaries.keys().next().value as string);
  };

  /** Deletes a held upload, bytes first: when they cannot go, the row stays for the expiry sweep to retry. */
  const discard = async (id: string, claim: string) => {
    summaries.delete(id);
    await blobs.deleteUploadParts(id);
    await deleteUploadRow(db, id, claim);
  };

  /**
   * Makes the file of a complete upload from its parts, as a one-request upload makes
   * it: `completeUpload` makes them a received upload (hashed, sniffed; `known` when this
   * process saw every byte) for `createFile`/`replaceFile`.
   * A creation is recorded with the file under the upload's key, in the file's own
   * statement, so a completion retried after a crash finds that file instead of making
   * a second one.
   */
  async function makeFile(userId: number, row: UploadRow, parts: number[], known?: ContentFacts): Promise<string> {
    const { filename, file, ...fields } = row.form;
    const owner = { userId, key: completionKey(row.id) };
    const claimed = file === undefined ? await claimKey(db, owner, ["tus"], COMPLETION_TIMES) : undefined;
    if (claimed?.outcome === "committed") return (claimed.work.recorded as { id: string }).id;
    if (claimed && claimed.outcome !== "claimed") throw locked();
    const received = await blobs.completeUpload(row.id, parts, row.length, known);
    try {
      if (received.size !== row.length)
        throw new Error(`upload ${row.id} holds ${received.size} of ${row.length} bytes`);
      const upload = { ...received, filename };
      if (file !== undefined) {
        const write = { userId, id: file, input: fields as FileForm, upload };
        return (await replaceFile(db, blobs, deps.settings, write)).resource.id;
      }
      const write = { userId, input: fields as FileForm & { folder: string }, upload };
      const key = { key: owner.key, claim: (claimed as { claim: string }).claim };
      return (await createFile(db, blobs, deps.settings, write, key)).resource.id;
    } catch (error) {
      if (claimed?.outcome === "claimed") await releaseKey(db, owner, claimed.claim).catch(() => {});
      throw error;
    } finally {
      // A temp left behind (the store is down) is removed by the temp sweep.
      await blobs.discard(received).catch(() => {});
    }
  }

  /**
   * Appends the request's body to the upload whose lease `claim` holds, from its offset:
   * stored in parts and recorded part by part, so the bytes of a dropped connection are
   * kept (with `Upload-Checksum`, nothing is recorded until the whole body matches it).
   * The part that brings the last byte is recorded with the file it made. Answers the
   * new offset and the file's id once complete.
   */
  async function append(req: Request, userId: number, row: UploadRow, claim: string) {
    const declared = req.get("content-length");
    if (declared !== undefined && row.received + Number(declared) > row.length) throw pastLength();
    const expected = checksumOf(req);
    const hash = expected && createHash("sha256");
    const kept = summaries.get(row.id);
    /** The summary of the bytes from 0 to `start + buffered`, when this process saw them all. */
    const content =
      kept?.offset === row.received ? kept.content.copy() : row.received === 0 ? ContentSummary.start() : undefined;
    const parts = [...row.parts];
    let recorded = row.received;
    let unrecorded: number[] = [];
    let start = row.received;
    /** The part being gathered (taken at the first byte), how much of it is filled and how much of that stored. */
    let part: Buffer | undefined;
    let buffered = 0;
    let prewritten = 0;
    /**
     * The store's writes of the part so far, one after the other (`prewriteUploadPart`).
     * One that fails, or comes after the lease was lost or the request ended, rejects, and
     * so does `flush` after it: no record counts its bytes.
     */
    let prewrites: Promise<void> = Promise.resolve();
    let prewriteFailed = false;
    let ended = false;
    let leaseLost = false;
    const prewrite = () => {
      if (!blobs.prewriteUploadPart || !part || buffered - prewritten < PREWRITE_BYTES) return;
      const [bytes, at] = [part.subarray(prewritten, buffered), start + prewritten];
      prewritten = buffered;
      prewrites = prewrites.then(async () => {
        if (ended || leaseLost) throw new UploadLeaseLost();
        await blobs.prewriteUploadPart?.(row.id, at, bytes);
      });
      // Awaited by `flush` (or before the part buffer is given back); the next chunk fails fast on it.
      prewrites.catch(() => {
        prewriteFailed = true;
      });
    };
    const flush = async () => {
      if (buffered === 0 || !part) return;
      // A write that fails may still read the part (`writeUploadPart`): it is then dropped, not reused.
      const written = part;
      part = undefined;
      await prewrites;
      await blobs.writeUploadPart(row.id, start, [written.subarray(0, buffered)], row.length, prewritten);
      part = written;
      unrecorded.push(start);
      start += buffered;
      buffered = 0;
      prewritten = 0;
    };
    /** Records the parts stored since the last record; the last one of the request gives the lease back with them. */
    const record = async (fileId: string | null, release: boolean) => {
      if (unrecorded.length === 0 && fileId === null && !release) return;
      await recordUploadParts(db, { id: row.id, received: recorded }, claim, unrecorded, start, fileId, release);
      parts.push(...unrecorded);
      unrecorded = [];
      recorded = start;
      if (content && fileId === null) keepSummary(row.id, recorded, content);
    };
    const renewal = setInterval(
      () =>
        void renewUploadLease(db, row.id, claim).then(
          (held) => {
            leaseLost ||= !held;
          },
          () => {},
        ),
      (UPLOAD_LEASE_SECONDS * 1000) / 3,
    );
    try {
      try {
        for await (const chunk of req.iterator({ destroyOnReturn: false }) as AsyncIterable<Buffer>) {
          if (leaseLost) throw new UploadLeaseLost();
          if (prewriteFailed) await prewrites;
          if (start + buffered + chunk.length > row.length) throw pastLength();
          part ??= takePartBuffer(PART_BYTES);
          for (let copied = 0; copied < chunk.length; ) {
            const slice = chunk.subarray(copied, copied + PART_BYTES - buffered);
            slice.copy(part, buffered);
            // Summed per slice: a part's record keeps the summary, which must end where the part does.
            hash?.update(slice);
            content?.update(slice);
            copied += slice.length;
            buffered += slice.length;
            if (buffered < PART_BYTES) {
              prewrite();
              continue;
            }
            await flush();
            if (!hash && start < row.length) await record(null, false);
          }
          copiedOutOfNetworkBuffers(chunk.length);
        }
      } catch (error) {
        // A dropped connection: what arrived is kept, unless a checksum was to vouch for
        // it or it is the whole upload (the last byte is recorded only with its file).
        const dropped = !(error instanceof ProblemError || error instanceof UploadLeaseLost);
        if (dropped && !hash && start + buffered < row.length) await flush().then(() => record(null, false));
        throw error;
      }
      if (hash && !hash.digest().equals(expected as Buffer)) {
        throw headerIssue(
          "checksum_mismatch",
          "The body does not match Upload-Checksum: it was discarded.",
          "upload-checksum",
          "does not match the body",
          "checksum_mismatch",
        );
      }
      await flush();
      if (start < row.length) {
        await record(null, true);
        return { received: start, fileId: null };
      }
      const known = await content?.copy().facts();
      const fileId = await makeFile(userId, row, [...parts, ...unrecorded], known).catch(async (error: unknown) => {
        // The folder or the file went since the creation: this upload can make no file.
        if (error instanceof DomainError) await discard(row.id, claim).catch(() => {});
        throw error;
      });
      await record(fileId, true);
      summaries.delete(row.id);
      await blobs.deleteUploadParts(row.id).catch(() => {});
      return { received: start, fileId };
    } finally {
      ended = true;
      // The lease is renewed until the write in progress, if any, has settled.
      await prewrites.catch(() => {});
      clearInterval(renewal);
      if (part) givePartBuffer(part);
    }
  }

  return {
    async describeUploads(_req, res) {
      res.setHeader("Tus-Version", TUS_VERSION);
      res.setHeader("Tus-Extension", EXTENSIONS);
      res.setHeader("Tus-Max-Size", String(deps.maxUploadBytes));
      res.setHeader("Tus-Checksum-Algorithm", "sha256");
      res.status(204).end();
    },

    async createUpload(req, res) {
      checkVersion(req, res);
      const userId = (req.auth as { userId: number }).userId;
      const length = Number(req.get("upload-length"));
      if (length > deps.maxUploadBytes) {
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
      const created = await createUploadRow(db, userId, { length, metadata, form, leased: writes }, quota).catch(
        (error: unknown) => {
          if (!(error instanceof TooManyUploads)) throw error;
          throw new ProblemError("too_many_uploads", "You have 100 unfinished uploads: finish or delete one first.");
        },
      );
      const { row, claim } = created;
      let state = { received: 0, fileId: null as string | null };
      try {
        if (writes) state = await append(req, userId, row, claim);
      } catch (error) {
        // The caller never learnt this upload's URL: nothing of it can be resumed.
        await discard(row.id, claim).catch(() => releaseUploadLease(db, row.id, claim).catch(() => {}));
        throw error;
      }
      res.setHeader("Location", `${deps.publicBaseUrl}/evault/v1/uploads/${row.id}/`);
      stateHeaders(res, row, state.received, state.fileId);
      res.status(201).end();
    },

    async headUpload(req, res) {
      checkVersion(req, res);
      const row = await findUpload(db, (req.auth as { userId: number }).userId, String(req.openapi?.pathParams?.id));
      if (!row) throw notFound();
      stateHeaders(res, row, row.received, row.file_id);
      res.setHeader("Upload-Length", String(row.length));
      if (row.metadata !== null) res.setHeader("Upload-Metadata", row.metadata);
      res.setHeader("Cache-Control", "no-store");
      res.status(200).end();
    },

    async appendUpload(req, res) {
      checkVersion(req, res);
      const userId = (req.auth as { userId: number }).userId;
      const claimed = await claimUploadRow(db, userId, String(req.openapi?.pathParams?.id));
      if (claimed === undefined) throw notFound();
      if (claimed === "locked") throw locked();
      const { row, claim } = claimed;
      let state: { received: number; fileId: string | null };
      try {
        const offset = Number(req.get("upload-offset"));
        if (offset !== row.received) {
          throw headerIssue(
            "offset_mismatch",
            `The upload's offset is ${row.received}: send from there.`,
            "upload-offset",
            `is not the upload's offset (${row.received})`,
            "offset_mismatch",
          );
        }
        if (row.file_id === null) {
          await checkUploadStillFits(db, row, quota);
          state = await append(req, userId, row, claim);
        } else {
          state = emptyBody(req, row, row.file_id);
          await releaseUploadLease(db, row.id, claim);
        }
      } catch (error) {
        await releaseUploadLease(db, row.id, claim).catch(() => {});
        if (error instanceof UploadLeaseLost) throw locked();
        throw error;
      }
      // The lease went back before the answer (with the last record): the client's next PATCH may follow at once.
      stateHeaders(res, row, state.received, state.fileId);
      res.status(204).end();
    },

    async deleteUpload(req, res) {
      checkVersion(req, res);
      const claimed = await claimUploadRow(
        db,
        (req.auth as { userId: number }).userId,
        String(req.openapi?.pathParams?.id),
      );
      if (claimed === undefined) throw notFound();
      if (claimed === "locked") throw locked();
      // A store that cannot be reached leaves the upload as it was.
      await discard(claimed.row.id, claimed.claim).catch(async (error: unknown) => {
        await releaseUploadLease(db, claimed.row.id, claimed.claim).catch(() => {});
        throw error;
      });
      res.status(204).end();
    },
  };
}

const pastLength = () =>
  headerIssue(
    "payload_too_large",
    "The body goes past Upload-Length: nothing past it is stored.",
    "content-length",
    "goes past Upload-Length",
    "maxSize",
  );

const hasBody = (req: Request) =>
  Number(req.get("content-length") ?? 0) > 0 || req.get("transfer-encoding") !== undefined;

/** A PATCH of a complete upload: only an empty body fits. */
function emptyBody(req: Request, row: UploadRow, fileId: string) {
  if (hasBody(req)) throw pastLength();
  return { received: row.received, fileId };
}
