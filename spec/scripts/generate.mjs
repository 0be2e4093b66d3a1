// Compiles the TypeSpec in src/ to OpenAPI 3.0 (the document every tool reads; also as
// JSON) and 3.1 for each version of the API, and writes them to generated/<version>/
// (or checks them with --check).
//
// TypeSpec writes every route as v1's (`/evault/v1/…`): a version's document has its
// paths, and every mention of them, moved to its own (`/evault/v2/…`). Examples are
// written in the newest version's shape (TypeSpec checks them against it only, its
// issue 10572); an older version's document gets them in its own shape (versions.js).
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
import { mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { isMap, isPair, isScalar, isSeq, parse, parseDocument, visit } from "yaml";
import { writeOrCheck } from "../../scripts/generated-files.mjs";
import { textIn, toV1, versions } from "../versions.js";

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
  // TypeSpec names each version's document by its value (`openapi.1.0.0.yaml`): oldest first, as versions.json lists them.
  const emitted = Object.fromEntries(
    ["3.0.0", "3.1.0"].map((openapi) => [
      openapi,
      readdirSync(join(outDir, openapi)).sort((a, b) => a.localeCompare(b, "en", { numeric: true })),
    ]),
  );
  if (emitted["3.0.0"].length !== versions.length) {
    throw new Error(
      `the TypeSpec has ${emitted["3.0.0"].length} version(s), versions.json ${versions.length}: list each in both`,
    );
  }
  const newest = versions.at(-1).name;
  // A version's document must be its own: v2's is `openapi.2.x.yaml`.
  for (const [index, { name }] of versions.entries()) {
    const file = emitted["3.0.0"][index];
    if (!file.startsWith(`openapi.${name.slice(1)}.`)) {
      throw new Error(`versions.json's ${name} is the TypeSpec's ${file}: list the versions in the same order in both`);
    }
  }
  const read = (openapi, index, examples) =>
    normalize(
      textIn(versions[index].name, readFileSync(join(outDir, openapi, emitted[openapi][index]), "utf8")),
      examples,
    );
  const documents = {};
  for (const openapi of ["3.0.0", "3.1.0"]) {
    const newestDocument = read(openapi, versions.length - 1);
    const from = newestDocument.json;
    documents[openapi] = versions.map(({ name }, index) => {
      if (index === versions.length - 1) return newestDocument;
      return read(openapi, index, {
        from,
        version: newest,
        shape: (value) => toV1(JSON.parse(textIn(name, JSON.stringify(value)))),
      });
    });
  }
  writeOrCheck(
    versions.flatMap(({ name }, index) => {
      const [openapi30, openapi31] = [documents["3.0.0"][index], documents["3.1.0"][index]];
      const dir = join(specDir, "generated", name);
      return [
        { path: join(dir, "openapi.yaml"), content: header + openapi30.text },
        { path: join(dir, "openapi.3.1.yaml"), content: header + openapi31.text },
        // The same 3.0 document for programs that load it at start: JSON parses in 3 ms, the YAML in 250 (and up to a second, cold and loaded).
        { path: join(dir, "openapi.json"), content: `${JSON.stringify(openapi30.json, null, 1)}\n` },
      ];
    }),
  );
} finally {
  rmSync(outDir, { recursive: true, force: true });
}

/** An `example`, or the `value` of one of `examples`: not a property of that name (under `properties`). */
function isExample(pair, path) {
  const key = pair.key?.value;
  const holder = path.at(-2)?.key?.value;
  return (key === "example" && holder !== "properties") || (key === "value" && path.at(-4)?.key?.value === "examples");
}

/** Sets each scalar of `node` that `value` (of the same structure) changes, leaving the others as written. */
function reshape(node, value) {
  if (isMap(node)) for (const pair of node.items) reshape(pair.value, value[pair.key.value]);
  else if (isSeq(node)) {
    for (const [index, item] of node.items.entries()) reshape(item, value[index]);
  } else if (isScalar(node) && node.value !== value) {
    node.value = value;
    node.type = undefined;
  }
}

/** The keys from the document's root to `pair`'s value (an index for an item of a list). */
function keysOf(path, pair) {
  const keys = [];
  path.forEach((node, index) => {
    if (isPair(node)) keys.push(node.key.value);
    else if (isSeq(node)) keys.push(node.items.indexOf(path[index + 1]));
  });
  return [...keys, pair.key.value];
}

/** Whether two JSON values have the same objects, keys and lists (their scalars may differ). */
function sameShape(a, b) {
  if (typeof a !== "object" || a === null || typeof b !== "object" || b === null) {
    return (typeof a === "object" && a !== null) === (typeof b === "object" && b !== null);
  }
  const keys = Object.keys(a);
  return keys.length === Object.keys(b).length && keys.every((key) => key in b && sameShape(a[key], b[key]));
}

/** `node` with each text quoted as the emitter quotes it: one that YAML 1.1 would read as another type (a date, a number). */
function quotedLikeEmitter(node) {
  visit(node, {
    Scalar(_, scalar) {
      if (typeof scalar.value === "string" && parse(scalar.value, { schema: "yaml-1.1" }) !== scalar.value) {
        scalar.type = "QUOTE_SINGLE";
      }
    },
  });
  return node;
}

/**
 * The emitted document as the tools read it, as text and as the value it parses to.
 * `examples` (for an older version) gives the newest version's value and `shape`, which
 * writes its examples in the older shape.
 */
function normalize(source, examples) {
  const doc = parseDocument(source);
  doc.deleteIn(["components", "schemas", "Versions"]);
  const openapi30 = String(doc.get("openapi")).startsWith("3.0");
  visit(doc, {
    Pair(_, pair, path) {
      if (examples && isExample(pair, path)) {
        const newest = keysOf(path, pair).reduce(
          (value, key) => value?.[textIn(examples.version, String(key))],
          examples.from,
        );
        const wanted = examples.shape(newest ?? pair.value.toJSON());
        // The emitter drops an example it cannot fit to an older version's union (an event's): it is written whole.
        if (sameShape(pair.value.toJSON(), wanted)) reshape(pair.value, wanted);
        else pair.value = quotedLikeEmitter(doc.createNode(wanted));
      }
      if (closingKeys.has(pair.key?.value) && JSON.stringify(pair.value?.toJSON?.()) === '{"not":{}}') {
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
      // OpenAPI 3.0 ignores what sits beside a `$ref` (a description): the emitter's own spelling for a model, `allOf: [$ref]`, keeps it.
      if (openapi30 && map.has("$ref") && map.items.length > 1) {
        map.set("allOf", doc.createNode([{ $ref: map.get("$ref") }]));
        map.delete("$ref");
      }
      const allOf = map.get("allOf", true);
      if (map.get("nullable") !== true || allOf?.items?.length !== 1) return;
      map.delete("allOf");
      // Without a `type` beside it, `nullable` is invalid (Ajv refuses the schema); the null branch says it.
      if (!map.has("type")) map.delete("nullable");
      map.set("anyOf", doc.createNode([allOf.items[0].toJSON(), { type: "object", nullable: true, enum: [null] }]));
    },
  });
  return { text: doc.toString({ lineWidth: 0 }), json: doc.toJS() };
}
