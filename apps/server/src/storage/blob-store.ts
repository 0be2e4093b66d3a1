import { createHash, randomUUID } from "node:crypto";
import { createWriteStream, readFileSync } from "node:fs";
import { mkdir, readdir, rename, rm, stat } from "node:fs/promises";
import { hostname } from "node:os";
import { join } from "node:path";
import { type Readable, Transform } from "node:stream";
import { pipeline } from "node:stream/promises";
import { sniffMimetype } from "./mimetype.js";

/** An upload written to a temporary file, not yet part of the store. */
export interface ReceivedUpload {
  tempPath: string;
  hash: string;
  size: number;
  mimetype: string;
}

const SNIFF_BYTES = 4100;
const SHA256 = /^[0-9a-f]{64}$/;

/**
 * Content-addressed storage under `root`: each content is one file named by its
 * SHA-256, so identical uploads are stored once and copies share bytes. Uploads are
 * streamed to `root/tmp` while hashed, then moved into place with an atomic rename.
 */
export class BlobStore {
  private readonly tmp: string;

  constructor(readonly root: string) {
    this.tmp = join(root, "tmp");
  }

  /**
   * Creates the folders and removes the temp files that a crashed process left
   * behind. Temp files carry their process's identity: machine, pid and start time
   * (pids are reused). Several machines may share the volume, and a pid means nothing
   * on another machine: a file of this machine goes when its process is gone, a file of
   * another machine only once it is older than any upload can last.
   */
  async open(): Promise<void> {
    await mkdir(this.tmp, { recursive: true });
    for (const name of await readdir(this.tmp)) {
      const path = join(this.tmp, name);
      const owner = name.slice(0, name.indexOf("-"));
      const [machine, processId] = [owner.slice(0, owner.lastIndexOf("@")), owner.slice(owner.lastIndexOf("@") + 1)];
      const abandoned =
        machine === MACHINE
          ? processId === PROCESS_ID || !isRunning(processId)
          : Date.now() - (await stat(path).catch(() => ({ mtimeMs: Date.now() }))).mtimeMs > ABANDONED_MS;
      if (abandoned) await rm(path, { force: true });
    }
  }

  path(hash: string): string {
    if (!SHA256.test(hash)) throw new Error("not a SHA-256 hash");
    return join(this.root, hash.slice(0, 2), hash);
  }

  /** Streams `source` to a temp file, computing SHA-256, size and mimetype on the way; never buffers it whole. */
  async receive(source: Readable): Promise<ReceivedUpload> {
    const tempPath = join(this.tmp, `${MACHINE}@${PROCESS_ID}-${randomUUID()}`);
    const hash = createHash("sha256");
    let size = 0;
    const head: Buffer[] = [];
    let headSize = 0;
    const tap = new Transform({
      transform(chunk: Buffer, _encoding, done) {
        hash.update(chunk);
        size += chunk.length;
        if (headSize < SNIFF_BYTES) {
          head.push(chunk.subarray(0, SNIFF_BYTES - headSize));
          headSize += Math.min(chunk.length, SNIFF_BYTES - headSize);
        }
        done(null, chunk);
      },
    });
    try {
      await pipeline(source, tap, createWriteStream(tempPath, { flags: "wx" }));
    } catch (error) {
      await rm(tempPath, { force: true });
      throw error;
    }
    return { tempPath, hash: hash.digest("hex"), size, mimetype: await sniffMimetype(Buffer.concat(head)) };
  }

  /** Moves a received upload into the store (an existing identical blob is kept). */
  async commit(upload: ReceivedUpload): Promise<void> {
    const target = this.path(upload.hash);
    await mkdir(join(target, ".."), { recursive: true });
    await rename(upload.tempPath, target).catch(async (err: NodeJS.ErrnoException) => {
      // A transaction that runs again (after a deadlock) finds its bytes already in place.
      if (err.code !== "ENOENT" || !(await this.exists(upload.hash))) throw err;
    });
  }

  async discard(upload: Pick<ReceivedUpload, "tempPath">): Promise<void> {
    await rm(upload.tempPath, { force: true });
  }

  async remove(hash: string): Promise<void> {
    await rm(this.path(hash), { force: true });
  }

  async exists(hash: string): Promise<boolean> {
    return stat(this.path(hash)).then(
      (s) => s.isFile(),
      () => false,
    );
  }

  /** Every hash stored on disk. */
  async *hashes(): AsyncGenerator<string> {
    for (const shard of await readdir(this.root).catch(() => [] as string[])) {
      if (shard === "tmp") continue;
      for (const name of await readdir(join(this.root, shard)).catch(() => [] as string[])) {
        if (SHA256.test(name)) yield name;
      }
    }
  }
}

/** When a process started, in clock ticks since boot (Linux); undefined elsewhere. */
function startTicks(pid: number): string | undefined {
  try {
    // Field 22 of /proc/<pid>/stat, counted after the parenthesised command name.
    const stat = readFileSync(`/proc/${pid}/stat`, "utf8");
    return stat.slice(stat.lastIndexOf(")") + 2).split(" ")[19];
  } catch {
    return undefined;
  }
}

/** `<pid>.<start ticks>`: unlike a bare pid, never the name of a later process. */
const PROCESS_ID = `${process.pid}.${startTicks(process.pid) ?? "0"}`;

/** This machine (this boot of it) among those sharing the volume: its host name and boot id. */
const MACHINE = `${hostname().replace(/[^\w]/g, "_")}.${bootId()}`;

/** Older than any upload can last (`REQUEST_TIMEOUT_MS` is at most an hour): another machine's temp file is abandoned. */
const ABANDONED_MS = 24 * 60 * 60 * 1000;

function bootId(): string {
  try {
    return readFileSync("/proc/sys/kernel/random/boot_id", "utf8").trim().replace(/[^\w]/g, "");
  } catch {
    return "0";
  }
}

function isRunning(owner: string): boolean {
  const [pidText, ticks] = owner.split(".");
  const pid = Number(pidText);
  if (!Number.isInteger(pid) || pid <= 0) return false;
  try {
    process.kill(pid, 0);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== "EPERM") return false;
  }
  const current = startTicks(pid);
  return current === undefined || ticks === "0" || current === ticks;
}
