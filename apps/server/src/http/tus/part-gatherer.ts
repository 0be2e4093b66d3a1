// A request's bytes gathered into parts of a fixed size, each stored in the upload's
// area when it fills: what a PATCH holds in memory, and what a dropped connection or a
// crash can lose of what was sent.
import { UploadLeaseLost } from "../../domain/vault/resumable-uploads.js";
import { givePartBuffer, takePartBuffer } from "../../storage/part-buffers.js";
import { pastLength } from "./protocol.js";
import type { UploadStore } from "./upload-store.js";

/**
 * Bytes are gathered into parts of this size before they are stored (a part of the
 * upload's S3 multipart upload, or a positioned write into the upload's file on disk;
 * `BlobStore.writeUploadPart`). A dropped connection's bytes are stored before the
 * request ends; a crash's are not, and the offset says so.
 */
const PART_BYTES = 8 * 1024 * 1024;
/**
 * On a store that can (disk), a part's bytes are stored and synced in steps of this size
 * while the rest of it arrives, so that a PATCH's answer waits on its last step only.
 */
const PREWRITE_BYTES = 1024 * 1024;

export class PartGatherer {
  /** Where the part being gathered starts in the upload: the end of the parts stored. */
  start: number;
  /** The starts of the parts stored since the last record. */
  unrecorded: number[] = [];
  /** The part being gathered (taken at the first byte), how much of it is filled and how much of that stored. */
  private part: Buffer | undefined;
  private buffered = 0;
  private prewritten = 0;
  /**
   * The store's writes of the part so far, one after the other (`prewritePart`). One that
   * fails, or comes after the lease was lost or the request ended, rejects, and so does
   * `flush` after it: no record counts its bytes.
   */
  private prewrites: Promise<void> = Promise.resolve();
  private prewriteFailed = false;
  private ended = false;

  constructor(
    private readonly store: Pick<UploadStore, "writePart" | "prewritePart">,
    private readonly upload: { id: string; length: number },
    start: number,
    private readonly leaseLost: () => boolean,
  ) {
    this.start = start;
  }

  /** The end of the bytes gathered, stored or not. */
  get end(): number {
    return this.start + this.buffered;
  }

  /** Copies `chunk` into parts; `sum` sees each slice copied, `stored` runs after each part that filled is stored. */
  async add(chunk: Buffer, sum: (slice: Buffer) => void, stored: () => Promise<void>): Promise<void> {
    if (this.prewriteFailed) await this.prewrites;
    if (this.end + chunk.length > this.upload.length) throw pastLength();
    this.part ??= takePartBuffer(PART_BYTES);
    // The same buffer all along: `flush` gives it back to `part` once the part is stored.
    const part = this.part;
    for (let copied = 0; copied < chunk.length; ) {
      const slice = chunk.subarray(copied, copied + PART_BYTES - this.buffered);
      slice.copy(part, this.buffered);
      // Summed per slice: a part's record keeps the summary, which must end where the part does.
      sum(slice);
      copied += slice.length;
      this.buffered += slice.length;
      if (this.buffered < PART_BYTES) {
        this.prewrite();
        continue;
      }
      await this.flush();
      await stored();
    }
  }

  /** Stores the part gathered so far, if any, after its prewrites. */
  async flush(): Promise<void> {
    if (this.buffered === 0 || !this.part) return;
    // A write that fails may still read the part (`writeUploadPart`): it is then dropped, not reused.
    const written = this.part;
    this.part = undefined;
    await this.prewrites;
    const bytes = [written.subarray(0, this.buffered)];
    await this.store.writePart(this.upload.id, this.start, bytes, this.upload.length, this.prewritten);
    this.part = written;
    this.unrecorded.push(this.start);
    this.start += this.buffered;
    this.buffered = 0;
    this.prewritten = 0;
  }

  /** Ends the gathering: later prewrites are refused, and the one in progress, if any, settles. */
  async settle(): Promise<void> {
    this.ended = true;
    await this.prewrites.catch(() => {});
  }

  /** Gives the part buffer back for the next request (after `settle`: no write reads it any more). */
  giveBack(): void {
    if (this.part) givePartBuffer(this.part);
    this.part = undefined;
  }

  private prewrite(): void {
    if (!this.store.prewritePart || !this.part || this.buffered - this.prewritten < PREWRITE_BYTES) return;
    const [bytes, at] = [this.part.subarray(this.prewritten, this.buffered), this.start + this.prewritten];
    this.prewritten = this.buffered;
    this.prewrites = this.prewrites.then(async () => {
      if (this.ended || this.leaseLost()) throw new UploadLeaseLost();
      await this.store.prewritePart?.(this.upload.id, at, bytes);
    });
    // Awaited by `flush` (or before the part buffer is given back); the next chunk fails fast on it.
    this.prewrites.catch(() => {
      this.prewriteFailed = true;
    });
  }
}
