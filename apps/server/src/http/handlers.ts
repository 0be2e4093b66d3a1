import type { Config } from "../config.js";
import type { Database } from "../data/database.js";
import {
  createBankAccount,
  getBankAccount,
  listBankAccounts,
  replaceBankAccount,
} from "../domain/banking/bank-accounts.js";
import { binEntry, binItem, deleteBin, listBins, restoreBin } from "../domain/vault/bins.js";
import type { CleanupLog } from "../domain/vault/blob-sweep.js";
import {
  createFileShare,
  deleteFileShare,
  getFileShare,
  listFileShares,
  updateFileShare,
} from "../domain/vault/file-shares.js";
import { createFile, type FileForm, getFile, listFiles, replaceFile } from "../domain/vault/files.js";
import {
  createFolder,
  duplicateFolder,
  getFolder,
  listFavouriteFolders,
  listFolders,
  updateFolder,
} from "../domain/vault/folders.js";
import type { BlobStore } from "../storage/blob-store.js";
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

/** The operationId -> handler table: one entry per operation of the contract. */
export function createHandlers({
  database,
  blobs,
  config,
  logger,
}: {
  database: Database;
  blobs: BlobStore;
  config: Config & { publicBaseUrl: string };
  logger: CleanupLog;
}): Handlers {
  const { db } = database;
  const contentLink = (fileId: string) =>
    `${config.publicBaseUrl}/evault/v1/files/${encodeURIComponent(fileId)}/content/`;
  /** The absolute URL of a resource's GET, sent as a create's `Location`. */
  const located = (collection: string, id: string) => `${config.publicBaseUrl}${collection}${encodeURIComponent(id)}/`;
  const retention = config.binRetentionDays;
  return {
    async updateNgnBankAccount({ userId, path, body, ifMatch }) {
      const write = { userId, id: path.id, input: body, expectedVersions: ifMatch };
      const { resource, version } = await replaceBankAccount(db, write);
      return { status: 200, body: resource, version };
    },
    async updateFileShare({ userId, path, body, ifMatch }) {
      const write = { userId, id: path.id, input: body, expectedVersions: ifMatch };
      const { resource, version } = await updateFileShare(db, write, contentLink);
      return { status: 200, body: resource, version };
    },
    async updateFile({ userId, path, body, ifMatch, upload }) {
      // The file part is the upload itself; the rest are the form's fields.
      const { file: _bytes, ...input } = body;
      const settings = { contentLink, binRetentionDays: retention, cleanupLog: logger };
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
    async restoreBin({ userId, path, body }) {
      return { status: 200, body: await restoreBin(db, userId, path.id, body.tags) };
    },
    async duplicateFolder({ userId, path, body }) {
      const copy = await duplicateFolder(db, { userId, id: path.id, input: body }, config.binRetentionDays);
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
    async createNgnBankAccount({ userId, body }) {
      const { resource, version } = await createBankAccount(db, userId, body);
      return { status: 201, body: resource, version, location: located("/banking/v1/ng/bank_accounts/", resource.id) };
    },
    async getNgnBankAccount({ userId, path }) {
      const { resource, version } = await getBankAccount(db, userId, path.id);
      return { status: 200, body: resource, version };
    },
    async createFile({ userId, body, upload }) {
      const { file: _bytes, ...input } = body;
      const settings = { contentLink, binRetentionDays: retention, cleanupLog: logger };
      const write = { userId, input: input as FileForm & { folder: string }, upload: requireUpload(upload) };
      const { resource, version } = await createFile(db, blobs, settings, write);
      return { status: 201, body: resource, version, location: located("/evault/v1/files/", resource.id) };
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
    async createFolder({ userId, body }) {
      const { resource, version } = await createFolder(db, userId, body, retention);
      return { status: 201, body: resource, version, location: located("/evault/v1/folders/", resource.id) };
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
    async createFileShare({ userId, body }) {
      const { resource, version } = await createFileShare(db, userId, body, contentLink);
      return { status: 201, body: resource, version, location: located("/evault/v1/file_shares/", resource.id) };
    },
    async listFileShares({ userId, query, url }) {
      return { status: 200, body: pageBody(url, await listFileShares(db, userId, pageRequest(query), contentLink)) };
    },
    async getFileShare({ userId, path }) {
      const { resource, version } = await getFileShare(db, userId, path.id, contentLink);
      return { status: 200, body: resource, version };
    },
    async deleteFileShare({ userId, path }) {
      await deleteFileShare(db, userId, path.id);
      return { status: 204 };
    },
    async listBins({ userId, query, url }) {
      return { status: 200, body: pageBody(url, await listBins(db, userId, pageRequest(query))) };
    },
    async getBin({ userId, path }) {
      return { status: 200, body: await binEntry(db, userId, path.id) };
    },
    async deleteBin({ userId, path }) {
      await deleteBin(db, blobs, logger, userId, path.id);
      return { status: 204 };
    },
  };
}
