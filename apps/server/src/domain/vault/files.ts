import { randomUUID } from "node:crypto";
import { basename, extname } from "node:path";
import { and, eq, isNull } from "drizzle-orm";
import type { Db, Tx } from "../../data/database.js";
import { blobs, files } from "../../data/schema.js";
import type { BlobStore, ReceivedUpload } from "../../storage/blob-store.js";
import type { ApiFile, Versioned, Write } from "../contract.js";
import { notFound, staleVersion } from "../errors.js";
import { type Keyset, orderOf, type Page, type PageRequest, pageOf, positionOf } from "../pagination.js";
import { moveToBin } from "./bins.js";
import { putBlob, removeIfUnused, unreferencedBlobs } from "./blob-sweep.js";
import { isVisibleFile, isVisibleFolder, lockTree, requireDestination } from "./placement.js";
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

type Upload = ReceivedUpload & { filename: string };

/**
 * Runs `work` in a transaction that stores `upload`'s bytes (moved into the store
 * inside it, under the hash's lock, so a committed row always has its blob). When the
 * work fails, the bytes go unless a row names them; after the commit, the bytes of
 * blobs no file uses any more go.
 */
async function withUpload<T>(db: Db, store: BlobStore, upload: Upload, work: (tx: Tx) => Promise<T>): Promise<T> {
  const { result, orphans } = await db
    .transaction(async (tx) => {
      const result = await work(tx);
      return { result, orphans: await unreferencedBlobs(tx) };
    })
    .catch(async (error) => {
      // The bytes may have been moved into place before the failure.
      await removeIfUnused(db, store, upload.hash);
      throw error;
    });
  await Promise.all(orphans.map((hash) => removeIfUnused(db, store, hash)));
  return result;
}

/** The writable fields of a file from its form and upload; omitted ones take their defaults. */
const formFields = (form: FileForm, upload: Upload) => ({
  // An empty name part means no name was given: the uploaded filename stands in.
  name: form.name || safeFilename(upload.filename),
  description: form.description ?? null,
  hash: upload.hash,
  extension: extensionOf(upload.filename),
  is_starred: form.is_starred ?? false,
  is_archived: form.is_archived ?? false,
});

/** Tags, the bin and the answer of a file just written. */
async function finishWrite(tx: Tx, userId: number, id: string, form: FileForm, settings: VaultSettings) {
  await setTags(tx, "file", id, await upsertTags(tx, userId, tagNames(form.tags ?? [])));
  if (form.is_deleted) await moveToBin(tx, userId, "file", id, settings.binRetentionDays);
  const view = (await fileViews(tx, userId, [id], settings.contentLink)).get(id);
  if (!view) throw notFound("file");
  return { resource: view.file, version: view.version };
}

/**
 * Full update of a file: the upload replaces the content, the form replaces the
 * writable fields (omitted ones reset).
 */
export async function replaceFile(
  db: Db,
  store: BlobStore,
  settings: VaultSettings,
  write: Write<FileForm> & { upload: Upload },
): Promise<Versioned<ApiFile>> {
  const { userId, id, input: form, upload, expectedVersion } = write;
  return withUpload(db, store, upload, async (tx) => {
    await lockTree(tx, userId);
    const current = await lockVisibleFile(tx, userId, id);
    if (expectedVersion !== undefined && expectedVersion !== current.version) throw staleVersion();
    const folderId = await requireDestination(tx, userId, form.folder);
    await putBlob(tx, store, upload);
    await tx
      .update(files)
      .set({ ...formFields(form, upload), folder_id: folderId, version: current.version + 1, updated_at: new Date() })
      .where(eq(files.id, id));
    return finishWrite(tx, userId, id, form, settings);
  });
}

/** A new file in one of the caller's folders outside the bin (else 422 naming `folder`). */
export async function createFile(
  db: Db,
  store: BlobStore,
  settings: VaultSettings,
  { userId, input: form, upload }: { userId: number; input: FileForm & { folder: string }; upload: Upload },
): Promise<Versioned<ApiFile>> {
  return withUpload(db, store, upload, async (tx) => {
    await lockTree(tx, userId);
    const folderId = await requireDestination(tx, userId, form.folder);
    await putBlob(tx, store, upload);
    const id = randomUUID();
    await tx.insert(files).values({ id, user_id: userId, folder_id: folderId, ...formFields(form, upload) });
    return finishWrite(tx, userId, id, form, settings);
  });
}

/** The caller's file, locked, if neither it nor a folder above it is in the bin. */
async function lockVisibleFile(tx: Tx, userId: number, id: string) {
  const [current] = await tx
    .select()
    .from(files)
    .where(and(eq(files.id, id), eq(files.user_id, userId), eq(files.is_deleted, false)))
    .for("update");
  if (!current || (current.folder_id && !(await isVisibleFolder(tx, userId, current.folder_id))))
    throw notFound("file");
  return current;
}

/** One of the caller's files outside the bin, with its version. */
export async function getFile(
  db: Db,
  userId: number,
  id: string,
  contentLink: ContentLink,
): Promise<Versioned<ApiFile>> {
  const view = (await isVisibleFile(db, userId, id)) && (await fileViews(db, userId, [id], contentLink)).get(id);
  if (!view) throw notFound("file");
  return { resource: view.file, version: view.version };
}

/** A page of the files directly in one of the caller's visible folders (or at the root), oldest first. */
export async function listFiles(
  db: Db,
  userId: number,
  folderId: string | undefined,
  page: PageRequest,
  contentLink: ContentLink,
): Promise<Page<ApiFile>> {
  if (folderId !== undefined && !(await isVisibleFolder(db, userId, folderId))) throw notFound("folder");
  const keyset: Keyset = { createdAt: files.created_at, id: files.id };
  const scope = { userId, list: `files:${folderId ?? ""}` };
  const found = await pageOf(db, scope, page, keyset, (after, limit) =>
    db
      .select({ id: files.id, page_micros: positionOf(keyset) })
      .from(files)
      .where(
        and(
          eq(files.user_id, userId),
          folderId === undefined ? isNull(files.folder_id) : eq(files.folder_id, folderId),
          eq(files.is_deleted, false),
          after,
        ),
      )
      .orderBy(...orderOf(keyset))
      .limit(limit),
  );
  const views = await fileViews(
    db,
    userId,
    found.items.map((f) => f.id),
    contentLink,
  );
  return { items: found.items.flatMap((f) => views.get(f.id)?.file ?? []), next: found.next };
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
