// Property-based fuzzing from the contract alone: for every operation, generated
// valid bodies get a 2xx or a declared 4xx whose body matches its schema; a body that
// breaks exactly one constraint gets a 400 problem naming the field; no key or a wrong
// key gets a 401. The lists' query strings are fuzzed the same way. Any 5xx, undeclared status or schema violation fails the run.
// Every version of the API is fuzzed the same way, by one server: each operation of a
// version against that version's document (its bodies and mutations generated from it,
// its answers checked against it).
import { randomBytes } from "node:crypto";
import { toFormData, type VaultClient } from "@vault/client";
import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { backends } from "./helpers/backends.js";
import {
  arbitraryOf,
  type Mutation,
  mutationsOf,
  type Operation,
  type QueryOperation,
  type VersionContract,
  versionContracts,
} from "./helpers/contract.js";
import {
  type Documented,
  idsOf,
  type OperationId,
  type VersionTable,
  versionTables,
} from "./helpers/operation-table.js";
import { type Harness, type SeededUser, startHarness } from "./helpers/server.js";

const RUNS = Number(process.env.FUZZ_RUNS ?? 50);
const SEED = Number(process.env.FUZZ_SEED ?? 20261122);
const TEST_TIMEOUT = 150_000;
let requests = 0;

/**
 * Each version of the API, oldest first, as the suite fuzzes it: its document's checks,
 * its operation table, and its own seed (v1's is SEED, each later one the next: the same
 * cases would send v1's Idempotency-Keys again on another path, a 422).
 */
const versions = versionContracts.map((contract, index) => ({
  ...contract,
  index,
  table: versionTables[index] as VersionTable,
  /** The operations whose body is a document (JSON or a form); the tus operations take bytes, and are fuzzed by their headers below. */
  documentOperations: contract.operations.filter((op) => op.mediaType !== "application/offset+octet-stream"),
  /** Bounds a run, shrinking included: a failure found is reported with the smallest case found in time. */
  limits: { seed: SEED + index, interruptAfterTimeLimit: 90_000 },
}));

/** The seeded id the operation table's request names, so valid bodies reach real resources. */
function pathId(table: VersionTable, op: Operation, user: SeededUser): string {
  // Its own folder: the favourite PATCH may bin folder_id early in the run.
  if (op.id === "duplicateFolder") return user.projects_folder_id;
  return table.operationTable[op.id as OperationId].request(idsOf(user)).id ?? "unknown";
}

type Call = (path: string, init: unknown) => Promise<{ response: Response; data?: unknown; error?: unknown }>;

/** The client's `method`, untyped: the path (of any version) says which version answers. */
const callOf = (client: VaultClient, method: string) =>
  (client as unknown as Record<string, Call>)[method.toUpperCase()] as Call;

async function send(client: VaultClient, op: Operation, id: string, body: unknown) {
  requests++;
  // A multipart operation's body is always a form, even when a mutation removed its file part.
  const bodySerializer = op.mediaType === "multipart/form-data" ? toFormData : undefined;
  const { response, data, error } = await callOf(client, op.method)(op.path, {
    params: { path: { id } },
    body,
    bodySerializer,
  });
  const mediaType = (response.headers.get("content-type") ?? "").split(";")[0] ?? "";
  return { status: response.status, mediaType, body: data ?? error };
}

type Answer = { status: number; mediaType: string; body: unknown };

/** Below 500, and declared with this body by the version's own document. */
function expectDeclared({ responseErrors }: VersionContract, op: Pick<Operation, "path" | "method">, result: Answer) {
  expect(result.status, JSON.stringify(result.body)).toBeLessThan(500);
  expect(responseErrors(op, result.status, result.mediaType, result.body)).toBeUndefined();
}

/** A 400 problem, declared, that names the field or parameter the mutation broke. */
function expectRefused(
  contract: VersionContract,
  op: Pick<Operation, "path" | "method">,
  result: Answer,
  mutation: Mutation,
) {
  expect(result.status, `${mutation.kind}: ${JSON.stringify(result.body)}`).toBe(400);
  expectDeclared(contract, op, result);
  const paths = ((result.body as { errors?: { path: string }[] }).errors ?? []).map((e) => e.path);
  expect(paths, mutation.kind).toContain(mutation.path);
}

