// Isolation and secrecy: one user never reaches another's data; keys and passwords
// never appear in clear anywhere; hostile ids and filenames go nowhere. The
// contract-wide checks run on every version of the API (each with its own table of
// operations), against one server per backend.
import { createHash } from "node:crypto";
import { existsSync } from "node:fs";
import { join } from "node:path";
import type { VaultClient } from "@vault/client";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { backends } from "./helpers/backends.js";
import { type Documented, idsOf, type OperationId, send, versionTables } from "./helpers/operation-table.js";
import { type Harness, serverOutput, startHarness } from "./helpers/server.js";

/** Every row of every table (but `except`), as text, in one query. */
async function dump(h: Harness, except: string[] = []): Promise<string> {
  const rows = await h.query<{ t: string; rows: string }>(`
    select table_name as t, query_to_xml(format('select * from %I order by 1', table_name), true, false, '')::text as rows
    from information_schema.tables where table_schema = 'public' order by table_name`);
  return rows
    .filter((r) => !except.includes(r.t))
    .map((r) => `${r.t}\n${r.rows}`)
    .join("\n");
}

describe.each(backends)("security on $name", (backend) => {
  let h: Harness;
  beforeAll(async () => {
    // The request log at info: a test searches it for secrets.
    h = await startHarness(backend, { env: { LOG_LEVEL: "info" } });
  });
  afterAll(() => h?.stop());

  describe.each(versionTables)("API $version", ({ version, documented, operationTable }) => {
    /** The version's client (at runtime every version's is the same code: the path names the version). */
    const client = (apiKey?: string) =>
      version === "v1" ? h.client(apiKey) : (h.clientV2(apiKey) as unknown as VaultClient);
    /** The version's operation `id` (its method and path). */
    const op = (id: OperationId) => documented.find((o) => o.id === id) as Documented;

    test("when user B uses each of user A's ids in every operation, then 404 and A's data is unchanged", async () => {
      const [victim, attacker] = h.users;
      // api_keys is left out: the attacker's own key records its last use.
      // The sweep's own bookkeeping (its generation goes up at every sweep, and the start-up sweep may end meanwhile) is not A's data.
      const bookkeeping = ["api_keys", "blob_store_binding"];
      const before = await dump(h, bookkeeping);
      for (const op of documented) {
        // The owner's own request, sent by another user (the table's `foreign` says what that gets).
        const { foreign, request } = operationTable[op.id];
        if (foreign === null) continue;
        const { response, error } = await send(client(attacker.api_key), op, request(idsOf(victim)));
        expect(response.status, op.id).toBe(foreign);
        if (op.method !== "head") {
          expect(error?.type, op.id).toBe(
            foreign === 404 ? "urn:vault:problem:not-found" : "urn:vault:problem:unprocessable",
          );
        }
      }
      const download = await send(client(attacker.api_key), op("downloadFile"), { id: victim.file_id });
      expect(download.response.status).toBe(404);
      expect(await dump(h, bookkeeping)).toBe(before);
    }, 180_000);

    test("when keys and passwords have been used, then none appears in clear in responses, logs or the database", async () => {
      const [user] = h.users;
      const password = "s3cret-share-password";
      const { data } = (await send(client(), op("updateFileShare"), {
        id: user.file_share_id,
        body: { password },
      })) as { data?: { has_password?: boolean } };
      expect(data?.has_password).toBe(true);
      expect(JSON.stringify(data)).not.toContain(password);
      const database = await dump(h);
      const logs = serverOutput.join("\n");
      for (const secret of [password, ...h.users.map((u) => u.api_key)]) {
        expect(database).not.toContain(secret);
        expect(logs).not.toContain(secret);
      }
      expect(database).toMatch(/<password_hash>scrypt\$/);
      expect(database).toMatch(/<key_hash>[0-9a-f]{64}<\/key_hash>/);
    }, 120_000);

    test("when a share is created with a password and an Idempotency-Key, then no column holds an unkeyed SHA-256 of its body", async () => {
      const [user] = h.users;
      // A key of its own per version: the same key with another path is another request (a 422).
      const idempotencyKey = `share-with-password-${version}`;
      const body = { file: user.file_id, access: "public" as const, password: "fingerprinted-share-password" };
      const create = op("createFileShare");
      const { response } = await send(client(), create, { headers: { "Idempotency-Key": idempotencyKey }, body });
      expect(response.status).toBe(201);
      // The request as the fingerprint digests it: method, path and parsed body, as JSON with its keys sorted.
      const sorted = {
        body: Object.fromEntries(Object.entries(body).sort()),
        method: "POST",
        url: create.path,
      };
      const canonical = JSON.stringify(sorted);
      const unkeyed = createHash("sha256").update(canonical).digest("hex");
      const database = await dump(h);
      expect(database).toContain(idempotencyKey);
      expect(database).not.toContain(unkeyed);
    }, 120_000);

    test.each([
      "'; DROP TABLE users; --",
      "1 OR 1=1",
      "../../etc/passwd",
      "..%2F..%2Fetc%2Fpasswd",
      "%2e%2e%2f%2e%2e%2fetc%2fpasswd",
      "\u0000",
      "😀",
    ])("when an id is %j, then every operation answers a 404 problem and the data survives", async (id) => {
      for (const op of documented.filter((o) => o.path.includes("{id}") && o.method !== "head")) {
        const { body, headers } = operationTable[op.id].request(idsOf(h.users[1]));
        const { response } = await send(client(), op, { id, body, headers });
        // An id PostgreSQL cannot even store (NUL) is a 400; every other one names nothing: 404.
        expect(id === "\u0000" ? [400] : [404], op.id).toContain(response.status);
        expect(response.headers.get("content-type")).toMatch(/^application\/problem\+json/);
      }
      const { response } = await send(client(), op("updateFileShare"), { id: h.users[0].file_share_id, body: {} });
      expect(response.status).toBe(200);
    });
  });

  // Once, on v1: the multipart reader keeps a filename's last segment before any
  // version's gate or mapping meets the request, so another version's path adds nothing.
  test("when the uploaded filename carries path separators, then only its last segment is kept and nothing lands outside DATA_DIR", async () => {
    const [user] = h.users;
    const marker = `escape-${Date.now()}.txt`;
    for (const filename of [`../../../../../../tmp/${marker}`, `..\\..\\..\\tmp\\${marker}`, `/tmp/${marker}`]) {
      const { data, response } = await h.client().PUT("/evault/v1/files/{id}/", {
        params: { path: { id: user.file_id } },
        body: { file: new File(["escape attempt"], filename) },
      });
      expect(response.status).toBe(200);
      expect(data?.name).toBe(marker);
      expect(data?.extension).toBe("txt");
      expect(existsSync(join("/tmp", marker))).toBe(false);
    }
    const stored = await h.storedNames();
    expect(stored.length).toBeGreaterThan(0);
    expect(stored.some((p) => p.includes(marker))).toBe(false);
    const content = await h
      .client()
      .GET("/evault/v1/files/{id}/content/", { params: { path: { id: user.file_id } }, parseAs: "text" });
    expect(content.data).toBe("escape attempt");
  });
});
