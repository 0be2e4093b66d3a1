// Resumable uploads with the tus 1.0 protocol (issue 27 §1), with tus-js-client as the
// client: uploads that make the same file a one-request upload makes, resumed after a
// connection cut at a random byte, after a restart and on another server, and the
// hostile cases (another user's upload, a wrong offset, a wrong checksum, a body past
// the length, two PATCHes at once).
import { createHash, randomBytes, randomInt } from "node:crypto";
import { Upload } from "tus-js-client";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { tcpRelay } from "../bench/relay.mjs";
import { backends } from "./helpers/backends.js";
import { stopChild } from "./helpers/processes.js";
import { type Harness, startHarness } from "./helpers/server.js";

const MiB = 1024 * 1024;
/** The tus lease of the suite's servers (`TUS_LEASE_MS`; 15 s in production). */
const LEASE_MS = 1500;
const TUS = { "Tus-Resumable": "1.0.0" };
const sha256 = (bytes: Uint8Array) => createHash("sha256").update(bytes).digest("hex");
const b64 = (text: string) => Buffer.from(text).toString("base64");
const metadataHeader = (fields: Record<string, string>) =>
  Object.entries(fields)
    .map(([key, value]) => `${key} ${b64(value)}`)
    .join(",");

interface Sent {
  method: string;
  status: number;
  offset: string | null;
}

/** Uploads `bytes` with tus-js-client to `endpoint`; resolves with the file id and every request's method and answer. */
function tusUpload(
  endpoint: string,
  apiKey: string,
  bytes: Buffer,
  metadata: Record<string, string>,
  options: Partial<ConstructorParameters<typeof Upload>[1]> = {},
): Promise<{ fileId: string; sent: Sent[]; url: string }> {
  const sent: Sent[] = [];
  return new Promise((resolve, reject) => {
    const upload: Upload = new Upload(bytes, {
      endpoint: `${endpoint}/evault/v1/uploads/`,
      headers: { "api-key": apiKey },
      metadata,
      retryDelays: [0, 100, 300, 1000, 2000, 4000],
      onAfterResponse(req, res) {
        sent.push({ method: req.getMethod(), status: res.getStatus(), offset: res.getHeader("Upload-Offset") ?? null });
      },
      onError: reject,
      onSuccess(payload) {
        resolve({
          fileId: payload.lastResponse.getHeader("Vault-File-Id") ?? "",
          sent,
          url: upload.url ?? "",
        });
      },
      ...options,
    });
    upload.start();
  });
}

/** A PATCH body that sends `first` bytes, then waits for `release()` before the rest. */
function gatedBody(first: number, rest: number) {
  let release: () => void = () => {};
  const gate = new Promise<void>((resolve) => {
    release = resolve;
  });
  const body = new ReadableStream<Uint8Array>({
    async start(controller) {
      controller.enqueue(randomBytes(first));
      await gate;
      controller.enqueue(randomBytes(rest));
      controller.close();
    },
  });
  return { body, release };
}

