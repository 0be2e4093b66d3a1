// Compiles the TypeSpec in src/ to OpenAPI 3.0 (the document every tool reads; also as
// JSON) and 3.1, and writes them to generated/ (or checks them with --check).
//
// Every model is closed (the emitter's `seal-object-schemas`), which TypeSpec spells
// `additionalProperties: {not: {}}` (3.1: `unevaluatedProperties`); it is rewritten
// to the equivalent `false`, which openapi-typescript turns into a closed type (the other spelling opens it with an
// index signature) and which makes validators name the unexpected field.
//
// In the 3.0 document a nullable model reference is emitted as `allOf: [$ref]` with
// `nullable: true`, which Ajv (and so express-openapi-validator) never lets null
// through; it is rewritten to `anyOf: [$ref, {type: object, nullable: true, enum:
// [null]}]`, the OpenAPI 3.0.3 spelling of "this model or null".
//
// The emitter drops `@maxItems` on an array of multipart parts (`HttpPart<T>[]`), so
// such a bound is written as `@extension("x-max-items", N)` and rewritten here to
// `maxItems: N`: every request array is bounded (the Spectral rule checks it).
//
// TypeSpec cannot say `allowReserved` (a query value may hold `'()*!`, which
// `encodeURIComponent` and so openapi-fetch leave unencoded): a parameter marked
// `@extension("x-allow-reserved", true)` gets it here.
//
// TypeSpec has no OPTIONS verb: an operation marked `@extension("x-vault-method",
// "options")` is moved here from its declared method to `options`.
import { execFileSync } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { parse, parseDocument, visit } from "yaml";
import { writeOrCheck } from "../../scripts/generated-files.mjs";

const specDir = join(dirname(fileURLToPath(import.meta.url)), "..");
const outDir = mkdtempSync(join(tmpdir(), "vault-spec-"));
const closingKeys = new Set(["additionalProperties", "unevaluatedProperties"]);
const header = "# Generated from spec/src by `npm run generate`. Do not edit.\n";

try {
  // `tsp` is on PATH when run through npm scripts (node_modules/.bin).
  execFileSync(
    "tsp",
    ["compile", "src/main.tsp", "--config", "tspconfig.yaml", "--output-dir", outDir, "--warn-as-error"],
    { cwd: specDir, stdio: ["ignore", "ignore", "inherit"] },
  );
  const [openapi30, openapi31] = ["3.0.0", "3.1.0"].map((version) =>
    normalize(readFileSync(join(outDir, version, "openapi.yaml"), "utf8")),
  );
  writeOrCheck([
    { path: join(specDir, "generated", "openapi.yaml"), content: header + openapi30 },
    { path: join(specDir, "generated", "openapi.3.1.yaml"), content: header + openapi31 },
    // The same 3.0 document for programs that load it at start: JSON parses in 3 ms, the YAML in 250 (and up to a second, cold and loaded).
    { path: join(specDir, "generated", "openapi.json"), content: `${JSON.stringify(parse(openapi30), null, 1)}\n` },
  ]);
} finally {
  rmSync(outDir, { recursive: true, force: true });
}

function normalize(source) {
  const doc = parseDocument(source);
  visit(doc, {
    Pair(_, pair) {
      const value = pair.value?.toJSON?.();
      if (closingKeys.has(pair.key?.value) && JSON.stringify(value) === '{"not":{}}') {
        pair.value = doc.createNode(false);
      }
    },
    Map(_, map) {
      for (const pair of map.items) {
        const method = pair.value?.get?.("x-vault-method");
        if (method === undefined) continue;
        pair.value.delete("x-vault-method");
        pair.key = doc.createNode(method);
      }
      if (map.get("x-allow-reserved") === true) {
        map.delete("x-allow-reserved");
        // The emitter copies a parameter's extensions into its schema too, where the keyword has no place.
        if (map.has("in")) map.set("allowReserved", true);
      }
      const maxItems = map.get("x-max-items");
      if (maxItems !== undefined) {
        map.delete("x-max-items");
        map.set("maxItems", maxItems);
      }
      const allOf = map.get("allOf", true);
      if (map.get("nullable") !== true || allOf?.items?.length !== 1) return;
      map.delete("allOf");
      // Without a `type` beside it, `nullable` is invalid (Ajv refuses the schema); the null branch says it.
      if (!map.has("type")) map.delete("nullable");
      map.set("anyOf", doc.createNode([allOf.items[0].toJSON(), { type: "object", nullable: true, enum: [null] }]));
    },
  });
  return doc.toString({ lineWidth: 0 });
}
