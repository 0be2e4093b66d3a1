import { Readable } from "node:stream";
import { pipeline } from "node:stream/promises";
import {
  AbortMultipartUploadCommand,
  CopyObjectCommand,
  DeleteObjectCommand,
  GetObjectCommand,
  HeadBucketCommand,
  HeadObjectCommand,
  ListMultipartUploadsCommand,
  ListObjectsV2Command,
  PutObjectCommand,
  S3Client,
} from "@aws-sdk/client-s3";
import { ConfigError, type S3Settings } from "../config.js";
import {
  BlobMissing,
  type BlobStore,
  BlobStoreUnavailable,
  type ByteRange,
  DATABASES,
  type ReceivedUpload,
  SHA256,
  type StoredBlob,
  UPLOADS,
  UUID,
} from "./blob-store.js";
import { contentTap } from "./content-tap.js";
import { statusOf, storingFailure, unavailableOr } from "./s3-errors.js";
import { S3ObjectWriter } from "./s3-object-writer.js";
import { isAbandoned, tempName } from "./temp-owner.js";

/**
 * Blobs in an S3-compatible bucket, one object per content under `<prefix><sha256>`.
 * An upload streams to a temp object (`<prefix>tmp/<owner>-<uuid>`, see `temp-owner.ts`;
 * a multipart upload beyond one part, `S3ObjectWriter`) while it is hashed; `commit`
 * copies it to its hash's key whether or not that object exists (identical bytes over
 * identical bytes; see `BlobStore.commit`), and `discard` deletes the temp object. S3 acknowledges
 * a PUT, a completed multipart upload and a copy only once the object is durable. Credentials come from the SDK's
 * default chain (`AWS_ACCESS_KEY_ID`, `AWS_PROFILE`, instance roles, …).
 */
export class S3BlobStore implements BlobStore {
  private readonly client: S3Client;
  private readonly bucket: string;
  private readonly prefix: string;
  /** Where uploads wait for their hash: `<prefix>tmp/`. */
  private readonly temp: string;

  constructor(settings: S3Settings) {
    this.bucket = settings.bucket;
    this.prefix = settings.prefix;
    this.temp = `${settings.prefix}tmp/`;
    this.client = new S3Client({
      region: settings.region,
      endpoint: settings.endpoint,
      forcePathStyle: settings.forcePathStyle,
      // Integrity is the SHA-256 we compute; the CRC checksums the SDK adds by default
      // are refused by several S3-compatible stores.
      requestChecksumCalculation: "WHEN_REQUIRED",
      responseChecksumValidation: "WHEN_REQUIRED",
      maxAttempts: 2,
      // A store that does not answer is down: the request gets a 503 rather than hanging.
      // The idle limit leaves room for a download whose client reads slowly (backpressure
      // pauses the socket to the store), like REQUEST_TIMEOUT_MS's default.
      requestHandler: { connectionTimeout: 3000, requestTimeout: 120_000 },
    });
  }

  /** Fails start-up when the bucket is missing or refused; a store that is down only makes the service unready. */
  async open(): Promise<void> {
    await this.check().catch((error: unknown) => {
      if (error instanceof BlobStoreUnavailable) throw error;
      const status = statusOf(error);
      if (status === undefined) {
        throw new ConfigError(
          `The S3 store has no credentials (${(error as Error).message}): set AWS_ACCESS_KEY_ID and AWS_SECRET_ACCESS_KEY, or another source of the AWS SDK's default chain`,
          { cause: error },
        );
      }
      throw new ConfigError(
        status === 404
          ? `S3_BUCKET "${this.bucket}" does not exist`
          : `S3_BUCKET "${this.bucket}" cannot be used with these credentials (HTTP ${status})`,
        { cause: error },
      );
    });
    await this.sweepTemp();
  }

  private key(hash: string): string {
    if (!SHA256.test(hash)) throw new Error("not a SHA-256 hash");
    return `${this.prefix}${hash}`;
  }

  async receive(source: Readable): Promise<ReceivedUpload> {
    const temp = `${this.temp}${tempName()}`;
    const { tap, summary } = contentTap();
    // The first failure is the cause: the request's (a client that went away, a
    // malformed body) as it is, the store's as `storingFailure` says. Either way the
    // writer aborts its multipart upload.
    await pipeline(source, tap, new S3ObjectWriter(this.client, this.bucket, temp));
    return { temp, ...(await summary()) };
  }

  async commit(upload: ReceivedUpload): Promise<void> {
    try {
      await this.client.send(
        new CopyObjectCommand({
          Bucket: this.bucket,
          Key: this.key(upload.hash),
          CopySource: this.source(upload.temp),
        }),
      );
    } catch (error) {
      throw storingFailure(error);
    }
  }

  async ensureStored(upload: ReceivedUpload): Promise<void> {
    const stored = await this.exists(upload.hash).catch((error: unknown) => {
      throw storingFailure(error);
    });
    if (!stored) await this.commit(upload);
  }

  async discard(upload: Pick<ReceivedUpload, "temp">): Promise<void> {
    await this.answer(this.client.send(new DeleteObjectCommand({ Bucket: this.bucket, Key: upload.temp })));
  }

  async read(hash: string, range?: ByteRange): Promise<Readable> {
    const answer = await this.answer(
      this.client.send(
        new GetObjectCommand({
          Bucket: this.bucket,
          Key: this.key(hash),
          Range: range ? `bytes=${range.start}-${range.end}` : undefined,
        }),
      ),
    ).catch((error: unknown) => {
      throw statusOf(error) === 404 ? new BlobMissing(hash, error) : error;
    });
    return answer.Body as Readable;
  }