describe.each(backends)("tus uploads on $name", (backend) => {
  let h: Harness;
  let folder: string;
  /** A short lease, so that a killed server's lapses within the crash test's second. */
  const shortLease = { env: { TUS_LEASE_MS: String(LEASE_MS) } };
  beforeAll(async () => {
    h = await startHarness(backend, shortLease);
    folder = h.users[0].folder_id;
  });
  afterAll(() => h?.stop());

  const key = () => h.users[0].api_key;
  const other = () => h.users[1].api_key;
  const send = (path: string, method: string, headers: Record<string, string>, body?: Buffer, apiKey = key()) =>
    fetch(path.startsWith("http") ? path : `${h.url}${path}`, {
      method,
      headers: { "api-key": apiKey, ...TUS, ...headers },
      body: body && new Uint8Array(body),
    });
  const create = (length: number, fields: Record<string, string> = { filename: "a.bin", folder }, apiKey = key()) =>
    send(
      "/evault/v1/uploads/",
      "POST",
      { "Upload-Length": String(length), "Upload-Metadata": metadataHeader(fields) },
      undefined,
      apiKey,
    );
  const patch = (url: string, offset: number, body: Buffer, headers: Record<string, string> = {}, apiKey = key()) =>
    send(
      url,
      "PATCH",
      { "Upload-Offset": String(offset), "Content-Type": "application/offset+octet-stream", ...headers },
      body,
      apiKey,
    );
  const slowPatch = (url: string, body: ReadableStream<Uint8Array>) =>
    fetch(url, {
      method: "PATCH",
      headers: { "api-key": key(), ...TUS, "Upload-Offset": "0", "Content-Type": "application/offset+octet-stream" },
      body,
      duplex: "half",
    } as RequestInit);
  /** The file as the API shows it, and its downloaded bytes' hash. */
  const fileOf = async (id: string) => {
    const { data } = await h.client().GET("/evault/v1/files/{id}/", { params: { path: { id } } });
    const content = await fetch(`${h.url}/evault/v1/files/${id}/content/`, { headers: { "api-key": key() } });
    return { file: data, downloaded: sha256(new Uint8Array(await content.arrayBuffer())) };
  };

  test("OPTIONS advertises the version, the extensions, Tus-Max-Size and sha256", async () => {
    const answer = await fetch(`${h.url}/evault/v1/uploads/`, { method: "OPTIONS", headers: { "api-key": key() } });
    expect(answer.status).toBe(204);
    expect(answer.headers.get("tus-version")).toBe("1.0.0");
    expect(answer.headers.get("tus-extension")).toBe("creation,creation-with-upload,termination,expiration,checksum");
    expect(answer.headers.get("tus-max-size")).toBe(String(100 * MiB));
    expect(answer.headers.get("tus-checksum-algorithm")).toBe("sha256");
    const anonymous = await fetch(`${h.url}/evault/v1/uploads/`, { method: "OPTIONS" });
    expect(anonymous.status).toBe(401);
  });

  test("tus-js-client uploads a file that is exactly what POST files/ makes: hashed, sniffed, in its folder, tagged", async () => {
    const bytes = Buffer.concat([Buffer.from("%PDF-1.7\n"), randomBytes(3 * MiB)]);
    const { fileId, sent } = await tusUpload(h.url, key(), bytes, {
      filename: "report.pdf",
      folder,
      name: "Q3 report",
      description: "Quarterly",
      tags: JSON.stringify(["finance", "q3"]),
    });
    expect(sent.map((s) => s.method)).toEqual(["POST", "PATCH"]);
    const { file, downloaded } = await fileOf(fileId);
    expect(file).toMatchObject({
      id: fileId,
      name: "Q3 report",
      description: "Quarterly",
      folder,
      hash: sha256(bytes),
      mimetype: "application/pdf",
      extension: "pdf",
      file_size: bytes.length,
      tags: ["finance", "q3"],
    });
    expect(downloaded).toBe(sha256(bytes));
  });

  test("small PATCHes (1 MiB chunks) make one file, and a HEAD after it tells its id", async () => {
    const bytes = randomBytes(5 * MiB + 123);
    const { fileId, sent, url } = await tusUpload(
      h.url,
      key(),
      bytes,
      { filename: "chunks.bin", folder },
      { chunkSize: MiB },
    );
    expect(sent.filter((s) => s.method === "PATCH")).toHaveLength(6);
    expect((await fileOf(fileId)).downloaded).toBe(sha256(bytes));
    const head = await send(url, "HEAD", {});
    expect(head.status).toBe(200);
    expect(head.headers.get("upload-offset")).toBe(String(bytes.length));
    expect(head.headers.get("vault-file-id")).toBe(fileId);
    expect(head.headers.get("cache-control")).toBe("no-store");
  });

  test("large PATCHes make one file; a part stored and then refused (a wrong checksum) gives way to what is sent after", async () => {
    const bytes = randomBytes(17 * MiB + 5);
    const { fileId } = await tusUpload(h.url, key(), bytes, { filename: "large.bin", folder }, { chunkSize: 8 * MiB });
    expect((await fileOf(fileId)).downloaded).toBe(sha256(bytes));

    const url = (await create(bytes.length, { filename: "refused.bin", folder })).headers.get("location") ?? "";
    // 8 MiB of it are stored before the checksum is found wrong (the body's first part), then the offset stays 0.
    const wrongSum = `sha256 ${createHash("sha256").update("other").digest("base64")}`;
    expect((await patch(url, 0, randomBytes(9 * MiB), { "Upload-Checksum": wrongSum })).status).toBe(460);
    expect((await patch(url, 0, bytes.subarray(0, MiB))).status).toBe(204);
    expect((await patch(url, MiB, bytes.subarray(MiB, 9 * MiB))).status).toBe(204);
    const done = await patch(url, 9 * MiB, bytes.subarray(9 * MiB));
    expect(done.status).toBe(204);
    const { file, downloaded } = await fileOf(done.headers.get("vault-file-id") ?? "");
    expect(downloaded).toBe(sha256(bytes));
    expect(file).toMatchObject({ hash: sha256(bytes), file_size: bytes.length });
  });

  test("creation-with-upload of the whole content and an empty upload make their files at once", async () => {
    const bytes = randomBytes(1000);
    const { fileId, sent } = await tusUpload(
      h.url,
      key(),
      bytes,
      { filename: "one.bin", folder },
      { uploadDataDuringCreation: true },
    );
    expect(sent.map((s) => s.method)).toEqual(["POST"]);
    expect((await fileOf(fileId)).downloaded).toBe(sha256(bytes));
    const empty = await create(0, { filename: "empty.txt", folder });
    expect(empty.status).toBe(201);
    const id = empty.headers.get("vault-file-id") ?? "";
    expect((await fileOf(id)).file).toMatchObject({ file_size: 0, name: "empty.txt" });
  });

  test("metadata `file` replaces that file's content as PUT files/{id}/ does, and the creation names it", async () => {
    const target = h.users[0].projects_file_id;
    const bytes = Buffer.from("new content of the projects file\n");
    const created = await create(bytes.length, { filename: "notes.txt", file: target, name: "Notes" });
    expect(created.status).toBe(201);
    expect(created.headers.get("vault-file-id")).toBe(target);
    const done = await patch(created.headers.get("location") ?? "", 0, bytes);
    expect(done.status).toBe(204);
    expect(done.headers.get("vault-file-id")).toBe(target);
    const { file, downloaded } = await fileOf(target);
    expect(file).toMatchObject({ name: "Notes", hash: sha256(bytes), mimetype: "text/plain", folder: null });
    expect(downloaded).toBe(sha256(bytes));
  });

  test("a connection cut at a random byte resumes from what the server kept, and the file is whole", async () => {
    const bytes = randomBytes(6 * MiB);
    const cutAt = randomInt(MiB, 5 * MiB);
    let forwarded = 0;
    let cut = false;
    const relay = await tcpRelay(new URL(h.url), () => (chunk: Buffer) => {
      forwarded += chunk.length;
      if (cut || forwarded < cutAt) return;
      cut = true;
      void relay.cut().then(() => relay.restore());
    });
    // Created directly: its Location names the server, and every byte must go through the relay.
    const created = await create(bytes.length, { filename: "cut.bin", folder });
    const uploadUrl = (created.headers.get("location") ?? "").replace(h.url, relay.url.replace(/\/$/, ""));
    const { fileId, sent } = await tusUpload(h.url, key(), bytes, {}, { uploadUrl });
    expect(cut).toBe(true);
    const heads = sent.filter((s) => s.method === "HEAD").map((s) => Number(s.offset));
    // The first HEAD finds nothing; those after the cut find the bytes that arrived before it, kept
    // (one sent while the cut PATCH was still storing them may find fewer).
    expect(heads[0]).toBe(0);
    const resumedAt = Math.max(...heads.slice(1));
    expect(resumedAt, `cut at ${cutAt}`).toBeGreaterThan(0);
    expect(resumedAt).toBeLessThanOrEqual(cutAt);
    expect((await fileOf(fileId)).downloaded).toBe(sha256(bytes));
  });

  test("an upload resumes after the server restarts", async () => {
    const bytes = randomBytes(2 * MiB + 7);
    const created = await create(bytes.length, { filename: "restart.bin", folder });
    const url = created.headers.get("location") ?? "";
    expect((await patch(url, 0, bytes.subarray(0, MiB))).status).toBe(204);
    await h.restart();
    const moved = url.replace(/^http:\/\/[^/]+/, h.url);
    const head = await send(moved, "HEAD", {});
    expect(head.headers.get("upload-offset")).toBe(String(MiB));
    const done = await patch(moved, MiB, bytes.subarray(MiB));
    expect(done.status).toBe(204);
    expect((await fileOf(done.headers.get("vault-file-id") ?? "")).downloaded).toBe(sha256(bytes));
  });

  test.skipIf(backend.name.startsWith("pglite"))("an upload started on one server finishes on another", async () => {
    const second = await h.another();
    try {
      const bytes = randomBytes(3 * MiB);
      const created = await create(bytes.length, { filename: "moved.bin", folder });
      const url = created.headers.get("location") ?? "";
      expect((await patch(url, 0, bytes.subarray(0, 2 * MiB))).status).toBe(204);
      const there = url.replace(/^http:\/\/[^/]+/, second.url);
      const head = await send(there, "HEAD", {});
      expect(head.headers.get("upload-offset")).toBe(String(2 * MiB));
      const done = await patch(there, 2 * MiB, bytes.subarray(2 * MiB));
      expect(done.status).toBe(204);
      expect((await fileOf(done.headers.get("vault-file-id") ?? "")).downloaded).toBe(sha256(bytes));

      // The lock holds across servers: a PATCH on one, another on the other at once.
      const locked = await create(2 * MiB, { filename: "locked.bin", folder });
      const lockedUrl = locked.headers.get("location") ?? "";
      const { body, release } = gatedBody(MiB, MiB);
      const first = slowPatch(lockedUrl, body);
      await new Promise((resolve) => setTimeout(resolve, 300));
      const elsewhere = await patch(lockedUrl.replace(/^http:\/\/[^/]+/, second.url), 0, randomBytes(10));
      expect(elsewhere.status).toBe(423);
      release();
      expect((await first).status).toBe(204);
    } finally {
      await second.stop();
    }
  });

  // The crash test, on a server process of its own to kill (the same seeds, so the same ids); the others run in process.
  describe("killed", () => {
    let inProcess: Harness;
    beforeAll(async () => {
      inProcess = h;
      h = await startHarness(backend, { ...shortLease, inProcess: false });
    });
    afterAll(async () => {
      // When the spawned harness did not start, `h` is still the in-process one, which the outer afterAll stops.
      if (h !== inProcess) await h.stop();
      h = inProcess;
    });

    test("a server killed mid-PATCH leaves the upload locked until its lease lapses, then it resumes", async () => {
      const bytes = randomBytes(2 * MiB);
      const created = await create(bytes.length, { filename: "killed.bin", folder });
      const path = new URL(created.headers.get("location") ?? "").pathname;
      const id = /uploads\/([^/]+)\/$/.exec(path)?.[1] ?? "";
      const { body } = gatedBody(MiB, MiB);
      const dying = slowPatch(`${h.url}${path}`, body).catch(() => undefined);
      await new Promise((resolve) => setTimeout(resolve, 300));
      await stopChild(h.process, "SIGKILL");
      const killedAt = Date.now();
      await dying;
      // The killed PATCH never gave its lease back, the lease runs past the crash, and nothing
      // of the PATCH was stored (it had not filled a part). Read in the database, so that how
      // long the server takes to start again does not matter.
      const [lease] = await h.query<{ held: boolean; until: string; received: string }>(
        `select lock_claim is not null as held, floor(extract(epoch from locked_until) * 1000)::bigint::text as until,
           received::text from tus_uploads where id = '${id}'`,
      );
      expect(lease).toMatchObject({ held: true, received: "0" });
      const until = Number(lease?.until);
      expect(until).toBeGreaterThan(killedAt);
      await h.restart();
      expect((await send(path, "HEAD", {})).headers.get("upload-offset")).toBe("0");
      // A PATCH answered before the lease ends is refused; the first one let in is answered after it.
      const polling = Date.now();
      let answer: number;
      let answeredAt: number;
      for (;;) {
        answer = (await patch(path, 0, bytes)).status;
        answeredAt = Date.now();
        if (answeredAt < until) expect(answer).toBe(423);
        if (answer !== 423 || answeredAt - polling > 30_000) break;
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
      expect(answer).toBe(204);
      expect(answeredAt).toBeGreaterThanOrEqual(until);
      expect((await send(path, "HEAD", {})).headers.get("vault-file-id")).toMatch(/^[0-9a-f-]{36}$/);
    }, 60_000);
  });

  test("the typed client speaks the protocol: HEAD and PATCH with their typed headers", async () => {
    const created = await create(3);
    const id = /uploads\/([^/]+)\/$/.exec(created.headers.get("location") ?? "")?.[1] ?? "";
    const client = h.client();
    const header = { "Tus-Resumable": "1.0.0" };
    const patched = await client.PATCH("/evault/v1/uploads/{id}/", {
      params: { path: { id }, header: { ...header, "Upload-Offset": "0" } },
      headers: { "Content-Type": "application/offset+octet-stream" },
      body: new Blob([new Uint8Array([1, 2])]),
    });
    expect(patched.response.status).toBe(204);
    const head = await client.HEAD("/evault/v1/uploads/{id}/", { params: { path: { id }, header } });
    expect(head.response.headers.get("upload-offset")).toBe("2");
  });

  test("another user's upload answers 404 to HEAD, PATCH and DELETE, and stays as it was", async () => {
    const created = await create(10);
    const url = created.headers.get("location") ?? "";
    expect((await send(url, "HEAD", {}, undefined, other())).status).toBe(404);
    expect((await patch(url, 0, randomBytes(10), {}, other())).status).toBe(404);
    expect((await send(url, "DELETE", {}, undefined, other())).status).toBe(404);
    const head = await send(url, "HEAD", {});
    expect(head.status).toBe(200);
    expect(head.headers.get("upload-offset")).toBe("0");
  });

  test("a PATCH at another offset answers 409 and stores nothing", async () => {
    const created = await create(100);
    const url = created.headers.get("location") ?? "";
    expect((await patch(url, 0, randomBytes(40))).status).toBe(204);
    const wrong = await patch(url, 10, randomBytes(10));
    expect(wrong.status).toBe(409);
    expect(((await wrong.json()) as { type: string }).type).toBe("urn:vault:problem:offset-mismatch");
    expect((await send(url, "HEAD", {})).headers.get("upload-offset")).toBe("40");
  });

  test("a body that does not match Upload-Checksum answers 460 and is discarded; a matching one is kept", async () => {
    const created = await create(20);
    const url = created.headers.get("location") ?? "";
    const body = randomBytes(10);
    const wrongSum = `sha256 ${createHash("sha256").update("other").digest("base64")}`;
    const refused = await patch(url, 0, body, { "Upload-Checksum": wrongSum });
    expect(refused.status).toBe(460);
    expect((await send(url, "HEAD", {})).headers.get("upload-offset")).toBe("0");
    const rightSum = `sha256 ${createHash("sha256").update(body).digest("base64")}`;
    expect((await patch(url, 0, body, { "Upload-Checksum": rightSum })).status).toBe(204);
    expect((await send(url, "HEAD", {})).headers.get("upload-offset")).toBe("10");
  });

  test("a PATCH past Upload-Length answers 413 and stores nothing past it; an upload over Tus-Max-Size is refused", async () => {
    const created = await create(10);
    const url = created.headers.get("location") ?? "";
    expect((await patch(url, 0, randomBytes(11))).status).toBe(413);
    expect((await send(url, "HEAD", {})).headers.get("upload-offset")).toBe("0");
    expect((await create(100 * MiB + 1)).status).toBe(413);
  });

  test("a PATCH refused past Upload-Length after a part was kept resumes from that part, and the file is whole", async () => {
    const bytes = randomBytes(9 * MiB);
    const url = (await create(bytes.length, { filename: "resumed.bin", folder })).headers.get("location") ?? "";
    // Streamed without a length, 1,000 bytes first: the network's chunks then cross the 8 MiB part's
    // end, and the part is kept halfway through a chunk. One byte too many ends the body: refused.
    const body = new ReadableStream<Uint8Array>({
      async start(controller) {
        controller.enqueue(bytes.subarray(0, 1000));
        await new Promise((resolve) => setTimeout(resolve, 50));
        for (let at = 1000; at < bytes.length; at += 100_000) controller.enqueue(bytes.subarray(at, at + 100_000));
        controller.enqueue(new Uint8Array(1));
        controller.close();
      },
    });
    expect((await slowPatch(url, body)).status).toBe(413);
    expect((await send(url, "HEAD", {})).headers.get("upload-offset")).toBe(String(8 * MiB));
    const done = await patch(url, 8 * MiB, bytes.subarray(8 * MiB));
    expect(done.status).toBe(204);
    const { file, downloaded } = await fileOf(done.headers.get("vault-file-id") ?? "");
    expect(downloaded).toBe(sha256(bytes));
    expect(file).toMatchObject({ hash: sha256(bytes), file_size: bytes.length });
  });

  test("two PATCHes of one upload at once: one proceeds, the other answers 423", async () => {
    const length = 4 * MiB;
    const created = await create(length);
    const url = created.headers.get("location") ?? "";
    // The first PATCH's body is still arriving when the second comes.
    const { body, release } = gatedBody(MiB, MiB);
    const first = slowPatch(url, body);
    await new Promise((resolve) => setTimeout(resolve, 300));
    const second = await patch(url, 0, randomBytes(10));
    expect(second.status).toBe(423);
    expect((await send(url, "DELETE", {})).status).toBe(423);
    release();
    expect((await first).status).toBe(204);
    expect((await send(url, "HEAD", {})).headers.get("upload-offset")).toBe(String(2 * MiB));
  });

  test("DELETE terminates an upload: its bytes go, and it answers 404 after", async () => {
    const created = await create(3 * MiB);
    const url = created.headers.get("location") ?? "";
    expect((await patch(url, 0, randomBytes(MiB))).status).toBe(204);
    const id = /uploads\/([^/]+)\/$/.exec(url)?.[1] ?? "";
    expect((await h.storedNames()).some((name) => name.includes(id))).toBe(true);
    expect((await send(url, "DELETE", {})).status).toBe(204);
    expect((await send(url, "HEAD", {})).status).toBe(404);
    expect((await h.storedNames()).some((name) => name.includes(id))).toBe(false);
  });

  test("metadata that is not a folder of the caller's, or breaks a bound, is refused naming the key", async () => {
    const foreign = await create(10, { filename: "x.bin", folder: h.users[1].folder_id });
    expect(foreign.status).toBe(422);
    expect(await foreign.json()).toMatchObject({ errors: [{ path: "/headers/upload-metadata/folder" }] });
    const long = await create(10, { filename: "x.bin", folder, name: "n".repeat(256) });
    expect(long.status).toBe(400);
    expect(await long.json()).toMatchObject({ errors: [{ path: "/headers/upload-metadata/name" }] });
    const unknown = await create(10, { filename: "x.bin", folder, owner: "me" });
    expect(unknown.status).toBe(400);
    const nul = await create(10, { filename: "x.bin", folder, tags: JSON.stringify(["a\u0000"]) });
    expect(await nul.json()).toMatchObject({ status: 400, errors: [{ path: "/headers/upload-metadata/tags" }] });
    const latin1 = await send("/evault/v1/uploads/", "POST", {
      "Upload-Length": "1",
      "Upload-Metadata": `filename ${Buffer.from([0x63, 0xe9]).toString("base64")},folder ${b64(folder)}`,
    });
    expect(await latin1.json()).toMatchObject({ status: 400, errors: [{ path: "/headers/upload-metadata/filename" }] });
    const version = await send("/evault/v1/uploads/", "POST", { "Upload-Length": "1", "Tus-Resumable": "0.2.2" });
    expect(version.status).toBe(412);
    expect(version.headers.get("tus-version")).toBe("1.0.0");
  });

  test("a metadata key that only an object's prototype has (constructor, toString, __proto__) is refused as unknown, naming it", async () => {
    for (const key of ["constructor", "toString", "__proto__", "hasOwnProperty"]) {
      const refused = await send("/evault/v1/uploads/", "POST", {
        "Upload-Length": "1",
        "Upload-Metadata": `filename ${b64("x.bin")},folder ${b64(folder)},${key} ${b64("1")}`,
      });
      expect(refused.status, key).toBe(400);
      expect(await refused.json(), key).toMatchObject({ errors: [{ path: `/headers/upload-metadata/${key}` }] });
    }
  });

  test("at most 100 unfinished uploads per user: the 101st answers 403; a finished one frees its place", async () => {
    const user = h.users[1].api_key;
    const own = h.users[1].folder_id;
    const made: string[] = [];
    for (let i = 0; i < 100; i++) {
      const created = await create(1, { filename: "f.bin", folder: own }, user);
      expect(created.status).toBe(201);
      made.push(created.headers.get("location") ?? "");
    }
    const refused = await create(1, { filename: "f.bin", folder: own }, user);
    expect(refused.status).toBe(403);
    expect(((await refused.json()) as { type: string }).type).toBe("urn:vault:problem:too-many-uploads");
    expect((await patch(made[0] ?? "", 0, Buffer.from("x"), {}, user)).status).toBe(204);
    expect((await create(1, { filename: "f.bin", folder: own }, user)).status).toBe(201);
  });

  test("an expired upload answers 404 and the sweep deletes its bytes", async () => {
    const created = await create(2 * MiB);
    const url = created.headers.get("location") ?? "";
    const id = /uploads\/([^/]+)\/$/.exec(url)?.[1] ?? "";
    expect(created.headers.get("upload-expires")).toMatch(/GMT$/);
    const expires = Date.parse(created.headers.get("upload-expires") ?? "");
    expect(expires - Date.now()).toBeGreaterThan(23.9 * 3600_000);
    expect((await patch(url, 0, randomBytes(MiB))).status).toBe(204);
    await h.query(`update tus_uploads set expires_at = now() - interval '1 second' where id = '${id}'`);
    const moved = url.replace(/^http:\/\/[^/]+/, h.url);
    expect((await send(moved, "HEAD", {})).status).toBe(404);
    // The sweep runs at start.
    await h.restart();
    expect((await h.storedNames()).some((name) => name.includes(id))).toBe(false);
    expect(await h.query(`select id from tus_uploads where id = '${id}'`)).toEqual([]);
  });
});
