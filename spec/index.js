import { readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";

/** Absolute path of a version's generated OpenAPI 3.0 document (the one every tool reads). */
export const openapiPathOf = (version) =>
  fileURLToPath(new URL(`./generated/${version}/openapi.yaml`, import.meta.url));

/** v1's document. */
export const openapiPath = openapiPathOf("v1");

/** A version's OpenAPI 3.0 document, parsed: read from its JSON twin, which parses far faster than the YAML. */
export function readContract(version = "v1") {
  return JSON.parse(readFileSync(new URL(`./generated/${version}/openapi.json`, import.meta.url), "utf8"));
}

/** The value of a parameter's or a body's first example (the first `@opExample` that gives one). */
const firstExample = (holder) => holder?.example ?? Object.values(holder?.examples ?? {})[0]?.value;

/** A body of `placeholder` in each required field of `schema`, when a placeholder is given and the schema names fields. */
function requiredFields(document, schema, placeholder) {
  if (placeholder === undefined || typeof schema?.$ref !== "string") return undefined;
  const named = document.components.schemas[schema.$ref.replace("#/components/schemas/", "")];
  return Array.isArray(named?.required)
    ? Object.fromEntries(named.required.map((name) => [name, placeholder]))
    : undefined;
}

/**
 * The contract's example request of every operation, by operationId: its method, path
 * template, and the path, query and header values and the body its `@opExample` gives
 * (`document` is the parsed OpenAPI 3.0 document). A required path or header parameter
 * or body field no example gives (an operation whose body no TypeSpec value can hold:
 * bytes, a file part) takes `placeholder` when one is given.
 */
export function exampleRequests(document, placeholder) {
  const requests = {};
  for (const [path, item] of Object.entries(document.paths)) {
    for (const [method, operation] of Object.entries(item)) {
      if (typeof operation?.operationId !== "string") continue;
      const request = { method: method.toUpperCase(), path, params: { path: {}, query: {}, header: {} } };
      for (const declared of operation.parameters ?? []) {
        const parameter = declared.$ref
          ? document.components.parameters[declared.$ref.replace("#/components/parameters/", "")]
          : declared;
        const value = firstExample(parameter) ?? (parameter.required ? placeholder : undefined);
        if (value !== undefined && request.params[parameter.in]) request.params[parameter.in][parameter.name] = value;
      }
      const [mediaType, content] = Object.entries(operation.requestBody?.content ?? {})[0] ?? [];
      if (mediaType !== undefined) {
        request.mediaType = mediaType;
        request.body = firstExample(content) ?? requiredFields(document, content.schema, placeholder);
      }
      requests[operation.operationId] = request;
    }
  }
  return requests;
}

/** An example request's path with its path values in place, and its query string. */
export function examplePath({ path, params }) {
  const filled = path.replace(/\{(\w+)\}/g, (_, name) => encodeURIComponent(String(params.path[name])));
  const query = new URLSearchParams();
  for (const [name, value] of Object.entries(params.query)) {
    for (const one of Array.isArray(value) ? value : [value]) query.append(name, String(one));
  }
  const search = query.toString();
  return search === "" ? filled : `${filled}?${search}`;
}
