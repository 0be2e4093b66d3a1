import { Readable } from "node:stream";
import { pipeline } from "node:stream/promises";
import {
  AbortMultipartUploadCommand,
  type CompletedPart,
  CompleteMultipartUploadCommand,
  CopyObjectCommand,
  CreateMultipartUploadCommand,
  DeleteObjectCommand,
  GetObjectCommand,
  HeadBucketCommand,
  HeadObjectCommand,
  ListMultipartUploadsCommand,
  ListObjectsV2Command,
  ListPartsCommand,
  PutObjectCommand,
  S3Client,
  UploadPartCommand,
} from "@aws-sdk/client-s3";
import { getSignedUrl } from "@aws-sdk/s3-request-presigner";
import { create as contentDisposition } from "content-disposition";
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
import { type ContentFacts, contentTap, factsOf } from "./content-tap.js";
import { statusOf, storingFailure, unavailableOr } from "./s3-errors.js";
import { S3ObjectWriter } from "./s3-object-writer.js";
import { isAbandoned, tempName } from "./temp-owner.js";

/** S3's least size of a part but the last. */
const MIN_PART_BYTES = 5 * 1024 * 1024;
/** A resumable upload's part starting at a multiple of this is stored as the part of that number (+1) of its multipart upload. */
const PART_NUMBER_BYTES = 1024 * 1024;
/** S3's most parts in a multipart upload. */
const MAX_PARTS = 10_000;
/** How many uploads' multipart upload ids a process remembers (the others are listed). */
const MULTIPARTS_KEPT = 1000;

/**
 * The part number of a resumable upload's part that starts at `start`: one number per
 * MiB, so parts of 5 MiB or more never share one (5 GiB, the most an upload holds on
 * S3, is 5120 MiB). A part starting elsewhere (after a dropped connection) has none.
 */
