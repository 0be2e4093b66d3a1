// When the file store fails an upload, the answer is the server's fault (503, or 507 for
// a full disk), names nothing of the server's, and the failure is logged at error.
// When a download races a replace or a delete of its file, the answer is the new
// content or 404, never a 500.
import { execFileSync } from "node:child_process";
import { randomBytes } from "node:crypto";
import { once } from "node:events";
import { mkdirSync, rmSync, writeFileSync } from "node:fs";
import { connect, createServer, type Socket } from "node:net";
import { join } from "node:path";
import { PutBucketPolicyCommand, S3Client } from "@aws-sdk/client-s3";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { backends } from "./helpers/backends.js";
import { type Harness, serverOutput, startHarness } from "./helpers/server.js";
import { download, sha256 } from "./helpers/vault.js";

const MiB = 1024 * 1024;
const PATH = "/evault/v1/files/{id}/" as const;
const pglite = backends.find((backend) => backend.name === "pglite") as (typeof backends)[number];
const onS3 = backends.find((backend) => backend.blobs === "s3");

const replaceContent = (h: Harness, bytes: Buffer) =>
  h.client().PUT(PATH, {
    params: { path: { id: h.users[0].file_id } },
    body: { file: new File([new Uint8Array(bytes)], "refused.bin") } as never,
  });

/** The server's log lines at error (pino level 50) since `from`. */
const errorsLoggedSince = (from: number) =>
  serverOutput
    .slice(from)
    .filter((line) => line.startsWith("{"))
    .map((line) => JSON.parse(line))
    .filter((entry) => entry.level === 50);

