// The generated OpenAPI document, checked field by field against a table written
// from ../shared/service-spec.md (not from the TypeSpec), so the spec and the
// contract cannot quietly disagree.
import { readFileSync } from "node:fs";
import { describe, expect, test } from "vitest";
import { parse } from "yaml";
import { openapiPath } from "../index.js";

// biome-ignore lint/suspicious/noExplicitAny: a parsed YAML document is untyped
type Schema = Record<string, any>;
const doc = parse(readFileSync(openapiPath, "utf8"));

function resolve(schema: Schema): Schema {
  if (schema.$ref) return resolve(doc.components.schemas[schema.$ref.split("/").pop()]);
  if (schema.allOf?.length === 1) return { ...resolve(schema.allOf[0]), ...schema, allOf: undefined };
  return schema;
}

const NULL_STATUS = ["NULL", "ACTIVE", "INACTIVE", "DORMANT", "CLOSED", "ESCHEAT", "CHARGEOFF"];
const CLASSIFICATION = ["NULL", "PERSONAL", "BUSINESS"];

/** The six operations of the service spec: method, path, request media type, success status, required body fields. */
const operations = [
  {
    method: "put",
    path: "/banking/v1/ng/bank_accounts/{id}/",
    media: "application/json",
    status: "200",
    required: ["account_number"],
  },
  { method: "patch", path: "/evault/v1/file_shares/{id}/", media: "application/json", status: "200", required: [] },
  { method: "put", path: "/evault/v1/files/{id}/", media: "multipart/form-data", status: "200", required: ["file"] },
  {
    method: "post",
    path: "/evault/v1/bins/{id}/restore/",
    media: "application/json",
    status: "200",
    required: ["tags"],
  },
  {
    method: "post",
    path: "/evault/v1/folders/{id}/duplicate_folder/",
    media: "application/json",
    status: "201",
    required: [],
  },
  {
    method: "patch",
    path: "/evault/v1/favourite/folders/{id}/",
    media: "application/json",
    status: "200",
    required: [],
  },
] as const;

/** Request body fields: [operation path, field, expected schema facts]. */
const requestFields: [string, string, Schema][] = [
  ["/banking/v1/ng/bank_accounts/{id}/", "account_number", { type: "string", minLength: 1, maxLength: 255 }],
  ["/banking/v1/ng/bank_accounts/{id}/", "account_name", { type: "string", nullable: true, maxLength: 255 }],
  ["/banking/v1/ng/bank_accounts/{id}/", "classification", { type: "string", enum: CLASSIFICATION }],
  ["/banking/v1/ng/bank_accounts/{id}/", "status", { type: "string", enum: NULL_STATUS }],
  ["/banking/v1/ng/bank_accounts/{id}/", "business_name", { type: "string", nullable: true, maxLength: 255 }],
  ["/banking/v1/ng/bank_accounts/{id}/", "reference", { type: "string", nullable: true, maxLength: 255 }],
  ["/evault/v1/file_shares/{id}/", "file", { type: "string", nullable: true, minLength: 1 }],
  ["/evault/v1/file_shares/{id}/", "folder", { type: "string", nullable: true, minLength: 1 }],
  ["/evault/v1/file_shares/{id}/", "access", { type: "string", enum: ["public", "private"] }],
  ["/evault/v1/file_shares/{id}/", "users", { type: "array", items: { type: "integer" } }],
  ["/evault/v1/file_shares/{id}/", "password", { type: "string", minLength: 1 }],
  ["/evault/v1/files/{id}/", "file", { type: "string", format: "binary" }],
  ["/evault/v1/files/{id}/", "name", { type: "string", maxLength: 255 }],
  ["/evault/v1/files/{id}/", "description", { type: "string", maxLength: 500 }],
  ["/evault/v1/files/{id}/", "folder", { type: "string", minLength: 1 }],
  ["/evault/v1/files/{id}/", "is_starred", { type: "boolean" }],
  ["/evault/v1/files/{id}/", "is_archived", { type: "boolean" }],
  ["/evault/v1/files/{id}/", "is_deleted", { type: "boolean" }],
  ["/evault/v1/files/{id}/", "tags", { type: "array", items: { type: "string", minLength: 1 } }],
  ["/evault/v1/bins/{id}/restore/", "tags", { type: "array" }],
  ...["/evault/v1/folders/{id}/duplicate_folder/", "/evault/v1/favourite/folders/{id}/"].flatMap(
    (path): [string, string, Schema][] => [
      [path, "name", { type: "string", maxLength: 255, minLength: 1 }],
      [path, "description", { type: "string", maxLength: 500 }],
      [path, "is_starred", { type: "boolean" }],
      [path, "is_archived", { type: "boolean" }],
      [path, "is_deleted", { type: "boolean" }],
      [path, "folder", { type: "string", minLength: 1 }],
      [path, "tags", { type: "array" }],
    ],
  ),
];

