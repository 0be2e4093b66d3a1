import { readContract } from "@vault/spec";

// biome-ignore lint/suspicious/noExplicitAny: a parsed OpenAPI document is untyped JSON
export type SchemaObject = Record<string, any>;

/** The contract's OpenAPI 3.0 document, parsed once. */
export const contract: SchemaObject = readContract();

/** Follows `$ref`s and single-entry `allOf` wrappers to the schema that says the type. */
export function resolveSchema(schema: SchemaObject | undefined): SchemaObject {
  if (!schema) return {};
  if (typeof schema.$ref === "string") {
    return resolveSchema(contract.components.schemas[schema.$ref.replace("#/components/schemas/", "")]);
  }
  if (Array.isArray(schema.allOf) && schema.allOf.length === 1)
    return { ...resolveSchema(schema.allOf[0]), ...schema, allOf: undefined };
  return schema;
}
