// The published package follows the contract: its major version is the API's.
import { readFileSync } from "node:fs";
import { readContract } from "@vault/spec";
import { expect, test } from "vitest";

const manifest = JSON.parse(readFileSync(new URL("../package.json", import.meta.url), "utf8"));
const contract = readContract();

test("the client's major version is the contract's, and every path is of that version", () => {
  const major = (version: string) => version.split(".")[0];
  expect(major(manifest.version)).toBe(major(contract.info.version));
  for (const path of Object.keys(contract.paths))
    expect(path).toMatch(new RegExp(`^/\\w+/v${major(manifest.version)}/`));
});

test("the package publishes its build alone and depends on openapi-fetch and standardwebhooks (@vault/client/webhooks) alone", () => {
  expect(manifest.private).toBeUndefined();
  expect(manifest.files).toEqual(["dist", "README.md", "CHANGELOG.md"]);
  expect(Object.keys(manifest.dependencies)).toEqual(["openapi-fetch", "standardwebhooks"]);
  for (const field of ["license", "repository", "types", "exports"]) expect(manifest[field]).toBeDefined();
});
