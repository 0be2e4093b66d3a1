// The orphan sweep deletes stored bytes that no blob row of its database names. Bytes
// that another database names must survive it: an in-memory server on a real server's
// DATA_DIR, a second DATABASE_URL on one DATA_DIR or bucket, a database restored from an
// older dump. Files are aged past the sweep's grace hour (utimes on disk; on S3, whose
// objects cannot be aged, the sweep is run in this process an hour ahead).
import { execFile } from "node:child_process";
import { readdirSync, utimesSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { promisify } from "node:util";
import { loadConfig, openBlobStore, openDatabase, sweepOrphanBlobs } from "@vault/server";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { type Backend, backends } from "./helpers/backends.js";
import { stopChild } from "./helpers/processes.js";
import { type Harness, type SeededUser, serverOutput, spawnServer, startHarness } from "./helpers/server.js";
import { download, sha256 } from "./helpers/vault.js";

const serverDir = resolve(import.meta.dirname, "../apps/server");
const run = promisify(execFile);
const pglite = backends.find((backend) => backend.name === "pglite");
const onPostgres = backends.filter((backend) => backend.name === "postgres" || backend.name === "postgres+s3");
const anHourOn = () => new Date(Date.now() + 61 * 60 * 1000);

/** Every blob file under `dataDir/blobs` made older than the grace hour. */
function ageBlobFiles(dataDir: string) {
  const twoHoursAgo = new Date(Date.now() - 2 * 60 * 60 * 1000);
  for (const shard of readdirSync(join(dataDir, "blobs")).filter((name) => /^[0-9a-f]{2}$/.test(name)))
    for (const blob of readdirSync(join(dataDir, "blobs", shard)))
      utimesSync(join(dataDir, "blobs", shard, blob), twoHoursAgo, twoHoursAgo);
}

/** Runs the orphan sweep an hour ahead on the database at `databaseUrl` and the store of `env`: what it removed, or why it refused. */
async function sweepAnHourOn(env: Record<string, string>, databaseUrl: string): Promise<number | string> {
  const config = loadConfig({ ...env, DATABASE_URL: databaseUrl, LOG_LEVEL: "silent" });
  // The SDK reads its credentials from the environment, as the server does.
  if (env.AWS_ACCESS_KEY_ID) process.env.AWS_ACCESS_KEY_ID = env.AWS_ACCESS_KEY_ID;
  if (env.AWS_SECRET_ACCESS_KEY) process.env.AWS_SECRET_ACCESS_KEY = env.AWS_SECRET_ACCESS_KEY;
  const database = await openDatabase(config);
  try {
    await database.migrate();
    return await sweepOrphanBlobs(database.db, await openBlobStore(config), anHourOn()).catch(
      (error: Error) => error.message,
    );
  } finally {
    await database.close();
  }
}

const seed = async (env: Record<string, string>): Promise<SeededUser[]> =>
  JSON.parse((await run(process.execPath, ["dist/cli/seed.js", "--json"], { cwd: serverDir, env })).stdout).users;

describe.runIf(pglite)("an in-memory server on a real server's DATA_DIR", () => {
  let h: Harness;
  beforeAll(async () => {
    h = await startHarness(pglite as Backend);
  });
  afterAll(() => h?.stop());

  test("when it starts beside the running server, then it exits 1 saying the database is in use", async () => {
    const second = await run(process.execPath, ["dist/main.js"], {
      cwd: serverDir,
      env: { ...h.env, DATABASE_IN_MEMORY: "1" },
      timeout: 60_000,
    }).then(
      () => ({ code: 0, stderr: "" }),
      (error: { code: number; stderr: string }) => error,
    );
    expect(second).toMatchObject({ code: 1, stderr: expect.stringContaining("open in another process") });
  });

  test("when it starts on the stopped server's DATA_DIR with every blob past the grace hour, then it deletes none, and the real server serves every file after", async () => {
    const stored = await h.storedBlobs();
    await h.whileStopped(async () => {
      ageBlobFiles(h.dataDir);
      const inMemory = await spawnServer({ ...h.env, DATABASE_IN_MEMORY: "1" });
      await stopChild(inMemory.child);
      expect((await h.storedBlobs()).filter((hash) => stored.includes(hash))).toEqual(stored);
    });
    for (const user of h.users)
      expect((await download(h.client(user.api_key), user.file_id)).length).toBeGreaterThan(0);
  }, 180_000);
});

describe.each(onPostgres)("two databases on one blob store, on $name", (backend) => {
  let h: Harness;
  const created: { drop(): Promise<void> }[] = [];
  const freshDatabase = async () => {
    const database = await backend.createDatabase();
    created.push(database);
    return database.url ?? "";
  };
  beforeAll(async () => {
    h = await startHarness(backend);
  });
  afterAll(async () => {
    for (const database of created) await database.drop();
    await h?.stop();
  });

  test("when a second deployment (a fresh DATABASE_URL) uses the DATA_DIR or bucket, then neither sweep deletes a byte the other's database names, and the second says why in its log", async () => {
    const otherUrl = await freshDatabase();
    const otherEnv = { ...h.env, DATABASE_URL: otherUrl };
    const theirs = await seed(otherEnv);
    const printedBefore = serverOutput.length;
    const other = await spawnServer(otherEnv);
    await stopChild(other.child);
    expect(serverOutput.slice(printedBefore).join("\n")).toMatch(/orphan sweep refused.*also used by the database/);
    if (!h.bucket) ageBlobFiles(h.dataDir);
    const stored = await h.storedBlobs();

    expect(await sweepAnHourOn(h.env, h.env.DATABASE_URL ?? "")).toMatch(/also used by the database/);
    expect(await sweepAnHourOn(h.env, otherUrl)).toMatch(/also used by the database/);
    expect(await h.storedBlobs()).toEqual(stored);
    expect(await download(h.client(), h.users[0].file_id)).toEqual(Buffer.from(`Notes of ${h.users[0].username}\n`));
    expect(stored).toContain(sha256(`Notes of ${theirs[0]?.username}\n`));
  });
});

describe.each(onPostgres)("a database restored from an older dump, on $name", (backend) => {
  let h: Harness;
  let restoredUrl = "";
  let dropRestored = async () => {};
  beforeAll(async () => {
    h = await startHarness(backend);
    const restored = await backend.createDatabase();
    restoredUrl = restored.url ?? "";
    dropRestored = restored.drop;
  });
  afterAll(async () => {
    await dropRestored();
    await h?.stop();
  });

  test("when it is started beside the store that went on without it, then its sweep refuses and the newer bytes stay", async () => {
    const dump = join(tmpdir(), `vault-dump-${process.pid}-${Date.now()}`);
    await run("pg_dump", ["--format=custom", `--file=${dump}`, h.env.DATABASE_URL ?? ""]);
    const newer = Buffer.from(`uploaded after the dump ${Math.random()}`);
    const put = await h.client().PUT("/evault/v1/files/{id}/", {
      params: { path: { id: h.users[0].file_id } },
      body: { file: new File([newer], "newer.txt") },
    });
    expect(put.response.status).toBe(200);
    // The live database sweeps (hourly) after the dump: its store is ahead of the dump.
    expect(await sweepAnHourOn(h.env, h.env.DATABASE_URL ?? "")).toBeTypeOf("number");
    await run("pg_restore", ["--no-owner", `--dbname=${restoredUrl}`, dump]);
    if (!h.bucket) ageBlobFiles(h.dataDir);

    expect(await sweepAnHourOn(h.env, restoredUrl)).toMatch(/older than its blob store/);
    expect(await h.storedBlobs()).toContain(sha256(newer));
    // From then on the live database does not sweep either: one of the two is a copy.
    expect(await sweepAnHourOn(h.env, h.env.DATABASE_URL ?? "")).toMatch(/also used by the database/);
    expect(await download(h.client(), h.users[0].file_id)).toEqual(newer);
  });
});
