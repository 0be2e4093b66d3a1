// Generates generated/<version>/schema.d.ts (the contract's TypeScript types: `paths`,
// `operations`, `components`) from each version's OpenAPI 3.0 document. The server
// imports v1's as `@vault/spec/schema`; the client bundles each into its own declarations.
// Uses openapi-typescript's Node API rather than its CLI so that `format: binary`
// becomes `Blob` (the CLI types it as string, which no multipart upload can satisfy).
// The pages and the form a link answers browsers (`text/html`, a form post) are left out:
// the types are for programs, which read and send JSON.
import { readFileSync } from "node:fs";
import openapiTS, { astToString } from "openapi-typescript";
import ts from "typescript";
import { parse } from "yaml";
import { writeOrCheck } from "../../scripts/generated-files.mjs";
import { versions } from "../versions.js";

const BLOB = ts.factory.createTypeReferenceNode(ts.factory.createIdentifier("Blob"));
const NULL = ts.factory.createLiteralTypeNode(ts.factory.createNull());

// A test points VAULT_OPENAPI_PATH at a changed document, whose types are checked as v1's.
const documentOf = (version) =>
  process.env.VAULT_OPENAPI_PATH && version === "v1"
    ? process.env.VAULT_OPENAPI_PATH
    : new URL(`../generated/${version}/openapi.yaml`, import.meta.url).pathname;
const BROWSER_ONLY = ["text/html", "application/x-www-form-urlencoded"];

/** The document without the media types only a browser uses. */
function forPrograms(document) {
  for (const operations of Object.values(document.paths)) {
    for (const operation of Object.values(operations)) {
      const contents = [
        operation.requestBody?.content,
        ...Object.values(operation.responses ?? {}).map((r) => r.content),
      ];
      for (const content of contents) for (const type of BROWSER_ONLY) delete content?.[type];
    }
  }
  return document;
}

/** The types of one version's document. */
async function typesOf(version) {
  const ast = await openapiTS(forPrograms(parse(readFileSync(documentOf(version), "utf8"))), {
    // Fields with a default stay optional in requests (the server fills the default).
    defaultNonNullable: false,
    transform(schemaObject) {
      if (schemaObject.format === "binary") {
        return schemaObject.nullable ? ts.factory.createUnionTypeNode([BLOB, NULL]) : BLOB;
      }
      return undefined;
    },
  });
  const header = `// Generated from spec/generated/${version}/openapi.yaml by \`npm run generate\`. Do not edit.\n\n`;
  return {
    path: new URL(`../generated/${version}/schema.d.ts`, import.meta.url).pathname,
    content: header + astToString(ast),
  };
}

writeOrCheck(await Promise.all(versions.map(({ name }) => typesOf(name))));
