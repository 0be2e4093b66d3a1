// One entry per operation of the contract: the request that is valid for it (the
// contract's own `@opExample` request, with the example ids replaced by a set of ids),
// and what the suites expect of it (its success status, whether it answers JSON, what
// another user gets), read from the contract too. `security`, `mock` and `conformance`
// draw their per-operation requests from here, so an operation added to the contract
// with its `@opExample` needs nothing else in those suites; `facts` below says only
// what the contract cannot (a delete's spare item, a file part).
import { toFormData, type VaultClient } from "@vault/client";
import { exampleRequests } from "@vault/spec";
import type { operations } from "@vault/spec/schema";
import type { operations as V2Operations } from "@vault/spec/v2/schema";
import { type Schema, type VersionContract, versionContracts } from "./contract.js";
import type { SeededUser } from "./server.js";

/** Every operation of every version (v1's, and those a later version added). */
export type OperationId = keyof operations | keyof V2Operations;

/** The ids a request may name: a seeded user's, the mock's, or Postman variables. */
export interface Ids {
  bank_account_id: string;
  file_id: string;
  folder_id: string;
  /** Another folder of the same user: a destination or parent besides `folder_id`. */
  projects_folder_id: string;
  /** A file directly inside `projects_folder_id`. */
  projects_file_id: string;
  /** The current version of `projects_file_id` when the run starts. */
  projects_file_version_id: string;
  file_share_id: string;
  /** The token of that share's link (a private share: its owner opens it with their key). */
  link_token: string;
  bin_id: string;
  /** A second bin entry, so that reading one and restoring the other work in one run. */
  folder_bin_id: string;
  /** The tus `Upload-Metadata` of a new file `a.txt` in `folder_id` (its values are base64, which a Postman variable cannot encode). */
  upload_metadata: string;
  /** One of the user's events. */
  event_id: string;
  /** One of the user's webhook endpoints (disabled) ... */
  webhook_endpoint_id: string;
  /** ... and one of its deliveries. */
  webhook_delivery_id: string;
}

/** The ids the contract's examples (`@opExample`) name, one per role: Prism's mock answers its example whatever the id. */
export const exampleIds: Ids = {
  bank_account_id: "8d1f3a60",
  file_id: "3c9e7b12",
  folder_id: "5e6f7a8b",
  projects_folder_id: "6f7a8b9c",
  projects_file_id: "4d0f8c23",
  projects_file_version_id: "9b2c4d6e",
  file_share_id: "7a8b9c0d",
  link_token: "kX2p9QmVt4Lw7Rz1bNc8YhDs3FgJ6aEu",
  bin_id: "1b2c3d4e",
  folder_bin_id: "2c3d4e5f",
  upload_metadata: "filename YS50eHQ=,folder NWU2ZjdhOGI=",
  event_id: "evt_8c1f3a602b7c4e59a8d45c6e7f809a1b",
  webhook_endpoint_id: "we_4f1c2d3e5a6b7c8d9e0f1a2b3c4d5e6f",
  webhook_delivery_id: "dlv_9a8b7c6d5e4f3a2b1c0d9e8f7a6b5c4d",
};

/** A seeded user's ids. */
export function idsOf(user: SeededUser): Ids {
  return {
    bank_account_id: user.bank_account_id,
    file_id: user.file_id,
    folder_id: user.folder_id,
    projects_folder_id: user.projects_folder_id,
    projects_file_id: user.projects_file_id,
    projects_file_version_id: user.projects_file_version_id,
    file_share_id: user.file_share_id,
    link_token: user.link_token,
    bin_id: user.bin_id,
    folder_bin_id: user.folder_bin_id,
    upload_metadata: uploadInto(user.folder_id),
    event_id: user.event_id,
    webhook_endpoint_id: user.webhook_endpoint_id,
    webhook_delivery_id: user.webhook_delivery_id,
  };
}

export interface OperationRequest {
  /** The path's `{id}`. */
  id?: string;
  /** The path's `{token}` (a link's). */
  token?: string;
  /** The path's `{file_id}` (a file inside a shared folder). */
  file_id?: string;
  /** The path's `{version_id}` (a version of the file `id`). */
  version_id?: string;
  /** The path's `{delivery_id}` (a delivery of the webhook endpoint `id`). */
  delivery_id?: string;
  query?: Record<string, string | number>;
  /** Request headers the operation requires (the tus operations' `Tus-Resumable`, offsets and lengths). */
  headers?: Record<string, string>;
  /** JSON, the fields of a multipart form when it holds a `File`, or raw bytes (a `Blob`). */
  body?: unknown;
}

