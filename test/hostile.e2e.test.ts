// Hostile input, by class: oversized and deeply nested bodies, multipart names that
// would build huge arrays, empty bodies, impossible entity tags, text PostgreSQL cannot
// store. Each answers a 4xx problem of at most 64 KiB that names the field, and the
// server answers a normal request within 2 s afterwards. Sent to the server directly:
// the point is what the server does with bytes no well-behaved proxy would forward.
// Every case runs on every version of the API (each path moved to the version's), against
// one server per backend: each version has its own gate on its own document.
import type { VaultClient } from "@vault/client";
import { textIn } from "@vault/spec/versions";
import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { backends } from "./helpers/backends.js";
import { type Documented, send, versionTables } from "./helpers/operation-table.js";
import { type Harness, startHarness } from "./helpers/server.js";

const MAX_PROBLEM_BYTES = 64 * 1024;
const FUZZ_RUNS = Number(process.env.FUZZ_RUNS ?? 50);
const FUZZ_SEED = Number(process.env.FUZZ_SEED ?? 20261123);

interface HostileCase {
  name: string;
  method: string;
  /** v1's path (the tests move it to each version's). */
  path: (h: Harness) => string;
  body: () => string | FormData | undefined;
  headers?: Record<string, string>;
  status: number;
  /** The JSON pointer the problem must name (a prefix match). */
  field?: string;
}

const json = (value: unknown) => () => JSON.stringify(value);
const nested = (depth: number) => () => `{"emails":${"[".repeat(depth)}${"]".repeat(depth)}}`;
const form =
  (...parts: [string, string | Blob][]) =>
  () => {
    const body = new FormData();
    body.append("file", new Blob(["hello"]), "hello.txt");
    for (const [name, value] of parts) body.append(name, value);
    return body;
  };
const manyParts = (name: string, count: number) =>
  form(...Array.from({ length: count }, (_, i) => [name, `t${i}`] as [string, string]));

const account = (h: Harness) => `/banking/v1/ng/bank_accounts/${h.users[0].bank_account_id}/`;
const share = (h: Harness) => `/evault/v1/file_shares/${h.users[0].file_share_id}/`;
const folder = (h: Harness) => `/evault/v1/favourite/folders/${h.users[0].folder_id}/`;
const file = (h: Harness) => `/evault/v1/files/${h.users[0].file_id}/`;

