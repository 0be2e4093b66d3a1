import type { Config } from "../config.js";
import type { Database } from "../data/database.js";
import type { RecordedWork } from "../data/idempotency-keys.js";
import {
  createBankAccount,
  getBankAccount,
  listBankAccounts,
  recordedBankAccount,
  replaceBankAccount,
} from "../domain/banking/bank-accounts.js";
import { iso, type Versioned } from "../domain/contract.js";
import { type EventRow, getEvent, listEvents, type Presenters, presentEvent } from "../domain/events.js";
import { binEntry, binItem, deleteBin, listBins, recordedRestore, restoreBin } from "../domain/vault/bins.js";
import type { CleanupLog } from "../domain/vault/blob-sweep.js";
import {
  createFileShare,
  deleteFileShare,
  getFileShare,
  listFileShares,
  recordedFileShare,
  recordedShareEvent,
  replaceFileShareLink,
  updateFileShare,
} from "../domain/vault/file-shares.js";
import {
  createFile,
  type FileForm,
  getFile,
  listFiles,
  replaceFile,
  type VaultSettings,
} from "../domain/vault/files.js";
import {
  createFolder,
  duplicateFolder,
  getFolder,
  listFavouriteFolders,
  listFolders,
  updateFolder,
} from "../domain/vault/folders.js";
import { linkToken } from "../domain/vault/link-tokens.js";
import { sharedWithMe } from "../domain/vault/links.js";
import { readUsage } from "../domain/vault/usage.js";
import {
  deleteVersion,
  listVersions,
  presentVersion,
  restoreVersion,
  type VersionRow,
} from "../domain/vault/versions.js";
import { type FileRow, type FolderRow, presentFile, presentFolder } from "../domain/vault/views.js";
import {
  type DeliveryView,
  listDeliveries,
  pingEndpoint,
  presentDelivery,
  retryDelivery,
} from "../domain/webhooks/deliveries.js";
import {
  createEndpoint,
  deleteEndpoint,
  getEndpoint,
  listEndpoints,
  presentEndpoint,
  presentWithSecret,
  rotateSecret,
  updateEndpoint,
} from "../domain/webhooks/endpoints.js";
import type { BlobStore } from "../storage/blob-store.js";
import { checkInstant } from "./body-checks.js";
import type { RebuiltReply } from "./idempotency.js";
import { presentShared } from "./links.js";
import type { Handlers } from "./operation-types.js";
import { pageBody, pageRequest } from "./pages.js";
import { ProblemError } from "./problems.js";

/** The streamed file part of a multipart request; without it the form is incomplete. */
function requireUpload<U>(upload: U | undefined): U {
  if (!upload)
    throw new ProblemError("bad_request", "The file part is missing.", [
      { path: "/body/file", message: "is required", code: "required" },
    ]);
  return upload;
}

type PublicConfig = Config & { publicBaseUrl: string };

/** The URL of a file's content: a File's `file`. */
const contentLinkOf = (publicBaseUrl: string) => (fileId: string) =>
  `${publicBaseUrl}/evault/v1/files/${encodeURIComponent(fileId)}/content/`;

/** What the file writes need of the configuration: links, the bin's retention, versions kept, where cleanups log. */
export const vaultSettings = (config: PublicConfig, cleanupLog: CleanupLog): VaultSettings => ({
  contentLink: contentLinkOf(config.publicBaseUrl),
  binRetentionDays: config.binRetentionDays,
  versionsKept: config.fileVersionsKept,
  cleanupLog,
});

/** The links a resource's answer holds, and the answers of the creates: 201, the resource, its version and `Location`. */
function answers(config: PublicConfig) {
  const contentLink = contentLinkOf(config.publicBaseUrl);
  /** The absolute URL of a resource's GET, sent as a create's `Location`. */
  const located = (collection: string, id: string) => `${config.publicBaseUrl}${collection}${encodeURIComponent(id)}/`;
  const created =
    (collection: string) =>
    <T extends { id: string }>({ resource, version }: Versioned<T>) =>
      ({ status: 201, body: resource, version, location: located(collection, resource.id) }) as const;
  const shareUrls = {
    content: contentLink,
    link: (token: string) => `${config.publicBaseUrl}/evault/v1/links/${token}/`,
  };
  /** Per resource, its recorded view row as the contract's resource: an event's `data.object`. */
  const presenters: Presenters = {
    bank_account: (recorded) => recordedBankAccount(recorded).resource,
    file: (recorded) => presentFile(recorded as FileRow, contentLink).file,
    folder: (recorded) => presentFolder(recorded as FolderRow).folder,
    bin: (recorded, at) => recordedRestore(recorded, at),
    file_share: (recorded) => recordedShareEvent(recorded, shareUrls),
    file_version: (recorded) => presentVersion(recorded as VersionRow),
    webhook_endpoint: presentEndpoint,
  };
  return {
    contentLink,
    shareUrls,
    presenters,
    accountCreated: created("/banking/v1/ng/bank_accounts/"),
    fileCreated: created("/evault/v1/files/"),
    folderCreated: created("/evault/v1/folders/"),
    shareCreated: created("/evault/v1/file_shares/"),
  };
}

