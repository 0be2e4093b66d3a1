// express-openapi-validator is patched to take a document whose `$ref`s all point into it
// as it is, without $RefParser.bundle (docs/decisions/dependency-patches.md). That is
// right while bundling the service's contract would change nothing, which this checks.
import { createRequire } from "node:module";
import { readContract } from "@vault/spec";
import { versions } from "@vault/spec/versions";
import { afterEach, expect, test, vi } from "vitest";

// The validator's own copies, as it loads them.
const validatorRequire = createRequire(createRequire(import.meta.url).resolve("express-openapi-validator"));
const $RefParser = validatorRequire("@apidevtools/json-schema-ref-parser");
const { OpenAPIFramework } = validatorRequire("./framework/index.js");

afterEach(() => {
  vi.restoreAllMocks();
});

test.each(versions.map(({ name }) => name))(
  "the %s contract is bundled already: $RefParser.bundle answers it unchanged",
  async (version) => {
    const contract = readContract(version);
    expect(await $RefParser.bundle(structuredClone(contract))).toEqual(contract);
  },
);

test("the validator loads the contract without bundling it, and still bundles a document that refers outside itself", async () => {
  const bundle = vi.spyOn($RefParser, "bundle");
  const contract = readContract("v1");
  expect(await new OpenAPIFramework({}).loadSpec(contract, { mode: "bundle" })).toBe(contract);
  expect(bundle).not.toHaveBeenCalled();
  const external = { ...contract, components: { schemas: { Elsewhere: { $ref: "other.yaml#/Thing" } } } };
  await new OpenAPIFramework({}).loadSpec(external, { mode: "bundle" }).catch(() => undefined);
  expect(bundle).toHaveBeenCalledTimes(1);
});
