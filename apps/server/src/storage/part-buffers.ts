/**
 * Buffers a tus PATCH gathers its part in, reused from one PATCH to the next. Held as
 * the network's 64 KiB buffers, a part outlived young-generation collections, and V8
 * freed those buffers only in full collections: on the embedded database with the disk
 * store a 512 MiB upload ran 33 of them, 2.4 s of CPU beside 1 s of work (issue 27 §4).
 * Copied out at once, the network's buffers are collected young (`network-buffers.ts`).
 */
const kept: Buffer[] = [];
/** The most buffers kept between PATCHes; more PATCHes at once take new ones, dropped after. */
const KEEP = 4;

export function takePartBuffer(size: number): Buffer {
  const reused = kept.pop();
  return reused && reused.length === size ? reused : Buffer.allocUnsafe(size);
}

/** Gives back a buffer `takePartBuffer` gave, once nothing reads it any more. */
export function givePartBuffer(buffer: Buffer): void {
  if (kept.length < KEEP) kept.push(buffer);
}
