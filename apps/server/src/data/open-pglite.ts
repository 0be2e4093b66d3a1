import { spawn } from "node:child_process";
import { existsSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { PGlite, type QueryOptions, type Results } from "@electric-sql/pglite";

/** Where statements run on the embedded database: the client, or one of its transactions. */
export interface EmbeddedSession {
  query<Row>(
    text: string,
    params?: unknown[],
    options?: Pick<QueryOptions, "rowMode" | "parsers">,
  ): Promise<Results<Row>>;
  exec(text: string): Promise<Results[]>;
}

/**
 * What the server uses of the embedded database: PGlite itself (in memory) or PGlite on
 * a thread of its own (a store on disk, see embedded-supervisor.ts).
 */
export interface EmbeddedClient extends EmbeddedSession {
  /** Runs `work` in a transaction; nothing else runs on the database meanwhile. */
  transaction<T>(work: (tx: EmbeddedSession) => Promise<T>): Promise<T>;
  listen(channel: string, callback: (payload: string) => void): Promise<unknown>;
  close(): Promise<void>;
}

/**
 * PGlite's own start parameters, with 16 MB of shared buffers instead of its 160 MB:
 * PGlite allocates and touches them at start, and they were a third of the server's
 * memory. A store this size fits; pages beyond are read from the operating system's
 * file cache. Durability is unchanged: the buffers are a cache, and a commit reaches the
 * write-ahead log before it is answered, as before.
 */
const START_PARAMS = [...PGlite.defaultStartParams, "-c", "shared_buffers=16MB"];

const createStoreScript = fileURLToPath(new URL("./create-pglite-directory.js", import.meta.url));

/**
 * Opens the embedded database in `dir` (`memory://`: in memory), with `settings` (`-c
 * name=value` pairs) added to its start parameters. An empty directory is
 * first made a store by a process of its own (create-pglite-directory.ts): PGlite runs
 * initdb in a second WASM instance and copies its files over, and the hundreds of
 * megabytes that takes stay in this process's allocator after they are freed (the
 * server's resident memory was 130 MiB higher after a first start than after any other).
 */
export async function openEmbedded(dir: string, settings: string[] = []): Promise<PGlite> {
  if (dir !== "memory://" && !existsSync(join(dir, "PG_VERSION"))) await createStore(dir);
  return PGlite.create(dir, { startParams: [...START_PARAMS, ...settings] });
}

async function createStore(dir: string): Promise<void> {
  const child = spawn(process.execPath, [createStoreScript, dir], { stdio: ["ignore", "ignore", "pipe"] });
  let stderr = "";
  child.stderr.setEncoding("utf8").on("data", (text: string) => {
    stderr += text;
  });
  const code = await new Promise<number | null>((resolve, reject) => {
    child.once("error", reject).once("exit", resolve);
  });
  if (code !== 0) throw new Error(`Creating the embedded database in ${dir} failed (exit ${code}): ${stderr.trim()}`);
}
