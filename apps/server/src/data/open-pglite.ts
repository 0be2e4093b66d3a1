import { spawn } from "node:child_process";
import { existsSync } from "node:fs";
import { readFile } from "node:fs/promises";
import { join } from "node:path";
import { PGlite, type QueryOptions, type Results } from "@electric-sql/pglite";
import { btree_gin } from "@electric-sql/pglite/contrib/btree_gin";
import { pg_trgm } from "@electric-sql/pglite/contrib/pg_trgm";
import { unaccent } from "@electric-sql/pglite/contrib/unaccent";
import { packageFile } from "../package-files.js";
import { copyStoreTemplate, storeTemplateArchive } from "./store-template.js";

/** How a statement runs: PGlite's options, and the name of a statement prepared once (on the store's thread). */
export type EmbeddedQueryOptions = Pick<QueryOptions, "rowMode" | "parsers"> & { name?: string };

/** Where statements run on the embedded database: the client, or one of its transactions. */
export interface EmbeddedSession {
  query<Row>(text: string, params?: unknown[], options?: EmbeddedQueryOptions): Promise<Results<Row>>;
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
  /** An operator's SQL text, run as `psql -c` runs it (`runScript`), with nothing else beside it. */
  runScript(text: string): Promise<Results[]>;
  close(): Promise<void>;
}

/**
 * PGlite's own start parameters, with smaller shared buffers than its default: PGlite
 * allocates and touches them at start, so they count in the server's memory at once.
 * Pages beyond them are read from the operating system's file cache; the buffers are a
 * cache, so durability does not depend on their size.
 */
const START_PARAMS = [...PGlite.defaultStartParams, "-c", "shared_buffers=16MB"];

/** The contrib extensions search's indexes use (migration 0030): every open loads them, or a read of those indexes fails. */
const EXTENSIONS = { btree_gin, pg_trgm, unaccent };

const createStoreScript = packageFile("dist/data/create-pglite-directory.js");

/**
 * Opens the embedded database in `dir` (`memory://`: in memory), with `settings` (`-c
 * name=value` pairs) added to its start parameters. A store in memory starts as the build's
 * migrated store (store-template.ts); an empty directory is first made a copy of it, or, without one, a database by
 * a process of its own (create-pglite-directory.ts): PGlite runs initdb in a second WASM
 * instance, and the memory that takes would stay in this process's allocator after it
 * is freed.
 */
export async function openEmbedded(
  dir: string,
  settings: string[] = [],
  pgliteWasmModule?: WebAssembly.Module,
): Promise<PGlite> {
  const inMemory = dir === "memory://";
  if (!inMemory && !existsSync(join(dir, "PG_VERSION")) && !copyStoreTemplate(dir)) await createStore(dir);
  return PGlite.create(dir, {
    startParams: [...START_PARAMS, ...settings],
    extensions: EXTENSIONS,
    loadDataDir: inMemory ? storeTemplateArchive() : undefined,
    pgliteWasmModule,
  });
}

/**
 * PGlite's WebAssembly, compiled as PGlite compiles it when given none: a caller that keeps
 * it hands it to the next open (`openEmbedded`), which then runs the code V8 already
 * compiled and optimised for the first.
 */
export async function compilePglite(): Promise<WebAssembly.Module> {
  return WebAssembly.compile(await readFile(new URL("pglite.wasm", import.meta.resolve("@electric-sql/pglite"))));
}

/**
 * The embedded database in memory, on this thread. No command socket serves it
 * (server.ts), so a script runs only in a tool on a store of its own, with nothing beside it.
 */
export async function openInMemory(settings: string[]): Promise<EmbeddedClient> {
  const db = await openEmbedded("memory://", settings);
  return Object.assign(db, { runScript: (text: string) => runScript(db, text) });
}

/** PostgreSQL's int8, which node-postgres gives as text: PGlite's own parser gives a number or a bigint. */
const INT8 = 20;

/**
 * Runs an operator's SQL text as `psql -c` runs it, in the one session the server's own
 * statements share, so as if in a session of its own: it starts without the plans the
 * session cached (with one, the folder-figures trigger took 18 s instead of 0.1 s over
 * 20,000 new files), and after it a transaction it left open is rolled back and the
 * settings it made are reset. Anything else a session keeps (LISTEN, advisory locks)
 * it changes for the server too. Nothing else may run on `db` meanwhile.
 */
export async function runScript(db: PGlite, text: string): Promise<Results[]> {
  await db.exec("discard plans");
  try {
    return await db.exec(text, { parsers: { [INT8]: (value: string) => value } });
  } finally {
    if (db.isInTransaction()) await db.exec("rollback");
    await db.exec("reset all");
  }
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
