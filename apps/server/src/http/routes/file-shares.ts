// The file shares' operations (spec/src/file-shares.tsp).
import {
  createFileShare,
  deleteFileShare,
  getFileShare,
  listFileShares,
  recordedFileShare,
  replaceFileShareLink,
  updateFileShare,
} from "../../domain/vault/file-shares.js";
import { checkInstant } from "../body-checks.js";
import type { Routes } from "../operation-types.js";
import { pageBody, pageRequest } from "../pages.js";
import { created, fetched, type RouteContext } from "./context.js";

export function fileShareRoutes({ db, config, shareUrls }: RouteContext) {
  const shareCreated = created(config, "/evault/v1/file_shares/");
  return {
    createFileShare: {
      handle: async ({ userId, body, idempotency }) => {
        checkInstant(body.expires_at, "/body/expires_at");
        return shareCreated(await createFileShare(db, userId, body, shareUrls, idempotency));
      },
      replay: ({ recorded }) => shareCreated(recordedFileShare(recorded, shareUrls)),
    },
    listFileShares: {
      handle: async ({ userId, query, url }) => ({
        status: 200,
        body: pageBody(url, await listFileShares(db, userId, pageRequest(query), shareUrls)),
      }),
    },
    getFileShare: {
      handle: async ({ userId, path }) => fetched(await getFileShare(db, userId, path.id, shareUrls)),
    },
    updateFileShare: {
      handle: async ({ userId, path, body, ifMatch }) => {
        checkInstant(body.expires_at, "/body/expires_at");
        const write = { userId, id: path.id, input: body, expectedVersions: ifMatch };
        return fetched(await updateFileShare(db, write, shareUrls));
      },
    },
    replaceFileShareLink: {
      handle: async ({ userId, path, idempotency }) =>
        fetched(await replaceFileShareLink(db, userId, path.id, shareUrls, idempotency)),
      replay: ({ recorded }) => fetched(recordedFileShare(recorded, shareUrls)),
    },
    deleteFileShare: {
      handle: async ({ userId, path }) => {
        await deleteFileShare(db, userId, path.id);
        return { status: 204 };
      },
    },
  } satisfies Partial<Routes>;
}