const cases: HostileCase[] = [
  // Multipart names that would build arrays, and parts beyond every bound.
  {
    name: "multipart index far beyond maxItems",
    method: "PUT",
    path: file,
    body: form(["tags[100000]", "x"]),
    status: 400,
    field: "/body/tags",
  },
  {
    name: "multipart index of ten million",
    method: "PUT",
    path: file,
    body: form(["tags[10000000]", "x"]),
    status: 400,
    field: "/body/tags",
  },
  {
    name: "multipart name nested three deep",
    method: "PUT",
    path: file,
    body: form(["tags[a][b][c]", "x"]),
    status: 400,
    field: "/body/tags",
  },
  {
    name: "multipart 101 tag parts",
    method: "PUT",
    path: file,
    body: manyParts("tags", 101),
    status: 400,
    field: "/body/tags",
  },
  {
    name: "multipart 5,000 parts",
    method: "PUT",
    path: file,
    body: manyParts("tags", 5000),
    status: 400,
    field: "/body",
  },
  {
    name: "multipart 1 MB text part",
    method: "PUT",
    path: file,
    body: form(["description", "d".repeat(1024 * 1024)]),
    status: 400,
    field: "/body/description",
  },
  {
    name: "multipart 10 KB part name",
    method: "PUT",
    path: file,
    body: form(["n".repeat(10_000), "x"]),
    status: 400,
    field: "/body",
  },
  {
    name: "multipart NUL in a text part",
    method: "PUT",
    path: file,
    body: form(["name", "a\u0000b"]),
    status: 400,
    field: "/body/name",
  },
  // JSON arrays, objects and strings beyond their bounds.
  {
    name: "20,000 tags",
    method: "PATCH",
    path: folder,
    body: json({ tags: Array.from({ length: 20_000 }, (_, i) => ({ name: `t${i}` })) }),
    status: 400,
    field: "/body/tags",
  },
  {
    name: "70,000 share users",
    method: "PATCH",
    path: share,
    body: json({ users: Array.from({ length: 70_000 }, (_, i) => i + 1) }),
    status: 400,
    field: "/body/users",
  },
  {
    name: "emails nested 5,000 deep",
    method: "PATCH",
    path: share,
    body: nested(5000),
    status: 400,
    field: "/body/emails",
  },
  {
    name: "emails nested 3 deep",
    method: "PATCH",
    path: share,
    body: json({ emails: [[["a@example.com"]]] }),
    status: 400,
    field: "/body/emails",
  },
  {
    name: "emails with 101 items",
    method: "PATCH",
    path: share,
    body: json({ emails: Array.from({ length: 101 }, (_, i) => `u${i}@example.com`) }),
    status: 400,
    field: "/body/emails",
  },
  {
    name: "1 MB of wrong-typed items",
    method: "PATCH",
    path: folder,
    body: json({ tags: Array(450_000).fill(1) }),
    status: 400,
    field: "/body/tags",
  },
  {
    name: "a 300 KB unknown property name",
    method: "PUT",
    path: account,
    body: json({ account_number: "1", ["k".repeat(300_000)]: 1 }),
    status: 400,
    field: "/body",
  },
  {
    name: "a 2 KB password",
    method: "PATCH",
    path: share,
    body: json({ password: "p".repeat(2000) }),
    status: 400,
    field: "/body/password",
  },
  {
    name: "a 100 character folder id",
    method: "PATCH",
    path: folder,
    body: json({ folder: "f".repeat(100) }),
    status: 400,
    field: "/body/folder",
  },
  // Empty bodies are not JSON.
  { name: "JSON with no body", method: "PATCH", path: share, body: () => undefined, status: 400, field: "/body" },
  { name: "JSON with Content-Length: 0", method: "PUT", path: account, body: () => "", status: 400, field: "/body" },
  // Entity tags that can never be current.
  {
    name: "If-Match beyond the integer column",
    method: "PUT",
    path: account,
    body: json({ account_number: "4000000009" }),
    headers: { "if-match": '"2147483648"' },
    status: 412,
    field: "/headers/if-match",
  },
  {
    name: "If-Match of 30 digits",
    method: "PATCH",
    path: folder,
    body: json({ is_starred: true }),
    headers: { "if-match": `"${"9".repeat(30)}"` },
    status: 412,
    field: "/headers/if-match",
  },
  // Text PostgreSQL cannot store faithfully.
  {
    name: "a lone high surrogate",
    method: "PUT",
    path: account,
    body: () => '{"account_number":"1","account_name":"\\ud800"}',
    status: 400,
    field: "/body/account_name",
  },
  {
    name: "a lone low surrogate deep in emails",
    method: "PATCH",
    path: share,
    body: () => '{"emails":[{"name":"\\udc00"}]}',
    status: 400,
    field: "/body/emails/0/name",
  },
  {
    name: "a lone surrogate in an emails key",
    method: "PATCH",
    path: share,
    body: () => '{"emails":{"\\ud800":"a"}}',
    status: 400,
    field: "/body/emails",
  },
  {
    name: "a NUL in a folder name",
    method: "PATCH",
    path: folder,
    body: () => '{"name":"a\\u0000b"}',
    status: 400,
    field: "/body/name",
  },
  {
    name: "a NUL in a tag name",
    method: "PATCH",
    path: folder,
    body: () => '{"tags":[{"name":"\\u0000"}]}',
    status: 400,
    field: "/body/tags/0/name",
  },
];

