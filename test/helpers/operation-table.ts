// One entry per operation of the contract: the request that is valid for it (the
// contract's own `@opExample` request, with the example ids replaced by a set of ids),
// and what the suites expect of it. `security`, `mock` and `conformance` draw their
// per-operation requests from here, so an operation added to the contract fails the
// type-check until it has its entry, and needs nothing else in those suites.
import { toFormData, type VaultClient } from "@vault/client";
import { exampleRequests } from "@vault/spec";
import type { operations } from "@vault/spec/schema";
import { contract, type Schema } from "./contract.js";
import type { SeededUser } from "./server.js";

export type OperationId = keyof operations;

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
   * For a version's deletion: makes an earlier version of the request's file and answers
   * its id. `spareParameter` says which path parameter a spare stands in for.
   */
  spare?(client: VaultClient, ids: Ids): Promise<string>;
}

export interface Entry extends Omit<Facts, "more"> {
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

const facts: Record<OperationId, Facts> = {
  // The seed makes no upload: the id is a spare's (conformance) or names none (404);
  // tus.e2e covers another user's upload.
  describeUploads: { status: 204, json: false, foreign: null },
  createUpload: {
    status: 201,
    json: false,
    foreign: 422,
  },
  headUpload: {
    status: 200,
    json: false,
    foreign: null,
    spare: spareUpload,
  },
  appendUpload: {
    more: () => ({
      id: "no-such-upload",
      headers: { ...TUS, "Upload-Offset": "0", "Content-Type": "application/offset+octet-stream" },
      body: new Blob(["x"]),
    }),
    status: 204,
    json: false,
    foreign: null,
    spare: spareUpload,
  },
  deleteUpload: {
    status: 204,
    json: false,
    foreign: null,
    spare: spareUpload,
  },
  listNgnBankAccounts: { status: 200, json: true, foreign: null },
  createNgnBankAccount: {
    status: 201,
    json: true,
    foreign: null,
  },
  getNgnBankAccount: { status: 200, json: true, foreign: 404 },
  updateNgnBankAccount: {
    status: 200,
    json: true,
    foreign: 404,
  },
  listBins: { status: 200, json: true, foreign: null },
  getBin: { status: 200, json: true, foreign: 404 },
  deleteBin: {
    status: 204,
    json: false,
    foreign: 404,
    spare: async (client, ids) =>
      idOf(
        await client.DELETE("/evault/v1/files/{id}/", { params: { path: { id: idOf(await upload(client, ids)) } } }),
      ),
  },
  restoreBin: {
    status: 200,
    json: true,
    foreign: 404,
  },
  listFavouriteFolders: { status: 200, json: true, foreign: null },
  updateFavouriteFolder: {
    status: 200,
    json: true,
    foreign: 404,
  },
  listFileShares: { status: 200, json: true, foreign: null },
  createFileShare: {
    status: 201,
    json: true,
    foreign: 422,
  },
  getFileShare: { status: 200, json: true, foreign: 404 },
  updateFileShare: {
    status: 200,
    json: true,
    foreign: 404,
  },
  deleteFileShare: {
    status: 204,
    json: false,
    foreign: 404,
    spare: spareShare,
  },
  replaceFileShareLink: {
    status: 200,
    json: true,
    foreign: 404,
    // A share of its own, so that the seeded share's link (the link operations' below) stays.
    spare: spareShare,
  },
  // The seeded share is private: its owner opens the link with their key, anyone else gets 404.
  getLink: { status: 200, json: true, foreign: 404 },
  downloadLink: { status: 200, json: false, foreign: 404 },
  // The seeded users of one run share with each other (the seed's shares of nothing list the other): nothing is shared yet.
  listSharedWithMe: { status: 200, json: true, foreign: null },
  // The caller's own figures: there is no other user's to ask for.
  getUsage: { status: 200, json: true, foreign: null },
  // The seeded share has no password: its unlock answers a token all the same.
  unlockLink: {
    status: 200,
    json: true,
    foreign: 404,
  },
  // The seeded link shares a file: these need a folder link, which `spare` makes (its token replaces the table's).
  listLinkFolders: {
    status: 200,
    json: true,
    foreign: 404,
    spare: folderLink,
  },
  listLinkFiles: {
    status: 200,
    json: true,
    foreign: 404,
    spare: folderLink,
  },
  downloadLinkFile: {
    status: 200,
    json: false,
    foreign: 404,
    spare: folderLink,
  },
  listFiles: { status: 200, json: true, foreign: 404 },
  createFile: {
    more: (ids) => ({ body: { file: pdf(), folder: ids.folder_id } }),
    status: 201,
    json: true,
    foreign: 422,
  },
  getFile: { status: 200, json: true, foreign: 404 },
  updateFile: {
    // No `tags`: Prism's multipart validator never reads repeated parts as an array, so
    // the mock refuses any `tags` (422); the real server takes them.
    more: (ids) => ({ id: ids.file_id, body: { file: pdf(), name: "Q3 report" } }),
    status: 200,
    json: true,
    foreign: 404,
  },
  deleteFile: {
    status: 200,
    json: true,
    foreign: 404,
    spare: async (client, ids) => idOf(await upload(client, ids)),
  },
  downloadFile: { status: 200, json: false, foreign: 404 },
  // Versions of `projects_file_id`: the table's file update may move `file_id` to the bin.
  listFileVersions: { status: 200, json: true, foreign: 404 },
  downloadFileVersion: {
    status: 200,
    json: false,
    foreign: 404,
  },
  // The seeded version is current or, once the run replaced the file's content, an earlier one: 200 either way.
  restoreFileVersion: {
    status: 200,
    json: true,
    foreign: 404,
  },
  deleteFileVersion: {
    status: 204,
    json: false,
    foreign: 404,
    spare: spareVersion,
  },
  headFileContent: { status: 200, json: false, foreign: 404 },
  listFolders: { status: 200, json: true, foreign: 404 },
  createFolder: {
    status: 201,
    json: true,
    foreign: 422,
  },
  getFolder: { status: 200, json: true, foreign: 404 },
  deleteFolder: {
    status: 200,
    json: true,
    foreign: 404,
    spare: async (client) => idOf(await client.POST("/evault/v1/folders/", { body: { name: "Spare" } })),
  },
  duplicateFolder: {
    status: 201,
    json: true,
    foreign: 404,
  },
  // Another user's filter by the owner's account finds none of the owner's events: an empty page.
  listEvents: {
    status: 200,
    json: true,
    foreign: null,
  },
  getEvent: { status: 200, json: true, foreign: 404 },
  // A public address (no name to resolve), subscribed to a type that no request of the table makes.
  createWebhookEndpoint: {
    status: 201,
    json: true,
    foreign: null,
  },
  listWebhookEndpoints: { status: 200, json: true, foreign: null },
  getWebhookEndpoint: { status: 200, json: true, foreign: 404 },
  // The seeded endpoint stays disabled: nothing is sent from the suites.
  updateWebhookEndpoint: {
    status: 200,
    json: true,
    foreign: 404,
  },
  deleteWebhookEndpoint: {
    status: 204,
    json: false,
    foreign: 404,
    spare: async (client) =>
      idOf(
        await client.POST("/evault/v1/webhook_endpoints/", {
          body: { url: "https://93.184.215.14/spare", events: ["webhook_endpoint.disabled"] },
        }),
      ),
  },
  rotateWebhookEndpointSecret: {
    status: 200,
    json: true,
    foreign: 404,
  },
  testWebhookEndpoint: { status: 202, json: true, foreign: 404 },
  listWebhookDeliveries: {
    status: 200,
    json: true,
    foreign: 404,
  },
  retryWebhookDelivery: {
    status: 202,
    json: true,
    foreign: 404,
  },
};

const examples = exampleRequests(contract);

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

/** The contract's example request of `operationId` on `ids`, with what the table adds to it. */
function requestOf(operationId: OperationId, ids: Ids): OperationRequest {
  const example = examples[operationId];
  if (!example) throw new Error(`${operationId} is not in the contract`);
  const { path, query, header } = withIds(example.params, ids) as Record<
    "path" | "query" | "header",
    Record<string, string>
  >;
  const { headers, body: extra, ...more } = facts[operationId].more?.(ids) ?? {};
  const body = withIds(example.body, ids);
  return {
    ...path,
    ...more,
    query: nonEmpty(query),
    headers: nonEmpty({ ...header, ...headers }),
    body: extra === undefined ? body : body === undefined ? extra : { ...(body as object), ...(extra as object) },
  };
}

export const operationTable = Object.fromEntries(
  Object.entries(facts).map(([operationId, { more: _more, ...expected }]) => [
    operationId,
    { ...expected, request: (ids: Ids) => requestOf(operationId as OperationId, ids) },
  ]),
) as Record<OperationId, Entry>;

export interface Documented {
  id: OperationId;
  method: string;
  path: string;
}

/** Every operation of the committed OpenAPI document: its id, method and path. */
export const documented: Documented[] = Object.entries<Schema>(contract.paths).flatMap(([path, item]) =>
  Object.entries<Schema>(item).map(([method, op]) => ({ id: op.operationId as OperationId, method, path })),
);

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
