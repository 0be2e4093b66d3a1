import type { Config } from "../config.js";
import type { Database } from "../data/database.js";
import { replaceBankAccount } from "../domain/banking/bank-accounts.js";
import { restoreBin } from "../domain/vault/bins.js";
import { updateFileShare } from "../domain/vault/file-shares.js";
import { type FileForm, replaceFile } from "../domain/vault/files.js";
import { duplicateFolder, updateFolder } from "../domain/vault/folders.js";
import type { BlobStore } from "../storage/blob-store.js";
import type { Handlers } from "./operation-types.js";
import { ProblemError } from "./problems.js";

/** The operationId -> handler table: one entry per operation of the contract. */
export function createHandlers({
  database,
  blobs,
  config,
}: {
  database: Database;
  blobs: BlobStore;
  config: Config & { publicBaseUrl: string };
}): Handlers {
  const { db } = database;
  const contentLink = (fileId: string) =>
    `${config.publicBaseUrl}/evault/v1/files/${encodeURIComponent(fileId)}/content/`;
  return {
    async updateNgnBankAccount({ userId, path, body, ifMatch }) {
      const write = { userId, id: path.id, input: body, expectedVersion: ifMatch };
      const { resource, version } = await replaceBankAccount(db, write);
      return { status: 200, body: resource, version };
    },
    async updateFileShare({ userId, path, body, ifMatch }) {
      const write = { userId, id: path.id, input: body, expectedVersion: ifMatch };
      const { resource, version } = await updateFileShare(db, write, contentLink);
      return { status: 200, body: resource, version };
    },
    async updateFile({ userId, path, body, ifMatch, upload }) {
      if (!upload)
        throw new ProblemError("bad_request", "The file part is missing.", [
          { path: "/body/file", message: "is required", code: "required" },
        ]);
      // The file part is the upload itself; the rest are the form's fields.
      const { file: _bytes, ...input } = body;
      const settings = { contentLink, binRetentionDays: config.binRetentionDays };
      const write = { userId, id: path.id, input: input as FileForm, upload, expectedVersion: ifMatch };
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
      const write = { userId, id: path.id, input: body, expectedVersion: ifMatch };
      const { resource, version } = await updateFolder(db, write, config.binRetentionDays);
      return { status: 200, body: resource, version };
    },
  };
}
