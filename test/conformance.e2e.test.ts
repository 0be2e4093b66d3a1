// Checks written by others: Portman turns the OpenAPI document into a Postman
// collection of contract tests (status, content type, JSON schema of every response),
// boundary variations (required fields, min/max lengths) and a wrong-key variation per
// operation; newman runs it as a separate step against the real server.
import { execFile } from "node:child_process";
import { mkdirSync, readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { join } from "node:path";
import { promisify } from "node:util";
import { openapiPath } from "@vault/spec";
import newman, { type NewmanRunSummary } from "newman";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { backends } from "./helpers/backends.js";
import { type Harness, startHarness } from "./helpers/server.js";

const here = import.meta.dirname;
const output = join(here, "test-results");
const collectionPath = join(output, "portman-collection.json");

beforeAll(async () => {
  mkdirSync(output, { recursive: true });
  const portman = createRequire(import.meta.url).resolve("@apideck/portman/bin/portman");
  await promisify(execFile)(process.execPath, [
    portman,
    "--local",
    openapiPath,
    "--portmanConfigFile",
    join(here, "conformance/portman-config.json"),
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
 * without `{{variables}}`, so the file share's `file` and `folder` carry `"@fileId"` and
 * `"@null"` through Portman and become `"{{fileId}}"` and `null` here: the share points
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
        if (part.key === "folder") part.value = "{{destinationFolderId}}";
      }
    }
  };
  walk(collection.item);
  return collection;
}

/** Items the collection's deletes may remove: made for the run, so the other requests keep theirs. */
async function deletables(h: Harness) {
  const [user] = h.users;
  const client = h.client();
  const upload = () =>
    client
      .POST("/evault/v1/files/", { body: { file: new File(["to delete"], "delete-me.txt"), folder: user.folder_id } })
      .then(({ data }) => data?.id ?? "");
  const folder = await client.POST("/evault/v1/folders/", { body: { name: "Delete me" } });
  const share = await client.POST("/evault/v1/file_shares/", { body: { folder: user.folder_id } });
  const binned = await client.DELETE("/evault/v1/files/{id}/", { params: { path: { id: await upload() } } });
  return {
    deletableFileId: await upload(),
    deletableFolderId: folder.data?.id ?? "",
    deletableShareId: share.data?.id ?? "",
    deletableBinId: binned.data?.id ?? "",
  };
}

async function runNewman(h: Harness): Promise<NewmanRunSummary> {
  const [user] = h.users;
  const envVars = Object.entries({
    ...(await deletables(h)),
    newAccountNumber: `8${Date.now()}`.slice(0, 12),
    folderBinId: user.folder_bin_id,
    baseUrl: h.url,
    apiKey: user.api_key,
    bankAccountId: user.bank_account_id,
    accountNumber: `9${Date.now()}`.slice(0, 12),
    fileShareId: user.file_share_id,
    fileId: user.file_id,
    folderId: user.folder_id,
    destinationFolderId: user.projects_folder_id,
    binId: user.bin_id,
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