/** An event row as the contract's Event, for the webhooks' deliveries. */
export function eventPresenter(config: PublicConfig) {
  const { presenters } = answers(config);
  return (row: EventRow) => presentEvent(row, presenters);
}

/**
 * Per POST: its answer rebuilt from what its work's statement recorded under the
 * request's `Idempotency-Key`, exactly as its handler below gave it.
 */
export function createRecoveries(
  config: PublicConfig,
): Record<IdempotentOperationId, (work: RecordedWork) => RebuiltReply | Promise<RebuiltReply>> {
  const { contentLink, shareUrls, accountCreated, fileCreated, folderCreated, shareCreated } = answers(config);
  return {
    createNgnBankAccount: ({ recorded }) => accountCreated(recordedBankAccount(recorded)),
    createFile: ({ recorded }) => {
      const { file, version } = presentFile(recorded as FileRow, contentLink);
      return fileCreated({ resource: file, version });
    },
    createFolder: ({ recorded }) => {
      const { folder, version } = presentFolder(recorded as FolderRow);
      return folderCreated({ resource: folder, version });
    },
    duplicateFolder: ({ recorded }) => ({ status: 201, body: presentFolder(recorded as FolderRow).folder }),
    createFileShare: async ({ recorded }) => shareCreated(recordedFileShare(recorded, shareUrls)),
    replaceFileShareLink: ({ recorded }) => {
      const { resource, version } = recordedFileShare(recorded, shareUrls);
      return { status: 200, body: resource, version };
    },
    restoreBin: ({ recorded, committedAt }) => ({ status: 200, body: recordedRestore(recorded, committedAt) }),
    restoreFileVersion: ({ recorded }) => {
      const { file, version } = presentFile(recorded as FileRow, contentLink);
      return { status: 200, body: file, version };
    },
    createWebhookEndpoint: ({ recorded }) => ({ status: 201, body: presentWithSecret(recorded) }),
    rotateWebhookEndpointSecret: ({ recorded }) => ({ status: 200, body: presentWithSecret(recorded) }),
    testWebhookEndpoint: ({ recorded }) => ({ status: 202, body: presentDelivery(recorded as DeliveryView) }),
    retryWebhookDelivery: ({ recorded }) => ({ status: 202, body: presentDelivery(recorded as DeliveryView) }),
  };
}

/** The POSTs, each of which takes an `Idempotency-Key`. */
type IdempotentOperationId =
  | "createNgnBankAccount"
  | "createFile"
  | "createFolder"
  | "duplicateFolder"
  | "createFileShare"
  | "replaceFileShareLink"
  | "restoreBin"
  | "restoreFileVersion"
  | "createWebhookEndpoint"
  | "rotateWebhookEndpointSecret"
  | "testWebhookEndpoint"
  | "retryWebhookDelivery";

