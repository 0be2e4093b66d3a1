import { readContract } from "@vault/spec";
import { versions } from "@vault/spec/versions";

// biome-ignore lint/suspicious/noExplicitAny: a parsed OpenAPI document is untyped JSON
export type SchemaObject = Record<string, any>;

/** Each version's OpenAPI 3.0 document, parsed once, by name (`v1`, `v2`). */
export const contracts: Record<string, SchemaObject> = Object.fromEntries(
  versions.map(({ name }) => [name, readContract(name)]),
);

/** v1's document: the shapes the domain speaks (a later version is mapped to them at the edge, versions.ts). */
const contract: SchemaObject = contracts.v1 as SchemaObject;

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
