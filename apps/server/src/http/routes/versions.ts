// A file's versions (spec/src/versions.tsp).
import { createDownloadLink, versionLink } from "../../domain/vault/download-links.js";
import { deleteVersion, listVersions, presentVersion, restoreVersion } from "../../domain/vault/versions.js";
import { downloadFileVersion } from "../downloads.js";
import type { Routes } from "../operation-types.js";
import { pageBody, pageRequest } from "../pages.js";
import type { RouteContext } from "./context.js";
import { recordedFile } from "./files.js";

export function versionRoutes({ db, blobs, config, logger, contentLink, downloadUrl }: RouteContext) {
  /** A restore answers the file with the restored content current. */
  const restored = ({ resource, version }: ReturnType<typeof recordedFile>) =>
    ({ status: 200, body: resource, version }) as const;
  return {
    listFileVersions: {
      handle: async ({ userId, path, query, url }) => {
        const page = await listVersions(db, userId, path.id, pageRequest(query));
        return { status: 200, body: pageBody(url, { items: page.items.map(presentVersion), next: page.next }) };
      },
    },
    downloadFileVersion: { stream: downloadFileVersion(db, blobs) },
    createFileVersionDownloadLink: {
      handle: async ({ userId, path, body }) => {
        const link = await versionLink(db, userId, path.id, path.version_id);
        return { status: 200, body: await createDownloadLink(blobs, link, body?.expires_in, downloadUrl) };
      },
    },
    restoreFileVersion: {
      handle: async ({ userId, path, ifMatch, idempotency }) => {
        const restore = {
          userId,
          fileId: path.id,
          versionId: path.version_id,
          expectedVersions: ifMatch,
          versionsKept: config.fileVersionsKept,
        };
        return restored(await restoreVersion(db, blobs, logger, restore, contentLink, idempotency));
      },
      replay: ({ recorded }) => restored(recordedFile(recorded, contentLink)),
    },
    deleteFileVersion: {
      handle: async ({ userId, path }) => {
        await deleteVersion(db, blobs, logger, { userId, fileId: path.id, versionId: path.version_id });
        return { status: 204 };
      },
    },
  } satisfies Partial<Routes>;
}
