import { basename, extname } from "node:path";
import { and, eq } from "drizzle-orm";
import type { Db } from "../../data/database.js";
import { blobs, files } from "../../data/schema.js";
import type { BlobStore, ReceivedUpload } from "../../storage/blob-store.js";
import type { ApiFile, Versioned, Write } from "../contract.js";
import { notFound, staleVersion } from "../errors.js";
import { moveToBin } from "./bins.js";
import { putBlob, removeIfUnused, unreferencedBlobs } from "./blob-sweep.js";
import { isVisibleFolder, lockTree, requireDestination } from "./placement.js";
import { setTags, tagNames, upsertTags } from "./tags.js";
import { type ContentLink, fileViews } from "./views.js";

export interface FileForm {
  name?: string;
  description?: string;
  folder?: string;
  is_starred?: boolean;
  is_archived?: boolean;
  is_deleted?: boolean;
  tags?: string[];
}

export interface VaultSettings {
  contentLink: ContentLink;
  binRetentionDays: number;
}

/** The last path segment of a client's filename, so a name can never carry a path. */
export const safeFilename = (filename: string) => basename(filename.replaceAll("\\", "/")).slice(0, 255);

/** The filename's extension without the dot, lowercase; empty unless it is short and alphanumeric. */
export function extensionOf(filename: string): string {
  const ext = extname(safeFilename(filename)).slice(1).toLowerCase();
  return /^[a-z0-9]{1,16}$/.test(ext) ? ext : "";
}

/**
 * Full update of a file: the upload replaces the content, the form replaces the
 * writable fields (omitted ones reset). The bytes are moved into the store inside
 * the transaction, under the hash's lock, so a committed row always has its blob;
 * a blob no file uses any more is deleted after it.
 */
export async function replaceFile(
  db: Db,
  store: BlobStore,
  settings: VaultSettings,
  write: Write<FileForm> & { upload: ReceivedUpload & { filename: string } },
): Promise<Versioned<ApiFile>> {
  const { userId, id, input: form, upload, expectedVersion } = write;
  const { result, orphans } = await db
    .transaction(async (tx) => {
      await lockTree(tx, userId);
      const [current] = await tx
        .select()
        .from(files)
        .where(and(eq(files.id, id), eq(files.user_id, userId), eq(files.is_deleted, false)))
        .for("update");
      if (!current || (current.folder_id && !(await isVisibleFolder(tx, userId, current.folder_id))))
        throw notFound("file");
      if (expectedVersion !== undefined && expectedVersion !== current.version) throw staleVersion();
      const folderId = await requireDestination(tx, userId, form.folder);

      await putBlob(tx, store, upload);
      await tx
        .update(files)
        .set({
          // An empty name part means no name was given: the uploaded filename stands in.
          name: form.name || safeFilename(upload.filename),
          description: form.description ?? null,
          folder_id: folderId,
          hash: upload.hash,
          extension: extensionOf(upload.filename),
          is_starred: form.is_starred ?? false,
          is_archived: form.is_archived ?? false,
          version: current.version + 1,
          updated_at: new Date(),
        })
        .where(eq(files.id, id));
      await setTags(tx, "file", id, await upsertTags(tx, userId, tagNames(form.tags ?? [])));
      if (form.is_deleted) await moveToBin(tx, userId, "file", id, settings.binRetentionDays);

      const view = (await fileViews(tx, userId, [id], settings.contentLink)).get(id);
      if (!view) throw notFound("file");
      return { result: { resource: view.file, version: view.version }, orphans: await unreferencedBlobs(tx) };
    })
    .catch(async (error) => {
      // The bytes may have been moved into place before the failure.
      await removeIfUnused(db, store, upload.hash);
      throw error;
    });
  await Promise.all(orphans.map((hash) => removeIfUnused(db, store, hash)));
  return result;
}

/** The stored content of one of the caller's visible files: its name, hash, size and sniffed type. */
export async function storedContent(db: Db, userId: number, id: string) {
  const [found] = await db
    .select({ name: files.name, folder: files.folder_id, hash: blobs.hash, size: blobs.size, mimetype: blobs.mimetype })
    .from(files)
    .innerJoin(blobs, eq(blobs.hash, files.hash))
    .where(and(eq(files.id, id), eq(files.user_id, userId), eq(files.is_deleted, false)));
  if (!found || (found.folder && !(await isVisibleFolder(db, userId, found.folder)))) throw notFound("file");
  return found;
}
