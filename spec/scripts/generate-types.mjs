// Generates generated/schema.d.ts (the contract's TypeScript types: `paths`,
// `operations`, `components`) from the OpenAPI 3.0 document. The server imports them
// as `@vault/spec/schema`; the client bundles them into its own declarations.
// Uses openapi-typescript's Node API rather than its CLI so that `format: binary`
// becomes `Blob` (the CLI types it as string, which no multipart upload can satisfy).
// The pages and the form a link answers browsers (`text/html`, a form post) are left out:
// the types are for programs, which read and send JSON.
import { readFileSync } from "node:fs";
import openapiTS, { astToString } from "openapi-typescript";
import ts from "typescript";
import { parse } from "yaml";
import { writeOrCheck } from "../../scripts/generated-files.mjs";

const BLOB = ts.factory.createTypeReferenceNode(ts.factory.createIdentifier("Blob"));
const NULL = ts.factory.createLiteralTypeNode(ts.factory.createNull());

const specPath = process.env.VAULT_OPENAPI_PATH ?? new URL("../generated/openapi.yaml", import.meta.url).pathname;
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

const ast = await openapiTS(forPrograms(parse(readFileSync(specPath, "utf8"))), {
  // Fields with a default stay optional in requests (the server fills the default).
  defaultNonNullable: false,
  transform(schemaObject) {
    if (schemaObject.format === "binary") {
      return schemaObject.nullable ? ts.factory.createUnionTypeNode([BLOB, NULL]) : BLOB;
    }
    return undefined;
  },
});

const header = "// Generated from spec/generated/openapi.yaml by `npm run generate`. Do not edit.\n\n";
writeOrCheck([
  {
    path: new URL("../generated/schema.d.ts", import.meta.url).pathname,
    content: header + astToString(ast),
  },
]);
