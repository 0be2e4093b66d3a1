import { setFlagsFromString } from "node:v8";
import { runInNewContext } from "node:vm";

/** Bytes of uploads received between two collections of their network buffers. */
const COLLECT_EVERY_BYTES = 4 * 1024 * 1024;

/**
 * Node reads a request body into a new 64 KiB buffer at a time (a server socket cannot
 * be given one to reuse). Once an upload's writer has copied one into its own buffer it
 * is garbage, but V8 frees such buffers only when its young generation fills or its
 * outside memory grew by about 64 MiB: a fast upload allocates almost no JavaScript per
 * buffer, so the buffers would pile up to that limit first. A young-generation collection
 * (a cheap scavenge) after every 4 MiB copied out frees them, whatever the pace.
 * `gc` is exposed in a context of this module's own, not to the rest of the process.
 */
setFlagsFromString("--expose-gc");
const collectYoungGeneration = runInNewContext("() => gc({ type: 'minor', execution: 'sync' })") as () => void;

let uncollected = 0;

/** Counts `bytes` of upload copied out of their network buffers; collects them every 4 MiB. */
export function copiedOutOfNetworkBuffers(bytes: number): void {
  uncollected += bytes;
  if (uncollected < COLLECT_EVERY_BYTES) return;
  uncollected = 0;
  collectYoungGeneration();
}
