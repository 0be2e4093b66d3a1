// Proves the generated-types check bites: types generated from a changed
// OpenAPI document differ from the committed ones, and the check fails.
import { spawnSync } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { openapiPath } from "@vault/spec";
import { afterAll, expect, test } from "vitest";

const scratch = mkdtempSync(join(tmpdir(), "vault-types-drift-"));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

function checkAgainst(document: string) {
  const path = join(scratch, "openapi.yaml");
  writeFileSync(path, document);
  return spawnSync(process.execPath, ["scripts/generate-types.mjs", "--check"], {
    cwd: resolve(import.meta.dirname, ".."),
    encoding: "utf8",
    env: { ...process.env, VAULT_OPENAPI_PATH: path },
  });
}

test("the check passes against the committed document and fails when a field changes", () => {
  const document = readFileSync(openapiPath, "utf8");
  expect(checkAgainst(document).status).toBe(0);

  const changed = document.replace(
    "        has_set_pin:\n          type: boolean",
    "        has_set_pin:\n          type: string",
  );
  expect(changed).not.toBe(document);
  const result = checkAgainst(changed);
  expect(result.status).toBe(1);
  expect(result.stderr).toMatch(/drift: .*schema\.d\.ts differs/);
}, 60_000);
