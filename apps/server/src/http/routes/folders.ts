// The folders' operations (spec/src/folders.tsp).
import { binItem } from "../../domain/vault/bins.js";
import {
  createFolder,
  duplicateFolder,
  getFolder,
  listFavouriteFolders,
  listFolders,
  updateFolder,
} from "../../domain/vault/folders.js";
import { type FolderRow, presentFolder } from "../../domain/vault/views.js";
import { downloadFolderArchive } from "../folder-archives.js";
import type { Routes } from "../operation-types.js";
import { pageBody, pageRequest } from "../pages.js";
import { created, fetched, type RouteContext } from "./context.js";

/** A folder's recorded view row as the contract's Folder and its version. */
export const recordedFolder = (recorded: unknown) => {
  const { folder, version } = presentFolder(recorded as FolderRow);
  return { resource: folder, version };
};

export function folderRoutes({ db, blobs, config }: RouteContext) {
  const retention = config.binRetentionDays;
  const folderCreated = created(config, "/evault/v1/folders/");
  /** A copy answers 201 without `Location` or version. */
  const copied = ({ resource }: { resource: ReturnType<typeof recordedFolder>["resource"] }) =>
    ({ status: 201, body: resource }) as const;
  return {
    createFolder: {
      handle: async ({ userId, body, idempotency }) =>
        folderCreated(await createFolder(db, userId, body, retention, idempotency)),
      replay: ({ recorded }) => folderCreated(recordedFolder(recorded)),
    },
    listFolders: {
      handle: async ({ userId, query, url }) => ({
        status: 200,
        body: pageBody(url, await listFolders(db, userId, query?.parent, pageRequest(query))),
      }),
    },
    getFolder: {
      handle: async ({ userId, path }) => fetched(await getFolder(db, userId, path.id)),
    },
    deleteFolder: {
      handle: async ({ userId, path }) => ({
        status: 200,
        body: await binItem(db, userId, "folder", path.id, retention),
      }),
    },
    duplicateFolder: {
      handle: async ({ userId, path, body, idempotency }) =>
        copied({ resource: await duplicateFolder(db, { userId, id: path.id, input: body }, retention, idempotency) }),
      replay: ({ recorded }) => copied(recordedFolder(recorded)),
    },
    listFavouriteFolders: {
      handle: async ({ userId, query, url }) => ({
        status: 200,
        body: pageBody(url, await listFavouriteFolders(db, userId, pageRequest(query))),
      }),
    },
    updateFavouriteFolder: {
      handle: async ({ userId, path, body, ifMatch }) =>
        fetched(await updateFolder(db, { userId, id: path.id, input: body, expectedVersions: ifMatch }, retention)),
    },
    downloadFolderArchive: {
      stream: downloadFolderArchive(db, blobs, config),
    },
  } satisfies Partial<Routes>;
}
