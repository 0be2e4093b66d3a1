// Checks written by others: Portman turns each version's OpenAPI document into a Postman
// collection of contract tests (status, content type, JSON schema of every response),
// boundary variations (required fields, min/max lengths) and a wrong-key variation per
// operation; newman runs it as a separate step against the real server. One
// configuration serves every version: its per-operation overwrites are written once.
import { execFile } from "node:child_process";
import { mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import { join } from "node:path";
import { promisify } from "node:util";
import { readContract } from "@vault/spec";
import newman, { type NewmanRunSummary } from "newman";
import { afterAll, beforeAll, describe, test } from "vitest";
import { stringify } from "yaml";
import { backends } from "./helpers/backends.js";
import { agent } from "./helpers/http-fetch.js";
import { type Ids, idsOf, spareParameter, type VersionTable, versionTables } from "./helpers/operation-table.js";
import { type Harness, type SeededUser, startHarness } from "./helpers/server.js";

const here = import.meta.dirname;
/**
 * One version's files: Portman's configuration, its document and the collection it
 * makes. The folder is Portman's working directory too, where it keeps its temporary
 * files (`./tmp`), so that the versions' runs never share one.
 */
const outputOf = (version: string) => {
  const folder = join(here, "test-results", `portman-${version}`);
  return {
    folder,
    collectionPath: join(folder, "portman-collection.json"),
    configPath: join(folder, "portman-config.json"),
    contractPath: join(folder, "portman-openapi.yaml"),
  };
};

/** The table's ids as Postman variables (`{{file_id}}`), which newman fills from the run's environment. */
const variables = new Proxy({}, { get: (_, name) => `{{${String(name)}}}` }) as Ids;

type Overwrite = { openApiOperationId: string } & Record<string, unknown>;

/**
 * A fixed tag for every JSON body with `tags`: Portman makes a too-long value by repeating
 * the last character of the one it made up, so a made-up empty description (now and then)
 * stayed empty, and its "maximum length" request was rightly answered 200, not 400.
 */
const FIXED_TAGS = {
  key: "tags",
  value: [{ name: "Conformance", description: "Tagged by the conformance run" }],
  overwrite: true,
};

/** The operations of `version` whose JSON request body has `tags`. */
function taggedOperations(version: string): Set<string> {
  // biome-ignore lint/suspicious/noExplicitAny: a parsed OpenAPI document is untyped JSON
  const contract: any = readContract(version);
  const operations = Object.values<Record<string, Item>>(contract.paths).flatMap((item) => Object.values(item));
  const bodyOf = (operation: Item) => {
    const schema = operation.requestBody?.content?.["application/json"]?.schema;
    return schema?.$ref ? contract.components.schemas[schema.$ref.split("/").pop()] : schema;
  };
  return new Set(operations.filter((operation) => bodyOf(operation)?.properties?.tags).map((o) => o.operationId));
}

/** `own`'s overwrites of the body with the fixed tags added, when `operationId` takes tags. */
function withFixedTags(own: Overwrite | undefined, operationId: string, tagged: Set<string>): Overwrite | undefined {
  if (!tagged.has(operationId)) return own;
  const body = (own?.overwriteRequestBody as unknown[] | undefined) ?? [];
  return { ...own, openApiOperationId: operationId, overwriteRequestBody: [...body, FIXED_TAGS] };
}

/**
 * Portman's configuration of a version: `conformance/portman-config.json` (the tests to
 * generate, and the body values Portman's examples need changed, the same for every
 * version), with the path id of every operation taken from the version's operation table
 * and the fixed tags above.
 */
function portmanConfig({ version, documented, operationTable }: VersionTable) {
  const base = JSON.parse(readFileSync(join(here, "conformance/portman-config.json"), "utf8"));
  const bodies = new Map((base.overwrites as Overwrite[]).map((o) => [o.openApiOperationId, o]));
  const unknown = [...bodies.keys()].filter((id) => !(id in operationTable));
  if (unknown.length > 0)
    throw new Error(`portman-config.json overwrites operations ${version} lacks: ${unknown.join(", ")}`);
  const tagged = taggedOperations(version);
  const overwrites = Object.entries(operationTable).flatMap(([operationId, entry]) => {
    const request = entry.request(variables);
    const spared = entry.spare ? `{{spare_${operationId}}}` : undefined;
    const own = withFixedTags(bodies.get(operationId), operationId, tagged);
    // A spare stands in for the path's token (a folder link's), its version id, or else its id.
    const values = {
      id: request.id,
      token: request.token,
      file_id: request.file_id,
      version_id: request.version_id,
      delivery_id: request.delivery_id,
      ...(spared === undefined
        ? {}
        : { [spareParameter(documented.find((d) => d.id === operationId)?.path ?? "")]: spared }),
    };
    const pathVariables = Object.entries(values).flatMap(([key, value]) =>
      value === undefined ? [] : [{ key, value, overwrite: true }],
    );
    const path = pathVariables.length === 0 ? {} : { overwriteRequestPathVariables: pathVariables };
    // The tus operations' headers (their version, length, offset and metadata), which Portman would make up.
    const headers = Object.entries(request.headers ?? {}).map(([key, value]) => ({ key, value, overwrite: true }));
    const header = headers.length === 0 ? {} : { overwriteRequestHeaders: headers };
    return own === undefined && pathVariables.length === 0 && headers.length === 0
      ? []
      : [{ openApiOperationId: operationId, ...own, ...path, ...header }];
  });
  return { ...base, overwrites };
}

/**
 * A version's document without its request examples (the warm-up's and the suites'
 * requests): Portman builds each request, and its boundary variations, from the schemas
 * instead; an example body leaves out the optional fields whose bounds it varies.
 */
function contractForPortman(version: string, contractPath: string): string {
  // biome-ignore lint/suspicious/noExplicitAny: a parsed OpenAPI document is untyped JSON
  const contract: any = readContract(version);
  const operations = Object.values<Record<string, Item>>(contract.paths).flatMap((item) => Object.values(item));
  const parameters = [
    ...operations.flatMap((operation) => operation.parameters ?? []),
    ...Object.values(contract.components?.parameters ?? {}),
  ] as Item[];
  const bodies = operations.flatMap((operation) => Object.values<Item>(operation.requestBody?.content ?? {}));
  for (const example of [...parameters, ...bodies]) {
    delete example.examples;
    delete example.example;
  }
  writeFileSync(contractPath, stringify(contract));
  return contractPath;
}

/** Portman makes a version's collection. */
async function generate(table: VersionTable): Promise<void> {
  const { folder, collectionPath, configPath, contractPath } = outputOf(table.version);
  mkdirSync(folder, { recursive: true });
  writeFileSync(configPath, JSON.stringify(portmanConfig(table), null, 2));
  const portman = createRequire(import.meta.url).resolve("@apideck/portman/bin/portman");
  await promisify(execFile)(
    process.execPath,
    [
      portman,
      "--local",
      contractForPortman(table.version, contractPath),
      "--portmanConfigFile",
      configPath,
      "--output",
      collectionPath,
      "--baseUrl",
      "{{baseUrl}}",
    ],
    { cwd: folder },
  );
}

// Every version's collection, at once (one Portman process each).
beforeAll(() => Promise.all(versionTables.map(generate)).then(() => undefined), 120_000);

// biome-ignore lint/suspicious/noExplicitAny: a Postman collection is untyped JSON
type Item = Record<string, any>;

/** A user's id as a version's document types it in a share's `users`: v1's integer, v2's string of digits. */
function userIdIn(version: string, id: number): number | string {
  // biome-ignore lint/suspicious/noExplicitAny: a parsed OpenAPI document is untyped JSON
  const { components }: any = readContract(version);
  const items = components.schemas.FileShareCreate.properties.users.items;
  const type = items.$ref ? components.schemas[items.$ref.split("/").pop()].type : items.type;
  return type === "integer" ? id : String(id);
}

/**
 * Fills in what Portman cannot: Postman needs a file on disk for a `file` form part, and
 * Portman's overwrites do not reach form parts, so the file part gets a fixture and
 * `folder` a real destination. Portman varies only fields whose value is a string
 * without `{{variables}}`, so the file share's `file`, `folder` and `users` carry
 * `"@file_id"`, `"@null"` and `["@user"]` through Portman and become `"{{file_id}}"`,
 * `null` and `[<the other user's id>]` (`user`, typed as the version types a user id)
 * here: the share points at the file (one item: both is a 422), and each field still
 * gets its boundary variation (v2's too-long user id is `"@user@@@@@@"`).
 */
function withRunValues(collection: Item, user: number | string): Item {
  const literals: Record<string, string> = { null: "null", user: JSON.stringify(user) };
  const walk = (items: Item[]) => {
    for (const item of items) {
      if (item.item) walk(item.item);
      const body = item.request?.body;
      if (typeof body?.raw === "string")
        body.raw = body.raw.replace(/"@(\w+)"/g, (_: string, name: string) => literals[name] ?? `"{{${name}}}"`);
      for (const part of body?.formdata ?? []) {
        if (part.type === "file") part.src = join(here, "conformance/upload.txt");
        if (part.key === "folder") part.value = "{{projects_folder_id}}";
      }
    }
  };
  walk(collection.item);
  return collection;
}

/**
 * The spare items the table's deletes remove, made for the run, by Postman variable
 * (`spare_deleteFile`): the other requests keep theirs. Made through v1 (the same items
 * for every version).
 */
async function spares(h: Harness, { operationTable }: VersionTable, user: SeededUser): Promise<Record<string, string>> {
  const made: Record<string, string> = {};
  for (const [operationId, entry] of Object.entries(operationTable)) {
    if (entry.spare) made[`spare_${operationId}`] = await entry.spare(h.client(user.api_key), idsOf(user));
  }
  return made;
}

/** Runs a version's collection as `user`; its shares name `other`. */
async function runNewman(
  h: Harness,
  table: VersionTable,
  user: SeededUser,
  other: SeededUser,
): Promise<NewmanRunSummary> {
  const envVars = Object.entries({
    ...idsOf(user),
    ...(await spares(h, table, user)),
    newAccountNumber: `8${Date.now()}`.slice(0, 12),
    baseUrl: h.url,
    apiKey: user.api_key,
    accountNumber: `9${Date.now()}`.slice(0, 12),
  }).map(([key, value]) => ({ key, value: String(value) }));
  return new Promise((resolvePromise, reject) =>
    newman.run(
      {
        collection: withRunValues(
          JSON.parse(readFileSync(outputOf(table.version).collectionPath, "utf8")),
          userIdIn(table.version, other.id),
        ),
        envVar: envVars,
        reporters: [],
        timeoutRequest: 20_000,
        requestAgents: { http: agent },
      },
      (err, summary) => (err ? reject(err) : resolvePromise(summary)),
    ),
  );
}

/**
 * Each version's run, as a seeded user of its own: a run uses up some of its user's items
 * (it restores a bin entry, deletes a spare), so the versions run at once, side by side.
 */
const runs = versionTables.map((table, user) => ({ version: table.version, table, user }));

describe.each(backends)("Portman collection run by newman on $name", (backend) => {
  let h: Harness;
  beforeAll(async () => {
    // Two users per seed run: one per version.
    h = await startHarness(backend, {
      env: { RATE_LIMIT_PER_MINUTE: "100000" },
      seedRuns: Math.ceil(runs.length / 2),
    });
  });
  afterAll(() => h?.stop());

  test.concurrent.for(runs)(
    "$version: when the generated contract, boundary and wrong-key tests run, then none fails",
    { timeout: 120_000 },
    // Concurrent tests count their assertions with their own `expect`.
    async ({ table, user }, { expect }) => {
      const summary = await runNewman(
        h,
        table,
        h.users[user] as SeededUser,
        h.users[(user + 1) % h.users.length] as SeededUser,
      );
      const failures = summary.run.failures.map((f) => `${f.source?.name ?? "?"}: ${f.error.message}`);
      expect(failures).toEqual([]);
      expect(summary.run.stats.requests.total).toBeGreaterThanOrEqual(30);
      expect(summary.run.stats.assertions.total).toBeGreaterThan(100);
      // The file share's boundary variations ran too (each asserts the documented 400 problem).
      const ran = summary.run.executions.map((execution) => execution.item.name);
      for (const field of ["file", "folder", "password"]) {
        expect(ran).toContain(`Update a file share[Boundary][minimum length ${field}]`);
      }
      // And where user ids are strings (v2), the too-long one in a share's `users`.
      if (typeof userIdIn(table.version, 1) === "string")
        expect(ran).toContain("Update a file share[Boundary][maximum length users[0]]");
    },
  );
});