/** Response fields that the service spec marks required: [schema, fields]. */
const requiredInResponse: [string, string[]][] = [
  [
    "NgnBankAccount",
    [
      "id",
      "user",
      "has_set_pin",
      "account_number",
      "currency",
      "naira_balance",
      "tracking_reference",
      "created_at",
      "updated_at",
    ],
  ],
  [
    "File",
    [
      "id",
      "file",
      "hash",
      "mimetype",
      "extension",
      "file_size",
      "file_size_unit",
      "root",
      "access",
      "file_share_id",
      "is_shared",
      "tags_detail",
      "created_at",
      "updated_at",
    ],
  ],
  [
    "FileShare",
    [
      "id",
      "user",
      "file_type",
      "file_detail",
      "folder_detail",
      "users_detail",
      "has_password",
      "created_at",
      "updated_at",
      // Its link (issue 26), always answered.
      "link",
      "expires_at",
      "download_count",
      "last_accessed_at",
    ],
  ],
  [
    "Bin",
    [
      "id",
      "name",
      "description",
      "file_type",
      "file_size",
      "file_size_unit",
      "extension",
      "days_till_expiry",
      "tags",
      "created_at",
      "updated_at",
    ],
  ],
];

const operationOf = (path: string) => {
  const op = operations.find((o) => o.path === path);
  if (!op) throw new Error(`no operation ${path}`);
  return doc.paths[path][op.method];
};
const bodyOf = (path: string) => {
  const op = operations.find((o) => o.path === path);
  return resolve(operationOf(path).requestBody.content[op?.media ?? ""].schema);
};