/** What the suites expect of an operation, and what its request needs besides the contract's example. */
interface Facts {
  /**
   * What the contract's example request cannot hold, added to it: the request of an
   * operation whose body no TypeSpec value can be (a multipart form's file part, a
   * `File`; raw bytes, a `Blob`), with its ids and headers.
   */
  more?(ids: Ids): OperationRequest;
  status: 200 | 201 | 202 | 204;
  /** The success body is JSON (else the file's bytes, or nothing for a 204). */
  json: boolean;
  /**
   * What another user gets for the owner's request: 404 when it names an item by id or
   * filter, 422 naming the field when the body names one, `null` when it names nothing
   * of anyone's (the lists of one's own; a create, whose account number counts only
   * among the caller's accounts).
   */
  foreign: 404 | 422 | null;
  /**
   * For a delete (and a link replace): makes an item of the owner's for it to remove (or
   * change), and answers its id, so that a run sending every request in turn (Portman's)
   * keeps the seeded items as they were. For a folder link's operation: makes a share of
   * `projects_folder_id` (which holds `projects_file_id`) and answers its link's token.
   * For an operation on an item an earlier request of such a run uses up: another one.
   * For a version's deletion: makes an earlier version of the request's file and answers
   * its id. `spareParameter` says which path parameter a spare stands in for.
   */
  spare?(client: VaultClient, ids: Ids): Promise<string>;
}

interface Entry extends Omit<Facts, "more"> {
  /** A request the contract accepts and the owner of the ids gets `status` for. */
  request(ids: Ids): OperationRequest;
}

const pdf = () => new File(["%PDF-1.7\n"], "report.pdf");
const idOf = ({ data }: { data?: { id: string } }) => data?.id ?? "";
const upload = (client: VaultClient, ids: Ids) =>
  client.POST("/evault/v1/files/", { body: { file: new File(["spare"], "spare.txt"), folder: ids.folder_id } });

/** A new share of `projects_folder_id` (which the table's other requests leave as it is): the token of its link. */
const folderLink = async (client: VaultClient, ids: Ids) => {
  const { data } = await client.POST("/evault/v1/file_shares/", { body: { folder: ids.projects_folder_id } });
  return /\/links\/([^/]+)\/$/.exec(data?.link ?? "")?.[1] ?? "";
};

const spareShare = async (client: VaultClient, ids: Ids) =>
  idOf(await client.POST("/evault/v1/file_shares/", { body: { folder: ids.folder_id } }));

/** The path parameter a spare stands in for: a link's token, a version's id, else the item's id. */
export const spareParameter = (path: string): "token" | "version_id" | "id" =>
  path.includes("{token}") ? "token" : path.includes("{version_id}") ? "version_id" : "id";

/**
 * Replaces the content of `projects_file_id` (kept in `projects_folder_id`) twice: the
 * id of the content between, now an earlier version (the seeded one stays, for the
 * table's restore and download).
 */
const spareVersion = async (client: VaultClient, ids: Ids) => {
  const path = { id: ids.projects_file_id };
  const replace = () =>
    client.PUT("/evault/v1/files/{id}/", {
      params: { path },
      body: {
        file: new File([`spare ${Math.random()}`], "plan.txt"),
        name: "plan.txt",
        folder: ids.projects_folder_id,
      },
    });
  await replace();
  const between = await client.GET("/evault/v1/files/{id}/versions/", { params: { path } });
  await replace();
  return between.data?.results.find((v) => v.is_current)?.id ?? "";
};

const TUS = { "Tus-Resumable": "1.0.0" };
/** The `Upload-Metadata` of a new file named `a.txt` in `folder`. */
const uploadInto = (folder: string) =>
  `filename ${Buffer.from("a.txt").toString("base64")},folder ${Buffer.from(folder).toString("base64")}`;
