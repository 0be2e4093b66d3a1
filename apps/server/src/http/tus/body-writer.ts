// A request's body appended to an upload whose lease is held: stored in parts and
// recorded part by part, so the bytes of a dropped connection are kept (with
// `Upload-Checksum`, nothing is recorded until the whole body matches it). The part that
// brings the last byte is recorded with the file it made.
import { createHash, type Hash } from "node:crypto";
import type { Request } from "express";
import { DomainError } from "../../domain/errors.js";
import { UploadLeaseLost, type UploadRow } from "../../domain/vault/resumable-uploads.js";
import type { ContentSummary } from "../../storage/content-tap.js";
import { copiedOutOfNetworkBuffers } from "../../storage/network-buffers.js";
import { ProblemError } from "../problems.js";
import { makeFile } from "./completion.js";
import { discardUpload, type TusContext } from "./context.js";
import { type KeptLease, keepLease } from "./locker.js";
import { PartGatherer } from "./part-gatherer.js";
import { checksumOf, headerIssue, pastLength, type UploadState } from "./protocol.js";

/**
 * Appends the request's body to the upload whose lease `claim` holds, from its offset.
 * Answers the new offset, and the file's id once complete.
 */
export async function writeBody(
  ctx: TusContext,
  req: Request,
  userId: number,
  row: UploadRow,
  claim: string,
): Promise<UploadState> {
  const declared = req.get("content-length");
  if (declared !== undefined && row.received + Number(declared) > row.length) throw pastLength();
  return new BodyWrite(ctx, req, userId, row, claim).run();
}

class BodyWrite {
  private readonly expected: Buffer | undefined;
  private readonly hash: Hash | undefined;
  /** The summary of the bytes from 0 to the gatherer's end, when this process saw them all. */
  private readonly content: ContentSummary | undefined;
  /** The starts of the parts recorded, and the offset they were recorded up to. */
  private readonly parts: number[];
  private recorded: number;
  private readonly gatherer: PartGatherer;
  private readonly lease: KeptLease;

  constructor(
    private readonly ctx: TusContext,
    private readonly req: Request,
    private readonly userId: number,
    private readonly row: UploadRow,
    private readonly claim: string,
  ) {
    this.expected = checksumOf(req);
    this.hash = this.expected && createHash("sha256");
    this.content = ctx.summaries.from(row.id, row.received);
    this.parts = [...row.parts];
    this.recorded = row.received;
    this.gatherer = new PartGatherer(ctx.store, row, row.received, () => this.lease.lost());
    this.lease = keepLease(ctx.locker, row.id, claim);
  }

  async run(): Promise<UploadState> {
    const { gatherer, row } = this;
    try {
      await this.readBody();
      if (this.hash && !this.hash.digest().equals(this.expected as Buffer)) throw checksumMismatch();
      await gatherer.flush();
      if (gatherer.start < row.length) {
        await this.record(null, true);
        return { received: gatherer.start, fileId: null };
      }
      return await this.complete();
    } finally {
      // The lease is renewed until the write in progress, if any, has settled.
      await gatherer.settle();
      this.lease.stop();
      gatherer.giveBack();
    }
  }

  private async readBody(): Promise<void> {
    const { gatherer, hash, content, row } = this;
    const sum = (slice: Buffer) => {
      hash?.update(slice);
      content?.update(slice);
    };
    const stored = async () => {
      if (!hash && gatherer.start < row.length) await this.record(null, false);
    };
    try {
      for await (const chunk of this.req.iterator({ destroyOnReturn: false }) as AsyncIterable<Buffer>) {
        if (this.lease.lost()) throw new UploadLeaseLost();
        await gatherer.add(chunk, sum, stored);
        copiedOutOfNetworkBuffers(chunk.length);
      }
    } catch (error) {
      // A dropped connection: what arrived is kept, unless a checksum was to vouch for
      // it or it is the whole upload (the last byte is recorded only with its file).
      const dropped = !(error instanceof ProblemError || error instanceof UploadLeaseLost);
      if (dropped && !hash && gatherer.end < row.length) await gatherer.flush().then(() => this.record(null, false));
      throw error;
    }
  }

  /** Records the parts stored since the last record; the last one of the request gives the lease back with them. */
  private async record(fileId: string | null, release: boolean): Promise<void> {
    const { gatherer, row } = this;
    if (gatherer.unrecorded.length === 0 && fileId === null && !release) return;
    const at = { id: row.id, received: this.recorded };
    const { claim } = this;
    await this.ctx.store.record({ row: at, claim, starts: gatherer.unrecorded, end: gatherer.start, fileId, release });
    this.parts.push(...gatherer.unrecorded);
    gatherer.unrecorded = [];
    this.recorded = gatherer.start;
    if (this.content && fileId === null) this.ctx.summaries.keep(row.id, this.recorded, this.content);
  }

  /** Makes the file of the upload whose last byte arrived, and records it with the last part. */
  private async complete(): Promise<UploadState> {
    const { ctx, gatherer, row } = this;
    const known = await this.content?.copy().facts();
    const parts = [...this.parts, ...gatherer.unrecorded];
    const fileId = await makeFile(ctx, this.userId, row, parts, known).catch(async (error: unknown) => {
      // The folder or the file went since the creation: this upload can make no file.
      if (error instanceof DomainError) await discardUpload(ctx, row.id, this.claim).catch(() => {});
      throw error;
    });
    await this.record(fileId, true);
    ctx.summaries.forget(row.id);
    await ctx.store.deleteParts(row.id).catch(() => {});
    return { received: gatherer.start, fileId };
  }
}

const checksumMismatch = () =>
  headerIssue(
    "checksum_mismatch",
    "The body does not match Upload-Checksum: it was discarded.",
    "upload-checksum",
    "does not match the body",
    "checksum_mismatch",
  );
