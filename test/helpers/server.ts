// Runs the real server on port 0 (apps/server/dist/main.js as a child process, or its
// startServer in the test process), on a copy of the database the real seed CLI made,
// so the suites test exactly what `npm start` runs.
import { type ChildProcess, execFile, spawn } from "node:child_process";
import { cpSync, mkdtempSync, readdirSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { createInterface } from "node:readline";
import { promisify } from "node:util";
import { createVaultClient, type VaultClient } from "@vault/client";
import { createVaultClient as createVaultClientV2, type VaultClient as VaultClientV2 } from "@vault/client/v2";
import type { DemoUser } from "@vault/server";
import pg from "pg";
import { inject } from "vitest";
import type { Backend } from "./backends.js";
import { httpFetch } from "./http-fetch.js";
import { startInProcess } from "./in-process.js";
import { residentBytes, stopChild } from "./processes.js";
import { checked } from "./response-check.js";
import { createTestBucket, type TestBucket } from "./s3.js";
import { seedUsers, type Template } from "./templates.js";

const serverDir = resolve(import.meta.dirname, "../../apps/server");
/** The suites see each answer of the server as it is: their clients never retry (client-retries has its own). */
const NO_RETRIES = { max: 0 };
/** The clients' fetch: node:http, each answer checked against the contract as every fetch of a suite is. */
const clientFetch = checked((input) => httpFetch(input as Request));
/** What every harness client is made with: its server, its key, no retries, the checked fetch. */
const clientOptions = (baseUrl: string, apiKey: string) => ({
  baseUrl,
  apiKey,
  retries: NO_RETRIES,
  fetch: clientFetch,
});
const execNode = promisify(execFile);

/** What the seed CLI prints per user: the server's own type, so the two cannot drift. */
export type SeededUser = DemoUser;

export interface Harness {
  url: string;
  dataDir: string;
  env: Record<string, string>;
  /** Seeded users, two per seed run; each has one of every resource. */
  users: [SeededUser, SeededUser, ...SeededUser[]];
  process: ChildProcess;
  /** A client with the given key (the first seeded user's by default), retries off; it gives up on a request after `timeoutMs` (30 s). */
  client(apiKey?: string, timeoutMs?: number): VaultClient;
  /** The same of API v2 (`@vault/client/v2`). */
  clientV2(apiKey?: string): VaultClientV2;
  /** Stops the server gracefully and starts it again on the same data. */
  restart(): Promise<void>;
  /**
   * Stops the server gracefully, runs `meanwhile` while nothing serves its data (a
   * command on the store, a server of another configuration), then starts it again
   * with `env` as it is then, even when `meanwhile` fails.
   */
  whileStopped<T>(meanwhile: () => Promise<T>): Promise<T>;
  /** Kills the server with SIGKILL (no cleanup at all), then starts it again on the same data. */
  crashAndRestart(): Promise<void>;
  /**
   * Runs SQL (one or several statements) against the service's database and answers the
   * last statement's rows, without stopping the server. PostgreSQL is queried on a
   * connection of its own; PGlite admits one process, so there the running server runs it
   * (the `sql` command over its control socket), or, while none runs, the command opens
   * the store itself. int8 is text on both; a timestamp is a Date on PostgreSQL and its
   * ISO string (the command's JSON) on PGlite.
   */
  query<T = Record<string, unknown>>(sql: string): Promise<T[]>;
  /** Starts one more server process on the same data (PostgreSQL only: PGlite admits one process). */
  another(
    env?: Record<string, string>,
  ): Promise<{ url: string; client(apiKey?: string): VaultClient; stop(): Promise<void> }>;
  /** Reads the server's memory use (RSS, bytes) from /proc: now, or the highest it has been. */
  rss(which?: "now" | "peak"): Promise<number>;
  /** The S3 bucket of the blobs, on the S3 backend. */
  bucket: TestBucket | undefined;
  /** The hashes of the stored blobs (`DATA_DIR/blobs/<2 hex>/<sha256>`, or `<sha256>` objects in the bucket), sorted. */
  storedBlobs(): Promise<string[]>;
  /** Every name the blob store holds: paths under `DATA_DIR/blobs`, or keys in the bucket. */
  storedNames(): Promise<string[]>;
  /** Uploads waiting in the temp area: files in `DATA_DIR/blobs/tmp`, or temp objects and multipart uploads under `tmp/`. */
  tempFiles(): Promise<string[]>;
  /** File uploads the server is streaming into the blob store right now (its `vault_uploads_receiving` gauge). */
  uploadsReceiving(): Promise<number>;
  stop(): Promise<void>;
}

/**
 * The copy of this run's seeded template the harness starts from (helpers/templates.ts),
 * when one fits: no root key of the suite's own (the template's data is under its key
 * file). On the S3 store its blobs then move into the bucket.
 */
function templateFor(backend: Backend, seedRuns: number, env: Record<string, string>): Template | undefined {
  if (Object.keys(env).some((name) => name.startsWith("VAULT_SECRET_KEY"))) return undefined;
  return inject("templates")[backend.database]?.[String(seedRuns)];
}

/** The blobs of a disk store, `<blobs>/<2 hex>/<sha256>`, its temp area left out. */
function diskBlobs(blobsDir: string): { hash: string; path: string }[] {
  return readdirSync(blobsDir)
    .filter((shard) => /^[0-9a-f]{2}$/.test(shard))
    .flatMap((shard) =>
      readdirSync(join(blobsDir, shard)).map((hash) => ({ hash, path: join(blobsDir, shard, hash) })),
    );
}

/** Every line the servers of this process printed (JSON log lines and the rest), oldest first. */
export const serverOutput: string[] = [];

/**
 * A spawned server lives for seconds, too short for V8's optimising tier to repay compiling
 * PGlite's WebAssembly, so it runs Liftoff alone, as the store commands do; a suite that
 * reads the process's memory runs it with V8's tiers as deployed
 * (docs/decisions/test-harness.md).
 */
function nodeFlags(measuresMemory: boolean): string[] {
  return measuresMemory ? [] : ["--liftoff-only"];
}

/**
 * Starts `dist/main.js` with exactly `env`; resolves once it listens and its start's own
 * work (first sweep, demo data) is done.
 */
export function spawnServer(
  env: Record<string, string>,
  { measuresMemory = false } = {},
): Promise<{ child: ChildProcess; url: string }> {
  const child = spawn(process.execPath, [...nodeFlags(measuresMemory), "dist/main.js"], {
    cwd: serverDir,
    env,
    stdio: ["ignore", "pipe", "pipe"],
  });
  let stderr = "";
  child.stderr?.on("data", (chunk) => {
    stderr += chunk;
    serverOutput.push(String(chunk));
  });
  return new Promise((resolvePromise, reject) => {
    const lines = createInterface({ input: child.stdout as NodeJS.ReadableStream });
    let url = "";
    lines.on("line", (line) => {
      serverOutput.push(line);
      if (!line.startsWith("{")) return;
      const entry = JSON.parse(line);
      if (entry.msg === "listening") url = entry.url;
      if (typeof entry.msg === "string" && entry.msg.startsWith("started")) resolvePromise({ child, url });
    });
    child.once("exit", (code) => reject(new Error(`server exited with ${code}: ${stderr}`)));
  });
}

/** The rows of `sql` on the embedded store of `env`, by the `sql` command: in its running server, or on the store itself. */
async function embeddedQuery(env: Record<string, string>, sql: string): Promise<unknown[]> {
  // Imported here: every suite loads this helper, and not every suite needs the server's package.
  const { controlSocketPath, sendStoreCommand } = await import("@vault/server");
  const answered =
    (await sendStoreCommand(controlSocketPath(env.DATA_DIR as string), "sql", [sql])) ??
    (await execNode(process.execPath, ["dist/cli/sql.js", sql], { cwd: serverDir, env }).then(
      ({ stdout }) => ({ code: 0, output: stdout }),
      (error: { code: number; stderr: string }) => ({ code: error.code, output: error.stderr }),
    ));
  if (answered.code !== 0) throw new Error(`sql exited with ${answered.code}: ${answered.output}`);
  return JSON.parse(answered.output);
}

/** A running server: a child process, or the server in this process (no `child`). */
interface Service {
  url: string;
  child?: ChildProcess;
  stop(signal?: NodeJS.Signals): Promise<void>;
}

/**
 * The log level of a server in the test process: `warn` unless the suite sets one (as
 * `env.LOG_LEVEL`), since writing the request log costs about a twentieth of a suite's
 * CPU and only the suites that read it need it. A spawned server logs at `info`: its
 * `listening` and `started` lines say when it is up (the harness's `env`).
 */
const IN_PROCESS_LOG_LEVEL = "warn";

async function startService(
  env: Record<string, string>,
  { inProcess, measuresMemory, logLevel }: { inProcess: boolean; measuresMemory: boolean; logLevel: string },
): Promise<Service> {
  if (inProcess) {
    const running = await startInProcess({ ...env, LOG_LEVEL: logLevel }, serverOutput);
    return { url: running.url, stop: () => running.close() };
  }
  const { child, url } = await spawnServer(env, { measuresMemory });
  return { url, child, stop: (signal) => stopChild(child, signal) };
}

function childOf(service: Service): ChildProcess {
  if (!service.child)
    throw new Error("the server runs in the test process: start the harness with { inProcess: false }");
  return service.child;
}

/**
 * Seeds two users and starts a server on a fresh data directory and database: in the
 * test process, or as a child process with `inProcess: false` (a suite about the
 * process: signals, crashes, its memory or its threads; one that reads its memory adds
 * `measuresMemory: true`).
 */
export async function startHarness(
  backend: Backend,
  options: { env?: Record<string, string>; seedRuns?: number; inProcess?: boolean; measuresMemory?: boolean } = {},
): Promise<Harness> {
  const dataDir = mkdtempSync(join(tmpdir(), "vault-e2e-"));
  const seedRuns = options.seedRuns ?? 1;
  const template = templateFor(backend, seedRuns, options.env ?? {});
  if (template) cpSync(template.dataDir, dataDir, { recursive: true });
  const database = await backend.createDatabase(template?.database);
  const bucket = backend.blobs === "s3" ? await createTestBucket() : undefined;
  if (template && bucket) {
    // The copy's blobs move into the bucket, where the S3 store keeps them.
    await bucket.putBlobs(diskBlobs(join(dataDir, "blobs")));
    rmSync(join(dataDir, "blobs"), { recursive: true, force: true });
  }
  const env: Record<string, string> = {
    PATH: process.env.PATH ?? "",
    DATA_DIR: dataDir,
    PORT: "0",
    LOG_LEVEL: "info",
    // A start without the validators' warm-up: each suite compiles only the operations it calls.
    LAZY_VALIDATORS: "1",
    // Share passwords hashed at the least cost the setting takes (2^14), not OWASP's 2^17:
    // a hash is about a CPU second at 17, and the fuzzer alone makes hundreds.
    // password-hashing.e2e sets its own, and the unit tests check the default.
    SHARE_PASSWORD_SCRYPT_LN: "14",
    ...(database.url ? { DATABASE_URL: database.url } : {}),
    // `npm test` measures what the suites cover of the server (test/package.json).
    ...(process.env.SERVER_COVERAGE_DIR ? { NODE_V8_COVERAGE: process.env.SERVER_COVERAGE_DIR } : {}),
    ...bucket?.env,
    ...options.env,
  };
  const users = (template ? structuredClone(template.users) : await seedUsers(env)) as Harness["users"];
  for (let i = template ? seedRuns : 1; i < seedRuns; i++) users.push(...(await seedUsers(env)));
  const inProcess = options.inProcess ?? true;
  const start = () =>
    startService(env, {
      inProcess,
      measuresMemory: options.measuresMemory ?? false,
      logLevel: options.env?.LOG_LEVEL ?? IN_PROCESS_LOG_LEVEL,
    });
  let service = await start();
  // While none runs `service` is this one, so a stop after a failed restart stops nothing twice.
  const stopped: Service = { url: "", stop: async () => {} };
  const stopService = async (signal?: NodeJS.Signals) => {
    const running = service;
    service = stopped;
    await running.stop(signal);
  };
  const whileStopped = async <T>(meanwhile: () => Promise<T>): Promise<T> => {
    await stopService();
    const outcome = await meanwhile().then(
      (value) => ({ value }),
      (error: unknown) => ({ error }),
    );
    try {
      service = await start();
    } catch (restartError) {
      // The test's own failure first: a restart that fails after it must not hide it.
      if (!("error" in outcome)) throw restartError;
      throw new AggregateError([outcome.error, restartError], "the test failed, and the server did not start again");
    }
    if ("error" in outcome) throw outcome.error;
    return outcome.value;
  };
  const harness: Harness = {
    get url() {
      return service.url;
    },
    dataDir,
    env,
    users,
    get process() {
      return childOf(service);
    },
    client: (apiKey = users[0].api_key, timeoutMs?: number) =>
      createVaultClient({ ...clientOptions(service.url, apiKey), timeoutMs }),
    clientV2: (apiKey = users[0].api_key) => createVaultClientV2(clientOptions(service.url, apiKey)),
    async another(extra = {}) {
      // Every server of one database holds its root key, wherever its own data directory is.
      const keySet = env.VAULT_SECRET_KEY || env.VAULT_SECRET_KEY_FILE;
      const rootKey: Record<string, string> = keySet ? {} : { VAULT_SECRET_KEY_FILE: join(dataDir, "secret.key") };
      const second = await spawnServer({ ...rootKey, ...env, ...extra });
      return {
        url: second.url,
        client: (apiKey = users[0].api_key) => createVaultClient(clientOptions(second.url, apiKey)),
        stop: () => stopChild(second.child),
      };
    },
    restart: () => whileStopped(async () => {}),
    whileStopped,
    async crashAndRestart() {
      childOf(service);
      await stopService("SIGKILL");
      service = await start();
    },
    async query<T>(sql: string): Promise<T[]> {
      if (database.url) {
        const client = new pg.Client({ connectionString: database.url });
        await client.connect();
        try {
          // Several statements answer one result each; the last one is the query's answer.
          const result = await client.query(sql);
          return (Array.isArray(result) ? result.at(-1) : result).rows as T[];
        } finally {
          await client.end();
        }
      }
      return (await embeddedQuery(env, sql)) as T[];
    },
    async rss(which: "now" | "peak" = "now") {
      if (!options.measuresMemory) throw new Error("a suite that reads memory starts with { measuresMemory: true }");
      return residentBytes(childOf(service).pid, which);
    },
    bucket,
    async storedBlobs() {
      if (bucket) return (await bucket.keys()).filter((key) => /^[0-9a-f]{64}$/.test(key));
      return diskBlobs(join(dataDir, "blobs"))
        .map(({ hash }) => hash)
        .sort();
    },
    async storedNames() {
      if (bucket) return bucket.allKeys();
      return readdirSync(join(dataDir, "blobs"), { recursive: true }) as string[];
    },
    async tempFiles() {
      if (bucket) return [...(await bucket.keys("tmp/")), ...(await bucket.multipartUploads("tmp/"))];
      return readdirSync(join(dataDir, "blobs", "tmp"));
    },
    async uploadsReceiving() {
      const metrics = await (await fetch(`${service.url}/metrics`)).text();
      return Number(/^vault_uploads_receiving (\d+)$/m.exec(metrics)?.[1] ?? Number.NaN);
    },
    async stop() {
      await stopService();
      await database.drop();
      await bucket?.drop();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
  return harness;
}
