import type { Config } from "../config.js";
import type { Database } from "../data/database.js";
import { replaceBankAccount } from "../domain/banking/bank-accounts.js";
import { DomainError } from "../domain/errors.js";
import { restoreBin } from "../domain/vault/bins.js";
import { updateFileShare } from "../domain/vault/file-shares.js";
import { type FileForm, replaceFile } from "../domain/vault/files.js";
import { duplicateFolder, updateFolder } from "../domain/vault/folders.js";
import type { BlobStore } from "../storage/blob-store.js";
import type { Handlers } from "./operation-types.js";

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
  return {
    async updateNgnBankAccount({ userId, path, body, ifMatch }) {
      const { resource, version } = await replaceBankAccount(db, userId, path.id, body, ifMatch);
      return { status: 200, body: resource, version };
    },
    async updateFileShare({ userId, path, body, ifMatch }) {
      const { resource, version } = await updateFileShare(db, userId, path.id, body, ifMatch, config.publicBaseUrl);
      return { status: 200, body: resource, version };
    },
    async updateFile({ userId, path, body, ifMatch, upload }) {
      if (!upload)
        throw new DomainError("bad_request", "The file part is missing.", [
          { path: "/body/file", message: "is required", code: "required" },
        ]);
      const { file: _bytes, ...form } = body;
      const { resource, version } = await replaceFile(
        db,
        blobs,
        config,
        userId,
        path.id,
        form as FileForm,
        upload,
        ifMatch,
      );
      return { status: 200, body: resource, version };
    },
    async restoreBin({ userId, path, body }) {
      return { status: 200, body: await restoreBin(db, userId, path.id, body.tags) };
    },
    async duplicateFolder({ userId, path, body }) {
      return { status: 201, body: await duplicateFolder(db, userId, path.id, body, config.binRetentionDays) };
    },
    async updateFavouriteFolder({ userId, path, body, ifMatch }) {
      const { resource, version } = await updateFolder(db, userId, path.id, body, ifMatch, config.binRetentionDays);
      return { status: 200, body: resource, version };
    },
  };
}
