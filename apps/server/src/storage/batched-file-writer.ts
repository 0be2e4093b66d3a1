import type { FileHandle } from "node:fs/promises";
import { open } from "node:fs/promises";
import { BlobStoreFull, BlobStoreRefused } from "./blob-store.js";
import { FixedBufferWriter } from "./fixed-buffer-writer.js";
import { PRIVATE_FILE } from "./private-modes.js";

/** Bytes handed to the disk per write. */
const BATCH_BYTES = 1024 * 1024;

/**
 * A writable stream into a new file (opened `wx`: it must not exist; mode 0600) that
 * writes one batch buffer of its own (1 MiB) at a time. Every write is a round trip
 * through the thread pool that costs, on a busy machine, about as much as the copy
 * itself: one batched write stands in for sixteen network chunks. What the upload
 * holds is this one buffer (`FixedBufferWriter`). The file is fsynced before the stream
 * finishes: its bytes are durable before anyone can name them.
 */
export class BatchedFileWriter extends FixedBufferWriter {
  private file?: FileHandle;
  private readonly batch = Buffer.allocUnsafe(BATCH_BYTES);

  constructor(private readonly path: string) {
    super(BATCH_BYTES);
  }

  protected override get buffer(): Buffer {
    return this.batch;
  }

  override _construct(done: (error?: Error | null) => void): void {
    this.storing(open(this.path, "wx", PRIVATE_FILE)).then((file) => {
      this.file = file;
      done();
    }, done);
  }

  override _final(done: (error?: Error | null) => void): void {
    this.flush()
      .then(() => this.storing((this.file as FileHandle).sync()))
      .then(() => this.close())
      .then(() => done(), done);
  }

  override _destroy(error: Error | null, done: (error?: Error | null) => void): void {
    this.close().then(
      () => done(error),
      () => done(error),
    );
  }

  protected override async flush(): Promise<void> {
    // A regular file takes a whole write but for a signal or a full disk; what was not
    // written goes again (a full disk then answers ENOSPC).
    let written = 0;
    while (written < this.filled) {
      const { bytesWritten } = await this.storing(
        (this.file as FileHandle).write(this.batch, written, this.filled - written),
      );
      written += bytesWritten;
    }
    this.filled = 0;
  }

  private async storing<T>(operation: Promise<T>): Promise<T> {
    try {
      return await operation;
    } catch (error) {
      // Classified here, where the disk failed: the pipeline hands this error to the
      // source too (the request's file stream), so every reader of it sees the store's fault.
      throw diskFailure(error);
    }
  }

  private async close(): Promise<void> {
    const file = this.file;
    this.file = undefined;
    await file?.close();
  }
}

/** A full disk or quota is `BlobStoreFull`; any other failure to store (a permission, a file where a folder belongs, a read-only or failing volume) `BlobStoreRefused`. */
export function diskFailure(error: unknown): Error {
  const code = (error as NodeJS.ErrnoException).code;
  return code === "ENOSPC" || code === "EDQUOT" ? new BlobStoreFull(error) : new BlobStoreRefused(error);
}
