// The command-line tools (`npm run seed`, `keys`, `sql`) while a server runs: what they
// create is usable on that server at once, on either database. PGlite admits one
// process, so there the tools run their commands in the server, and a second server on
// the same DATA_DIR refuses to start.
import { execFile } from "node:child_process";
import { randomBytes } from "node:crypto";
import { statSync } from "node:fs";
import { join, resolve } from "node:path";
import { promisify } from "node:util";
import type { DemoUser } from "@vault/server";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { backends, databases } from "./helpers/backends.js";
import { type Harness, type SeededUser, startHarness } from "./helpers/server.js";

const serverDir = resolve(import.meta.dirname, "../apps/server");
const execNode = promisify(execFile);
const FOLDER = "/evault/v1/folders/{id}/" as const;

/** How a command ended: its exit code and what it printed on stderr. */
const outcome = (running: Promise<unknown>) =>
  running.then(
    () => ({ code: 0, stderr: "" }),
    (error: { code: number; stderr: string }) => error,
  );

describe.each(databases)("command-line tools beside a running server on $name", (backend) => {
  let h: Harness;
  beforeAll(async () => {
    h = await startHarness(backend);
  });
  afterAll(() => h?.stop());

  const cli = (script: string, args: string[]) =>
    execNode(process.execPath, [`dist/cli/${script}.js`, ...args], { cwd: serverDir, env: h.env });

  test("when seed runs while the server runs, then its users' keys and ids work on that server at once", async () => {
    const { stdout } = await cli("seed", ["--json"]);
    const users: DemoUser[] = JSON.parse(stdout).users;
    expect(users).toHaveLength(2);
    const [alice] = users as [DemoUser];
    const { data, response } = await h.client(alice.api_key).PUT("/banking/v1/ng/bank_accounts/{id}/", {
      params: { path: { id: alice.bank_account_id } },
      body: { account_number: "7000000001" },
    });
    expect(response.status).toBe(200);
    expect(data?.user.username).toBe(alice.username);
  });

  test("when a key is created and then revoked while the server runs, then it works and then it is refused", async () => {
    const { stdout } = await cli("keys", ["create", "--user", h.users[0].username, "--json"]);
    const key: { api_key: string; prefix: string } = JSON.parse(stdout);
    const call = () =>
      h.client(key.api_key).PATCH("/evault/v1/favourite/folders/{id}/", {
        params: { path: { id: h.users[0].folder_id } },
        body: {},
      });
    expect((await call()).response.status).toBe(200);
    await cli("keys", ["revoke", key.prefix]);
    expect((await call()).response.status).toBe(401);
  });

  test("when two users' active keys share a prefix, then revoke refuses (exit 1, how many match, --user) and --user revokes only that user's", async () => {
    const create = async (user: string) =>
      JSON.parse((await cli("keys", ["create", "--user", user, "--json"])).stdout) as {
        api_key: string;
        prefix: string;
      };
    const [mine, theirs] = [await create(h.users[0].username), await create(h.users[1].username)];
    await h.query(`update api_keys set prefix = '${mine.prefix}' where prefix = '${theirs.prefix}'`);
    const works = async (key: string, user: SeededUser) =>
      (await h.client(key).GET("/evault/v1/folders/{id}/", { params: { path: { id: user.folder_id } } })).response
        .status;

    const refused = await outcome(cli("keys", ["revoke", mine.prefix]));
    expect(refused).toMatchObject({
      code: 1,
      stderr: expect.stringMatching(/2 active keys .*none was revoked.*--user/),
    });
    expect(await works(mine.api_key, h.users[0])).toBe(200);
    expect(await works(theirs.api_key, h.users[1])).toBe(200);

    await cli("keys", ["revoke", mine.prefix, "--user", h.users[1].username]);
    expect(await works(theirs.api_key, h.users[1])).toBe(401);
    expect(await works(mine.api_key, h.users[0])).toBe(200);
  });

  test("when a command is refused, then it exits 1 with the reason and the server keeps serving", async () => {
    const refused = await outcome(cli("keys", ["create", "--user", "nobody-at-all"]));
    expect(refused).toMatchObject({ code: 1, stderr: expect.stringContaining("nobody-at-all") });
    expect((await fetch(`${h.url}/healthz`)).status).toBe(200);
  });

  const folderName = async () =>
    (await h.client().GET(FOLDER, { params: { path: { id: h.users[0].folder_id } } })).data?.name;
  const rename = (name: string) => `update folders set name = '${name}' where id = '${h.users[0].folder_id}'`;

  test("when sql runs while the server runs, then it prints the last statement's rows as JSON, and the server answers what it wrote at once", async () => {
    const [user] = h.users;
    const name = `Renamed by sql ${randomBytes(3).toString("hex")}`;
    const { stdout } = await cli("sql", [
      `${rename(name)};
       select name, user_id, user_id::int8 as wide_id, created_at, decode('00ff', 'hex') as bytes
       from folders where id = '${user.folder_id}'`,
    ]);
    expect(JSON.parse(stdout)).toEqual([
      {
        name,
        user_id: user.id,
        wide_id: String(user.id),
        created_at: expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/),
        bytes: "\\x00ff",
      },
    ]);
    expect(await folderName()).toBe(name);
  });

  test("when sql runs while no server runs, then it opens the store itself, and the server started after answers what it wrote", async () => {
    const name = `Renamed while stopped ${randomBytes(3).toString("hex")}`;
    await h.whileStopped(async () => {
      const { stdout } = await cli("sql", [`${rename(name)}; select name from folders where name = '${name}'`]);
      expect(JSON.parse(stdout)).toEqual([{ name }]);
    });
    expect(await folderName()).toBe(name);
  });

  test("when the database refuses the SQL, or there is not one SQL argument, then sql exits 1 saying why and the server keeps serving", async () => {
    expect(await outcome(cli("sql", ["select * from no_such_table"]))).toMatchObject({
      code: 1,
      stderr: 'ERROR:  relation "no_such_table" does not exist\n',
    });
    for (const args of [[], ["select", "1"]])
      expect(await outcome(cli("sql", args))).toMatchObject({ code: 1, stderr: expect.stringMatching(/^usage: sql/) });
    expect((await fetch(`${h.url}/healthz`)).status).toBe(200);
  });

  test("when the SQL leaves a transaction open or changes a setting, then its write is rolled back, its setting ends and the server's own writes go on", async () => {
    const before = await folderName();
    expect(await cli("sql", [`begin; ${rename("Never committed")}`])).toMatchObject({ stdout: "[]\n" });
    expect(await folderName()).toBe(before);
    // The server's statements name their tables without a schema.
    expect(await cli("sql", ["set search_path = nowhere"])).toMatchObject({ stdout: "[]\n" });
    expect(await folderName()).toBe(before);
    const created = await h.client().POST("/evault/v1/folders/", { body: { name: "After the open transaction" } });
    expect(created.response.status).toBe(201);
    await h.restart();
    expect(await folderName()).toBe(before);
    const kept = await h.client().GET(FOLDER, { params: { path: { id: created.data?.id ?? "" } } });
    expect(kept.data?.name).toBe("After the open transaction");
  });
});

describe("the embedded database beside a running server", () => {
  let h: Harness;
  beforeAll(async () => {
    const pglite = backends.find((backend) => backend.name === "pglite");
    if (!pglite) throw new Error("the PGlite backend is missing");
    h = await startHarness(pglite);
  });
  afterAll(() => h?.stop());

  test("when a second server starts on the same DATA_DIR, then it exits 1 saying the database is in use", async () => {
    const second = await outcome(
      execNode(process.execPath, ["dist/main.js"], { cwd: serverDir, env: { ...h.env, PORT: "0" }, timeout: 60_000 }),
    );
    expect(second).toMatchObject({ code: 1, stderr: expect.stringContaining("open in another process") });
    expect((await fetch(`${h.url}/healthz`)).status).toBe(200);
  });

  test("the command socket is open to the owner of DATA_DIR only", () => {
    expect(statSync(join(h.dataDir, "control.sock")).mode & 0o777).toBe(0o600);
  });
});
