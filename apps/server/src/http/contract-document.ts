import { readContract } from "@vault/spec";
import { versions } from "@vault/spec/versions";

// biome-ignore lint/suspicious/noExplicitAny: a parsed OpenAPI document is untyped JSON
export type SchemaObject = Record<string, any>;

/** Each version's OpenAPI 3.0 document, parsed once, by name (`v1`, `v2`). */
export const contracts: Record<string, SchemaObject> = Object.fromEntries(
  versions.map(({ name }) => [name, readContract(name)]),
);

/** Follows `$ref`s (into `document`'s components) and single-entry `allOf` wrappers to the schema that says the type. */
export function resolveSchema(schema: SchemaObject | undefined, document: SchemaObject): SchemaObject {
  if (!schema) return {};
  if (typeof schema.$ref === "string") {
    return resolveSchema(document.components.schemas[schema.$ref.replace("#/components/schemas/", "")], document);
  }
  if (Array.isArray(schema.allOf) && schema.allOf.length === 1)
    return { ...resolveSchema(schema.allOf[0], document), ...schema, allOf: undefined };
  return schema;
}
