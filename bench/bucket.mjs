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
import { log } from "./processes.mjs";

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

/**
 * `measure(backend, store, storeEnv)` for each backend on the disk store, then on the S3
 * store (a fresh bucket per server: a store is bound to the database that first used it)
 * when TEST_S3_ENDPOINT names one; resolves with the figures, each logged under `label`.
 */
export async function onEveryStore(backends, label, measure) {
  const figures = [];
  for (const backend of backends) {
    figures.push(await measure(backend, "disk", {}));
    log(label, figures.at(-1));
    const bucket = await createBenchBucket();
    if (!bucket) {
      log(`TEST_S3_ENDPOINT is not set: ${label} on the S3 store is not measured`);
      continue;
    }
    try {
      figures.push(await measure(backend, "s3", bucket.env));
      log(label, figures.at(-1));
    } finally {
      await bucket.drop();
    }
  }
  return figures;
}
