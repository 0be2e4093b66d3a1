/**
 * Buffers a tus PATCH gathers its part in, reused from one PATCH to the next. A part held
 * as the network's 64 KiB buffers would outlive young-generation collections, and V8
 * frees those buffers only in full collections, which cost more CPU than the upload's
 * own work. Copied out at once, the network's buffers are collected young
 * (`network-buffers.ts`; see docs/decisions/upload-memory.md).
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
