import { createHash } from "node:crypto";
import { Transform } from "node:stream";
import { sniffMimetype } from "./mimetype.js";

const SNIFF_BYTES = 4100;

/** A pass-through stream that hashes (SHA-256), counts and keeps the first bytes for the mimetype sniff. */
export function contentTap(): { tap: Transform; summary(): Promise<{ hash: string; size: number; mimetype: string }> } {
  const hash = createHash("sha256");
  let size = 0;
  const head: Buffer[] = [];
  let headSize = 0;
  const tap = new Transform({
    transform(chunk: Buffer, _encoding, done) {
      hash.update(chunk);
      size += chunk.length;
      if (headSize < SNIFF_BYTES) {
        // A copy: a slice would keep the whole network buffer alive.
        head.push(Buffer.from(chunk.subarray(0, SNIFF_BYTES - headSize)));
        headSize += Math.min(chunk.length, SNIFF_BYTES - headSize);
      }
      done(null, chunk);
    },
  });
  return {
    tap,
    summary: async () => ({ hash: hash.digest("hex"), size, mimetype: await sniffMimetype(Buffer.concat(head)) }),
  };
}
