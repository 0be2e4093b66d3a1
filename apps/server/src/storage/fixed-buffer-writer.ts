import { Writable } from "node:stream";
import { copiedOutOfNetworkBuffers } from "./network-buffers.js";

/**
 * A writable stream that copies the chunks it is given into a buffer of its own and
 * hands the buffer on (`flush`) each time it is full. The network hands an upload over
 * 64 KiB at a time; once copied, those buffers are garbage, collected every few MiB
 * (`network-buffers.ts`), so what an upload holds is the writer's own buffers and a few
 * MiB of the network's, whatever its size.
 */
export abstract class FixedBufferWriter extends Writable {
  /** Bytes of `buffer` filled so far; `flush` sets it back to 0. */
  protected filled = 0;

  constructor(private readonly capacity: number) {
    // One network chunk waits while a full buffer is handed on.
    super({ highWaterMark: 64 * 1024 });
  }

  /** The buffer being filled (`capacity` bytes or more). */
  protected abstract get buffer(): Buffer;

  /** Hands on the `filled` bytes of `buffer`; resolves once `buffer` can be filled from 0 again. */
  protected abstract flush(): Promise<void>;

  override _write(chunk: Buffer, _encoding: BufferEncoding, done: (error?: Error | null) => void): void {
    let copied = 0;
    const copyRest = () => {
      while (copied < chunk.length) {
        const n = chunk.copy(this.buffer, this.filled, copied);
        copied += n;
        this.filled += n;
        if (this.filled === this.capacity) {
          this.flush().then(copyRest, done);
          return;
        }
      }
      copiedOutOfNetworkBuffers(chunk.length);
      done();
    };
    copyRest();
  }
}
