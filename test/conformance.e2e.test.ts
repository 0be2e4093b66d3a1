// Checks written by others: Portman turns the OpenAPI document into a Postman
// collection of contract tests (status, content type, JSON schema of every response),
// boundary variations (required fields, min/max lengths) and a wrong-key variation per
// operation; newman runs it as a separate step against the real server.
import { execFile } from "node:child_process";
import { mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import { join } from "node:path";
import { promisify } from "node:util";
import { readContract } from "@vault/spec";
import newman, { type NewmanRunSummary } from "newman";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { stringify } from "yaml";
import { backends } from "./helpers/backends.js";
import { documented, type Ids, idsOf, operationTable, spareParameter } from "./helpers/operation-table.js";
import { type Harness, startHarness } from "./helpers/server.js";

const here = import.meta.dirname;
const output = join(here, "test-results");
const collectionPath = join(output, "portman-collection.json");
const configPath = join(output, "portman-config.json");
const contractPath = join(output, "portman-openapi.yaml");

/** The table's ids as Postman variables (`{{file_id}}`), which newman fills from the run's environment. */
const variables = new Proxy({}, { get: (_, name) => `{{${String(name)}}}` }) as Ids;

type Overwrite = { openApiOperationId: string } & Record<string, unknown>;

/**
 * Portman's configuration: `conformance/portman-config.json` (the tests to generate, and
 * the body values Portman's examples need changed), with the path id of every operation
 * taken from the operation table.
 */
function portmanConfig() {
  const base = JSON.parse(readFileSync(join(here, "conformance/portman-config.json"), "utf8"));
  const bodies = new Map((base.overwrites as Overwrite[]).map((o) => [o.openApiOperationId, o]));
  const unknown = [...bodies.keys()].filter((id) => !(id in operationTable));
  if (unknown.length > 0) throw new Error(`portman-config.json overwrites unknown operations: ${unknown.join(", ")}`);
  const overwrites = Object.entries(operationTable).flatMap(([operationId, entry]) => {
    const request = entry.request(variables);
    const spared = entry.spare ? `{{spare_${operationId}}}` : undefined;
    const own = bodies.get(operationId);
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
 * The contract without its request examples (the warm-up's and the suites' requests):
 * Portman builds each request, and its boundary variations, from the schemas instead;
 * an example body leaves out the optional fields whose bounds it varies.
 */
function contractForPortman(): string {
  // biome-ignore lint/suspicious/noExplicitAny: a parsed OpenAPI document is untyped JSON
  const contract: any = readContract();
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

beforeAll(async () => {
  mkdirSync(output, { recursive: true });
  writeFileSync(configPath, JSON.stringify(portmanConfig(), null, 2));
  const portman = createRequire(import.meta.url).resolve("@apideck/portman/bin/portman");
  await promisify(execFile)(process.execPath, [
    portman,
    "--local",
    contractForPortman(),
    "--portmanConfigFile",
    configPath,
    "--output",
    collectionPath,
    "--baseUrl",
    "{{baseUrl}}",
  ]);
}, 120_000);

// biome-ignore lint/suspicious/noExplicitAny: a Postman collection is untyped JSON
type Item = Record<string, any>;

/**
 * Fills in what Portman cannot: Postman needs a file on disk for a `file` form part, and
 * Portman's overwrites do not reach form parts, so the file part gets a fixture and
 * `folder` a real destination. Portman varies only fields whose value is a string
 * without `{{variables}}`, so the file share's `file` and `folder` carry `"@file_id"` and
 * `"@null"` through Portman and become `"{{file_id}}"` and `null` here: the share points
 * at the file (one item: both is a 422), and each field still gets its boundary variation.
 */
function withRunValues(collection: Item): Item {
  const walk = (items: Item[]) => {
    for (const item of items) {
      if (item.item) walk(item.item);
      const body = item.request?.body;
      if (typeof body?.raw === "string")
        body.raw = body.raw.replace(/"@(\w+)"/g, (_: string, name: string) =>
          name === "null" ? "null" : `"{{${name}}}"`,
        );
      for (const part of body?.formdata ?? []) {
        if (part.type === "file") part.src = join(here, "conformance/upload.txt");
        if (part.key === "folder") part.value = "{{projects_folder_id}}";
      }
    }
  };
  walk(collection.item);
  return collection;
}

/** The spare items the table's deletes remove, made for the run, by Postman variable (`spare_deleteFile`): the other requests keep theirs. */
async function spares(h: Harness): Promise<Record<string, string>> {
  const made: Record<string, string> = {};
  for (const [operationId, entry] of Object.entries(operationTable)) {
    if (entry.spare) made[`spare_${operationId}`] = await entry.spare(h.client(), idsOf(h.users[0]));
  }
  return made;
}

async function runNewman(h: Harness): Promise<NewmanRunSummary> {
  const [user] = h.users;
  const envVars = Object.entries({
    ...idsOf(user),
    ...(await spares(h)),
    newAccountNumber: `8${Date.now()}`.slice(0, 12),
    baseUrl: h.url,
    apiKey: user.api_key,
    accountNumber: `9${Date.now()}`.slice(0, 12),
  }).map(([key, value]) => ({ key, value: String(value) }));
  return new Promise((resolvePromise, reject) =>
    newman.run(
      {
        collection: withRunValues(JSON.parse(readFileSync(collectionPath, "utf8"))),
        envVar: envVars,
        reporters: [],
        timeoutRequest: 20_000,
      },
      (err, summary) => (err ? reject(err) : resolvePromise(summary)),
    ),
  );
}

describe.each(backends)("Portman collection run by newman on $name", (backend) => {
  let h: Harness;
  beforeAll(async () => {
    h = await startHarness(backend, { env: { RATE_LIMIT_PER_MINUTE: "100000" } });
  });
  afterAll(() => h?.stop());

  test("when the generated contract, boundary and wrong-key tests run, then none fails", async () => {
    const summary = await runNewman(h);
    const failures = summary.run.failures.map((f) => `${f.source?.name ?? "?"}: ${f.error.message}`);
    expect(failures).toEqual([]);
    expect(summary.run.stats.requests.total).toBeGreaterThanOrEqual(30);
    expect(summary.run.stats.assertions.total).toBeGreaterThan(100);
    // The file share's boundary variations ran too (each asserts the documented 400 problem).
    const ran = summary.run.executions.map((execution) => execution.item.name);
    for (const field of ["file", "folder", "password"]) {
      expect(ran).toContain(`Update a file share[Boundary][minimum length ${field}]`);
    }
  }, 120_000);
});
