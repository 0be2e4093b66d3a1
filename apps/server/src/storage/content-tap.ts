import { createHash, type Hash } from "node:crypto";
import { type Readable, Transform, Writable } from "node:stream";
import { pipeline } from "node:stream/promises";
import { sniffMimetype } from "./mimetype.js";

const SNIFF_BYTES = 4100;

/** What `receive` tells of a content: its SHA-256, size and sniffed mimetype. */
export interface ContentFacts {
  hash: string;
  size: number;
  mimetype: string;
}

/** The SHA-256, size and first bytes (for the mimetype sniff) of a content, given chunk by chunk. */
export class ContentSummary {
  private constructor(
    private readonly hash: Hash,
    public size: number,
    private readonly head: Buffer[],
    private headSize: number,
  ) {}

  static start(): ContentSummary {
    return new ContentSummary(createHash("sha256"), 0, [], 0);
  }

  update(chunk: Buffer): void {
    this.hash.update(chunk);
    this.size += chunk.length;
    if (this.headSize < SNIFF_BYTES) {
      // A copy: a slice would keep the whole network buffer alive.
      this.head.push(Buffer.from(chunk.subarray(0, SNIFF_BYTES - this.headSize)));
      this.headSize += Math.min(chunk.length, SNIFF_BYTES - this.headSize);
    }
  }

  /** A summary that goes on from here on its own. */
  copy(): ContentSummary {
    return new ContentSummary(this.hash.copy(), this.size, [...this.head], this.headSize);
  }

  /** Ends the summary (no update after). */
  async facts(): Promise<ContentFacts> {
    return { hash: this.hash.digest("hex"), size: this.size, mimetype: await sniffMimetype(Buffer.concat(this.head)) };
  }
}

/** A pass-through stream that hashes (SHA-256), counts and keeps the first bytes for the mimetype sniff. */
export function contentTap(): { tap: Transform; summary(): Promise<ContentFacts> } {
  const content = ContentSummary.start();
  const tap = new Transform({
    transform(chunk: Buffer, _encoding, done) {
      content.update(chunk);
      done(null, chunk);
    },
  });
  return { tap, summary: () => content.facts() };
}

/** The facts of the content `source` streams (read to its end, kept nowhere). */
export async function factsOf(source: Readable): Promise<ContentFacts> {
  const { tap, summary } = contentTap();
  await pipeline(source, tap, new Writable({ write: (_chunk, _encoding, done) => done() }));
  return summary();
}
