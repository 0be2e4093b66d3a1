// What must not leak: secrets into the log, whatever position they are sent in and
// however the request fails; a fresh rate-limit budget to whoever invents a new key.
import { execFile } from "node:child_process";
import { createHash, randomBytes } from "node:crypto";
import { resolve } from "node:path";
import { promisify } from "node:util";
import type { VaultClient } from "@vault/client";
import { textIn } from "@vault/spec/versions";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { backends } from "./helpers/backends.js";
import {
  type Documented,
  idsOf,
  type OperationId,
  type OperationRequest,
  send as sendOperation,
  spareParameter,
  versionTables,
} from "./helpers/operation-table.js";
import { type Harness, serverOutput, startHarness } from "./helpers/server.js";

const sha256 = (text: string) => createHash("sha256").update(text).digest("hex");

/** The JSON log lines of one request (its id sent as X-Request-Id). */
function logLines(requestId: string): Record<string, unknown>[] {
  return serverOutput
    .filter((line) => line.startsWith("{") && line.includes(`"${requestId}"`))
    .map((line) => JSON.parse(line));
}

const settle = () => new Promise((resolve) => setTimeout(resolve, 300));

const serverDir = resolve(import.meta.dirname, "../apps/server");
const BROWSER_ACCEPT = "text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8";
/** A link's token in any URL (`…/links/{token}/…`, `…/downloads/{token}/`), or a presigned URL's signature. */
const LINK_TOKEN = /\/(?:links|downloads)\/([^/?#"]+)|X-Amz-Signature=(\w+)/g;
const SECRET_FIELDS = new Set(["api_key", "access_token", "secret"]);

/** Adds every secret an answer issues to `into`: link tokens and download URLs, unlock tokens, signing secrets, keys. */
function collectSecrets(value: unknown, into: Set<string>, field = ""): void {
  if (typeof value === "string") {
    if (SECRET_FIELDS.has(field)) into.add(value);
    for (const [, token, signature] of value.matchAll(LINK_TOKEN))
      into.add(decodeURIComponent(token ?? signature ?? ""));
  } else if (Array.isArray(value)) {
    for (const item of value) collectSecrets(item, into);
  } else if (typeof value === "object" && value !== null) {
    for (const [name, item] of Object.entries(value)) collectSecrets(item, into, name);
  }
}

describe.each(backends)("secrets in the log on $name", (backend) => {
  let h: Harness;
  beforeAll(async () => {
    // A process: everything it writes, stderr included, is searched, not only its logger's lines.
    h = await startHarness(backend, { inProcess: false });
  });
  afterAll(() => h?.stop());

  const shareUrl = () => `${h.url}/evault/v1/file_shares/${h.users[0].file_share_id}/`;
  // Both backends log into one serverOutput: request ids name the backend.
  const requestId = (name: string) => `${backend.name}-${name}`;
  const send = (name: string, headers: Record<string, string>, body = "{}", query = "") =>
    fetch(`${shareUrl()}${query}`, {
      method: "PATCH",
      headers: { "content-type": "application/json", "x-request-id": requestId(name), ...headers },
      body,
    });

  // Once, on v1's path: what it checks is the log's redaction (of headers, the query, bodies
  // and failing SQL), which runs before any version's gate and knows no version.
  test("when secrets are sent in every position and requests fail, even in SQL, then none appears in the log", async () => {
    const [alice, bob] = h.users;
    const password = `share-password-${randomBytes(6).toString("hex")}`;
    const statuses: Record<string, number> = {};
    const run = async (id: string, response: Promise<Response>) => {
      statuses[id] = (await response).status;
    };

    // The key in the api-key header, a share password in the body.
    await run("leak-header", send("leak-header", { "api-key": alice.api_key }, JSON.stringify({ password })));
    // The key in an x-api-key header, in the query string, in the body (as a field and in malformed JSON).
    await run("leak-x-api-key", send("leak-x-api-key", { "x-api-key": bob.api_key }));
    await run("leak-query", send("leak-query", {}, "{}", `?api-key=${encodeURIComponent(bob.api_key)}`));
    await run("leak-body", send("leak-body", { "api-key": alice.api_key }, JSON.stringify({ api_key: bob.api_key })));
    await run("leak-json", send("leak-json", { "api-key": alice.api_key }, `{"password": "${bob.api_key}"`));
    expect(statuses).toEqual({
      "leak-header": 200,
      "leak-x-api-key": 401,
      "leak-query": 401,
      "leak-body": 400,
      "leak-json": 400,
    });

    // A failing SQL query that carries a new scrypt hash: the database refuses the row.
    const [stored] = await h.query<{ password_hash: string }>(
      `alter table file_shares add constraint leak_probe check (password_hash is null) not valid;
       select password_hash from file_shares where id = '${alice.file_share_id}'`,
    );
    const storedHash = stored?.password_hash ?? "";
    expect(storedHash).toMatch(/^scrypt\$/);
    await run(
      "leak-sql",
      send("leak-sql", { "api-key": alice.api_key }, JSON.stringify({ password: `${password}-2` })),
    );
    // A key lookup that fails: its query carries the key's SHA-256. The key is one the
    // server has not seen: a key it found valid is remembered and needs no lookup.
    const unseenKey = `vk_${randomBytes(4).toString("hex")}_${randomBytes(32).toString("base64url")}`;
    await h.query("alter table api_keys rename column revoked_at to revoked_at_probe");
    await run("leak-key-lookup", send("leak-key-lookup", { "api-key": unseenKey }));
    await h.query(
      `alter table api_keys rename column revoked_at_probe to revoked_at;
       alter table file_shares drop constraint leak_probe`,
    );
    expect(statuses["leak-sql"]).toBe(500);
    expect(statuses["leak-key-lookup"]).toBe(500);
    await settle();

    // The failures were logged, with what an operator needs: the query and the database's error.
    const failure = (name: string) =>
      JSON.stringify(logLines(requestId(name)).find((entry) => entry.msg === "request failed")) ?? "";
    expect(failure("leak-sql")).toContain("update file_shares s set");
    expect(failure("leak-sql")).toContain("violates check constraint");
    expect(failure("leak-key-lookup")).toContain("column api_keys.revoked_at does not exist");
    // The requests with a key in the query string or the x-api-key header were logged too.
    expect(JSON.stringify(logLines(requestId("leak-query")))).toContain("api-key=[redacted]");
    expect(JSON.stringify(logLines(requestId("leak-x-api-key")))).toContain('"x-api-key":"[redacted]"');

    const log = serverOutput.join("\n");
    for (const key of [alice.api_key, bob.api_key, unseenKey]) {
      expect(log).not.toContain(key);
      expect(log).not.toContain(encodeURIComponent(key));
      expect(log).not.toContain(sha256(key));
    }
    expect(log).not.toContain(password);
    expect(log).not.toContain(storedHash);
    // Nor the hash of the refused password, which only the failing query and its row held.
    expect(log).not.toMatch(/scrypt\$/);
  }, 120_000);

  // Every version's operations, each with its own client: a later version's answers and
  // links pass through its mapping at the edge, which must keep them out of the log too.
  describe.each(versionTables)("API $version", ({ version, documented, operationTable }) => {
    /** The version's operation `id` (its method and path). */
    const op = (id: OperationId) => documented.find((o) => o.id === id) as Documented;

    test("when every operation runs, the link pages and their form unlock included, then no secret issued appears whole in the log", async () => {
      const [alice] = h.users;
      const secrets = new Set<string>(h.users.flatMap((u) => [u.api_key, u.link_token]));
      // A key made by the command-line tool, used for every request of the operation table.
      const made = await promisify(execFile)(
        process.execPath,
        ["dist/cli/keys.js", "create", "--user", alice.username, "--json"],
        { cwd: serverDir, env: h.env },
      );
      const apiKey = (JSON.parse(made.stdout) as { api_key: string }).api_key;
      secrets.add(apiKey);
      // The version's client (at runtime every version's is the same code: the path names the version).
      const client = version === "v1" ? h.client(apiKey) : (h.clientV2(apiKey) as unknown as VaultClient);
      const ids = idsOf(alice);
      const statuses: Record<string, number> = {};
      for (const op of documented) {
        const entry = operationTable[op.id];
        const request: OperationRequest = entry.request(ids);
        if (entry.spare) {
          const spare = await entry.spare(client, ids);
          request[spareParameter(op.path)] = spare;
          if (spareParameter(op.path) === "token") secrets.add(spare);
        }
        const body = request.body as { password?: string } | undefined;
        if (body?.password) secrets.add(body.password);
        const { data, response } = await sendOperation(client, op, request);
        statuses[op.id] = response.status;
        collectSecrets(data, secrets);
        collectSecrets(response.headers.get("location"), secrets);
      }
      expect(Object.entries(statuses).filter(([, status]) => status >= 500)).toEqual([]);

      // A download link, downloaded as a program would: on disk its token is in the service's request line.
      const linked = (await sendOperation(client, op("createFileDownloadLink"), { id: alice.projects_file_id })) as {
        data?: { url?: string };
      };
      collectSecrets(linked.data, secrets);
      expect((await fetch(linked.data?.url ?? "")).status).toBe(200);

      // A password link, as a browser opens it (the form's unlock sets a cookie) and as a program does (a bearer token).
      const password = `link-password-${randomBytes(6).toString("hex")}`;
      secrets.add(password);
      const shared = (await sendOperation(client, op("createFileShare"), {
        body: { file: alice.file_id, access: "public", password },
      })) as { data?: { link?: string } };
      const token = /\/links\/([^/]+)\/$/.exec(shared.data?.link ?? "")?.[1] ?? "";
      expect(token).toMatch(/^[\w-]{32}$/);
      secrets.add(token);
      const link = `${h.url}${textIn(version, "/evault/v1/links/")}${token}/`;
      const browse = (url: string, headers: Record<string, string> = {}) =>
        fetch(url, { headers: { accept: BROWSER_ACCEPT, ...headers }, redirect: "manual" });
      expect((await browse(link)).status).toBe(401);
      const unlocked = await fetch(`${link}unlock/`, {
        method: "POST",
        headers: {
          accept: BROWSER_ACCEPT,
          "content-type": "application/x-www-form-urlencoded",
          "x-request-id": requestId(`form-unlock-${version}`),
        },
        body: new URLSearchParams({ password }),
        redirect: "manual",
      });
      expect(unlocked.status).toBe(303);
      expect(unlocked.headers.get("location")).toBe(link);
      const cookie = (unlocked.headers.get("set-cookie") ?? "").split(";")[0] ?? "";
      const cookieValue = cookie.split("=")[1] ?? "";
      expect(cookieValue.length).toBeGreaterThan(20);
      secrets.add(cookieValue);
      secrets.add(decodeURIComponent(cookieValue));
      expect((await browse(link, { cookie })).status).toBe(200);
      expect((await browse(`${link}content/`, { cookie })).status).toBe(200);
      const unlock = await fetch(`${link}unlock/`, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({ password }),
      });
      const { access_token } = (await unlock.json()) as { access_token: string };
      secrets.add(access_token);
      const bearer = await fetch(`${link}content/`, { headers: { authorization: `Bearer ${access_token}` } });
      expect(bearer.status).toBe(200);
      await settle();

      // The form's unlock was logged, with its answer's headers: the link by its prefix, the cookie by its name.
      const [line] = logLines(requestId(`form-unlock-${version}`)).filter((entry) => entry.msg === "request completed");
      const headers = (line?.res as { headers?: Record<string, unknown> } | undefined)?.headers ?? {};
      expect(String(headers.location)).toContain(`${textIn(version, "/evault/v1/links/")}${token.slice(0, 6)}…`);
      expect(String(headers["set-cookie"])).toMatch(/^link_access=\[redacted\]; /);

      expect([...secrets].filter((secret) => secret.length < 6)).toEqual([]);
      const holds = (line: string) => (secret: string) =>
        line.includes(secret) || line.includes(encodeURIComponent(secret));
      expect(serverOutput.filter((line) => [...secrets].some(holds(line)))).toEqual([]);
    }, 240_000);
  });
});

// The budgets count per key and per client address, not per version: the requests go to
// v1's path (a budget spent there is spent for every version, which the 429s check).
describe.each(backends)("rate limits on $name", (backend) => {
  const BUDGET = 20;
  let h: Harness;
  beforeAll(async () => {
    h = await startHarness(backend, { env: { RATE_LIMIT_PER_MINUTE: String(BUDGET) } });
  });
  afterAll(() => h?.stop());

  const patchShare = (apiKey: string, body = "{}", version = "v1") =>
    fetch(`${h.url}${textIn(version, "/evault/v1/file_shares/")}${h.users[0].file_share_id}/`, {
      method: "PATCH",
      headers: { "content-type": "application/json", "api-key": apiKey },
      body,
    });

  test("when valid keys make more failing requests than the failed-auth budget, then none is refused", async () => {
    const [alice, bob] = h.users;
    const invalid = '{"access": "secret"}';
    const statuses: number[] = [];
    // 24 requests that break the contract (400), more than the budget of 20; 12 per key stay within its own budget.
    for (let i = 0; i < 12; i++) {
      statuses.push((await patchShare(alice.api_key, invalid)).status, (await patchShare(bob.api_key, invalid)).status);
    }
    statuses.push((await patchShare(alice.api_key)).status);
    expect(statuses).toEqual([...Array(24).fill(400), 200]);
  });

  const randomKey = () => `vk_${randomBytes(4).toString("hex")}_${randomBytes(32).toString("base64url")}`;

  test("when each request sends a new random key, then after RATE_LIMIT_PER_MINUTE 401s the address gets 429s", async () => {
    const statuses: number[] = [];
    let last: Response | undefined;
    for (let i = 0; i < BUDGET + 5; i++) {
      last = await patchShare(randomKey());
      statuses.push(last.status);
    }
    expect(statuses.slice(0, BUDGET)).toEqual(Array(BUDGET).fill(401));
    expect(statuses.slice(BUDGET)).toEqual(Array(5).fill(429));
    expect(last?.headers.get("retry-after")).toMatch(/^\d+$/);
    expect(await last?.json()).toMatchObject({ status: 429, type: "urn:vault:problem:too-many-requests" });
    // The budget is the address's, whichever version's path the new keys are sent to.
    for (const { version } of versionTables.slice(1)) {
      expect((await patchShare(randomKey(), "{}", version)).status, version).toBe(429);
    }
    // A valid key from the same address is not shut out; it has its own budget.
    expect((await patchShare(h.users[0].api_key)).status).toBe(200);
  });
});
