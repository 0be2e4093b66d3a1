// One entry per operation of the contract: the request that is valid for it, built
// from a set of ids, and what the suites expect of it. `security`, `mock` and
// `conformance` draw their per-operation requests from here, so an operation added to
// the contract fails the type-check until it has its entry, and needs nothing else in
// those suites.
import { toFormData, type VaultClient } from "@vault/client";
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

export interface Entry {
  /** A request the contract accepts and the owner of the ids gets `status` for. */
  request(ids: Ids): OperationRequest;
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

export const operationTable: Record<OperationId, Entry> = {
  // The seed makes no upload: the id is a spare's (conformance) or names none (404);
  // tus.e2e covers another user's upload.
  describeUploads: { request: () => ({}), status: 204, json: false, foreign: null },
  createUpload: {
    request: (ids) => ({ headers: { ...TUS, "Upload-Length": "1", "Upload-Metadata": ids.upload_metadata } }),
    status: 201,
    json: false,
    foreign: 422,
  },
  headUpload: {
    request: () => ({ id: "no-such-upload", headers: TUS }),
    status: 200,
    json: false,
    foreign: null,
    spare: spareUpload,
  },
  appendUpload: {
    request: () => ({
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
    request: () => ({ id: "no-such-upload", headers: TUS }),
    status: 204,
    json: false,
    foreign: null,
    spare: spareUpload,
  },
  listNgnBankAccounts: { request: () => ({ query: { page_size: 10 } }), status: 200, json: true, foreign: null },
  createNgnBankAccount: {
    request: () => ({ body: { account_number: "0123456789" } }),
    status: 201,
    json: true,
    foreign: null,
  },
  getNgnBankAccount: { request: (ids) => ({ id: ids.bank_account_id }), status: 200, json: true, foreign: 404 },
  updateNgnBankAccount: {
    request: (ids) => ({ id: ids.bank_account_id, body: { account_number: "0123456789", classification: "PERSONAL" } }),
    status: 200,
    json: true,
    foreign: 404,
  },
  listBins: { request: () => ({}), status: 200, json: true, foreign: null },
  getBin: { request: (ids) => ({ id: ids.folder_bin_id }), status: 200, json: true, foreign: 404 },
  deleteBin: {
    request: (ids) => ({ id: ids.bin_id }),
    status: 204,
    json: false,
    foreign: 404,
    spare: async (client, ids) =>
      idOf(
        await client.DELETE("/evault/v1/files/{id}/", { params: { path: { id: idOf(await upload(client, ids)) } } }),
      ),
  },
  restoreBin: {
    request: (ids) => ({ id: ids.bin_id, body: { tags: [{ name: "recovered" }] } }),
    status: 200,
    json: true,
    foreign: 404,
  },
  listFavouriteFolders: { request: () => ({}), status: 200, json: true, foreign: null },
  updateFavouriteFolder: {
    request: (ids) => ({ id: ids.folder_id, body: { is_starred: true } }),
    status: 200,
    json: true,
    foreign: 404,
  },
  listFileShares: { request: () => ({}), status: 200, json: true, foreign: null },
  createFileShare: {
    request: (ids) => ({ body: { file: ids.file_id, access: "public" } }),
    status: 201,
    json: true,
    foreign: 422,
  },
  getFileShare: { request: (ids) => ({ id: ids.file_share_id }), status: 200, json: true, foreign: 404 },
  updateFileShare: {
    request: (ids) => ({ id: ids.file_share_id, body: { access: "private", password: "s3cret" } }),
    status: 200,
    json: true,
    foreign: 404,
  },
  deleteFileShare: {
    request: (ids) => ({ id: ids.file_share_id }),
    status: 204,
    json: false,
    foreign: 404,
    spare: spareShare,
  },
  replaceFileShareLink: {
    request: (ids) => ({ id: ids.file_share_id }),
    status: 200,
    json: true,
    foreign: 404,
    // A share of its own, so that the seeded share's link (the link operations' below) stays.
    spare: spareShare,
  },
  // The seeded share is private: its owner opens the link with their key, anyone else gets 404.
  getLink: { request: (ids) => ({ token: ids.link_token }), status: 200, json: true, foreign: 404 },
  downloadLink: { request: (ids) => ({ token: ids.link_token }), status: 200, json: false, foreign: 404 },
  // The seeded users of one run share with each other (the seed's shares of nothing list the other): nothing is shared yet.
  listSharedWithMe: { request: () => ({}), status: 200, json: true, foreign: null },
  // The caller's own figures: there is no other user's to ask for.
  getUsage: { request: () => ({}), status: 200, json: true, foreign: null },
  // The seeded share has no password: its unlock answers a token all the same.
  unlockLink: {
    request: (ids) => ({ token: ids.link_token, body: { password: "s3cret" } }),
    status: 200,
    json: true,
    foreign: 404,
  },
  // The seeded link shares a file: these need a folder link, which `spare` makes (its token replaces the table's).
  listLinkFolders: {
    request: (ids) => ({ token: ids.link_token }),
    status: 200,
    json: true,
    foreign: 404,
    spare: folderLink,
  },
  listLinkFiles: {
    request: (ids) => ({ token: ids.link_token }),
    status: 200,
    json: true,
    foreign: 404,
    spare: folderLink,
  },
  downloadLinkFile: {
    request: (ids) => ({ token: ids.link_token, file_id: ids.projects_file_id }),
    status: 200,
    json: false,
    foreign: 404,
    spare: folderLink,
  },
  listFiles: { request: (ids) => ({ query: { folder: ids.folder_id } }), status: 200, json: true, foreign: 404 },
  createFile: {
    request: (ids) => ({ body: { file: pdf(), folder: ids.folder_id } }),
    status: 201,
    json: true,
    foreign: 422,
  },
  getFile: { request: (ids) => ({ id: ids.file_id }), status: 200, json: true, foreign: 404 },
  updateFile: {
    // No `tags`: Prism's multipart validator never reads repeated parts as an array, so
    // the mock refuses any `tags` (422); the real server takes them.
    request: (ids) => ({ id: ids.file_id, body: { file: pdf(), name: "Q3 report" } }),
    status: 200,
    json: true,
    foreign: 404,
  },
  deleteFile: {
    request: (ids) => ({ id: ids.file_id }),
    status: 200,
    json: true,
    foreign: 404,
    spare: async (client, ids) => idOf(await upload(client, ids)),
  },
  downloadFile: { request: (ids) => ({ id: ids.file_id }), status: 200, json: false, foreign: 404 },
  // Versions of `projects_file_id`: the table's file update may move `file_id` to the bin.
  listFileVersions: { request: (ids) => ({ id: ids.projects_file_id }), status: 200, json: true, foreign: 404 },
  downloadFileVersion: {
    request: (ids) => ({ id: ids.projects_file_id, version_id: ids.projects_file_version_id }),
    status: 200,
    json: false,
    foreign: 404,
  },
  // The seeded version is current or, once the run replaced the file's content, an earlier one: 200 either way.
  restoreFileVersion: {
    request: (ids) => ({ id: ids.projects_file_id, version_id: ids.projects_file_version_id }),
    status: 200,
    json: true,
    foreign: 404,
  },
  deleteFileVersion: {
    request: (ids) => ({ id: ids.projects_file_id, version_id: ids.projects_file_version_id }),
    status: 204,
    json: false,
    foreign: 404,
    spare: spareVersion,
  },
  headFileContent: { request: (ids) => ({ id: ids.file_id }), status: 200, json: false, foreign: 404 },
  listFolders: { request: (ids) => ({ query: { parent: ids.folder_id } }), status: 200, json: true, foreign: 404 },
  createFolder: {
    request: (ids) => ({ body: { name: "Documents", folder: ids.folder_id } }),
    status: 201,
    json: true,
    foreign: 422,
  },
  getFolder: { request: (ids) => ({ id: ids.folder_id }), status: 200, json: true, foreign: 404 },
  deleteFolder: {
    request: (ids) => ({ id: ids.folder_id }),
    status: 200,
    json: true,
    foreign: 404,
    spare: async (client) => idOf(await client.POST("/evault/v1/folders/", { body: { name: "Spare" } })),
  },
  duplicateFolder: {
    request: (ids) => ({ id: ids.folder_id, body: { name: "Archive 2026" } }),
    status: 201,
    json: true,
    foreign: 404,
  },
  // Another user's filter by the owner's account finds none of the owner's events: an empty page.
  listEvents: {
    request: (ids) => ({ query: { type: "bank_account.", object: ids.bank_account_id } }),
    status: 200,
    json: true,
    foreign: null,
  },
  getEvent: { request: (ids) => ({ id: ids.event_id }), status: 200, json: true, foreign: 404 },
  // A public address (no name to resolve), subscribed to a type that no request of the table makes.
  createWebhookEndpoint: {
    request: () => ({ body: { url: "https://93.184.215.14/hooks", events: ["webhook_endpoint.disabled"] } }),
    status: 201,
    json: true,
    foreign: null,
  },
  listWebhookEndpoints: { request: () => ({}), status: 200, json: true, foreign: null },
  getWebhookEndpoint: { request: (ids) => ({ id: ids.webhook_endpoint_id }), status: 200, json: true, foreign: 404 },
  // The seeded endpoint stays disabled: nothing is sent from the suites.
  updateWebhookEndpoint: {
    request: (ids) => ({ id: ids.webhook_endpoint_id, body: { description: "The accounts service", disabled: true } }),
    status: 200,
    json: true,
    foreign: 404,
  },
  deleteWebhookEndpoint: {
    request: (ids) => ({ id: ids.webhook_endpoint_id }),
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
    request: (ids) => ({ id: ids.webhook_endpoint_id }),
    status: 200,
    json: true,
    foreign: 404,
  },
  testWebhookEndpoint: { request: (ids) => ({ id: ids.webhook_endpoint_id }), status: 202, json: true, foreign: 404 },
  listWebhookDeliveries: {
    request: (ids) => ({ id: ids.webhook_endpoint_id }),
    status: 200,
    json: true,
    foreign: 404,
  },
  retryWebhookDelivery: {
    request: (ids) => ({ id: ids.webhook_endpoint_id, delivery_id: ids.webhook_delivery_id }),
    status: 202,
    json: true,
    foreign: 404,
  },
};

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
