// The files' operations (spec/src/files.tsp): the JSON ones here, the downloads in downloads.ts.
import { binItem } from "../../domain/vault/bins.js";
import { createDownloadLink, fileLink } from "../../domain/vault/download-links.js";
import { createFile, type FileForm, getFile, listFiles, replaceFile } from "../../domain/vault/files.js";
import { type FileRow, presentFile } from "../../domain/vault/views.js";
import { downloadFile } from "../downloads.js";
import type { Routes } from "../operation-types.js";
import { pageBody, pageRequest } from "../pages.js";
import { created, fetched, type RouteContext, requireUpload } from "./context.js";

/** A file's recorded view row as the contract's File and its version. */
export const recordedFile = (recorded: unknown, contentLink: (fileId: string) => string) => {
  const { file, version } = presentFile(recorded as FileRow, contentLink);
  return { resource: file, version };
};

export function fileRoutes({ db, blobs, config, contentLink, settings, downloadUrl }: RouteContext) {
  const fileCreated = created(config, "/evault/v1/files/");
  const download = { stream: downloadFile(db, blobs) };
  return {
    createFile: {
      handle: async ({ userId, body, upload, idempotency }) => {
        // The file part is the upload itself; the rest are the form's fields.
        const { file: _bytes, ...input } = body;
        const write = { userId, input: input as FileForm & { folder: string }, upload: requireUpload(upload) };
        return fileCreated(await createFile(db, blobs, settings, write, idempotency));
      },
      replay: ({ recorded }) => fileCreated(recordedFile(recorded, contentLink)),
    },
    listFiles: {
      handle: async ({ userId, query, url }) => {
        const page = await listFiles(db, userId, query?.folder, pageRequest(query), contentLink);
        return { status: 200, body: pageBody(url, page) };
      },
    },
    getFile: {
      handle: async ({ userId, path }) => fetched(await getFile(db, userId, path.id, contentLink)),
    },
    updateFile: {
      handle: async ({ userId, path, body, ifMatch, upload }) => {
        const { file: _bytes, ...input } = body;
        const write = {
          userId,
          id: path.id,
          input: input as FileForm,
          upload: requireUpload(upload),
          expectedVersions: ifMatch,
        };
        return fetched(await replaceFile(db, blobs, settings, write));
      },
    },
    deleteFile: {
      handle: async ({ userId, path }) => ({
        status: 200,
        body: await binItem(db, userId, "file", path.id, config.binRetentionDays),
      }),
    },
    downloadFile: download,
    headFileContent: download,
    createFileDownloadLink: {
      handle: async ({ userId, path, body }) => {
        const link = await fileLink(db, userId, path.id);
        return { status: 200, body: await createDownloadLink(blobs, link, body?.expires_in, downloadUrl) };
      },
    },
  } satisfies Partial<Routes>;
}