/** The operationId -> handler table: one entry per operation of the contract. */
export function createHandlers({
  database,
  blobs,
  config,
  logger,
}: {
  database: Database;
  blobs: BlobStore;
  config: PublicConfig;
  logger: CleanupLog;
}): Handlers {
  const { db } = database;
  const { contentLink, shareUrls, presenters, accountCreated, fileCreated, folderCreated, shareCreated } =
    answers(config);
  const retention = config.binRetentionDays;
  const settings = vaultSettings(config, logger);
  return {
    async updateNgnBankAccount({ userId, path, body, ifMatch }) {
      const write = { userId, id: path.id, input: body, expectedVersions: ifMatch };
      const { resource, version } = await replaceBankAccount(db, write);
      return { status: 200, body: resource, version };
    },
    async updateFileShare({ userId, path, body, ifMatch }) {
      checkInstant(body.expires_at, "/body/expires_at");
      const write = { userId, id: path.id, input: body, expectedVersions: ifMatch };
      const { resource, version } = await updateFileShare(db, write, shareUrls);
      return { status: 200, body: resource, version };
    },
    async updateFile({ userId, path, body, ifMatch, upload }) {
      // The file part is the upload itself; the rest are the form's fields.
      const { file: _bytes, ...input } = body;
      const write = {
        userId,
        id: path.id,
        input: input as FileForm,
        upload: requireUpload(upload),
        expectedVersions: ifMatch,
      };
      const { resource, version } = await replaceFile(db, blobs, settings, write);
      return { status: 200, body: resource, version };
    },
    async restoreBin({ userId, path, body, idempotency }) {
      return { status: 200, body: await restoreBin(db, userId, path.id, body.tags, idempotency) };
    },
    async duplicateFolder({ userId, path, body, idempotency }) {
      const copy = await duplicateFolder(db, { userId, id: path.id, input: body }, retention, idempotency);
      return { status: 201, body: copy };
    },
    async updateFavouriteFolder({ userId, path, body, ifMatch }) {
      const write = { userId, id: path.id, input: body, expectedVersions: ifMatch };
      const { resource, version } = await updateFolder(db, write, config.binRetentionDays);
      return { status: 200, body: resource, version };
    },

    async listNgnBankAccounts({ userId, query, url }) {
      return { status: 200, body: pageBody(url, await listBankAccounts(db, userId, pageRequest(query))) };
    },
    async createNgnBankAccount({ userId, body, idempotency }) {
      return accountCreated(await createBankAccount(db, userId, body, idempotency));
    },
    async getNgnBankAccount({ userId, path }) {
      const { resource, version } = await getBankAccount(db, userId, path.id);
      return { status: 200, body: resource, version };
    },
    async createFile({ userId, body, upload, idempotency }) {
      const { file: _bytes, ...input } = body;
      const write = { userId, input: input as FileForm & { folder: string }, upload: requireUpload(upload) };
      return fileCreated(await createFile(db, blobs, settings, write, idempotency));
    },
    async listFiles({ userId, query, url }) {
      const page = await listFiles(db, userId, query?.folder, pageRequest(query), contentLink);
      return { status: 200, body: pageBody(url, page) };
    },
    async getFile({ userId, path }) {
      const { resource, version } = await getFile(db, userId, path.id, contentLink);
      return { status: 200, body: resource, version };
    },
    async deleteFile({ userId, path }) {
      return { status: 200, body: await binItem(db, userId, "file", path.id, retention) };
    },
    async createFolder({ userId, body, idempotency }) {
      return folderCreated(await createFolder(db, userId, body, retention, idempotency));
    },
    async listFolders({ userId, query, url }) {
      return { status: 200, body: pageBody(url, await listFolders(db, userId, query?.parent, pageRequest(query))) };
    },
    async getFolder({ userId, path }) {
      const { resource, version } = await getFolder(db, userId, path.id);
      return { status: 200, body: resource, version };
    },
    async deleteFolder({ userId, path }) {
      return { status: 200, body: await binItem(db, userId, "folder", path.id, retention) };
    },
    async listFavouriteFolders({ userId, query, url }) {
      return { status: 200, body: pageBody(url, await listFavouriteFolders(db, userId, pageRequest(query))) };
    },
    async createFileShare({ userId, body, idempotency }) {
      checkInstant(body.expires_at, "/body/expires_at");
      return shareCreated(await createFileShare(db, userId, body, shareUrls, idempotency));
    },
    async listFileShares({ userId, query, url }) {
      return { status: 200, body: pageBody(url, await listFileShares(db, userId, pageRequest(query), shareUrls)) };
    },
    async getFileShare({ userId, path }) {
      const { resource, version } = await getFileShare(db, userId, path.id, shareUrls);
      return { status: 200, body: resource, version };
    },
    async replaceFileShareLink({ userId, path, idempotency }) {
      const { resource, version } = await replaceFileShareLink(db, userId, path.id, shareUrls, idempotency);
      return { status: 200, body: resource, version };
    },
    async deleteFileShare({ userId, path }) {
      await deleteFileShare(db, userId, path.id);
      return { status: 204 };
    },
    async listSharedWithMe({ userId, query, url }) {
      const page = await sharedWithMe(db, userId, pageRequest(query));
      const items = page.items.map((share) => ({
        link: shareUrls.link(linkToken(share.id, share.linkSealed)),
        owner: { name: share.ownerName },
        shared: presentShared(share),
        created_at: iso(share.createdAt),
      }));
      return { status: 200, body: pageBody(url, { items, next: page.next }) };
    },
    async listBins({ userId, query, url }) {
      return { status: 200, body: pageBody(url, await listBins(db, userId, pageRequest(query))) };
    },
    async getBin({ userId, path }) {
      return { status: 200, body: await binEntry(db, userId, path.id) };
    },
    async listFileVersions({ userId, path, query, url }) {
      const page = await listVersions(db, userId, path.id, pageRequest(query));
      return { status: 200, body: pageBody(url, { items: page.items.map(presentVersion), next: page.next }) };
    },
    async restoreFileVersion({ userId, path, ifMatch, idempotency }) {
      const restore = {
        userId,
        fileId: path.id,
        versionId: path.version_id,
        expectedVersions: ifMatch,
        versionsKept: config.fileVersionsKept,
      };
      const { resource, version } = await restoreVersion(db, blobs, logger, restore, contentLink, idempotency);
      return { status: 200, body: resource, version };
    },
    async deleteFileVersion({ userId, path }) {
      await deleteVersion(db, blobs, logger, { userId, fileId: path.id, versionId: path.version_id });
      return { status: 204 };
    },
    async getUsage({ userId }) {
      const usage = await readUsage(db, userId);
      const body = {
        files_bytes: usage.fileBytes - usage.binBytes,
        versions_bytes: usage.versionBytes,
        bin_bytes: usage.binBytes,
        total_bytes: usage.fileBytes + usage.versionBytes,
        reserved_bytes: usage.reservedBytes,
        quota_bytes: config.userQuotaBytes ?? null,
      };
      return { status: 200, body };
    },
    async deleteBin({ userId, path }) {
      await deleteBin(db, blobs, logger, userId, path.id);
      return { status: 204 };
    },
    async listEvents({ userId, query, url }) {
      checkInstant(query?.created_after, "/query/created_after");
      const filters = {
        type: typeof query?.type === "string" ? [query.type] : query?.type,
        object: query?.object,
        createdAfter: query?.created_after === undefined ? undefined : new Date(query.created_after),
      };
      const page = await listEvents(db, userId, filters, pageRequest(query), presenters);
      return { status: 200, body: pageBody(url, page) };
    },
    async getEvent({ userId, path }) {
      return { status: 200, body: await getEvent(db, userId, path.id, presenters) };
    },
    async createWebhookEndpoint({ userId, body, idempotency }) {
      const endpoint = await createEndpoint(db, userId, body, config.webhookAllowHosts, idempotency);
      return { status: 201, body: endpoint };
    },
    async listWebhookEndpoints({ userId, query, url }) {
      return { status: 200, body: pageBody(url, await listEndpoints(db, userId, pageRequest(query))) };
    },
    async getWebhookEndpoint({ userId, path }) {
      return { status: 200, body: await getEndpoint(db, userId, path.id) };
    },
    async updateWebhookEndpoint({ userId, path, body }) {
      return { status: 200, body: await updateEndpoint(db, userId, path.id, body, config.webhookAllowHosts) };
    },
    async deleteWebhookEndpoint({ userId, path }) {
      await deleteEndpoint(db, userId, path.id);
      return { status: 204 };
    },
    async rotateWebhookEndpointSecret({ userId, path, idempotency }) {
      return { status: 200, body: await rotateSecret(db, userId, path.id, idempotency) };
    },
    async testWebhookEndpoint({ userId, path, idempotency }) {
      return { status: 202, body: await pingEndpoint(db, userId, path.id, idempotency) };
    },
    async listWebhookDeliveries({ userId, path, query, url }) {
      return { status: 200, body: pageBody(url, await listDeliveries(db, userId, path.id, pageRequest(query))) };
    },
    async retryWebhookDelivery({ userId, path, idempotency }) {
      const delivery = await retryDelivery(db, userId, path.id, path.delivery_id, idempotency);
      return { status: 202, body: delivery };
    },
  };
}
