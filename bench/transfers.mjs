// Large transfers to a benchmark server, timed while its memory and CPU are sampled:
// the uploads of run.mjs and the tus uploads of tus.mjs.
import { randomBytes } from "node:crypto";
import { createReadStream, createWriteStream } from "node:fs";
import { stat } from "node:fs/promises";
import { request } from "node:http";
import { Readable } from "node:stream";
import { pipeline } from "node:stream/promises";
import { cpuTime, memory } from "./processes.mjs";
import { multipart } from "./scenarios.mjs";

/** Random bytes (nothing deduplicates or compresses) in a file. */
export async function randomFile(path, mib) {
  const chunks = function* () {
    for (let i = 0; i < mib; i++) yield randomBytes(2 ** 20);
  };
  await pipeline(Readable.from(chunks()), createWriteStream(path));
}

/**
 * Runs `transfer`, timing it and sampling the server's RSS every 5 ms: `growth` is the
 * peak over the RSS at the start, `cpuMs` the server's CPU time over the transfer.
 */
export async function timed(server, transfer) {
  const before = memory(server.pid).rss;
  const cpuBefore = cpuTime(server.pid);
  let peak = before;
  const sampler = setInterval(() => {
    peak = Math.max(peak, memory(server.pid).rss);
  }, 5);
  const t = performance.now();
  try {
    const status = await transfer();
    const ms = performance.now() - t;
    return { status, ms, growth: peak - before, peak, cpuMs: (cpuTime(server.pid) - cpuBefore) / 1000 };
  } finally {
    clearInterval(sampler);
  }
}

/** Sends `body` (a stream; `size` bytes after `head`, before `tail`) in one request; resolves with the response. */
export function streamed(url, { method, headers, head = "", tail = "", size }, body) {
  const length = Buffer.byteLength(head) + size + Buffer.byteLength(tail);
  return new Promise((resolveResponse, reject) => {
    const req = request(url, { method, headers: { ...headers, "content-length": length } });
    req.once("response", (res) => res.resume().once("end", () => resolveResponse(res)));
    req.once("error", reject);
    if (head) req.write(head);
    pipeline(body, req, { end: false }).then(() => req.end(tail), reject);
  });
}

/** Streams `source` as the file part of a PUT of the first user's file: its content replaced in one request. */
export async function timedUpload(server, source) {
  const user = server.users[0];
  const form = multipart({ name: "upload.bin" }, { name: "upload.bin", type: "application/octet-stream" });
  const { size } = await stat(source);
  return timed(server, async () => {
    const put = { method: "PUT", headers: { "api-key": user.api_key, "content-type": form.contentType } };
    const res = await streamed(
      `${server.url}/evault/v1/files/${user.file_id}/`,
      { ...put, head: form.head, tail: form.tail, size },
      createReadStream(source),
    );
    return res.statusCode;
  });
}

/** The content URL of a public link to the first user's file, as anyone without a key downloads it. */
export async function publicLinkContent(server) {
  const user = server.users[0];
  const res = await fetch(`${server.url}/evault/v1/file_shares/`, {
    method: "POST",
    headers: { "api-key": user.api_key, "content-type": "application/json" },
    body: JSON.stringify({ file: user.file_id, access: "public" }),
  });
  if (res.status !== 201) throw new Error(`the bench link was not made: ${res.status}`);
  return `${new URL((await res.json()).link).pathname}content/`;
}
