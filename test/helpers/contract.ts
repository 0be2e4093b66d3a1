// The contract as data for property-based tests: every operation, arbitraries that
// generate valid bodies from its request schema, mutations that break exactly one
// constraint, and a validator for responses. Nothing here is written per operation.
import { readContract } from "@vault/spec";
import { versions } from "@vault/spec/versions";
import { Ajv, type ValidateFunction } from "ajv";
import addFormats from "ajv-formats";
import fc from "fast-check";

// biome-ignore lint/suspicious/noExplicitAny: JSON Schema objects from a parsed document
export type Schema = Record<string, any>;

/** One version's document as the suites read it: its operations, and Ajv over its schemas. */
export interface VersionContract {
  /** `v1`, `v2`. */
  version: string;
  document: Schema;
  /** Every operation that takes a body (the download has none and is fuzzed through its id only). */
  operations: Operation[];
  /** Every operation that takes query parameters (the lists). */
  queryOperations: QueryOperation[];
  /** Ajv's account of how a value breaks a schema of this document, or undefined when it matches. */
  schemaErrors(schema: Schema, value: unknown): string | undefined;
  /** Whether a response body matches the schema the document declares for this operation, status and media type. */
  responseErrors(
    op: Pick<Operation, "path" | "method">,
    status: number,
    mediaType: string,
    body: unknown,
  ): string | undefined;
}

export interface Operation {
  id: string;
  method: string;
  path: string;
  mediaType: string;
  bodySchema: Schema;
  statuses: string[];
}

/** A list: its query parameters as one object schema, whose fields travel as text in the query string. */
export interface QueryOperation {
  id: string;
  method: string;
  path: string;
  querySchema: Schema;
}

const ajv = new Ajv({ strict: false, allErrors: true });
addFormats.default(ajv);

/** Converts the 3.0 `nullable` of a schema tree to JSON Schema, which Ajv validates natively; `$ref`s point into `id`. */
function jsonSchema(schema: Schema, id: string): Schema {
  if (Array.isArray(schema)) return schema.map((item) => jsonSchema(item, id)) as unknown as Schema;
  if (typeof schema !== "object" || schema === null) return schema;
  const out: Schema = {};
  for (const [key, value] of Object.entries(schema)) {
    out[key] = key === "$ref" ? value.replace("#/", `${id}#/`) : jsonSchema(value, id);
  }
  if (schema.nullable === true) {
    delete out.nullable;
    return { anyOf: [out, { type: "null" }] };
  }
  return out;
}

function versionContract(version: string): VersionContract {
  const document: Schema = readContract(version);
  const id = `contract-${version}`;
  const resolveIn = (schema: Schema | undefined): Schema => resolveSchema(document, schema);
  const operations: Operation[] = Object.entries<Schema>(document.paths).flatMap(([path, item]) =>
    Object.entries<Schema>(item)
      .filter(([, op]) => op.requestBody)
      .map(([method, op]) => {
        const [mediaType, content] = Object.entries<Schema>(op.requestBody.content)[0] as [string, Schema];
        return {
          id: op.operationId,
          method,
          path,
          mediaType,
          bodySchema: resolveIn(content.schema),
          statuses: Object.keys(op.responses),
        };
      }),
  );
  const parameterOf = (p: Schema): Schema =>
    p.$ref ? document.components.parameters[p.$ref.split("/").pop() as string] : p;
  const queryOperations: QueryOperation[] = Object.entries<Schema>(document.paths).flatMap(([path, item]) =>
    Object.entries<Schema>(item).flatMap(([method, op]) => {
      const query = (op.parameters ?? []).map(parameterOf).filter((p: Schema) => p.in === "query");
      if (query.length === 0) return [];
      const querySchema = {
        type: "object",
        additionalProperties: false,
        properties: Object.fromEntries(query.map((p: Schema) => [p.name, p.schema])),
        required: query.filter((p: Schema) => p.required).map((p: Schema) => p.name),
      };
      return [{ id: op.operationId, method, path, querySchema }];
    }),
  );
  ajv.addSchema({ ...jsonSchema(document, id), $id: id });
  const validators = new WeakMap<Schema, ValidateFunction>();
  const schemaErrors = (schema: Schema, value: unknown) => {
    let validate = validators.get(schema);
    if (!validate) {
      validate = ajv.compile(jsonSchema(schema, id));
      validators.set(schema, validate);
    }
    return validate(value) ? undefined : ajv.errorsText(validate.errors);
  };
  const responseErrors: VersionContract["responseErrors"] = (op, status, mediaType, body) => {
    const response = document.paths[op.path][op.method].responses[String(status)];
    if (!response) return `status ${status} is not declared`;
    const schema = response.content?.[mediaType]?.schema;
    if (!schema) return `media type ${mediaType} is not declared for ${status}`;
    return schemaErrors(schema, body);
  };
  return { version, document, operations, queryOperations, schemaErrors, responseErrors };
}