/** Replaces the file's content and expects `status`: a problem that says nothing of the server, logged at error, and the old content kept. */
async function expectRefusedUpload(h: Harness, status: number, type: string, size = MiB) {
  const before = await download(h.client(), h.users[0].file_id);
  const logged = serverOutput.length;
  const { response, error } = await replaceContent(h, randomBytes(size));
  expect(response.status).toBe(status);
  expect(error).toMatchObject({ status, type });
  const text = JSON.stringify(error);
  expect(text).not.toContain(h.dataDir);
  expect(text).not.toMatch(/EACCES|ENOTDIR|ENOSPC|AccessDenied|blobs|tmp\//);
  if (status === 503) expect(response.headers.get("retry-after")).toBe("5");
  await expect.poll(() => errorsLoggedSince(logged).map((entry) => entry.msg)).toContain("request failed");
  expect(await download(h.client(), h.users[0].file_id)).toEqual(before);
}

describe("an upload the disk refuses", () => {
  let h: Harness;
  beforeAll(async () => {
    h = await startHarness(pglite);
  });
  afterAll(() => h?.stop());

  test("when the temp folder is a file (the server runs as root, so a permission would not stop it), then 503 without internals, logged at error", async () => {
    const tmp = join(h.dataDir, "blobs", "tmp");
    rmSync(tmp, { recursive: true, force: true });
    writeFileSync(tmp, "not a folder");
    try {
      await expectRefusedUpload(h, 503, "urn:vault:problem:unavailable");
    } finally {
      rmSync(tmp, { force: true });
      mkdirSync(tmp);
    }
    expect((await replaceContent(h, randomBytes(1024))).response.status).toBe(200);
  });
});

describe("an upload to a full disk", () => {
  let h: Harness;
  let blobs: string;
  beforeAll(async () => {
    h = await startHarness(pglite);
    // A 2 MiB tmpfs over the blobs folder (the suites run as root), so a 4 MiB upload fills it.
    blobs = join(h.dataDir, "blobs");
    execFileSync("mount", ["-t", "tmpfs", "-o", "size=2m", "tmpfs", blobs]);
    mkdirSync(join(blobs, "tmp"));
  });
  afterAll(async () => {
    if (blobs) execFileSync("umount", [blobs]);
    await h?.stop();
  });

  test("when the upload does not fit, then 507 without internals, logged at error, and the space is given back", async () => {
    // The seeded content is under the mount: a content that fits first.
    expect((await replaceContent(h, randomBytes(1024))).response.status).toBe(200);
    await expectRefusedUpload(h, 507, "urn:vault:problem:insufficient-storage", 4 * MiB);
    expect(await h.tempFiles()).toEqual([]);
    expect((await replaceContent(h, randomBytes(1024))).response.status).toBe(200);
  });
});

describe.skipIf(!onS3)("an upload S3 refuses", () => {
  let h: Harness;
  beforeAll(async () => {
    h = await startHarness(onS3 as NonNullable<typeof onS3>);
    // Every write to the bucket is denied from now on; reads and the bucket's HEAD are not.
    const admin = new S3Client({
      endpoint: process.env.TEST_S3_ENDPOINT,
      region: "us-east-1",
      forcePathStyle: true,
      credentials: {
        accessKeyId: process.env.TEST_S3_ACCESS_KEY_ID as string,
        secretAccessKey: process.env.TEST_S3_SECRET_ACCESS_KEY as string,
      },
    });
    const bucket = h.bucket?.name as string;
    await admin.send(
      new PutBucketPolicyCommand({
        Bucket: bucket,
        Policy: JSON.stringify({
          Version: "2012-10-17",
          Statement: [
            { Effect: "Deny", Principal: "*", Action: ["s3:PutObject"], Resource: [`arn:aws:s3:::${bucket}/*`] },
          ],
        }),
      }),
    );
    admin.destroy();
  });
  afterAll(() => h?.stop());

  test.each([
    ["one PUT", 1],
    ["a multipart upload", 8],
  ])("when the store answers AccessDenied to %s, then 503 without internals, logged at error", async (_, mebibytes) => {
    await expectRefusedUpload(h, 503, "urn:vault:problem:unavailable", mebibytes * MiB);
  });
});

/**
 * A relay to PostgreSQL that can hold back the answer to one query: `holdAnswerTo(text)`
 * holds what PostgreSQL answers on the connection that next sends `text` until `release`.
 */
async function holdingRelay(target: URL) {
  const sockets = new Set<Socket>();
  let awaited: string | undefined;
  let held: { socket: Socket; chunks: Buffer[]; release?: () => void } | undefined;
  let seen: () => void = () => {};
  const relay = createServer((client) => {
    const upstream = connect(Number(target.port || 5432), target.hostname);
    for (const socket of [client, upstream]) {
      sockets.add(socket);
      socket.on("close", () => sockets.delete(socket)).on("error", () => {});
    }
    client.on("data", (chunk: Buffer) => {
      if (awaited && chunk.toString("latin1").includes(awaited)) {
        awaited = undefined;
        held = { socket: client, chunks: [] };
        seen();
      }
      upstream.write(chunk);
    });
    upstream.on("data", (chunk: Buffer) => {
      if (held?.socket === client) held.chunks.push(chunk);
      else client.write(chunk);
    });
  });
  relay.listen(0, "127.0.0.1");
  await once(relay, "listening");
  const { port } = relay.address() as { port: number };
  return {
    url: Object.assign(new URL(target), { port: String(port) }).toString(),
    /** Resolves once a query holding `text` went by; its answer waits for `release`. */
    holdAnswerTo(text: string): Promise<void> {
      awaited = text;
      return new Promise((resolve) => {
        seen = resolve;
      });
    },
    release() {
      const { socket, chunks } = held ?? { chunks: [] };
      held = undefined;
      for (const chunk of chunks) socket?.write(chunk);
    },
    async close() {
      for (const socket of sockets) socket.destroy();
      await new Promise((resolve) => relay.close(resolve));
    },
  };
}

const raceBackends = backends.filter((backend) => backend.name === "postgres" || backend.name === "postgres+s3");

describe.each(raceBackends)("a download racing a change of its file on $name", (backend) => {
  let h: Harness;
  let relay: Awaited<ReturnType<typeof holdingRelay>>;
  beforeAll(async () => {
    // No earlier versions kept: a replace frees the old bytes at once, the race this is about.
    h = await startHarness(backend, { env: { FILE_VERSIONS_KEEP: "1" } });
    relay = await holdingRelay(new URL(h.env.DATABASE_URL as string));
    h.env.DATABASE_URL = relay.url;
    await h.restart();
  });
  afterAll(async () => {
    await h?.stop();
    await relay?.close();
  });

  /** Starts a download whose read of the file's row is answered only after `change` ran. */
  async function downloadAround(change: () => Promise<void>) {
    // The download's own statement, the file with its blob: a named one, whose name
    // goes with its Parse and with every Bind.
    const rowRead = relay.holdAnswerTo("stored_content");
    const downloading = h.client().GET("/evault/v1/files/{id}/content/", {
      params: { path: { id: h.users[0].file_id } },
      parseAs: "arrayBuffer",
    });
    await rowRead;
    await change();
    relay.release();
    return downloading;
  }

  test("when the content is replaced (its old bytes freed) between the row's read and the bytes', then the new content comes", async () => {
    const old = randomBytes(1024);
    expect((await replaceContent(h, old)).response.status).toBe(200);
    const replacement = randomBytes(2048);
    const { response, data } = await downloadAround(async () => {
      expect((await replaceContent(h, replacement)).response.status).toBe(200);
      expect(await h.storedBlobs()).not.toContain(sha256(old));
    });
    expect(response.status).toBe(200);
    expect(response.headers.get("etag")).toBe(`"${sha256(replacement)}"`);
    expect(Buffer.from(data as ArrayBuffer)).toEqual(replacement);
  });

  test("when the file is deleted for good (its bytes freed) between the row's read and the bytes', then 404", async () => {
    const bytes = randomBytes(1024);
    expect((await replaceContent(h, bytes)).response.status).toBe(200);
    const { response, error } = await downloadAround(async () => {
      const { data: bin } = await h.client().DELETE(PATH, { params: { path: { id: h.users[0].file_id } } });
      const purged = await h.client().DELETE("/evault/v1/bins/{id}/", { params: { path: { id: bin?.id as string } } });
      expect(purged.response.status).toBe(204);
      expect(await h.storedBlobs()).not.toContain(sha256(bytes));
    });
    expect(response.status).toBe(404);
    expect(error).toMatchObject({ status: 404, type: "urn:vault:problem:not-found" });
  });
});
