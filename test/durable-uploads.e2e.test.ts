// A committed file row never names bytes that a power cut can take: the blob is durable
// before the COMMIT of its row is sent. On the disk store the server's system calls are
// traced (strace): the temp file and the folder of its name are fsynced first. On S3
// the relays between the server and its services tell when the store acknowledged
// the object and when the COMMIT left (S3 acknowledges a write once it is durable).
// PostgreSQL only: the COMMIT must cross a socket to be seen.
import { type ChildProcess, spawn } from "node:child_process";
import { randomBytes } from "node:crypto";
import { once } from "node:events";
import { readFileSync, rmSync } from "node:fs";
import { connect, createServer, type Socket } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { Transform } from "node:stream";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { backends } from "./helpers/backends.js";
import { type Harness, startHarness } from "./helpers/server.js";
import { download, sha256 } from "./helpers/vault.js";

// Downloads are compared by hash: toEqual walks a Buffer byte by byte (seconds per MiB)
// and blocks the event loop, so the client's kept-alive connection outlives the server's
// keep-alive timeout unseen and the next request is written into a closed socket (EPIPE).
const MiB = 1024 * 1024;
const PATH = "/evault/v1/files/{id}/" as const;
const onDisk = backends.find((backend) => backend.name === "postgres");
const onS3 = backends.find((backend) => backend.name === "postgres+s3");

const replaceContent = (h: Harness, bytes: Buffer, user = h.users[0]) =>
  h.client(user.api_key).PUT(PATH, {
    params: { path: { id: user.file_id } },
    body: { file: new File([new Uint8Array(bytes)], "durable.bin") } as never,
  });

/** One completed system call of the trace: its thread, time, name and text (arguments and result). */
interface Call {
  line: number;
  name: string;
  text: string;
}

