import {
  AbortMultipartUploadCommand,
  type CompletedPart,
  CompleteMultipartUploadCommand,
  CreateMultipartUploadCommand,
  PutObjectCommand,
  type S3Client,
  UploadPartCommand,
} from "@aws-sdk/client-s3";
import { FixedBufferWriter } from "./fixed-buffer-writer.js";
import { storingFailure } from "./s3-errors.js";

/**
 * S3's least part size, as larger parts grow an upload's memory; two are in flight, as
 * one alone leaves the upload waiting on each send (see docs/decisions/upload-memory.md).
 */
const PART_SIZE = 5 * 1024 * 1024;
const PARTS_IN_FLIGHT = 2;

/**
 * A writable stream into one S3 object, with a fixed set of part buffers
 * (`FixedBufferWriter`): a full part is sent while the next fills, and a part's buffer
 * is refilled only once the store acknowledged it, so what an upload holds is these two
 * parts. Up to one part, the object is one PUT; beyond, a multipart upload, completed
 * at the end and aborted on failure. Failures of the store reject as `storingFailure`
 * says.
 */
export class S3ObjectWriter extends FixedBufferWriter {
  private readonly parts = Array.from({ length: PARTS_IN_FLIGHT }, () => Buffer.allocUnsafe(PART_SIZE));
  /** The acknowledgement of the part last sent from each buffer. */
  private readonly sending: (Promise<void> | undefined)[] = [];
  private current = 0;
  private uploadId?: string;
  private readonly completed: CompletedPart[] = [];

  constructor(
    private readonly client: S3Client,
    private readonly bucket: string,
    private readonly key: string,
  ) {
    super(PART_SIZE);
  }

  protected override get buffer(): Buffer {
    return this.parts[this.current] as Buffer;
  }

  protected override flush(): Promise<void> {
    return this.sendPart();
  }

  override _final(done: (error?: Error | null) => void): void {
    const finishing =
      this.uploadId === undefined
        ? this.putWhole()
        : (this.filled > 0 ? this.sendPart() : Promise.resolve()).then(() => this.complete());
    finishing.then(() => done(), done);
  }

  override _destroy(error: Error | null, done: (error?: Error | null) => void): void {
    if (!error || this.uploadId === undefined) {
      done(error);
      return;
    }
    const UploadId = this.uploadId;
    // The parts under way finish (or fail) first: an abort before them would leave them stored.
    Promise.allSettled(this.sending)
      .then(() =>
        this.store(this.client.send(new AbortMultipartUploadCommand({ Bucket: this.bucket, Key: this.key, UploadId }))),
      )
      .then(
        () => done(error),
        () => done(error),
      );
  }

  /** Sends the filled part, then waits until the next buffer's last part is acknowledged, so it can be refilled. */
  private async sendPart(): Promise<void> {
    this.uploadId ??= (
      await this.store(this.client.send(new CreateMultipartUploadCommand({ Bucket: this.bucket, Key: this.key })))
    ).UploadId;
    const PartNumber = this.completed.length + 1;
    this.completed.push({ PartNumber });
    const Body = (this.parts[this.current] as Buffer).subarray(0, this.filled);
    const sent = this.store(
      this.client.send(
        new UploadPartCommand({ Bucket: this.bucket, Key: this.key, UploadId: this.uploadId, PartNumber, Body }),
      ),
    ).then(({ ETag }) => {
      this.completed[PartNumber - 1] = { PartNumber, ETag };
    });
    // Awaited when the buffer comes round again, or at the end.
    sent.catch(() => {});
    this.sending[this.current] = sent;
    this.current = (this.current + 1) % PARTS_IN_FLIGHT;
    this.filled = 0;
    await this.sending[this.current];
  }

  private async complete(): Promise<void> {
    await Promise.all(this.sending);
    await this.store(
      this.client.send(
        new CompleteMultipartUploadCommand({
          Bucket: this.bucket,
          Key: this.key,
          UploadId: this.uploadId,
          MultipartUpload: { Parts: this.completed },
        }),
      ),
    );
  }

  private async putWhole(): Promise<void> {
    const Body = (this.parts[this.current] as Buffer).subarray(0, this.filled);
    await this.store(this.client.send(new PutObjectCommand({ Bucket: this.bucket, Key: this.key, Body })));
  }

  private async store<T>(request: Promise<T>): Promise<T> {
    try {
      return await request;
    } catch (error) {
      throw storingFailure(error);
    }
  }
}