  async exists(hash: string): Promise<boolean> {
    try {
      await this.answer(this.client.send(new HeadObjectCommand({ Bucket: this.bucket, Key: this.key(hash) })));
      return true;
    } catch (error) {
      if (statusOf(error) === 404) return false;
      throw error;
    }
  }

  async delete(hash: string): Promise<void> {
    await this.answer(this.client.send(new DeleteObjectCommand({ Bucket: this.bucket, Key: this.key(hash) })));
  }

  async *list(): AsyncGenerator<StoredBlob> {
    for await (const object of this.objects(this.prefix)) {
      const hash = object.key.slice(this.prefix.length);
      if (SHA256.test(hash)) yield { hash, storedAt: object.storedAt };
    }
  }

  /** Temp objects and multipart uploads of crashed uploads (see `temp-owner.ts`). */
  async sweepTemp(): Promise<void> {
    for await (const object of this.objects(this.temp)) {
      if (isAbandoned(object.key.slice(this.temp.length), object.storedAt)) await this.discard({ temp: object.key });
    }
    let marker: { KeyMarker?: string; UploadIdMarker?: string } = {};
    for (;;) {
      const page = await this.answer(
        this.client.send(new ListMultipartUploadsCommand({ Bucket: this.bucket, Prefix: this.temp, ...marker })),
      );
      for (const { Key, UploadId, Initiated } of page.Uploads ?? []) {
        if (Key && isAbandoned(Key.slice(this.temp.length), Initiated ?? new Date(0))) {
          await this.answer(this.client.send(new AbortMultipartUploadCommand({ Bucket: this.bucket, Key, UploadId })));
        }
      }
      if (!page.IsTruncated) return;
      marker = { KeyMarker: page.NextKeyMarker, UploadIdMarker: page.NextUploadIdMarker };
    }
  }

  async check(): Promise<void> {
    await this.answer(this.client.send(new HeadBucketCommand({ Bucket: this.bucket })));
  }

  async databaseMarkers(): Promise<Map<string, number>> {
    const markers = new Map<string, number>();
    const folder = `${this.prefix}${DATABASES}/`;
    for await (const { key } of this.objects(folder)) {
      const id = key.slice(folder.length);
      if (!UUID.test(id)) continue;
      const answer = await this.answer(this.client.send(new GetObjectCommand({ Bucket: this.bucket, Key: key })));
      markers.set(id, Number(await answer.Body?.transformToString()));
    }
    return markers;
  }

  async writeDatabaseMarker(databaseId: string, generation: number): Promise<void> {
    await this.answer(
      this.client.send(
        new PutObjectCommand({ Bucket: this.bucket, Key: this.markerKey(databaseId), Body: String(generation) }),
      ),
    );
  }

  markerLocation(databaseId: string): string {
    return `s3://${this.bucket}/${this.markerKey(databaseId)}`;
  }

  private uploadPrefix(upload: string): string {
    if (!UUID.test(upload)) throw new Error("not an upload id");
    return `${this.prefix}${UPLOADS}/${upload}/`;
  }

  async writeUploadPart(upload: string, start: number, chunks: Buffer[]): Promise<void> {
    const Key = `${this.uploadPrefix(upload)}${start}`;
    try {
      // One buffer: the SDK signs it and can send it again on a retry.
      await this.client.send(new PutObjectCommand({ Bucket: this.bucket, Key, Body: Buffer.concat(chunks) }));
    } catch (error) {
      throw storingFailure(error);
    }
  }

  async completeUpload(upload: string, starts: number[]): Promise<ReceivedUpload> {
    // The parts are objects of their own: their bytes go into a new temp (hashed again on the way).
    return this.receive(this.readUploadParts(upload, starts));
  }

  private readUploadParts(upload: string, starts: number[]): Readable {
    const prefix = this.uploadPrefix(upload);
    const store = this;
    return Readable.from(
      (async function* () {
        for (const start of starts) {
          const answer = await store.answer(
            store.client.send(new GetObjectCommand({ Bucket: store.bucket, Key: `${prefix}${start}` })),
          );
          yield* answer.Body as Readable;
        }
      })(),
    );
  }

  async deleteUploadParts(upload: string): Promise<void> {
    for await (const { key } of this.objects(this.uploadPrefix(upload))) {
      await this.answer(this.client.send(new DeleteObjectCommand({ Bucket: this.bucket, Key: key })));
    }
  }

  private markerKey(databaseId: string): string {
    if (!UUID.test(databaseId)) throw new Error("not a database id");
    return `${this.prefix}${DATABASES}/${databaseId}`;
  }

  /** The objects directly under `prefix` (not in its sub-folders), page by page. */
  private async *objects(prefix: string): AsyncGenerator<{ key: string; storedAt: Date }> {
    let ContinuationToken: string | undefined;
    do {
      const page = await this.answer(
        this.client.send(
          new ListObjectsV2Command({ Bucket: this.bucket, Prefix: prefix, Delimiter: "/", ContinuationToken }),
        ),
      );
      for (const object of page.Contents ?? []) {
        if (object.Key) yield { key: object.Key, storedAt: object.LastModified ?? new Date() };
      }
      ContinuationToken = page.IsTruncated ? page.NextContinuationToken : undefined;
    } while (ContinuationToken);
  }

  /** `CopySource`: the bucket and key, URL-encoded but for the slashes. */
  private source(key: string): string {
    return `${this.bucket}/${encodeURIComponent(key).replaceAll("%2F", "/")}`;
  }

  /** The store's answer, or its failure with unavailability told apart. */
  private async answer<T>(request: Promise<T>): Promise<T> {
    try {
      return await request;
    } catch (error) {
      throw unavailableOr(error);
    }
  }
}
