// What another account on the machine can reach of a server's DATA_DIR (nothing, whatever
// the umask), and which first start creates a demo user with a key (only the embedded
// quick start's).
import { mkdtempSync, readdirSync, rmSync, statSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { createVaultClient } from "@vault/client";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { backends } from "./helpers/backends.js";
import { stopChild } from "./helpers/processes.js";
import { serverOutput, spawnServer } from "./helpers/server.js";

const postgres = backends.find((backend) => backend.name === "postgres");
const modeOf = (path: string) => (statSync(path).mode & 0o777).toString(8);

/** Starts a server on `env` the way `npm start` does, and what it printed while starting. */
async function firstStart(env: Record<string, string>, umask?: number) {
  const printedBefore = serverOutput.length;
  const previous = umask === undefined ? undefined : process.umask(umask);
  try {
    const started = await spawnServer({ PATH: process.env.PATH ?? "", PORT: "0", ...env });
    return { ...started, printed: serverOutput.slice(printedBefore).join("\n") };
  } finally {
    if (previous !== undefined) process.umask(previous);
  }
}

describe("DATA_DIR under umask 000, on the embedded quick start", () => {
  const parent = mkdtempSync(join(tmpdir(), "vault-e2e-"));
  const dataDir = join(parent, "data");
  let started: Awaited<ReturnType<typeof firstStart>>;
  beforeAll(async () => {
    started = await firstStart({ DATA_DIR: dataDir }, 0o000);
  });
  afterAll(async () => {
    if (started) await stopChild(started.child);
    rmSync(parent, { recursive: true, force: true });
  });

  test("when the server creates DATA_DIR, then it and every folder it makes there are 0700 and every blob file 0600", () => {
    const shard = readdirSync(join(dataDir, "blobs")).find((name) => /^[0-9a-f]{2}$/.test(name)) ?? "";
    const blob = readdirSync(join(dataDir, "blobs", shard))[0] ?? "";
    expect({
      dataDir: modeOf(dataDir),
      database: modeOf(join(dataDir, "pg")),
      blobs: modeOf(join(dataDir, "blobs")),
      temp: modeOf(join(dataDir, "blobs", "tmp")),
      shard: modeOf(join(dataDir, "blobs", shard)),
      blob: modeOf(join(dataDir, "blobs", shard, blob)),
      socket: modeOf(join(dataDir, "control.sock")),
    }).toEqual({
      dataDir: "700",
      database: "700",
      blobs: "700",
      temp: "700",
      shard: "700",
      blob: "600",
      socket: "600",
    });
  });

  test("when a file is uploaded, then its stored bytes are 0600", async () => {
    const key = /^ {2}(vk_\S+)$/m.exec(started.printed)?.[1] ?? "";
    const client = createVaultClient({ baseUrl: started.url, apiKey: key });
    const hashesBefore = new Set(readdirSync(join(dataDir, "blobs"), { recursive: true }) as string[]);
    const fileId = /\bfile ([0-9a-f-]{36})/.exec(started.printed)?.[1] ?? "";
    const put = await client.PUT("/evault/v1/files/{id}/", {
      params: { path: { id: fileId } },
      body: { file: new File([`private ${Math.random()}`], "private.txt") },
    });
    expect(put.response.status).toBe(200);
    const added = (readdirSync(join(dataDir, "blobs"), { recursive: true }) as string[]).filter(
      (name) => !hashesBefore.has(name) && /[0-9a-f]{64}$/.test(name),
    );
    expect(added.map((name) => modeOf(join(dataDir, "blobs", name)))).toEqual(["600"]);
  });

  test("when the embedded quick start first starts, then it prints a demo key that works", async () => {
    expect(started.printed).toContain('Demo data created for user "demo"');
    const key = /^ {2}(vk_\S+)$/m.exec(started.printed)?.[1];
    expect(key).toBeDefined();
    const response = await fetch(`${started.url}/evault/v1/folders/`, { headers: { "api-key": key ?? "" } });
    expect(response.status).toBe(200);
    // The demo link opens in a browser, with no key: the shared folder's page.
    const link = /^ {2}(http:\/\/\S+\/evault\/v1\/links\/[\w-]+\/)$/m.exec(started.printed)?.[1] ?? "";
    const page = await fetch(link, { headers: { accept: "text/html" } });
    expect(page.status).toBe(200);
    expect(await page.text()).toContain("<h1>Projects/</h1>");
  });
});

describe.runIf(postgres)("a production-style first start on PostgreSQL", () => {
  test("when the server first starts on an empty PostgreSQL database, then it creates no user and prints no key", async () => {
    const database = await (postgres as NonNullable<typeof postgres>).createDatabase();
    const dataDir = mkdtempSync(join(tmpdir(), "vault-e2e-"));
    const started = await firstStart({ DATA_DIR: dataDir, DATABASE_URL: database.url ?? "" });
    try {
      expect(started.printed).not.toMatch(/Demo data|vk_/);
      const client = new pg.Client({ connectionString: database.url });
      await client.connect();
      const counts = await client.query(
        "select (select count(*) from users) as users, (select count(*) from api_keys) as keys",
      );
      await client.end();
      expect(counts.rows[0]).toEqual({ users: "0", keys: "0" });
    } finally {
      await stopChild(started.child);
      await database.drop();
      rmSync(dataDir, { recursive: true, force: true });
    }
  });
});