/** An upload of 1 byte into `folder_id`, not started: its id (the last segment of its Location). */
const spareUpload = async (client: VaultClient, ids: Ids) => {
  const { response } = await client.POST("/evault/v1/uploads/", {
    params: { header: { ...TUS, "Upload-Length": "1", "Upload-Metadata": ids.upload_metadata } },
  });
  return /\/uploads\/([^/]+)\/$/.exec(response.headers.get("location") ?? "")?.[1] ?? "";
};

/** Per operation, what differs from the contract's defaults (`expectedOf`) or what it cannot say. */
const facts: Partial<Record<OperationId, Partial<Facts>>> = {
  headUpload: {
    spare: spareUpload,
  },
  appendUpload: {
    more: () => ({
      id: "no-such-upload",
      headers: { ...TUS, "Upload-Offset": "0", "Content-Type": "application/offset+octet-stream" },
      body: new Blob(["x"]),
    }),
    spare: spareUpload,
  },
  deleteUpload: {
    spare: spareUpload,
  },
  deleteBin: {
    spare: async (client, ids) =>
      idOf(
        await client.DELETE("/evault/v1/files/{id}/", { params: { path: { id: idOf(await upload(client, ids)) } } }),
      ),
  },
  deleteFileShare: {
    spare: spareShare,
  },
  replaceFileShareLink: {
    // A share of its own, so that the seeded share's link (the link operations' below) stays.
    spare: spareShare,
  },
  // The seeded link shares a file: these need a folder link, which `spare` makes (its token replaces the table's).
  listLinkFolders: {
    spare: folderLink,
  },
  listLinkFiles: {
    spare: folderLink,
  },
  downloadLinkFile: {
    spare: folderLink,
  },
  downloadLinkArchive: {
    spare: folderLink,
  },
  createFile: {
    more: (ids) => ({ body: { file: pdf(), folder: ids.folder_id } }),
  },
  updateFile: {
    // No `tags`: Prism's multipart validator never reads repeated parts as an array, so
    // the mock refuses any `tags` (422); the real server takes them.
    more: (ids) => ({ id: ids.file_id, body: { file: pdf(), name: "Q3 report" } }),
  },
  deleteFile: {
    spare: async (client, ids) => idOf(await upload(client, ids)),
  },
  // Portman's file update before it bins `file_id` (its example sends `is_deleted: true`).
  createFileDownloadLink: {
    spare: async (client, ids) => idOf(await upload(client, ids)),
  },
  deleteFileVersion: {
    spare: spareVersion,
  },
  deleteFolder: {
    spare: async (client) => idOf(await client.POST("/evault/v1/folders/", { body: { name: "Spare" } })),
  },
  // Another user's filter by the owner's account finds none of the owner's events: an empty page.
  listEvents: {
    foreign: null,
  },
  deleteWebhookEndpoint: {
    spare: async (client) =>
      idOf(
        await client.POST("/evault/v1/webhook_endpoints/", {
          body: { url: "https://93.184.215.14/spare", events: ["webhook_endpoint.disabled"] },
        }),
      ),
  },
};

/** `value` with every example id in it replaced by the one `ids` holds for the same role. */
function withIds(value: unknown, ids: Ids): unknown {
  if (typeof value === "string") {
    const role = (Object.keys(exampleIds) as (keyof Ids)[]).find((key) => exampleIds[key] === value);
    return role === undefined ? value : ids[role];
  }
  if (Array.isArray(value)) return value.map((item) => withIds(item, ids));
  if (value !== null && typeof value === "object")
    return Object.fromEntries(Object.entries(value).map(([key, item]) => [key, withIds(item, ids)]));
  return value;
}

const nonEmpty = (value: Record<string, string>) => (Object.keys(value).length === 0 ? undefined : value);

export interface Documented {
  id: OperationId;
  method: string;
  path: string;
}

/** Whether `value` holds one of the examples' ids. */
const namesAnId = (value: unknown): boolean =>
  typeof value === "string"
    ? Object.values(exampleIds).includes(value)
    : value !== null && typeof value === "object" && Object.values(value).some(namesAnId);

/** One version's operations and their table: its paths, its `@opExample` requests, the shared `facts`. */
export interface VersionTable {
  version: string;
  /** Every operation of the version's document: its id, method and path. */
  documented: Documented[];
  operationTable: Record<OperationId, Entry>;
}

