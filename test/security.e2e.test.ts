// Isolation and secrecy: one user never reaches another's data; keys and passwords
// never appear in clear anywhere; hostile ids and filenames go nowhere.
import { existsSync } from "node:fs";
import { join } from "node:path";
import { toFormData, type VaultClient } from "@vault/client";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { backends } from "./helpers/backends.js";
import { contract, type Schema } from "./helpers/contract.js";
import { type Harness, type SeededUser, serverOutput, startHarness } from "./helpers/server.js";

/** What user B sends to reach user A's data, and the answer: an id of A's in the path, or one named in the body or a filter. */
interface Attack {
  id?: (u: SeededUser) => string;
  body?: (u: SeededUser) => unknown;
  query?: (u: SeededUser) => Record<string, string>;
  /** 404 for an id or a filter; a body that names another user's item is a 422 naming the field. */
  status: 404 | 422;
}

/** For each operation, the attack on user A; `null` where a request names nothing of anyone's (the lists of one's own). */
const attacks: Record<string, Attack | null> = {
  updateNgnBankAccount: {
    id: (u) => u.bank_account_id,
    body: () => ({ account_number: "7000000001", reference: "pwned" }),
    status: 404,
  },
  updateFileShare: { id: (u) => u.file_share_id, body: () => ({ access: "public", password: "pwned" }), status: 404 },
  updateFile: {
    id: (u) => u.file_id,
    body: () => ({ file: new File(["pwned"], "pwned.txt"), name: "pwned" }),
    status: 404,
  },
  restoreBin: { id: (u) => u.bin_id, body: () => ({ tags: [{ name: "pwned" }] }), status: 404 },
  duplicateFolder: { id: (u) => u.folder_id, body: () => ({ name: "pwned" }), status: 404 },
  updateFavouriteFolder: { id: (u) => u.folder_id, body: () => ({ name: "pwned", is_starred: true }), status: 404 },
  downloadFile: { id: (u) => u.file_id, status: 404 },
  headFileContent: { id: (u) => u.file_id, status: 404 },
  getNgnBankAccount: { id: (u) => u.bank_account_id, status: 404 },
  getFile: { id: (u) => u.file_id, status: 404 },
  deleteFile: { id: (u) => u.file_id, status: 404 },
  getFolder: { id: (u) => u.folder_id, status: 404 },
  deleteFolder: { id: (u) => u.folder_id, status: 404 },
  getFileShare: { id: (u) => u.file_share_id, status: 404 },
  deleteFileShare: { id: (u) => u.file_share_id, status: 404 },
  getBin: { id: (u) => u.bin_id, status: 404 },
  deleteBin: { id: (u) => u.bin_id, status: 404 },
  listFiles: { query: (u) => ({ folder: u.folder_id }), status: 404 },
  listFolders: { query: (u) => ({ parent: u.folder_id }), status: 404 },
  createFile: { body: (u) => ({ file: new File(["pwned"], "pwned.txt"), folder: u.folder_id }), status: 422 },
  createFolder: { body: (u) => ({ name: "pwned", folder: u.folder_id }), status: 422 },
  createFileShare: { body: (u) => ({ file: u.file_id, access: "public" }), status: 422 },
  // Account numbers are unique across the service: a taken one is a 409 for anyone (documented).
  createNgnBankAccount: null,
  listNgnBankAccounts: null,
  listFavouriteFolders: null,
  listFileShares: null,
  listBins: null,
};

/** Every documented operation: its id, method and path. */
const documented = Object.entries<Schema>(contract.paths).flatMap(([path, item]) =>
  Object.entries<Schema>(item).map(([method, op]) => ({ id: op.operationId as string, method, path })),
);

/** Every row of every table (but `except`), as text, in one query (PGlite needs the server stopped for each). */
async function dump(h: Harness, except: string[] = []): Promise<string> {
  const rows = await h.query<{ t: string; rows: string }>(`
    select table_name as t, query_to_xml(format('select * from %I order by 1', table_name), true, false, '')::text as rows
    from information_schema.tables where table_schema = 'public' order by table_name`);
  return rows
    .filter((r) => !except.includes(r.t))
    .map((r) => `${r.t}\n${r.rows}`)
    .join("\n");
}

async function call(
  client: VaultClient,
  method: string,
  path: string,
  request: { id?: string; body?: unknown; query?: Record<string, string> },
) {
  const send = (
    client as unknown as Record<string, (p: string, i: unknown) => Promise<{ response: Response; error?: unknown }>>
  )[method.toUpperCase()] as (p: string, i: unknown) => Promise<{ response: Response; error?: { type?: string } }>;
  const { id, body, query } = request;
  return send(path, {
    params: { path: id === undefined ? {} : { id }, query },
    body,
    bodySerializer: (body as { file?: unknown } | undefined)?.file instanceof Blob ? toFormData : undefined,
  });
}

describe.each(backends)("security on $name", (backend) => {
  let h: Harness;
  beforeAll(async () => {
    h = await startHarness(backend);
  });
  afterAll(() => h?.stop());

  test("when user B uses each of user A's ids in every operation, then 404 and A's data is unchanged", async () => {
    const [victim, attacker] = h.users;
    // api_keys is left out: the attacker's own key records its last use.
    const before = await dump(h, ["api_keys"]);
    for (const op of documented) {
      const attack = attacks[op.id];
      if (attack === undefined) throw new Error(`no attack written for ${op.id}`);
      if (attack === null) continue;
      const { response, error } = await call(h.client(attacker.api_key), op.method, op.path, {
        id: attack.id?.(victim),
        body: attack.body?.(victim),
        query: attack.query?.(victim),
      });
      expect(response.status, op.id).toBe(attack.status);
      if (op.method !== "head") {
        expect(error?.type, op.id).toBe(
          attack.status === 404 ? "urn:vault:problem:not-found" : "urn:vault:problem:unprocessable",
        );
      }
    }
    const download = await h
      .client(attacker.api_key)
      .GET("/evault/v1/files/{id}/content/", { params: { path: { id: victim.file_id } } });
    expect(download.response.status).toBe(404);
    expect(await dump(h, ["api_keys"])).toBe(before);
  }, 180_000);

  test("when keys and passwords have been used, then none appears in clear in responses, logs or the database", async () => {
    const [user] = h.users;
    const password = "s3cret-share-password";
    const { data } = await h
      .client()
      .PATCH("/evault/v1/file_shares/{id}/", { params: { path: { id: user.file_share_id } }, body: { password } });
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
      const { response } = await call(h.client(), op.method, op.path, { id, body: attacks[op.id]?.body?.(h.users[1]) });
      // An id PostgreSQL cannot even store (NUL) is a 400; every other one names nothing: 404.
      expect(id === "\u0000" ? [400] : [404], op.id).toContain(response.status);
      expect(response.headers.get("content-type")).toMatch(/^application\/problem\+json/);
    }
    const { response } = await h
      .client()
      .PATCH("/evault/v1/file_shares/{id}/", { params: { path: { id: h.users[0].file_share_id } }, body: {} });
    expect(response.status).toBe(200);
  });

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
