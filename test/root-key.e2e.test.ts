// The root secret lives outside the database: a copy of the database alone (pg_dump, or
// the embedded store's directory without the key file beside it) opens no link, forges
// no unlock and holds no webhook secret in clear; a server with another key refuses to
// start; a rotation keeps links, unlocks and cursors working; and an upgrade from the
// schema through migration 0024 keeps every link made before.
import { execFile } from "node:child_process";
import { createHash, createHmac, randomBytes } from "node:crypto";
import { mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { promisify } from "node:util";
import { PGlite } from "@electric-sql/pglite";
import { createVaultClient } from "@vault/client";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { type Backend, databases } from "./helpers/backends.js";
import { stopChild } from "./helpers/processes.js";
import { type Harness, spawnServer, startHarness } from "./helpers/server.js";

const run = promisify(execFile);
/** The tests that restart servers several times: a loaded machine takes up to 20 s a start. */
const SLOW = 240_000;
const serverDir = resolve(import.meta.dirname, "../apps/server");
const migrations = join(serverDir, "src/data/migrations");

const SHARES = "/evault/v1/file_shares/" as const;
const SHARE = "/evault/v1/file_shares/{id}/" as const;
const LINK = "/evault/v1/links/{token}/" as const;
const UNLOCK = "/evault/v1/links/{token}/unlock/" as const;
const ENDPOINTS = "/evault/v1/webhook_endpoints/" as const;

const sha256 = (text: string) => createHash("sha256").update(text).digest("hex");
const tokenOf = (link: string | undefined) => /\/links\/([^/]+)\/$/.exec(link ?? "")?.[1] ?? "";
const newKey = () => randomBytes(32).toString("hex");
/** The link token servers derived before: the first 24 bytes of SHA-256 over a secret, ':' and the share's nonce. */
const derivedToken = (secret: string, nonce: string) =>
  createHash("sha256").update(`${secret}:${nonce}`).digest().subarray(0, 24).toString("base64url");
/** The unlock token servers signed before: HMAC-SHA-256 with the link secret over the share, its link and password. */
const signedUnlock = (secret: string, share: Record<string, string | null>, expiry: string) =>
  `${expiry}.${createHmac("sha256", Buffer.from(secret, "utf8"))
    .update(`unlock\n${share.id}\n${share.link_hash}\n${share.password_hash ?? ""}\n${expiry}`)
    .digest()
    .toString("base64url")}`;

/** Runs the keys CLI with `env`; its output, and its exit code. */
async function keysCli(env: Record<string, string>, ...args: string[]) {
  try {
    const { stdout } = await run(process.execPath, ["dist/cli/keys.js", ...args], { cwd: serverDir, env });
    return { code: 0, output: stdout };
  } catch (error) {
    const failed = error as { code: number; stdout: string; stderr: string };
    return { code: failed.code, output: failed.stdout + failed.stderr };
  }
}

/** Why a server start with `env` failed; a server that starts is stopped, and "it started" returned. */
async function startError(env: Record<string, string>): Promise<string> {
  try {
    await stopChild((await spawnServer(env)).child);
    return "it started";
  } catch (error) {
    return (error as Error).message;
  }
}

describe.each(databases)("the root key on $name", (backend) => {
  let h: Harness;
  beforeAll(async () => {
    h = await startHarness(backend, { env: { WEBHOOK_ALLOW_HOSTS: "127.0.0.1" } });
  });
  afterAll(() => h?.stop());

  const anyone = () => createVaultClient({ baseUrl: h.url, retries: { max: 0 } });
  /** Every byte the database keeps: pg_dump's output, or each file of the embedded store's directory (the server stopped). */
  async function databaseCopy(): Promise<Buffer> {
    if (h.env.DATABASE_URL) {
      const { stdout } = await run("pg_dump", [h.env.DATABASE_URL], {
        maxBuffer: 256 * 1024 * 1024,
        encoding: "buffer",
      });
      return stdout;
    }
    return h.whileStopped(async () => {
      const dir = join(h.dataDir, "pg");
      const files = (readdirSync(dir, { recursive: true }) as string[]).filter((f) => statSync(join(dir, f)).isFile());
      return Buffer.concat(files.map((f) => readFileSync(join(dir, f))));
    });
  }

  test(
    "when the database is copied without the key, then the copy holds no token, no webhook secret, and nothing in it opens a link or forges an unlock",
    async () => {
      const made = await h.client().POST(SHARES, {
        params: { header: { "Idempotency-Key": `share-${randomBytes(4).toString("hex")}` } },
        body: { file: h.users[0].file_id, access: "public", password: "open sesame" },
      });
      expect(made.response.status).toBe(201);
      const token = tokenOf(made.data?.link);
      const unlocked = await anyone().POST(UNLOCK, { params: { path: { token } }, body: { password: "open sesame" } });
      const access = unlocked.data?.access_token ?? "";
      expect(access).toMatch(/^\d+\./);
      const endpoint = await h.client().POST(ENDPOINTS, {
        params: { header: { "Idempotency-Key": `hook-${randomBytes(4).toString("hex")}` } },
        body: { url: "http://127.0.0.1:9/in", events: ["*"] as never },
      });
      const secret = endpoint.data?.secret ?? "";
      expect(secret).toMatch(/^whsec_/);

      const copy = await databaseCopy();
      for (const credential of [token, secret, secret.slice("whsec_".length), access.split(".")[1] as string]) {
        expect(copy.includes(credential), credential).toBe(false);
      }
      // Whatever secret-like value the copy holds, the old derivations with it give neither the link nor the unlock.
      const [share] = await h.query<Record<string, string | null>>(
        `select id, link_hash, password_hash, link_nonce from file_shares where id = '${made.data?.id}'`,
      );
      const held = await h.query<{ value: string }>(
        "select secret as value from server_secrets union all select key_id from root_key_check union all select check_value from root_key_check",
      );
      expect(held.length).toBeGreaterThan(0);
      const expiry = access.split(".")[0] as string;
      const forged = held.map(({ value }) => ({
        link: derivedToken(value, share?.link_nonce ?? share?.id ?? ""),
        unlock: signedUnlock(value, share ?? {}, expiry),
      }));
      expect(forged.filter(({ link }) => sha256(link) === share?.link_hash)).toEqual([]);
      expect(forged.filter(({ unlock }) => unlock === access)).toEqual([]);
      for (const { unlock } of forged) {
        const opened = await anyone().GET(LINK, {
          params: { path: { token }, header: { Authorization: `Bearer ${unlock}` } },
        });
        expect(opened.response.status).toBe(401);
      }
      // The token, the unlock and the secret still work for whoever holds them.
      const opened = await anyone().GET(LINK, {
        params: { path: { token }, header: { Authorization: `Bearer ${access}` } },
      });
      expect(opened.response.status).toBe(200);
    },
    SLOW,
  );

  test.skipIf(backend.name !== "pglite")(
    "when the embedded store has no key setting, then its key file is beside the database directory, not inside it, readable by its owner only",
    () => {
      const file = join(h.dataDir, "secret.key");
      expect(statSync(file).mode & 0o777).toBe(0o600);
      expect(readFileSync(file, "utf8").trim()).toMatch(/^[0-9a-f]{64}$/);
      expect(readdirSync(join(h.dataDir, "pg"), { recursive: true })).not.toContain("secret.key");
    },
  );

  test(
    "when a server starts with another key, then it refuses, naming the setting, and the database is unchanged",
    async () => {
      const before = await h.query("select key_id, check_value from root_key_check");
      await h.whileStopped(async () =>
        expect(await startError({ ...h.env, VAULT_SECRET_KEY: newKey() })).toMatch(
          /VAULT_SECRET_KEY is not the root key of this database/,
        ),
      );
      expect(await h.query("select key_id, check_value from root_key_check")).toEqual(before);
    },
    SLOW,
  );

  test.skipIf(backend.name === "pglite" || backend.name === "pglite+s3")(
    "when a server runs on PostgreSQL with NODE_ENV=production and no key, then it refuses to start naming VAULT_SECRET_KEY",
    async () => {
      expect(await startError({ ...h.env, NODE_ENV: "production" })).toMatch(
        /VAULT_SECRET_KEY \(or VAULT_SECRET_KEY_FILE\) is required on PostgreSQL/,
      );
    },
  );

  test(
    "when the key is rotated in three steps, then links, unlocks and cursors keep working until the old key is dropped, only rotate-secret moves records to the new key, and the old key alone is refused after it",
    async () => {
      const made = await h.client().POST(SHARES, {
        body: { file: h.users[0].file_id, access: "public", password: "open sesame" },
      });
      const id = made.data?.id ?? "";
      const token = tokenOf(made.data?.link);
      const unlocked = await anyone().POST(UNLOCK, { params: { path: { token } }, body: { password: "open sesame" } });
      const bearer = { Authorization: `Bearer ${unlocked.data?.access_token}` };
      const hookKey = `hook-${randomBytes(4).toString("hex")}`;
      const hook = { url: "http://127.0.0.1:9/rotated", events: ["*"] as never };
      const endpoint = await h
        .client()
        .POST(ENDPOINTS, { params: { header: { "Idempotency-Key": hookKey } }, body: hook });
      const page = await h.client().GET(SHARES, { params: { query: { page_size: 1 } } });
      const cursor = new URL(page.data?.next ?? "").searchParams.get("cursor") ?? "";
      expect(cursor).not.toBe("");

      const [{ key_id: oldId } = { key_id: "" }] = await h.query<{ key_id: string }>(
        "select key_id from root_key_check",
      );
      const underOldKey = `select id from file_shares where link_sealed like '${oldId}.%'
      union all select id from webhook_endpoints where secret like '${oldId}.%'`;
      const rotateAlone = await keysCli(h.env, "rotate-secret");
      expect(rotateAlone.code).not.toBe(0);
      expect(rotateAlone.output).toMatch(
        /set the new key as VAULT_SECRET_KEY and the old one as VAULT_SECRET_KEY_PREVIOUS/,
      );

      // Step 1: the new key is accepted beside the old one, which still seals.
      const oldKeyFile = join(h.dataDir, "secret.key");
      const printed = await keysCli(h.env, "new-secret");
      expect(printed.output).toMatch(/^[0-9a-f]{64}\n$/);
      const newKeyValue = printed.output.trim();
      h.env.VAULT_SECRET_KEY_PREVIOUS = newKeyValue;
      await h.restart();
      expect((await anyone().GET(LINK, { params: { path: { token }, header: bearer } })).response.status).toBe(200);

      // Step 2: the new key seals, the old one is accepted; a start reseals nothing, so a server with the old key alone
      // still starts and opens everything.
      delete h.env.VAULT_SECRET_KEY_PREVIOUS;
      Object.assign(h.env, { VAULT_SECRET_KEY: newKeyValue, VAULT_SECRET_KEY_PREVIOUS_FILE: oldKeyFile });
      await h.restart();
      expect((await anyone().GET(LINK, { params: { path: { token }, header: bearer } })).response.status).toBe(200);
      const next = await h.client().GET(SHARES, { params: { query: { page_size: 1, cursor } } });
      expect(next.response.status, JSON.stringify(next.error)).toBe(200);
      expect(tokenOf((await h.client().GET(SHARE, { params: { path: { id } } })).data?.link)).toBe(token);
      expect((await h.query(underOldKey)).length).toBeGreaterThanOrEqual(2);
      const { VAULT_SECRET_KEY: _new, VAULT_SECRET_KEY_PREVIOUS_FILE: _old, ...oldKeyOnly } = h.env;
      await h.whileStopped(async () => expect(await startError(oldKeyOnly)).toBe("it started"));

      const rotated = await keysCli(h.env, "rotate-secret", "--json");
      expect(rotated.code, rotated.output).toBe(0);
      const keyId = JSON.parse(rotated.output).key_id as string;
      const stale = await h.query(`select 'share' as kind, id from file_shares where link_sealed not like '${keyId}.%'
      union all select 'endpoint', id from webhook_endpoints where secret not like '${keyId}.%' or previous_secret not like '${keyId}.%'
      union all select 'check', key_id from root_key_check where key_id <> '${keyId}'`);
      expect(stale).toEqual([]);

      // Step 3, the new key alone: the link and the endpoint's secret open (an unlock or a cursor signed with the old
      // key ends: it is unlocked again, the listing starts over), and the old key alone is refused.
      delete h.env.VAULT_SECRET_KEY_PREVIOUS_FILE;
      await h.restart();
      const oldCursor = await h.client().GET(SHARES, { params: { query: { page_size: 1, cursor } } });
      expect(oldCursor.response.status).toBe(400);
      const again = await anyone().POST(UNLOCK, { params: { path: { token } }, body: { password: "open sesame" } });
      const newBearer = { Authorization: `Bearer ${again.data?.access_token}` };
      expect((await anyone().GET(LINK, { params: { path: { token }, header: newBearer } })).response.status).toBe(200);
      expect(tokenOf((await h.client().GET(SHARE, { params: { path: { id } } })).data?.link)).toBe(token);
      const replayed = await h
        .client()
        .POST(ENDPOINTS, { params: { header: { "Idempotency-Key": hookKey } }, body: hook });
      expect(replayed.data?.secret).toBe(endpoint.data?.secret);
      await h.whileStopped(async () => {
        const { VAULT_SECRET_KEY: _key, ...withoutKey } = h.env;
        expect(await startError(withoutKey)).toMatch(/is not the root key of this database/);
      });
    },
    SLOW,
  );
});

/** The files of the embedded store's directory `dataDir/pg` but its write-ahead log that hold any of `values`, each with the values it holds. */
function filesHolding(dataDir: string, values: string[]): string[] {
  const dir = join(dataDir, "pg");
  const files = (readdirSync(dir, { recursive: true }) as string[]).filter(
    (f) => !f.startsWith("pg_wal") && statSync(join(dir, f)).isFile(),
  );
  return files.flatMap((f) => {
    const bytes = readFileSync(join(dir, f));
    const held = values.filter((value) => bytes.includes(Buffer.from(value)));
    return held.length === 0 ? [] : [`${f}: ${held.join(", ")}`];
  });
}

/** The SQL of migrations 0000 to 0024, statement by statement, and the migrator's record that they ran. */
function schemaThrough0024(): string[] {
  const journal = JSON.parse(readFileSync(join(migrations, "meta/_journal.json"), "utf8")) as {
    entries: { idx: number; tag: string; when: number }[];
  };
  const upTo = journal.entries.filter((entry) => entry.idx <= 24);
  const statements = upTo.flatMap((entry) =>
    readFileSync(join(migrations, `${entry.tag}.sql`), "utf8").split("--> statement-breakpoint"),
  );
  const last = upTo.at(-1)?.when;
  return [
    "begin",
    ...statements,
    `create schema drizzle`,
    `create table drizzle.__drizzle_migrations (id serial primary key, hash text not null, created_at bigint)`,
    `insert into drizzle.__drizzle_migrations (hash, created_at) values ('through 0024', ${last})`,
    "commit",
  ];
}

/** What the servers before kept: a user, a public shared folder with a link, and an endpoint whose creation is kept for a replay. */
const OLD_DATA = [
  `insert into users (username, email, first_name, last_name) values ('old', 'old@example.com', 'Old', 'Timer')`,
  `insert into folders (id, user_id, name) select 'f-old', id, 'Kept' from users`,
  `insert into file_shares (id, user_id, folder_id, access, link_nonce, link_hash)
    select 's-old', id, 'f-old', 'public', 'nonce-of-old-share', '' from users`,
  `insert into webhook_endpoints (id, user_id, url, events, secret)
    select 'we_old', id, 'https://hooks.example.com/old', '{*}', 'whsec_b2xkIHNlY3JldCBvZiBvbGQgZW5kcG9pbnQ=' from users`,
  `insert into idempotency_keys (user_id, key, fingerprint, claim, leased_until, expires_at, status, headers, body, recorded, committed_at)
    select u.id, 'old-hook', 'an-old-fingerprint', 'c', now(), now() + interval '1 day', 201, '{}',
      jsonb_build_object('id', 'we_old', 'secret', e.secret)::text,
      jsonb_build_object('id', 'we_old', 'url', e.url, 'events', to_jsonb(e.events), 'description', null, 'disabled', false,
        'created_at', e.created_at, 'updated_at', e.updated_at, 'secret', e.secret), now()
    from users u, webhook_endpoints e`,
];

/** A database at migration 0024 with the old data; the link token its servers showed. */
async function oldDatabase(backend: Backend, dataDir: string) {
  const database = await backend.createDatabase();
  const exec = async (client: { query(sql: string): Promise<{ rows: unknown[] }> }) => {
    for (const statement of [...schemaThrough0024(), ...OLD_DATA]) await client.query(statement);
    const [{ secret } = { secret: "" }] = (
      await client.query("select secret from server_secrets where name = 'share_link'")
    ).rows as { secret: string }[];
    const token = derivedToken(secret, "nonce-of-old-share");
    await client.query(`update file_shares set link_hash = '${sha256(token)}' where id = 's-old'`);
    return { token, linkSecret: secret };
  };
  if (database.url) {
    const client = new pg.Client({ connectionString: database.url });
    await client.connect();
    try {
      return { database, ...(await exec(client)) };
    } finally {
      await client.end();
    }
  }
  const embedded = await PGlite.create(join(dataDir, "pg"));
  try {
    return { database, ...(await exec(embedded)) };
  } finally {
    await embedded.close();
  }
}

/** The rows of `sql` on the database at `url`, or on the embedded store of `dataDir` (no server running). */
async function queryOf(url: string | undefined, dataDir: string, sql: string): Promise<unknown[]> {
  if (url) {
    const client = new pg.Client({ connectionString: url });
    await client.connect();
    try {
      return (await client.query(sql)).rows;
    } finally {
      await client.end();
    }
  }
  const embedded = await PGlite.create(join(dataDir, "pg"));
  try {
    return (await embedded.query(sql)).rows;
  } finally {
    await embedded.close();
  }
}

describe.each(databases)("an upgrade from migration 0024 on $name", (backend) => {
  test(
    "when the new server first starts on an old database, then every old link opens, the old secrets are gone and a kept answer replays its secret",
    async () => {
      const dataDir = mkdtempSync(join(tmpdir(), "vault-upgrade-"));
      const { database, token, linkSecret } = await oldDatabase(backend, dataDir);
      const env: Record<string, string> = {
        PATH: process.env.PATH ?? "",
        DATA_DIR: dataDir,
        PORT: "0",
        VAULT_SECRET_KEY: newKey(),
        ...(database.url ? { DATABASE_URL: database.url } : {}),
      };
      // On PostgreSQL two servers start together: one upgrades, the other waits and finds it done.
      const servers = await Promise.all(database.url ? [spawnServer(env), spawnServer(env)] : [spawnServer(env)]);
      try {
        const key = JSON.parse((await keysCli(env, "create", "--user", "old", "--json")).output).api_key as string;
        for (const { url } of servers) {
          const opened = await createVaultClient({ baseUrl: url, retries: { max: 0 } }).GET(LINK, {
            params: { path: { token } },
          });
          expect(opened.response.status, url).toBe(200);
          expect(opened.data).toMatchObject({ kind: "folder" });
        }
        const owner = createVaultClient({ baseUrl: servers[0]?.url ?? "", apiKey: key, retries: { max: 0 } });
        expect(tokenOf((await owner.GET(SHARE, { params: { path: { id: "s-old" } } })).data?.link)).toBe(token);
        const replayed = await owner.POST(ENDPOINTS, {
          params: { header: { "Idempotency-Key": "old-hook" } },
          body: { url: "https://hooks.example.com/old", events: ["*"] as never },
        });
        expect(replayed.data?.secret).toBe("whsec_b2xkIHNlY3JldCBvZiBvbGQgZW5kcG9pbnQ=");

        await Promise.all(servers.map(({ child }) => stopChild(child)));
        const leftovers = `select 'secret' as what, name from server_secrets
        union all select 'nonce', id from file_shares where link_nonce is not null
        union all select 'clear webhook secret', id from webhook_endpoints where secret like 'whsec_%'
        union all select 'kept body', key from idempotency_keys where body is not null`;
        expect(await queryOf(database.url, dataDir, leftovers)).toEqual([]);
        // No earlier version of a row keeps them in the table files either (the write-ahead log still does).
        const old = [linkSecret, "b2xkIHNlY3JldCBvZiBvbGQgZW5kcG9pbnQ=", token];
        if (!database.url) expect(filesHolding(dataDir, old)).toEqual([]);
      } finally {
        await Promise.all(servers.map(({ child }) => stopChild(child)));
        await database.drop();
        rmSync(dataDir, { recursive: true, force: true });
      }
    },
    SLOW,
  );
});