function tableOf({ version, document }: VersionContract): VersionTable {
  const examples = exampleRequests(document);

  /** The contract's example request of `operationId` on `ids`, with what the table adds to it. */
  function requestOf(operationId: OperationId, ids: Ids): OperationRequest {
    const example = examples[operationId];
    if (!example) throw new Error(`${operationId} is not in the contract`);
    const { path, query, header } = withIds(example.params, ids) as Record<
      "path" | "query" | "header",
      Record<string, string>
    >;
    const { headers, body: extra, ...more } = facts[operationId]?.more?.(ids) ?? {};
    const given = { ...path, ...more } as Record<string, string | undefined>;
    const missing = [...example.path.matchAll(/\{(\w+)\}/g)].find(([, name]) => given[name as string] === undefined);
    if (missing) throw new Error(`${operationId}: its @opExample gives no ${missing[0]} (its parameters)`);
    const body = withIds(example.body, ids);
    return {
      ...path,
      ...more,
      query: nonEmpty(query),
      headers: nonEmpty({ ...header, ...headers }),
      body: extra === undefined ? body : body === undefined ? extra : { ...(body as object), ...(extra as object) },
    };
  }

  const documented: Documented[] = Object.entries<Schema>(document.paths).flatMap(([path, item]) =>
    Object.entries<Schema>(item).map(([method, op]) => ({ id: op.operationId as OperationId, method, path })),
  );

  /**
   * What the contract says of an operation, for the table's defaults: its lowest success
   * status, whether that answers JSON, and what another user gets for the owner's
   * request (404 when it names an item in its path or query, 422 in its body or
   * headers, `null` when it names none).
   */
  function expectedOf(operationId: OperationId): Pick<Facts, "status" | "json" | "foreign"> {
    const { path, method } = documented.find((op) => op.id === operationId) as Documented;
    const responses: Schema = document.paths[path][method].responses;
    const status = Number(
      Object.keys(responses)
        .filter((code) => /^2\d\d$/.test(code))
        .sort()[0],
    ) as Facts["status"];
    const json = "application/json" in (responses[String(status)]?.content ?? {});
    const { body, headers, query, ...ids } = requestOf(operationId, exampleIds);
    const foreign = namesAnId(ids) || namesAnId(query) ? 404 : namesAnId(body) || namesAnId(headers) ? 422 : null;
    return { status, json, foreign };
  }

  const operationTable = Object.fromEntries(
    documented.map(({ id }) => {
      const { more: _more, ...given } = facts[id] ?? {};
      return [id, { ...expectedOf(id), ...given, request: (ids: Ids) => requestOf(id, ids) }];
    }),
  ) as Record<OperationId, Entry>;
  return { version, documented, operationTable };
}

/** Every version's table, oldest first: the contract-wide suites run on each (the spares are made through v1). */
export const versionTables: VersionTable[] = versionContracts.map(tableOf);

const v1 = versionTables[0] as VersionTable;
/** v1's operations and table (the suites about one version use v1's). */
export const documented = v1.documented;
export const operationTable = v1.operationTable;

/** Sends a request of the table (or one like it) through the generated client, untyped: JSON answers parsed, others as a Blob. */
export function send(
  client: VaultClient,
  op: Documented,
  request: OperationRequest,
): Promise<{ data?: unknown; error?: { type?: string }; response: Response }> {
  const call = (client as unknown as Record<string, (path: string, init: unknown) => Promise<never>>)[
    op.method.toUpperCase()
  ] as (path: string, init: unknown) => Promise<{ data?: unknown; error?: { type?: string }; response: Response }>;
  const { id, token, file_id, version_id, delivery_id, body, query, headers } = request;
  const path = Object.fromEntries(
    Object.entries({ id, token, file_id, version_id, delivery_id }).filter(([, value]) => value !== undefined),
  );
  const bytes = (raw: unknown) => raw;
  return call(op.path, {
    params: { path, query, header: headers },
    body,
    bodySerializer:
      body instanceof Blob
        ? bytes
        : (body as { file?: unknown } | undefined)?.file instanceof Blob
          ? toFormData
          : undefined,
    parseAs: operationTable[op.id]?.json === false ? "blob" : "json",
  });
}
