// The server streams uploads: a 512 MiB body must not grow its memory. On PGlite and
// the S3 store, since this is about the HTTP and storage path, not the database.
import { createHash } from "node:crypto";
import { request } from "node:http";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { backends } from "./helpers/backends.js";
import { type Harness, startHarness } from "./helpers/server.js";

const MiB = 1024 * 1024;
const SIZE = 512 * MiB;
const BOUNDARY = "large-upload-boundary";

/**
 * Sends a multipart PUT whose file part is `mebibytes` generated MiB, written with
 * backpressure and hashed on the way; resolves with the response and the hash.
 */
function streamUpload(h: Harness, mebibytes: number) {
  const hash = createHash("sha256");
  const size = mebibytes * MiB;
  const head = Buffer.from(
    `--${BOUNDARY}\r\nContent-Disposition: form-data; name="file"; filename="large.bin"\r\n` +
      "Content-Type: application/octet-stream\r\n\r\n",
  );
  const tail = Buffer.from(`\r\n--${BOUNDARY}--\r\n`);
  return new Promise<{ status: number; body: Record<string, unknown>; sha256: string }>((resolve, reject) => {
    const req = request(`${h.url}/evault/v1/files/${h.users[0].file_id}/`, {
      method: "PUT",
      headers: {
        "api-key": h.users[0].api_key,
        "content-type": `multipart/form-data; boundary=${BOUNDARY}`,
        "content-length": String(head.length + size + tail.length),
      },
    });
    req.on("error", reject);
    req.on("response", (res) => {
      let text = "";
      res.setEncoding("utf8");
      res.on("data", (part) => {
        text += part;
      });
      res.on("end", () => resolve({ status: res.statusCode ?? 0, body: JSON.parse(text), sha256: hash.digest("hex") }));
    });
    const write = async () => {
      req.write(head);
      for (let n = 0; n < mebibytes; n++) {
        // A fresh buffer per chunk (the socket may still hold the last one), each with other bytes.
        const chunk = Buffer.alloc(MiB, n % 251);
        hash.update(chunk);
        if (!req.write(chunk)) await new Promise((drained) => req.once("drain", drained));
      }
      req.end(tail);
    };
    write().catch(reject);
  });
}

/** Samples `read` every 50 ms from now until `stop`, keeping the first value and the highest. */
async function samplePeak(read: () => Promise<number>) {
  const before = await read();
  const state = {
    before,
    peak: before,
    samples: 0,
    stop: () => clearInterval(timer),
    growth: () => state.peak - before,
  };
  const timer = setInterval(() => {
    read().then(
      (value) => {
        state.peak = Math.max(state.peak, value);
        state.samples++;
      },
      () => {},
    );
  }, 50);
  return state;
}

/** The server's memory outside V8's heap (buffers, PGlite's WebAssembly memory), from /metrics. */
async function externalMemory(h: Harness): Promise<number> {
  const metrics = await (await fetch(`${h.url}/metrics`)).text();
  return Number(/^nodejs_external_memory_bytes (\d+)/m.exec(metrics)?.[1] ?? Number.NaN);
}

const stores = backends.filter((b) => b.name === "pglite" || b.blobs === "s3");

describe.each(stores)("a 512 MiB upload on $name", (backend) => {
  let h: Harness;
  beforeAll(async () => {
    h = await startHarness(backend, {
      env: { MAX_UPLOAD_BYTES: String(600 * MiB) },
      inProcess: false,
      measuresMemory: true,
    });
  });
  afterAll(() => h?.stop());

  test("when 512 MiB are streamed in, then the server's RSS grows by less than 64 MiB, the network buffers it holds by less than 8 MiB besides its writer's, and size and hash are right", async () => {
    // Warm up the upload path (multipart parser, mimetype sniffer, and the optimizing
    // compiler's work on them) so its one-off cost is in the baseline.
    expect((await streamUpload(h, 64)).status).toBe(200);
    const rss = await samplePeak(() => h.rss());
    const buffers = await samplePeak(() => externalMemory(h));
    const { status, body, sha256 } = await streamUpload(h, SIZE / MiB).finally(() => {
      rss.stop();
      buffers.stop();
    });

    expect(status).toBe(200);
    expect(body).toMatchObject({ file_size: SIZE, hash: sha256, name: "large.bin", extension: "bin" });
    console.info(
      `[large upload] RSS before ${(rss.before / MiB).toFixed(1)} MiB, peak ${(rss.peak / MiB).toFixed(1)} MiB, growth ${(rss.growth() / MiB).toFixed(1)} MiB; ` +
        `outside V8's heap (buffers) growth ${(buffers.growth() / MiB).toFixed(1)} MiB`,
    );
    expect(rss.samples).toBeGreaterThan(10);
    expect(buffers.samples).toBeGreaterThan(10);
    expect(rss.growth()).toBeLessThan(64 * MiB);
    // Node reads the body into a new 64 KiB buffer at a time; V8 would free them only
    // once 64 MiB had piled up. The server collects them every 4 MiB (network-buffers.ts),
    // beside the writer's own buffers: 1 MiB on disk, two 5 MiB parts on S3.
    const writerBuffers = backend.blobs === "s3" ? 10 * MiB : MiB;
    expect(buffers.growth()).toBeLessThan(writerBuffers + 8 * MiB);
  }, 120_000);

  test("when 64 MiB are uploaded, then the download and a range at its end return the same bytes", async () => {
    const { status, sha256 } = await streamUpload(h, 64);
    expect(status).toBe(200);
    const response = await fetch(`${h.url}/evault/v1/files/${h.users[0].file_id}/content/`, {
      headers: { "api-key": h.users[0].api_key },
    });
    expect(response.headers.get("content-length")).toBe(String(64 * MiB));
    expect(
      createHash("sha256")
        .update(Buffer.from(await response.arrayBuffer()))
        .digest("hex"),
    ).toBe(sha256);
    const tail = await fetch(`${h.url}/evault/v1/files/${h.users[0].file_id}/content/`, {
      headers: { "api-key": h.users[0].api_key, Range: "bytes=-3" },
    });
    expect(tail.status).toBe(206);
    expect(tail.headers.get("content-range")).toBe(`bytes ${64 * MiB - 3}-${64 * MiB - 1}/${64 * MiB}`);
    // The last MiB was written with the bytes n % 251 for n = 63.
    expect([...Buffer.from(await tail.arrayBuffer())]).toEqual([63, 63, 63]);
  }, 60_000);
});