describe.each(backends)("contract fuzzing on $name", (backend) => {
  let h: Harness;
  beforeAll(async () => {
    h = await startHarness(backend, {
      env: {
        RATE_LIMIT_PER_MINUTE: "1000000",
        LINK_RATE_LIMIT_PER_MINUTE: "1000000",
        UNLOCK_ADDRESS_PER_15_MINUTES: "1000000",
        UNLOCK_OWNER_PER_MINUTE: "1000000",
      },
      // Two users per version: each version's run starts from seeded items the runs before it left alone.
      seedRuns: versions.length,
    });
  });
  afterAll(() => h?.stop());

  /** The token of a share's `link`; the share must have been made. */
  const tokenOf = (share: { link?: string } | undefined) => {
    const token = /\/links\/([^/]+)\/$/.exec(share?.link ?? "")?.[1];
    if (!token) throw new Error(`no link was made: ${JSON.stringify(share)}`);
    return token;
  };

  /**
   * Beside S3, the properties of JSON bodies the contract refuses, of wrong keys and of the
   * lists' queries are left out: those are answered before any handler, or from the database
   * alone, and the runs on the databases cover them. A form's are all kept (its file streams
   * to the store before its fields are checked) (docs/decisions/s3-runs.md).
   */
  const onS3 = backend.blobs === "s3";
  const reachesTheStore = (op: Operation) => !onS3 || op.mediaType === "multipart/form-data";

  describe.each(versions)("API $version", (version) => {
    const { table, documentOperations, queryOperations, limits } = version;
    /** This version's two users: the caller (`owner`) and another. */
    const owner = () => h.users[2 * version.index] as SeededUser;
    const other = () => h.users[2 * version.index + 1] as SeededUser;
    /** A client of the caller's, or of `apiKey`: it calls any version's paths. */
    const client = (apiKey = owner().api_key) => h.client(apiKey);
    /** The path of one of this version's operations. */
    const pathOf = (id: OperationId) => (table.documented.find((op) => op.id === id) as Documented).path;
    /** What the caller's POST of `body` to one of this version's creates answers (a form when it holds a file). */
    const create = async (id: OperationId, body: Record<string, unknown>) =>
      (await callOf(client(), "post")(pathOf(id), { body })).data as { id?: string; link?: string } | undefined;
    const ids = () =>
      fc.constantFrom(
        ...[owner(), other()].flatMap((u) => [u.file_id, u.folder_id, u.file_share_id, u.bank_account_id]),
        "x",
      );
    describe.each(documentOperations)("$method $path", (op) => {
      test(
        "when the body is valid, then a 2xx or a declared 4xx with a body that matches its schema",
        async () => {
          await fc.assert(
            fc.asyncProperty(arbitraryOf(op.bodySchema, ids(), version.document), async (body) => {
              expectDeclared(version, op, await send(client(), op, pathId(table, op, owner()), body));
            }),
            { numRuns: RUNS, ...limits },
          );
        },
        TEST_TIMEOUT,
      );

      if (reachesTheStore(op))
        test(
          "when exactly one constraint is broken, then a 400 problem names the field",
          async () => {
            const mutated = arbitraryOf(op.bodySchema, ids(), version.document).chain((body) => {
              const mutations = mutationsOf(
                op.bodySchema,
                body as Record<string, unknown>,
                op.mediaType === "multipart/form-data" ? "multipart" : "json",
                version.document,
              );
              return fc.constantFrom(...mutations);
            });
            await fc.assert(
              fc.asyncProperty(mutated, async (mutation) => {
                expectRefused(
                  version,
                  op,
                  await send(client(), op, pathId(table, op, owner()), mutation.body),
                  mutation,
                );
              }),
              { numRuns: RUNS, ...limits },
            );
          },
          TEST_TIMEOUT,
        );

      // A link is its own credential: its unlock takes no key (links.e2e covers who may open what).
      if (reachesTheStore(op))
        test.skipIf(/^\/evault\/v[0-9]+\/links\//.test(op.path))(
          "when the key is missing or wrong, then 401 whatever the body",
          async () => {
            await fc.assert(
              fc.asyncProperty(
                arbitraryOf(op.bodySchema, ids(), version.document),
                fc.constantFrom("", "vk_wrong_key", "' or 1=1 --"),
                async (body, key) => {
                  const result = await send(client(key), op, pathId(table, op, owner()), body);
                  expect(result.status).toBe(401);
                  expectDeclared(version, op, result);
                },
              ),
              { numRuns: Math.ceil(RUNS / 3), ...limits },
            );
          },
          TEST_TIMEOUT,
        );
    });

    /**
     * The token of a link to a folder of the caller's own, for the lists of a folder
     * link: the fuzzed writes may bin the seeded folders (and files) at any point of the run.
     */
    let folderLink: Promise<string> | undefined;
    const linkOfFolder = () => {
      folderLink ??= (async () => {
        const folder = await create("createFolder", { name: "Linked by the fuzzer" });
        return tokenOf(await create("createFileShare", { folder: folder?.id }));
      })();
      return folderLink;
    };

    /** A list called with `query` in its query string, as the caller's (a link's list through a link to their folder). */
    async function list(op: QueryOperation, query: Record<string, unknown>) {
      requests++;
      // An array is its values, each under the parameter's name (the form style, exploded).
      const search = new URLSearchParams(
        Object.entries(query).flatMap(([name, value]) =>
          (Array.isArray(value) ? value : [value]).map((item) => [name, String(item)]),
        ),
      );
      const path = op.path.includes("{token}") ? op.path.replace("{token}", await linkOfFolder()) : op.path;
      const response = await fetch(`${h.url}${path}?${search}`, { headers: { "api-key": owner().api_key } });
      const mediaType = (response.headers.get("content-type") ?? "").split(";")[0] ?? "";
      return { status: response.status, mediaType, body: await response.json() };
    }

    describe.each(onS3 ? [] : queryOperations)("$method $path?…", (op) => {
      test(
        "when the query is valid, then a 2xx or a declared 4xx with a body that matches its schema",
        async () => {
          await fc.assert(
            fc.asyncProperty(arbitraryOf(op.querySchema, ids(), version.document), async (query) => {
              expectDeclared(version, op, await list(op, query as Record<string, unknown>));
            }),
            { numRuns: RUNS, ...limits },
          );
        },
        TEST_TIMEOUT,
      );

      test(
        "when exactly one constraint of the query is broken, then a 400 problem names the parameter",
        async () => {
          // The base keeps only the page size and what is required (a search's `q`): a made-up
          // cursor or a filter naming no folder of the caller's is a second error (a valid
          // cursor only comes from `next`).
          const required: string[] = op.querySchema.required ?? [];
          const mutated = arbitraryOf(op.querySchema, ids(), version.document).chain((query) => {
            const base = Object.fromEntries(
              Object.entries(query as Record<string, unknown>).filter(
                ([name]) => name === "page_size" || required.includes(name),
              ),
            );
            return fc.constantFrom(...mutationsOf(op.querySchema, base, "query", version.document));
          });
          await fc.assert(
            fc.asyncProperty(mutated, async (mutation) => {
              expectRefused(version, op, await list(op, mutation.body), mutation);
            }),
            { numRuns: RUNS, ...limits },
          );
        },
        TEST_TIMEOUT,
      );
    });

    // The POST with no body: its path id and its Idempotency-Key are all a caller sends.
    test(
      "when a share's link is replaced with any id and key, then 200 for the caller's share, else a declared 4xx",
      async () => {
        const op = { path: pathOf("replaceFileShareLink"), method: "post" };
        // A fresh key per request (a key sent again with another id is a 422), or one out of bounds.
        const key = fc.oneof(fc.constantFrom(undefined, "k".repeat(256)), fc.uuid());
        const ownShare = owner().file_share_id;
        await fc.assert(
          fc.asyncProperty(fc.oneof(ids(), fc.string({ maxLength: 80 })), key, async (id, idempotencyKey) => {
            requests++;
            const { response, data, error } = await callOf(client(), op.method)(op.path, {
              params: {
                path: { id },
                header: idempotencyKey === undefined ? {} : { "Idempotency-Key": idempotencyKey },
              },
            });
            const mediaType = (response.headers.get("content-type") ?? "").split(";")[0] ?? "";
            const result = { status: response.status, mediaType, body: data ?? error };
            expectDeclared(version, op, result);
            const keyFits =
              idempotencyKey === undefined || (idempotencyKey.length >= 1 && idempotencyKey.length <= 255);
            // An empty id is a path of no operation (`…/file_shares//link/`): 404 before any header is read.
            if (id === "") expect(result.status).toBe(404);
            else if (!keyFits) expect(result.status).toBe(400);
            else expect(result.status).toBe(id === ownShare ? 200 : 404);
          }),
          { numRuns: RUNS, ...limits },
        );
      },
      TEST_TIMEOUT,
    );

    // The link operations take no body: a token, and for the content a Range and conditions.
    test(
      "when links are opened with any token, key and Range, then a declared answer: the public link's content or a 404",
      async () => {
        // A file of its own: the fuzzed writes may have binned the seeded one.
        const folder = await create("createFolder", { name: "Holds a linked file" });
        const file = await create("createFile", {
          file: new File([new Uint8Array(randomBytes(300))], "linked.bin"),
          folder: folder?.id ?? "",
        });
        const token = tokenOf(await create("createFileShare", { file: file?.id, access: "public" }));
        const tokens = fc.oneof(fc.constant(token), fc.string({ minLength: 1, maxLength: 80 }), ids());
        const range = fc.option(
          fc.oneof(
            fc.string({ maxLength: 30 }),
            fc.tuple(fc.nat(200), fc.nat(200)).map(([a, b]) => `bytes=${a}-${b}`),
            fc.nat(300).map((n) => `bytes=-${n}`),
          ),
          { nil: undefined },
        );
        const keys = fc.constantFrom(undefined, owner().api_key, other().api_key, "vk_wrong_key");
        await fc.assert(
          fc.asyncProperty(tokens, range, keys, fc.boolean(), async (candidate, rangeHeader, key, content) => {
            requests++;
            const path = content ? pathOf("downloadLink") : pathOf("getLink");
            const headers: Record<string, string> = {};
            if (key) headers["api-key"] = key;
            if (rangeHeader !== undefined && content) headers.range = rangeHeader;
            const url = `${h.url}${path.replace("{token}", encodeURIComponent(candidate))}`;
            const response = await fetch(url, { headers });
            const mediaType = (response.headers.get("content-type") ?? "").split(";")[0] ?? "";
            const body = mediaType.endsWith("json") ? await response.json() : await response.arrayBuffer();
            const result = { status: response.status, mediaType, body: body instanceof ArrayBuffer ? undefined : body };
            expect(result.status).toBeLessThan(500);
            if (mediaType.endsWith("json")) expectDeclared(version, { path, method: "get" }, result);
            if (candidate !== token) expect(result.status).toBe(404);
            else expect(content ? [200, 206, 416] : [200]).toContain(result.status);
            expect(response.headers.get("cache-control")).toBe("private, no-store");
          }),
          { numRuns: RUNS, ...limits },
        );
      },
      TEST_TIMEOUT,
    );

    // The tus operations' constraints are headers, their body is bytes: any of each, with any key.
    test(
      "when tus requests carry any headers, bytes and key, then a declared answer: 401 without the key, 400, 412 or 415 for a wrong version",
      async () => {
        const uploads = pathOf("createUpload");
        const upload = pathOf("headUpload");
        const ascii = (maxLength: number) =>
          fc.string({ unit: fc.constantFrom(..."abcxyzABC019 ,=+/-_.:"), maxLength });
        const b64 = (text: string) => Buffer.from(text).toString("base64");
        const createHeaders = (user: SeededUser) => ({
          "api-key": user.api_key,
          "Tus-Resumable": "1.0.0",
          "Upload-Length": "20",
          "Upload-Metadata": `filename ${b64("f.bin")},folder ${b64(user.projects_folder_id)}`,
        });
        const uploadOf = async (user: SeededUser) => {
          const created = await fetch(`${h.url}${uploads}`, { method: "POST", headers: createHeaders(user) });
          requests++;
          return created.headers.get("location") ?? "";
        };
        const [own, foreign] = [await uploadOf(owner()), await uploadOf(other())];
        const count = fc.oneof(
          fc.nat(40).map(String),
          fc.constantFrom("", "-1", "01", "1e3", "x", "99999999999999999"),
        );
        const metadata = fc.oneof(
          fc.constant(`filename ${b64("f.bin")},folder ${b64(owner().projects_folder_id)}`),
          fc.constant(`filename ${b64("f.bin")},file ${b64(owner().projects_file_id)}`),
          fc.constant(`filename ${b64("f.bin")},folder ${b64(other().projects_folder_id)}`),
          fc.tuple(ascii(12), ascii(40)).map(([key, value]) => `${key} ${b64(value)}`),
          ascii(80),
        );
        const checksum = fc.oneof(
          fc.uint8Array({ minLength: 32, maxLength: 32 }).map((sum) => `sha256 ${Buffer.from(sum).toString("base64")}`),
          ascii(60),
        );
        const request = fc.record(
          {
            method: fc.constantFrom("OPTIONS", "POST", "HEAD", "PATCH", "DELETE"),
            target: fc.constantFrom(own, foreign, `${h.url}${upload.replace("{id}", "no-such-upload")}`),
            key: fc.constantFrom(owner().api_key, owner().api_key, "", "vk_wrong_key"),
            version: fc.constantFrom("1.0.0", "1.0.0", "1.0.0", "0.2.2", ""),
            length: count,
            offset: count,
            metadata,
            checksum,
            octets: fc.boolean(),
            body: fc.uint8Array({ maxLength: 48 }),
          },
          { requiredKeys: ["method", "target", "key", "version"] },
        );
        await fc.assert(
          fc.asyncProperty(request, async (r) => {
            requests++;
            const collection = r.method === "OPTIONS" || r.method === "POST";
            const path = collection ? uploads : upload;
            const headers: Record<string, string> = { "api-key": r.key, "Tus-Resumable": r.version };
            if (r.length !== undefined) headers["Upload-Length"] = r.length;
            if (r.offset !== undefined) headers["Upload-Offset"] = r.offset;
            if (r.metadata !== undefined) headers["Upload-Metadata"] = r.metadata;
            if (r.checksum !== undefined) headers["Upload-Checksum"] = r.checksum;
            const sendsBody = (r.method === "POST" || r.method === "PATCH") && r.body !== undefined;
            if (sendsBody && r.octets) headers["Content-Type"] = "application/offset+octet-stream";
            const response = await fetch(collection ? `${h.url}${uploads}` : r.target, {
              method: r.method,
              headers,
              body: sendsBody ? r.body : undefined,
            });
            const mediaType = (response.headers.get("content-type") ?? "").split(";")[0] ?? "";
            const body = mediaType.endsWith("json") && r.method !== "HEAD" ? await response.json() : undefined;
            expect(response.status, JSON.stringify(body)).toBeLessThan(500);
            if (body !== undefined)
              expectDeclared(
                version,
                { path, method: r.method.toLowerCase() },
                { status: response.status, mediaType, body },
              );
            if (r.key !== owner().api_key) expect(response.status).toBe(401);
            else if (r.method !== "OPTIONS" && r.version !== "1.0.0")
              expect([400, 412, 415]).toContain(response.status);
            else if (!collection && r.target !== own) expect([400, 404, 415]).toContain(response.status);
          }),
          { numRuns: RUNS, ...limits },
        );
      },
      TEST_TIMEOUT,
    );

    test("when a body has a media type the operation does not take, or is too large, then 415 / 413 problems", async () => {
      for (const op of version.operations) {
        const url = `${h.url}${op.path.replace("{id}", pathId(table, op, owner()))}`;
        const headers = { "api-key": owner().api_key };
        const wrongType = await fetch(url, {
          method: op.method.toUpperCase(),
          headers: { ...headers, "content-type": "text/plain" },
          body: "x",
        });
        requests++;
        expect(wrongType.status, op.id).toBe(415);
        const big = JSON.stringify({ description: "x".repeat(1024 * 1024 + 10) });
        if (op.mediaType === "application/json") {
          const tooLarge = await fetch(url, {
            method: op.method.toUpperCase(),
            headers: { ...headers, "content-type": "application/json" },
            body: big,
          });
          requests++;
          expect(tooLarge.status).toBe(413);
          expect(tooLarge.headers.get("content-type")).toMatch(/^application\/problem\+json/);
        }
      }
    });
  });
});

afterAll(() => {
  console.log(
    `[fuzz] ${requests} requests sent (FUZZ_RUNS=${RUNS}, seed ${SEED} for v1, one more for each later version)`,
  );
});