/** Every version's contract, oldest first: the contract-wide suites run on each. */
export const versionContracts: VersionContract[] = versions.map(({ name }) => versionContract(name));

/** v1's document (the suites about one version use v1's). */
export const contract: Schema = (versionContracts[0] as VersionContract).document;

function resolveSchema(document: Schema, schema: Schema | undefined): Schema {
  if (!schema) return {};
  if (schema.$ref) return resolveSchema(document, document.components.schemas[schema.$ref.split("/").pop()]);
  if (schema.allOf?.length === 1) return { ...resolveSchema(document, schema.allOf[0]), ...schema, allOf: undefined };
  return schema;
}

const ALPHABET = "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789 -_.é€😀";

/** Strings of every allowed length, boundaries included ("max" lets sizes reach maxLength often). */
function text(min: number, max: number) {
  return fc.string({ unit: fc.constantFrom(...ALPHABET), minLength: min, maxLength: max, size: "max" });
}

/**
 * The texts a pattern matches, made once per pattern: fast-check builds its arbitrary by
 * trying each of its built-in texts against the pattern's characters, a few hundred ms a
 * pattern, and the fuzzer asks for the same patterns in every test.
 */
const matchingArbitraries = new Map<string, fc.Arbitrary<string>>();
const matching = (pattern: string) => {
  let arbitrary = matchingArbitraries.get(pattern);
  if (!arbitrary) {
    arbitrary = fc.stringMatching(new RegExp(pattern));
    matchingArbitraries.set(pattern, arbitrary);
  }
  return arbitrary;
};

/** Whether a text generated for a pattern is within its schema's lengths. */
const fits = (schema: Schema, value: string) =>
  value.length >= (schema.minLength ?? 0) && value.length <= (schema.maxLength ?? Number.POSITIVE_INFINITY);

/** RFC 3339 instants, in UTC or with an offset, past and future. */
const dateTime = fc
  .tuple(
    fc.date({ min: new Date("1970-01-01T00:00:00Z"), max: new Date("2999-12-31T23:59:59Z"), noInvalidDate: true }),
    fc.constantFrom("Z", "+01:00", "-05:30", "+00:00"),
  )
  .map(([date, zone]) => date.toISOString().replace(/\.\d{3}Z$/, zone));

