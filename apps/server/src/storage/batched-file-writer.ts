import type { FileHandle } from "node:fs/promises";
import { open } from "node:fs/promises";
import { Writable } from "node:stream";
import { PRIVATE_FILE } from "./private-modes.js";

/** Bytes handed to the disk per `writev`. */
const BATCH_BYTES = 1024 * 1024;

/**
 * A writable stream into a new file (opened `wx`: it must not exist; mode 0600) that collects the
 * chunks it is given and writes them a batch (1 MiB) at a time with one `writev`. The
 * network hands an upload over 64 KiB at a time, and every write is a round trip through
 * the thread pool that costs, on a busy machine, about as much as the copy itself: one
 * batched write stands in for sixteen.
 */
export class BatchedFileWriter extends Writable {
  private file?: FileHandle;
  private batch: Buffer[] = [];
  private batchBytes = 0;

  constructor(private readonly path: string) {
    super({ highWaterMark: BATCH_BYTES });
  }

  override _construct(done: (error?: Error | null) => void): void {
    open(this.path, "wx", PRIVATE_FILE).then((file) => {
      this.file = file;
      done();
    }, done);
  }

  override _write(chunk: Buffer, _encoding: BufferEncoding, done: (error?: Error | null) => void): void {
    this.batch.push(chunk);
    this.batchBytes += chunk.length;
    if (this.batchBytes < BATCH_BYTES) done();
    else this.flush().then(() => done(), done);
  }

  override _final(done: (error?: Error | null) => void): void {
    this.flush()
      .then(() => this.close())
      .then(() => done(), done);
  }

  override _destroy(error: Error | null, done: (error?: Error | null) => void): void {
    this.close().then(
      () => done(error),
      () => done(error),
    );
  }

  private async flush(): Promise<void> {
    let buffers = this.batch;
    this.batch = [];
    this.batchBytes = 0;
    // A regular file takes a whole `writev` but for a signal or a full disk; what was
    // not written goes again (a full disk then answers ENOSPC).
    while (buffers.length > 0) {
      const { bytesWritten } = await (this.file as FileHandle).writev(buffers);
      buffers = unwritten(buffers, bytesWritten);
    }
  }

  private async close(): Promise<void> {
    const file = this.file;
    this.file = undefined;
    await file?.close();
  }
}

/** What is left of `buffers` after their first `written` bytes. */
function unwritten(buffers: Buffer[], written: number): Buffer[] {
  let skipped = 0;
  for (const [i, buffer] of buffers.entries()) {
    if (skipped + buffer.length > written) return [buffer.subarray(written - skipped), ...buffers.slice(i + 1)];
    skipped += buffer.length;
  }
  return [];
}