describe.each(backends)("hostile input on $name", (backend) => {
  let h: Harness;
  beforeAll(async () => {
    h = await startHarness(backend, { inProcess: false, measuresMemory: true });
  });
  afterAll(() => h?.stop());

  describe.each(versionTables)("API $version", ({ version, documented }) => {
    /** The version's path of a case's (v1's) path. */
    const at = (path: (h: Harness) => string) => textIn(version, path(h));
    /** The version's client (at runtime every version's is the same code: the path names the version). */
    const client = () => (version === "v1" ? h.client() : (h.clientV2() as unknown as VaultClient));
    const updateFolder = documented.find((op) => op.id === "updateFavouriteFolder") as Documented;

    test.each(cases)("when $name, then $status naming $field, and the server still answers", async (hostile) => {
      const body = hostile.body();
      const response = await fetch(`${h.url}${at(hostile.path)}`, {
        method: hostile.method,
        body,
        headers: {
          "api-key": h.users[0].api_key,
          ...(body instanceof FormData ? {} : { "content-type": "application/json" }),
          ...hostile.headers,
        },
      });
      const text = await response.text();
      expect(response.status).toBe(hostile.status);
      expect(response.headers.get("content-type")).toMatch(/^application\/problem\+json/);
      expect(Buffer.byteLength(text)).toBeLessThanOrEqual(MAX_PROBLEM_BYTES);
      const problem = JSON.parse(text);
      expect(problem.errors.length).toBeLessThanOrEqual(20);
      expect(problem.errors.map((issue: { path: string }) => issue.path)).toContainEqual(
        expect.stringMatching(new RegExp(`^${hostile.field}`)),
      );

      const started = Date.now();
      const { response: normal } = await send(client(), updateFolder, {
        id: h.users[0].folder_id,
        body: { description: "still here" },
      });
      expect(normal.status).toBe(200);
      expect(Date.now() - started).toBeLessThan(2000);
    });

    test("when a body breaks the contract in more than 20 places, then the first 20 are listed with the total count", async () => {
      const response = await fetch(`${h.url}${at(folder)}`, {
        method: "PATCH",
        body: JSON.stringify({ tags: Array(50).fill(1) }),
        headers: { "api-key": h.users[0].api_key, "content-type": "application/json" },
      });
      const problem = await response.json();
      expect(response.status).toBe(400);
      expect(problem.errors).toHaveLength(20);
      expect(problem.error_count).toBe(50);
    });

    // Measured on PostgreSQL only: with PGlite the server's RSS also holds the database's
    // WASM heap, which grows and shrinks with its own work and hides what this measures.
    test.runIf(backend.name === "postgres")(
      "when bodies far past every bound arrive, then the server's peak memory stays flat",
      async () => {
        const burst = () =>
          Promise.all([
            fetch(`${h.url}${at(file)}`, {
              method: "PUT",
              body: form(["tags[10000000]", "x"])(),
              headers: { "api-key": h.users[0].api_key },
            }),
            fetch(`${h.url}${at(folder)}`, {
              method: "PATCH",
              body: JSON.stringify({ tags: Array(450_000).fill(1) }),
              headers: { "api-key": h.users[0].api_key, "content-type": "application/json" },
            }),
          ]);
        // The peak, not the current size: what a request costs is gone again by the time it is answered.
        const before = await h.rss("peak");
        for (let round = 0; round < 10; round++) await burst();
        const grown = (await h.rss("peak")) - before;
        console.log(
          `[hostile] peak RSS rose by ${(grown / 2 ** 20).toFixed(1)} MiB over 20 hostile requests on postgres (${version})`,
        );
        expect(grown).toBeLessThan(64 * 1024 * 1024);
      },
    );
    test("when multipart bodies of random names, indexes, nesting, counts and sizes arrive, then never a 5xx nor a problem over 64 KiB, and memory stays bounded", async () => {
      const name = fc.oneof(
        fc.constantFrom("tags", "name", "description", "folder", "is_starred", "is_deleted", "file", "other"),
        fc
          .tuple(
            fc.constantFrom("tags", "name", "x"),
            fc.array(fc.oneof(fc.nat({ max: 10_000_000 }).map(String), fc.constantFrom("", "a", "__proto__")), {
              maxLength: 4,
            }),
          )
          .map(([base, keys]) => `${base}${keys.map((key) => `[${key}]`).join("")}`),
        fc.string({ maxLength: 200 }),
      );
      const part = fc.tuple(
        name,
        fc.oneof(
          fc.string({ maxLength: 50 }),
          fc.nat({ max: 100_000 }).map((n) => "v".repeat(n)),
        ),
      );
      const formBody = fc.tuple(fc.boolean(), fc.array(part, { maxLength: 30 }), fc.nat({ max: 3000 }));
      const before = await h.rss();
      let requests = 0;
      await fc.assert(
        fc.asyncProperty(formBody, async ([withFile, parts, repeat]) => {
          const body = new FormData();
          if (withFile) body.append("file", new Blob(["fuzz"]), "fuzz.txt");
          for (const [partName, value] of parts) body.append(partName, value);
          for (let i = 0; i < repeat; i++) body.append("tags", `t${i}`);
          requests++;
          const response = await fetch(`${h.url}${at(file)}`, {
            method: "PUT",
            body,
            headers: { "api-key": h.users[0].api_key },
          });
          const text = await response.text();
          expect(response.status).toBeLessThan(500);
          expect(Buffer.byteLength(text)).toBeLessThanOrEqual(MAX_PROBLEM_BYTES);
        }),
        { numRuns: FUZZ_RUNS, seed: FUZZ_SEED },
      );
      const grown = (await h.rss()) - before;
      console.log(
        `[hostile] ${requests} multipart fuzz requests on ${backend.name} (${version}); RSS grew by ${(grown / 2 ** 20).toFixed(1)} MiB`,
      );
      expect(grown).toBeLessThan(150 * 1024 * 1024);
    });
  });
});