/** A fast-check arbitrary of the values a schema accepts. `ids` supplies real ids for fields that name resources. */
export function arbitraryOf(
  schemaIn: Schema,
  ids: fc.Arbitrary<string>,
  document: Schema = contract,
): fc.Arbitrary<unknown> {
  const schema = resolveSchema(document, schemaIn);
  const value = ((): fc.Arbitrary<unknown> => {
    if (schema.anyOf) return fc.oneof(...schema.anyOf.map((s: Schema) => arbitraryOf(s, ids, document)));
    if (schema.enum) return fc.constantFrom(...schema.enum);
    switch (schema.type) {
      case "boolean":
        return fc.boolean();
      case "integer":
        return fc.integer({ min: schema.minimum ?? -10, max: schema.maximum ?? 1000 });
      case "array":
        return fc.array(arbitraryOf(schema.items, ids, document), { maxLength: 4 });
      case "object":
        return objectOf(schema, ids, document);
      case "string":
        if (schema.format === "binary") return fc.uint8Array({ maxLength: 2048 }).map((bytes) => new Blob([bytes]));
        if (schema.format === "date-time") return dateTime;
        if (schema.format === "email")
          return fc.emailAddress().filter((email) => email.length <= (schema.maxLength ?? 254));
        if (schema.pattern) return matching(schema.pattern).filter((value) => fits(schema, value));
        return fc.oneof(
          { weight: 3, arbitrary: text(schema.minLength ?? 0, Math.min(schema.maxLength ?? 40, 300)) },
          { weight: schema.minLength === undefined || schema.minLength <= 36 ? 2 : 0, arbitrary: ids },
        );
      default:
        return fc.jsonValue({ maxDepth: 2 });
    }
  })();
  return schema.nullable ? fc.option(value, { nil: null, freq: 5 }) : value;
}

function objectOf(schema: Schema, ids: fc.Arbitrary<string>, document: Schema): fc.Arbitrary<Record<string, unknown>> {
  const properties: Record<string, Schema> = schema.properties ?? {};
  const required = new Set<string>(schema.required ?? []);
  return fc.record(
    Object.fromEntries(Object.entries(properties).map(([name, s]) => [name, arbitraryOf(s, ids, document)])),
    {
      requiredKeys: [...required],
    },
  );
}

export interface Mutation {
  /** What was broken, for the report. */
  kind: string;
  /** The field the problem must name, e.g. `/body/name`. */
  path: string;
  body: Record<string, unknown>;
}

/**
 * Every way to break exactly one constraint of a valid body (or query), derived from its
 * schema. In a multipart form and a query string every value is text and a single value
 * is a one-item array, so a number for a string or one value for an array is no break there.
 */
export function mutationsOf(
  schema: Schema,
  body: Record<string, unknown>,
  as: "json" | "multipart" | "query",
  document: Schema = contract,
): Mutation[] {
  const resolve = (raw: Schema | undefined) => resolveSchema(document, raw);
  const properties: Record<string, Schema> = schema.properties ?? {};
  const out: Mutation[] = [];
  const multipart = as !== "json";
  const at = (name: string) => `/${as === "query" ? "query" : "body"}/${name}`;
  for (const name of schema.required ?? []) {
    const { [name]: _removed, ...rest } = body;
    out.push({ kind: "required", path: at(name), body: rest });
  }
  if (schema.additionalProperties === false)
    out.push({ kind: "unknown field", path: at("zz_unknown"), body: { ...body, zz_unknown: 1 } });
  for (const [name, raw] of Object.entries(properties)) {
    const s = resolve(raw);
    if (s.format === "binary") continue;
    const set = (value: unknown, kind: string, path = at(name)) =>
      out.push({ kind, path, body: { ...body, [name]: value } });
    if (s.type === "string" && !multipart) set(12345, "type");
    if (s.type === "boolean" || s.type === "integer") set("not-a-value", "type");
    if (s.type === "array" && !multipart) set("not-an-array", "type");
    if (s.enum) set("NOT_IN_ENUM", "enum");
    if (s.minimum !== undefined) set(s.minimum - 1, "minimum");
    if (s.maximum !== undefined) set(s.maximum + 1, "maximum");
    if (s.maxLength !== undefined) set("x".repeat(s.maxLength + 1), "maxLength");
    if (s.minLength > 0) set("", "minLength");
    if (s.format === "date-time") set("2026-02-30T25:00:00Z", "format");
    const items = s.items && resolve(s.items);
    // An empty value in a query string is refused at the parameter, before its items are checked.
    if (items?.type === "string" && items.minLength > 0)
      set([""], "item minLength", as === "query" ? at(name) : `${at(name)}/0`);
    if (items?.type === "object" && items.required?.length)
      set([{}], "item required", `${at(name)}/0/${items.required[0]}`);
  }
  return out;
}