describe("the generated OpenAPI document", () => {
  /** Every operation of the document as `METHOD path`, the spec's six or the additions (`x-vault-addition`). */
  const documented = (additions: boolean) =>
    Object.entries<Schema>(doc.paths).flatMap(([path, item]) =>
      Object.entries<Schema>(item)
        .filter(([method, op]) => !method.startsWith("x-") && (op["x-vault-addition"] === true) === additions)
        .map(([method]) => `${method.toUpperCase()} ${path}`),
    );

  test("has exactly the six operations of the service spec, every other one marked as an addition; every path ends with /", () => {
    expect(documented(false).sort()).toEqual(operations.map((o) => `${o.method.toUpperCase()} ${o.path}`).sort());
    // The additions are whatever else the contract holds: their own suites and the operation table cover each.
    expect(documented(true).length).toBeGreaterThan(0);
    for (const path of Object.keys(doc.paths)) expect(path).toMatch(/\/$/);
  });

  test.each(operations)("$method $path has its method, media type, success status and api-key security", (op) => {
    const operation = doc.paths[op.path][op.method];
    expect(operation).toBeDefined();
    expect(documented(false).filter((o) => o.endsWith(` ${op.path}`))).toEqual([
      `${op.method.toUpperCase()} ${op.path}`,
    ]);
    expect(operation.operationId).toMatch(/^[a-z][A-Za-z]+$/);
    expect(Object.keys(operation.requestBody.content)).toEqual([op.media]);
    expect(operation.requestBody.required).toBe(true);
    expect(operation.responses[op.status].content["application/json"]).toBeDefined();
    expect(operation.parameters.find((p: Schema) => p.in === "path")).toMatchObject({
      name: "id",
      required: true,
      schema: { type: "string" },
    });
    expect(operation.security ?? doc.security).toEqual([{ ApiKeyAuth: [] }]);
    expect(doc.components.securitySchemes.ApiKeyAuth).toEqual({ type: "apiKey", in: "header", name: "api-key" });
    expect((bodyOf(op.path).required ?? []).sort()).toEqual([...op.required].sort());
  });

  test.each(operations)("$method $path declares a problem+json body for every error status", (op) => {
    const responses = doc.paths[op.path][op.method].responses;
    for (const status of ["400", "401", "404", "413", "415", "422", "429", "500", "503"]) {
      expect(responses[status]?.content["application/problem+json"].schema).toEqual({
        $ref: "#/components/schemas/Problem",
      });
    }
  });

  test.each(requestFields)("%s body field %s has the service spec's type and limits", (path, field, expected) => {
    const schema = resolve(bodyOf(path).properties[field]);
    const items = schema.items && resolve(schema.items);
    expect({ ...schema, items }).toMatchObject(expected);
  });

  test.each(requiredInResponse)("%s requires the fields the service spec marks required", (name, fields) => {
    expect(doc.components.schemas[name].required.sort()).toEqual([...fields].sort());
  });

  test("bank account enums include the literal value NULL as the default", () => {
    expect(resolve(doc.components.schemas.AccountStatus).enum).toEqual(NULL_STATUS);
    expect(resolve(doc.components.schemas.Classification).enum).toEqual(CLASSIFICATION);
    const body = bodyOf("/banking/v1/ng/bank_accounts/{id}/");
    expect(body.properties.status.default).toBe("NULL");
    expect(body.properties.classification.default).toBe("NULL");
  });

  test("the file share password is write-only: accepted in the update, the create and a link's unlock, absent from every response schema", () => {
    expect(bodyOf("/evault/v1/file_shares/{id}/").properties.password).toBeDefined();
    const unlock = doc.paths["/evault/v1/links/{token}/unlock/"].post;
    expect(resolve(unlock.requestBody.content["application/json"].schema).properties.password).toBeDefined();
    for (const [name, schema] of Object.entries<Schema>(doc.components.schemas)) {
      if (!["FileShareUpdate", "FileShareCreate", "LinkUnlock"].includes(name))
        expect(schema.properties?.password, name).toBeUndefined();
    }
    expect(doc.components.schemas.FileShare.properties.has_password.type).toBe("boolean");
  });

  test("server-assigned fields are read-only", () => {
    const account = doc.components.schemas.NgnBankAccount.properties;
    for (const field of [
      "id",
      "user",
      "has_set_pin",
      "currency",
      "naira_balance",
      "tracking_reference",
      "created_at",
      "updated_at",
    ]) {
      expect(account[field].readOnly, field).toBe(true);
    }
    expect(account.account_number.readOnly).toBeUndefined();
  });

  test("request and response models are closed, so unknown fields are rejected", () => {
    for (const name of [
      "NgnBankAccountReplacement",
      "FileShareUpdate",
      "FolderInput",
      "BinRestoreRequest",
      "NgnBankAccount",
      "File",
      "Folder",
      "FileShare",
      "Bin",
      "Problem",
    ]) {
      expect(doc.components.schemas[name].additionalProperties, name).toBe(false);
    }
  });

  test("timestamps are date-times and money is never a float", () => {
    expect(doc.components.schemas.NgnBankAccount.properties.updated_at).toMatchObject({
      type: "string",
      format: "date-time",
    });
    expect(doc.components.schemas.NairaBalance.properties.kobo).toMatchObject({ type: "integer", format: "int64" });
    expect(doc.components.schemas.NairaBalance.properties.amount.type).toBe("string");
  });

  test("every operation has an explicit operationId, a summary and a description", () => {
    const ids = operations.map((o) => operationOf(o.path).operationId);
    expect(ids).toEqual([
      "updateNgnBankAccount",
      "updateFileShare",
      "updateFile",
      "restoreBin",
      "duplicateFolder",
      "updateFavouriteFolder",
    ]);
    for (const o of operations) {
      expect(operationOf(o.path).summary).toBeTruthy();
      expect(operationOf(o.path).description).toBeTruthy();
    }
  });

  test("every schema and every property is documented", () => {
    const undocumented: string[] = [];
    for (const [name, schema] of Object.entries<Schema>(doc.components.schemas)) {
      // The openapi3 emitter drops the model doc of a multipart body; its operation documents it.
      if (!schema.description && !["FileUpdateForm", "FileCreateForm"].includes(name)) undocumented.push(name);
      for (const [field, property] of Object.entries<Schema>(schema.properties ?? {})) {
        if (!property.description && !(property.$ref && resolve(property).description))
          undocumented.push(`${name}.${field}`);
      }
    }
    expect(undocumented).toEqual([]);
  });

  test("every list is a cursor page: cursor and page_size (1-200, 50 by default), results and a nullable absolute next", () => {
    const lists = Object.entries<Schema>(doc.paths).flatMap(([path, item]) =>
      item.get?.operationId?.startsWith("list") ? [[path, item.get] as [string, Schema]] : [],
    );
    expect(lists.map(([path]) => path).sort()).toEqual([
      "/banking/v1/ng/bank_accounts/",
      "/evault/v1/bins/",
      "/evault/v1/events/",
      "/evault/v1/favourite/folders/",
      "/evault/v1/file_shares/",
      "/evault/v1/files/",
      "/evault/v1/files/{id}/versions/",
      "/evault/v1/folders/",
      "/evault/v1/links/{token}/files/",
      "/evault/v1/links/{token}/folders/",
      "/evault/v1/shared_with_me/",
      "/evault/v1/webhook_endpoints/",
      "/evault/v1/webhook_endpoints/{id}/deliveries/",
    ]);
    for (const [path, op] of lists) {
      const params = op.parameters.map((p: Schema) =>
        p.$ref ? doc.components.parameters[p.$ref.split("/").pop()] : p,
      );
      expect(
        params.find((p: Schema) => p.name === "page_size"),
        path,
      ).toMatchObject({
        in: "query",
        required: false,
        schema: { type: "integer", minimum: 1, maximum: 200, default: 50 },
      });
      expect(
        params.find((p: Schema) => p.name === "cursor"),
        path,
      ).toMatchObject({
        in: "query",
        schema: { type: "string", maxLength: 512 },
      });
      const page = resolve(op.responses["200"].content["application/json"].schema);
      expect(page.required, path).toEqual(["results", "next"]);
      expect(page.properties.results.type, path).toBe("array");
      expect(page.properties.next, path).toMatchObject({ type: "string", format: "uri", nullable: true });
    }
  });
});
