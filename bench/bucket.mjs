// The S3 store of the benchmark: a scratch bucket on the server named by TEST_S3_ENDPOINT,
// TEST_S3_ACCESS_KEY_ID and TEST_S3_SECRET_ACCESS_KEY (scripts/s3-test-server.sh env).
import { randomBytes } from "node:crypto";
import {
  CreateBucketCommand,
  DeleteBucketCommand,
  DeleteObjectCommand,
  ListObjectsV2Command,
  S3Client,
} from "@aws-sdk/client-s3";

/** The server's environment for a fresh bucket, and how to drop it; undefined when no S3 server is given. */
export async function createBenchBucket() {
  const { TEST_S3_ENDPOINT: endpoint, TEST_S3_ACCESS_KEY_ID: id, TEST_S3_SECRET_ACCESS_KEY: secret } = process.env;
  if (!endpoint || !id || !secret) return undefined;
  process.env.AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED = "true";
  const client = new S3Client({
    endpoint,
    region: "us-east-1",
    forcePathStyle: true,
    credentials: { accessKeyId: id, secretAccessKey: secret },
  });
  const Bucket = `vault-bench-${randomBytes(4).toString("hex")}`;
  await client.send(new CreateBucketCommand({ Bucket }));
  return {
    env: {
      BLOB_STORE: "s3",
      S3_ENDPOINT: endpoint,
      S3_BUCKET: Bucket,
      S3_FORCE_PATH_STYLE: "true",
      AWS_ACCESS_KEY_ID: id,
      AWS_SECRET_ACCESS_KEY: secret,
    },
    async drop() {
      let page;
      do {
        page = await client.send(new ListObjectsV2Command({ Bucket }));
        for (const { Key } of page.Contents ?? []) await client.send(new DeleteObjectCommand({ Bucket, Key }));
      } while (page.IsTruncated);
      await client.send(new DeleteBucketCommand({ Bucket }));
    },
  };
}
