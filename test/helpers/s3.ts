// The S3 server of the suites (scripts/s3-test-server.sh: Ceph RGW), one bucket per
// harness, and what is stored in it.
import { randomBytes } from "node:crypto";
import { readFileSync } from "node:fs";
import {
  AbortMultipartUploadCommand,
  CreateBucketCommand,
  DeleteBucketCommand,
  DeleteObjectCommand,
  ListMultipartUploadsCommand,
  ListObjectsV2Command,
  PutObjectCommand,
  S3Client,
} from "@aws-sdk/client-s3";

// The SDK warns once on Node 20 that its releases from 2027 need Node 22.
process.env.AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED ??= "true";
const endpoint = process.env.TEST_S3_ENDPOINT;
const accessKeyId = process.env.TEST_S3_ACCESS_KEY_ID;
const secretAccessKey = process.env.TEST_S3_SECRET_ACCESS_KEY;

/** Whether TEST_S3_ENDPOINT and its credentials are set. */
export const s3Configured = Boolean(endpoint && accessKeyId && secretAccessKey);

function testS3Client(): S3Client {
  if (!endpoint || !accessKeyId || !secretAccessKey) throw new Error("TEST_S3_ENDPOINT and its keys are not set");
  return new S3Client({
    endpoint,
    region: "us-east-1",
    forcePathStyle: true,
    credentials: { accessKeyId, secretAccessKey },
  });
}

export interface TestBucket {
  name: string;
  /** The server's environment to store its blobs in this bucket. */
  env: Record<string, string>;
  /** Keys of objects directly under `prefix` (no deeper), sorted. */
  keys(prefix?: string): Promise<string[]>;
  /** Every key in the bucket, sorted. */
  allKeys(): Promise<string[]>;
  /** Keys of multipart uploads in progress under `prefix`. */
  multipartUploads(prefix?: string): Promise<string[]>;
  /** Stores `body` under `key` directly, as another writer of the bucket would. */
  put(key: string, body: string): Promise<void>;
  /** Stores each file at `path` under its `hash`, as the S3 store keeps a blob. */
  putBlobs(blobs: { hash: string; path: string }[]): Promise<void>;
  /** Empties and deletes the bucket. */
  drop(): Promise<void>;
}

export async function createTestBucket(): Promise<TestBucket> {
  const client = testS3Client();
  const name = `vault-e2e-${randomBytes(6).toString("hex")}`;
  await client.send(new CreateBucketCommand({ Bucket: name }));
  const keys = async (prefix = "", delimiter: string | null = "/") => {
    const found: string[] = [];
    let ContinuationToken: string | undefined;
    do {
      const page = await client.send(
        new ListObjectsV2Command({
          Bucket: name,
          Prefix: prefix,
          Delimiter: delimiter ?? undefined,
          ContinuationToken,
        }),
      );
      found.push(...(page.Contents ?? []).map((object) => object.Key ?? ""));
      ContinuationToken = page.IsTruncated ? page.NextContinuationToken : undefined;
    } while (ContinuationToken);
    return found.sort();
  };
  const uploads = async (prefix = "") =>
    (await client.send(new ListMultipartUploadsCommand({ Bucket: name, Prefix: prefix }))).Uploads ?? [];
  return {
    name,
    env: {
      BLOB_STORE: "s3",
      S3_ENDPOINT: endpoint ?? "",
      S3_BUCKET: name,
      S3_FORCE_PATH_STYLE: "true",
      AWS_ACCESS_KEY_ID: accessKeyId ?? "",
      AWS_SECRET_ACCESS_KEY: secretAccessKey ?? "",
      // The SDK warns once on Node 20 that its releases from 2027 need Node 22.
      AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED: "true",
    },
    keys: (prefix) => keys(prefix),
    allKeys: () => keys("", null),
    async put(key, body) {
      await client.send(new PutObjectCommand({ Bucket: name, Key: key, Body: body }));
    },
    async putBlobs(blobs) {
      await Promise.all(
        blobs.map(({ hash, path }) =>
          client.send(new PutObjectCommand({ Bucket: name, Key: hash, Body: readFileSync(path) })),
        ),
      );
    },
    multipartUploads: async (prefix) => (await uploads(prefix)).map((upload) => upload.Key ?? ""),
    async drop() {
      for (const upload of await uploads()) {
        await client.send(
          new AbortMultipartUploadCommand({ Bucket: name, Key: upload.Key, UploadId: upload.UploadId }),
        );
      }
      for (const key of await keys("", null)) await client.send(new DeleteObjectCommand({ Bucket: name, Key: key }));
      await client.send(new DeleteBucketCommand({ Bucket: name }));
      client.destroy();
    },
  };
}