/** The completed calls of an `strace -f -y` log, an interrupted call joined with its resumption, in order of completion. */
function completedCalls(log: string): Call[] {
  const pending = new Map<string, string>();
  const calls: Call[] = [];
  log.split("\n").forEach((line, index) => {
    const [, thread, rest] = /^(\d+)\s+\S+\s+(.*)$/.exec(line) ?? [];
    if (!thread || !rest) return;
    // strace writes a space before the marker that is not part of the call's text.
    if (rest.endsWith(" <unfinished ...>")) {
      pending.set(thread, rest.slice(0, -" <unfinished ...>".length));
      return;
    }
    const resumed = /^<\.\.\. (\w+) resumed>(.*)$/.exec(rest);
    const text = resumed ? `${pending.get(thread) ?? `${resumed[1]}(`}${resumed[2]}` : rest;
    const name = /^(\w+)\(/.exec(text)?.[1];
    if (name) calls.push({ line: index, name, text });
  });
  return calls;
}

/** Traces the file and socket system calls of `pid` into a file until `stop`. */
async function traceSyscalls(pid: number) {
  const file = join(tmpdir(), `vault-strace-${randomBytes(4).toString("hex")}.log`);
  const strace: ChildProcess = spawn(
    "strace",
    [
      "-f",
      "-y",
      "-ttt",
      "-s",
      "64",
      "-e",
      "trace=fsync,fdatasync,link,rename,write,writev,pwrite64,pwritev,pwritev2",
      "-o",
      file,
      "-p",
      String(pid),
    ],
    { stdio: ["ignore", "ignore", "pipe"] },
  );
  let attached = "";
  await new Promise<void>((resolve, reject) => {
    strace.stderr?.on("data", (chunk) => {
      attached += chunk;
      // One line per thread of the server; the main thread's comes first.
      if (/attached/.test(attached)) setTimeout(resolve, 500);
    });
    strace.once("error", reject);
    strace.once("exit", (code) => reject(new Error(`strace exited with ${code}: ${attached}`)));
  });
  return {
    async stop(): Promise<Call[]> {
      strace.removeAllListeners("exit");
      strace.kill("SIGINT");
      await once(strace, "exit");
      const calls = completedCalls(readFileSync(file, "utf8"));
      rmSync(file, { force: true });
      return calls;
    },
  };
}

describe.skipIf(!onDisk)("the disk store's durability on PostgreSQL", () => {
  let h: Harness;
  beforeAll(async () => {
    // A process, for strace to trace its system calls.
    h = await startHarness(onDisk as NonNullable<typeof onDisk>, { inProcess: false });
  });
  afterAll(() => h?.stop());

  test("when a file's content is replaced, then the blob file and its folder are fsynced before the COMMIT of its row is sent", async () => {
    const bytes = randomBytes(MiB);
    const hash = sha256(bytes);
    const trace = await traceSyscalls(h.process.pid as number);
    const { response } = await replaceContent(h, bytes);
    const calls = await trace.stop();
    expect(response.status).toBe(200);

    const blobs = join(h.dataDir, "blobs");
    const at = (found: Call | undefined, what: string) => {
      expect(found, what).toBeDefined();
      return calls.indexOf(found as Call);
    };
    const placed = at(
      calls.find((c) => c.name === "rename" && c.text.includes(`"${blobs}/${hash.slice(0, 2)}/${hash}"`)),
      "the temp file's second name renamed to its hash",
    );
    const staged = /rename\("([^"]+)"/.exec(calls[placed]?.text ?? "")?.[1] as string;
    const linked = calls.find((c) => c.name === "link" && c.text.includes(`, "${staged}"`));
    const tempName = /link\("([^"]+)"/.exec(linked?.text ?? "")?.[1] as string;
    const fileSynced = at(
      calls.find((c) => c.name === "fsync" && c.text.includes(`<${tempName}>`) && c.text.endsWith("= 0")),
      "an fsync of the blob file",
    );
    const folderSynced = at(
      calls.find(
        (c, i) =>
          i > placed &&
          c.name === "fsync" &&
          c.text.includes(`<${blobs}/${hash.slice(0, 2)}>`) &&
          c.text.endsWith("= 0"),
      ),
      "an fsync of the blob's folder after the rename",
    );
    // The file statement goes out by name; its transaction's COMMIT is the first after it.
    const statement = at(
      calls.find((c) => /^writev?\(/.test(c.text) && c.text.includes("replace_file")),
      "the file statement sent to PostgreSQL",
    );
    const committed = at(
      calls.find((c, i) => i > statement && /^writev?\(/.test(c.text) && c.text.includes("commit\\0")),
      "the COMMIT sent to PostgreSQL",
    );
    expect(fileSynced).toBeLessThan(placed);
    expect(folderSynced).toBeLessThan(committed);
    expect(sha256(await download(h.client(), h.users[0].file_id))).toBe(hash);
  }, 60_000);

  test("when another user uploads bytes that are already stored, then the store does the same work as for new bytes (nothing to time)", async () => {
    const bytes = randomBytes(MiB);
    const blobs = join(h.dataDir, "blobs");
    // From the first link on (a new shard folder is made once per 256 contents), the
    // calls on the store with their results, names of temps made alike.
    const storeCalls = async (user: (typeof h.users)[number]) => {
      const trace = await traceSyscalls(h.process.pid as number);
      const { response } = await replaceContent(h, bytes, user);
      const calls = (await trace.stop()).filter((c) => c.text.includes(blobs) && !c.name.startsWith("write"));
      expect(response.status).toBe(200);
      const first = calls.findIndex((c) => c.name === "link");
      expect(first, "a link into the store").toBeGreaterThan(-1);
      return calls.slice(first).map((c) =>
        c.text
          .replaceAll(blobs, "B")
          .replace(/B\/tmp\/[^"<>]+/g, "B/tmp/T")
          .replace(/\(\d+</, "(fd<"),
      );
    };
    const fresh = await storeCalls(h.users[0]);
    const again = await storeCalls(h.users[1]);
    expect(fresh.length).toBeGreaterThan(0);
    expect(again).toEqual(fresh);
  }, 60_000);

  test("when a tus PATCH's parts are recorded, then every byte they count was written and fdatasynced before the record was sent", async () => {
    const length = 12 * MiB;
    const b64 = (text: string) => Buffer.from(text).toString("base64");
    const tus = { "api-key": h.users[0].api_key, "tus-resumable": "1.0.0" };
    const created = await fetch(`${h.url}/evault/v1/uploads/`, {
      method: "POST",
      headers: {
        ...tus,
        "upload-length": String(length),
        "upload-metadata": `filename ${b64("durable.bin")},folder ${b64(h.users[0].folder_id)}`,
      },
    });
    expect(created.status).toBe(201);
    const location = created.headers.get("location") as string;
    const upload = `/uploads/${location.split("/").filter(Boolean).at(-1)}>`;
    const trace = await traceSyscalls(h.process.pid as number);
    // One PATCH of 12 MiB: its first 8 MiB part is recorded as the rest arrives, the other 4 MiB when it ends.
    const patched = await fetch(location, {
      method: "PATCH",
      headers: { ...tus, "content-type": "application/offset+octet-stream", "upload-offset": "0" },
      body: randomBytes(length),
    });
    const calls = await trace.stop();
    expect(patched.status).toBe(204);
    const onUpload = (c: Call) => c.text.includes(upload);
    const written = calls.filter((c) => /^pwrite/.test(c.name) && onUpload(c));
    expect(written.reduce((sum, c) => sum + Number(/= (\d+)$/.exec(c.text)?.[1] ?? 0), 0)).toBe(length);
    const records = calls.flatMap((c, i) =>
      /^writev?$/.test(c.name) && c.text.includes("record_tus_parts") ? [i] : [],
    );
    expect(records).toHaveLength(2);
    for (const record of records) {
      const lastWrite = calls.findLastIndex((c, i) => i < record && written.includes(c));
      const synced = calls.findIndex(
        (c, i) => i > lastWrite && i < record && c.name === "fdatasync" && onUpload(c) && c.text.endsWith("= 0"),
      );
      expect(synced, `an fdatasync of the upload after its last write before record ${record}`).toBeGreaterThan(-1);
    }
  }, 60_000);
});

/**
 * A relay that shows both directions of every connection: `sent` what its client sends
 * (and may return how many milliseconds to hold that chunk before passing it on),
 * `answered` what comes back.
 */
async function tracingRelay(
  target: URL,
  sent: (chunk: Buffer, socket: Socket) => number | undefined,
  answered: (chunk: Buffer, socket: Socket) => void,
) {
  const sockets = new Set<Socket>();
  const relay = createServer((client) => {
    const upstream = connect(Number(target.port), target.hostname);
    for (const socket of [client, upstream]) {
      sockets.add(socket);
      socket.on("close", () => sockets.delete(socket)).on("error", () => {});
    }
    const held = new Transform({
      transform(chunk: Buffer, _, done) {
        const ms = sent(chunk, client);
        if (ms) setTimeout(() => done(null, chunk), ms);
        else done(null, chunk);
      },
    });
    upstream.on("data", (chunk: Buffer) => answered(chunk, client));
    client.pipe(held).pipe(upstream).pipe(client);
  });
  relay.listen(0, "127.0.0.1");
  await once(relay, "listening");
  const { port } = relay.address() as { port: number };
  return {
    url: Object.assign(new URL(target), { port: String(port) }).toString(),
    close: async () => {
      for (const socket of sockets) socket.destroy();
      await new Promise((resolve) => relay.close(resolve));
    },
  };
}

describe.skipIf(!onS3)("the S3 store's durability on PostgreSQL", () => {
  let h: Harness;
  const events: string[] = [];
  const relays: { close(): Promise<void> }[] = [];
  beforeAll(async () => {
    h = await startHarness(onS3 as NonNullable<typeof onS3>);
    // Requests of each S3 connection waiting for their answer, oldest first.
    const waiting = new Map<Socket, string[]>();
    const s3 = await tracingRelay(
      new URL(h.env.S3_ENDPOINT as string),
      (chunk, socket) => {
        const request = /^(GET|PUT|POST|HEAD|DELETE) (\S+) HTTP\/1\.1/.exec(chunk.toString("latin1", 0, 600));
        if (request) waiting.set(socket, [...(waiting.get(socket) ?? []), `${request[1]} ${request[2]}`]);
        return undefined;
      },
      (chunk, socket) => {
        const status = /^HTTP\/1\.1 (\d{3})/.exec(chunk.toString("latin1", 0, 20))?.[1];
        if (!status || status.startsWith("1")) return;
        events.push(`s3 ${status} ${waiting.get(socket)?.shift()}`);
      },
    );
    const database = await tracingRelay(
      new URL(h.env.DATABASE_URL as string),
      (chunk) => {
        const text = chunk.toString("latin1");
        if (text.includes("replace_file")) events.push("pg replace_file");
        if (text.includes("commit\0")) events.push("pg commit");
        return undefined;
      },
      () => {},
    );
    relays.push(s3, database);
    h.env.S3_ENDPOINT = s3.url;
    h.env.DATABASE_URL = database.url;
    await h.restart();
  });
  afterAll(async () => {
    await h?.stop();
    for (const relay of relays) await relay.close();
  });

  test("when another user uploads bytes that are already stored, then the store gets the same requests as for new bytes (nothing to time)", async () => {
    const bytes = randomBytes(MiB);
    const hash = sha256(bytes);
    // The requests storing or checking the content or a temp, in order (a temp's removal
    // may come after the answer): a second upload of stored bytes must not skip the copy.
    const storeRequests = async (user: (typeof h.users)[number]) => {
      events.length = 0;
      const { response } = await replaceContent(h, bytes, user);
      expect(response.status).toBe(200);
      return events
        .filter((event) => /^s3 \d+ (PUT|POST|HEAD) /.test(event) && (event.includes(hash) || event.includes("/tmp/")))
        .map((event) => event.replace(/\/tmp\/\S+/, "/tmp/T"));
    };
    const fresh = await storeRequests(h.users[0]);
    const again = await storeRequests(h.users[1]);
    expect(
      fresh.filter((event) => new RegExp(`^s3 200 PUT \\S+/${hash}(\\?\\S*)?$`).test(event)),
      fresh.join("\n"),
    ).toHaveLength(1);
    expect(again).toEqual(fresh);
  }, 60_000);

  test.each([["1 MiB (one PUT)", 1]])(
    "when %s replaces a file's content, then the store acknowledged the object under its hash before the COMMIT of its row is sent",
    async (_, mebibytes) => {
      const bytes = randomBytes(mebibytes * MiB);
      const hash = sha256(bytes);
      events.length = 0;
      const { response } = await replaceContent(h, bytes);
      expect(response.status).toBe(200);

      const statement = events.indexOf("pg replace_file");
      const committed = events.findIndex((event, i) => i > statement && event === "pg commit");
      const temp = mebibytes === 1 ? /^s3 200 PUT \S+\/tmp\/\S+$/ : /^s3 200 POST \S+\/tmp\/\S+uploadId=/;
      const tempStored = events.findIndex((event) => temp.test(event));
      const copied = events.findIndex((event) => new RegExp(`^s3 200 PUT \\S+/${hash}(\\?\\S*)?$`).test(event));
      expect(statement, events.join("\n")).toBeGreaterThan(-1);
      expect(committed, events.join("\n")).toBeGreaterThan(statement);
      expect(tempStored, events.join("\n")).toBeGreaterThan(-1);
      expect(copied, events.join("\n")).toBeGreaterThan(tempStored);
      expect(copied, events.join("\n")).toBeLessThan(committed);
      expect(sha256(await download(h.client(), h.users[0].file_id))).toBe(hash);
    },
    60_000,
  );
});

describe.skipIf(!onS3)("an S3 copy slower than the database's idle limit", () => {
  let h: Harness;
  let relay: Awaited<ReturnType<typeof tracingRelay>>;
  beforeAll(async () => {
    // A transaction idle longer than a second is ended by PostgreSQL (idle_in_transaction_session_timeout).
    h = await startHarness(onS3 as NonNullable<typeof onS3>, { env: { DATABASE_STATEMENT_TIMEOUT_MS: "1000" } });
    // Ceph RGW copies an object in a few milliseconds (it shares the bytes); the relay
    // holds each copy two seconds, as a store copying gigabytes would take.
    relay = await tracingRelay(
      new URL(h.env.S3_ENDPOINT as string),
      (chunk) => (/\r\nx-amz-copy-source:/i.test(chunk.toString("latin1", 0, 4096)) ? 2000 : undefined),
      () => {},
    );
    h.env.S3_ENDPOINT = relay.url;
    await h.restart();
  });
  afterAll(async () => {
    await h?.stop();
    await relay?.close();
  });

  test("when the store's copy of an upload takes longer than DATABASE_STATEMENT_TIMEOUT_MS, then the upload succeeds: the copy runs before the transaction", async () => {
    const bytes = randomBytes(MiB);
    const { data, error, response } = await replaceContent(h, bytes);
    expect(response.status, JSON.stringify(error)).toBe(200);
    expect(data?.hash).toBe(sha256(bytes));
    expect(await download(h.client(), h.users[0].file_id)).toEqual(bytes);
  }, 60_000);
});