const partNumber = (start: number) =>
  start % PART_NUMBER_BYTES === 0 && start / PART_NUMBER_BYTES < MAX_PARTS ? start / PART_NUMBER_BYTES + 1 : undefined;

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
  /** The multipart upload of each resumable upload this process wrote to, by upload. */
  private readonly multiparts = new Map<string, string>();

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
    // A completed resumable upload's object stays until its upload goes (`deleteUploadParts`): a completion retried reads it.
    if (upload.temp.startsWith(`${this.prefix}${UPLOADS}/`)) return;
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

  /** The key of the upload's multipart upload (and of the object it makes); its part objects are under `<key>/`. */
  private uploadKey(upload: string): string {
    if (!UUID.test(upload)) throw new Error("not an upload id");
    return `${this.prefix}${UPLOADS}/${upload}`;
  }

  async writeUploadPart(upload: string, start: number, chunks: Buffer[], length: number): Promise<void> {
    const key = this.uploadKey(upload);
    const PartNumber = partNumber(start);
    // Sent as it is (the caller keeps it unchanged, even after a rejection: the SDK signs it,
    // may send it again on a retry, and a send cut by a timeout may still read it). A copy
    // of every tus part would outlive the young collections that network-buffers.ts forces,
    // so only frequent full collections would free the copies, at several times the CPU of
    // the upload itself (see docs/decisions/upload-memory.md).
    const Body = chunks.length === 1 ? (chunks[0] as Buffer) : Buffer.concat(chunks);
    try {
      if (PartNumber !== undefined && (Body.length >= MIN_PART_BYTES || start + Body.length === length)) {
        const UploadId = await this.multipartOf(upload, true);
        if (UploadId !== undefined) {
          await this.client.send(new UploadPartCommand({ Bucket: this.bucket, Key: key, UploadId, PartNumber, Body }));
          return;
        }
      }
      await this.client.send(new PutObjectCommand({ Bucket: this.bucket, Key: `${key}/${start}`, Body }));
    } catch (error) {
      throw storingFailure(error);
    }
  }

  /**
   * The multipart upload of `upload`'s parts (under `<prefix>uploads/<upload>`), or with
   * `create` a new one; none once a completion made the object (a part written after it,
   * a completion retried, is an object of its own).
   */
  private async multipartOf(upload: string, create = false): Promise<string | undefined> {
    const cached = this.multiparts.get(upload);
    if (cached !== undefined) return cached;
    const Key = this.uploadKey(upload);
    const page = await this.client.send(new ListMultipartUploadsCommand({ Bucket: this.bucket, Prefix: Key }));
    const found = (page.Uploads ?? [])
      .filter((started) => started.Key === Key)
      .sort((a, b) => (a.Initiated?.getTime() ?? 0) - (b.Initiated?.getTime() ?? 0))[0]?.UploadId;
    let UploadId = found;
    if (UploadId === undefined && create && !(await this.objectExists(Key))) {
      UploadId = (await this.client.send(new CreateMultipartUploadCommand({ Bucket: this.bucket, Key }))).UploadId;
    }
    if (UploadId !== undefined) {
      this.multiparts.set(upload, UploadId);
      if (this.multiparts.size > MULTIPARTS_KEPT) this.multiparts.delete(this.multiparts.keys().next().value as string);
    }
    return UploadId;
  }

  async completeUpload(
    upload: string,
    starts: number[],
    length: number,
    known?: ContentFacts,
  ): Promise<ReceivedUpload> {
    const key = this.uploadKey(upload);
    const spans = starts.map((start, i) => ({ start, size: (starts[i + 1] ?? length) - start }));
    /** Where each span is in the object the multipart upload makes, if it is one of its parts. */
    let joined: (number | undefined)[] = [];
    let whole = false;
    try {
      const UploadId = await this.multipartOf(upload);
      if (UploadId !== undefined) {
        const stored = [...(await this.partsOf(key, UploadId))].sort(([a], [b]) => a - b);
        const offsets = new Map<number, { offset: number; size: number }>();
        let offset = 0;
        for (const [number, { Size = 0 }] of stored) {
          offsets.set(number, { offset, size: Size });
          offset += Size;
        }
        // A span is a part when its number and size are the part's (one stored but not
        // recorded was replaced, by a part or by an object, from the same start).
        joined = spans.map(({ start, size }) => {
          const part = offsets.get(partNumber(start) ?? 0);
          return part?.size === size ? part.offset : undefined;
        });
        whole = spans.length === stored.length && joined.every((at, i) => at === (spans[i]?.start ?? -1));
        if (stored.length > 0) {
          // S3 joins the parts: no byte goes through this process. Every stored part, as
          // Ceph RGW refuses a completion that leaves one out (each is 5 MiB or more, or was the last).
          const Parts: CompletedPart[] = stored.map(([PartNumber, { ETag }]) => ({ PartNumber, ETag }));
          await this.client.send(
            new CompleteMultipartUploadCommand({ Bucket: this.bucket, Key: key, UploadId, MultipartUpload: { Parts } }),
          );
          this.multiparts.delete(upload);
        }
      }
    } catch (error) {
      throw storingFailure(error);
    }
    if (spans.length > 0 && whole) {
      // The upload's object is its content: the temp that `commit` copies (`discard` leaves it to `deleteUploadParts`).
      return { temp: key, ...(known ?? (await factsOf(await this.get(key)))) };
    }
    // Some parts are objects of their own (small PATCHes, a dropped connection): the bytes go into a new temp.
    return this.receive(this.readSpans(key, spans, joined));
  }

  /** The upload's bytes span by span: from its joined parts, its part objects, or the object a completion before made. */
  private readSpans(key: string, spans: { start: number; size: number }[], joined: (number | undefined)[]) {
    const store = this;
    const completedNow = joined.some((at) => at !== undefined);
    return Readable.from(
      (async function* () {
        for (const [i, { start, size }] of spans.entries()) {
          if (size === 0) continue;
          const at = joined[i];
          if (at !== undefined) {
            yield* await store.get(key, { start: at, end: at + size - 1 });
            continue;
          }
          const own = await store.get(`${key}/${start}`).catch((error: unknown) => {
            if (statusOf(error) !== 404 || completedNow) throw error;
            return undefined;
          });
          yield* own ?? (await store.get(key, { start, end: start + size - 1 }));
        }
      })(),
    );
  }

  presignedDownload(hash: string, seconds: number, as: { filename: string; contentType: string }): Promise<string> {
    const command = new GetObjectCommand({
      Bucket: this.bucket,
      Key: this.key(hash),
      ResponseContentDisposition: contentDisposition(as.filename),
      ResponseContentType: as.contentType,
    });
    // Signing is local: no request reaches the store.
    return getSignedUrl(this.client, command, { expiresIn: seconds });
  }

  private async get(Key: string, range?: ByteRange): Promise<Readable> {
    const answer = await this.answer(
      this.client.send(
        new GetObjectCommand({
          Bucket: this.bucket,
          Key,
          Range: range ? `bytes=${range.start}-${range.end}` : undefined,
        }),
      ),
    );
    return answer.Body as Readable;
  }

  /** The parts stored in a multipart upload, by number. */
  private async partsOf(Key: string, UploadId: string): Promise<Map<number, { ETag?: string; Size?: number }>> {
    const parts = new Map<number, { ETag?: string; Size?: number }>();
    let PartNumberMarker: string | undefined;
    for (;;) {
      const page = await this.client.send(
        new ListPartsCommand({ Bucket: this.bucket, Key, UploadId, PartNumberMarker }),
      );
      for (const { PartNumber, ETag, Size } of page.Parts ?? []) {
        if (PartNumber !== undefined) parts.set(PartNumber, { ETag, Size });
      }
      if (!page.IsTruncated) return parts;
      PartNumberMarker = page.NextPartNumberMarker;
    }
  }

  private async objectExists(Key: string): Promise<boolean> {
    try {
      await this.client.send(new HeadObjectCommand({ Bucket: this.bucket, Key }));
      return true;
    } catch (error) {
      if (statusOf(error) === 404) return false;
      throw error;
    }
  }

  async deleteUploadParts(upload: string): Promise<void> {
    const key = this.uploadKey(upload);
    this.multiparts.delete(upload);
    const page = await this.answer(
      this.client.send(new ListMultipartUploadsCommand({ Bucket: this.bucket, Prefix: key })),
    );
    for (const { Key, UploadId } of page.Uploads ?? []) {
      if (Key !== key) continue;
      await this.answer(this.client.send(new AbortMultipartUploadCommand({ Bucket: this.bucket, Key, UploadId })));
    }
    for await (const { key: part } of this.objects(`${key}/`)) {
      await this.answer(this.client.send(new DeleteObjectCommand({ Bucket: this.bucket, Key: part })));
    }
    await this.answer(this.client.send(new DeleteObjectCommand({ Bucket: this.bucket, Key: key })));
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
