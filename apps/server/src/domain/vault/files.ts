import { randomUUID } from "node:crypto";
import { basename, extname } from "node:path";
import { and, eq, isNull, type SQL, sql } from "drizzle-orm";
import type { Db } from "../../data/database.js";
import { type ClaimedKey, claimedKeyValues, recordedAnswerOf } from "../../data/idempotency-keys.js";
import { namedStatement, type Session, value } from "../../data/prepared.js";
import { type EventType, recordedEvent } from "../../data/recorded-events.js";
import { files } from "../../data/schema.js";
import type { BlobStore, ReceivedUpload } from "../../storage/blob-store.js";
import type { ApiFile, Versioned, Write } from "../contract.js";
import { isExpected, notFound, staleVersion } from "../errors.js";
import { type Keyset, orderOf, type Page, type PageRequest, pageOf, positionOf } from "../pagination.js";
import { binExpiry } from "./bins.js";
import { blobLock, blobWrites, type CleanupLog, removeAfterCommit, removeIfUnused } from "./blob-sweep.js";
import { isVisibleFolder, notYourFolder, outsideBin, treeTransaction, visibleFolder } from "./placement.js";
import { tagArrays, tagNames, tagsJson, upsertedTags } from "./tags.js";
import { contentColumns, VERSION_WRITES, versionCtes } from "./version-writes.js";
import { type ContentLink, type FileRow, fileViewQuery, fileViews, presentFile } from "./views.js";

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
  /** How many versions of a file are kept, the current one counted (`FILE_VERSIONS_KEEP`). */
  versionsKept: number;
  /** Where a failure to free the replaced content's bytes after the commit is logged. */
  cleanupLog: CleanupLog;
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
 * Stores `upload`'s bytes under their hash (durably, and outside any transaction: a
 * copy of gigabytes must hold no lock and no connection), then runs `write`, a
 * transaction that checks under the hash's lock that the bytes are still there (so a
 * committed row always has its blob) and returns the hashes of the blob rows it
 * deleted. When it fails, the bytes go unless a row names them; after the commit, the
 * bytes of the deleted blob rows go, best effort.
 */
async function storing<T>(
  db: Db,
  store: BlobStore,
  log: CleanupLog,
  upload: Upload,
  write: () => Promise<{ result: T; orphans: string[] }>,
): Promise<T> {
  const { result, orphans } = await store
    .commit(upload)
    .then(write)
    .catch(async (error) => {
      // The bytes may have been stored before the failure. A store that fails this too
      // leaves them to the orphan sweep: the request's own failure is the answer.
      await removeIfUnused(db, store, upload.hash).catch(() => {});
      throw error;
    });
  await removeAfterCommit(db, store, orphans, log);
  return result;
}

const user = value("user");

/** What a file statement found, its view of the file when it wrote, and the blob rows it deleted. */
interface FileOutcome {
  current_version: number | null;
  destination_visible: boolean;
  orphans: string[];
  file: FileRow | null;
}

/** The placeholders' values of a file statement: the form's fields (omitted ones take their defaults) and the upload's. */
function fileValues(userId: number, id: string, form: FileForm, upload: Upload, settings: VaultSettings) {
  return {
    id,
    user: userId,
    // An empty name part means no name was given: the uploaded filename stands in.
    name: form.name || safeFilename(upload.filename),
    description: form.description ?? null,
    extension: extensionOf(upload.filename),
    starred: form.is_starred ?? false,
    archived: form.is_archived ?? false,
    folder: form.folder ?? null,
    hash: upload.hash,
    size: upload.size,
    mimetype: upload.mimetype,
    ...tagArrays(tagNames(form.tags ?? [])),
    bin: form.is_deleted === true,
    bin_id: randomUUID(),
    expires: binExpiry(settings.binRetentionDays),
  };
}

/**
 * The blob row of the file a file statement wrote (`target`), by key: its row before the
 * statement or the one `stored_blob` made. The key is applied inside the union, because
 * a join to the whole union is planned as a read of every user's blob rows.
 */
export const WRITTEN_BLOB = sql`(select * from blobs where hash = (select hash from target) union all select * from stored_blob)`;

/**
 * A file write in one statement: `target` writes the file (given the checks in `checks`:
 * `current_version`, the file's when it is one of the caller's visible files, and
 * `destination_visible`), then the blob, the tags (replaced by the form's), the bin
 * move, the blob rows no file references any more (of the hashes `previous` selects,
 * read in the statement's snapshot, before `target`), the view of the file as written,
 * its event, and `recorded`, CTEs that may read that view in `answer`.
 */
const fileStatement = (
  name: string,
  target: SQL,
  previous: SQL,
  event: SQL,
  { recorded, versioned = false }: { recorded?: SQL; versioned?: boolean } = {},
) =>
  namedStatement<FileOutcome, ReturnType<typeof fileValues> & { versions?: number[] | null } & Record<string, unknown>>(
    name,
    sql`with
      checks as (
        select (select f.version from files f where f.id = ${value("id")} and f.user_id = ${user} and not f.is_deleted
            and (f.folder_id is null or ${visibleFolder(user, sql`f.folder_id`)})) as current_version,
          (${value("folder")}::text is null or ${visibleFolder(user, sql`${value("folder")}::text`)}) as destination_visible
      ),
      target as (${target}),${versioned ? sql`${versionCtes(value("keep_versions"))},` : sql``}
      ${blobWrites(previous, versioned ? VERSION_WRITES : undefined)},
      added_tags as (${upsertedTags(user, sql`exists (select 1 from target)`)}),
      unlinked_tags as (
        delete from file_tags l using target where l.file_id = target.id and l.tag_id not in (select id from added_tags)
      ),
      linked_tags as (
        insert into file_tags (file_id, tag_id) select target.id, a.id from target, added_tags a on conflict do nothing
      ),
      binned as (
        insert into bins (id, user_id, file_id, expires_at)
        select ${value("bin_id")}, ${user}, target.id, ${value("expires")}::timestamptz from target where ${value("bin")}::boolean
      ),
      answer as (
        select c.*, array(select hash from unreferenced) as orphans, (select row_to_json(v) from (${fileViewQuery({
          files: sql`target`,
          blobs: WRITTEN_BLOB,
          tags: tagsJson(sql`added_tags`),
        })}) v) as file
        from checks c
      ),
      ${event}${recorded ? sql`, ${recorded}` : sql``}
    select * from answer`,
  );

/**
 * The event of a file statement that wrote (`answer`'s file); for a replace, `previous`
 * is the file's view before it, as the statement's snapshot holds it (the writes hold
 * the caller's tree lock, so no other write of the file is in between).
 */
const fileEvent = (type: EventType, previous?: SQL) =>
  recordedEvent(type, { user, object: sql`a.file::jsonb`, previous, from: sql`answer a where a.file is not null` });

const replaceStatement = fileStatement(
  "replace_file",
  sql`update files f set name = ${value("name")}, description = ${value("description")}::text, hash = ${value("hash")},
      content_size = ${value("size")}::bigint,
      extension = ${value("extension")}, is_starred = ${value("starred")}::boolean, is_archived = ${value("archived")}::boolean,
      folder_id = ${value("folder")}::text, is_deleted = ${value("bin")}::boolean, version = f.version + 1, updated_at = now(),
      ${contentColumns(value("hash"), value("keep_versions"))}
    from checks c
    where f.id = ${value("id")} and c.current_version is not null and c.destination_visible
      and (${value("versions")}::integer[] is null or f.version = any(${value("versions")}::integer[]))
    returning f.*`,
  sql`select f.hash from files f where f.id = ${value("id")}`,
  fileEvent(
    "file.updated",
    sql`(select to_jsonb(v) from (${fileViewQuery({ files: sql`(select * from files x where x.id = ${value("id")} and x.user_id = ${user})` })}) v)`,
  ),
  { versioned: true },
);

const createStatement = fileStatement(
  "create_file",
  sql`insert into files (id, user_id, folder_id, name, description, hash, content_size, extension, is_starred, is_archived, is_deleted)
    select ${value("id")}, ${user}, ${value("folder")}::text, ${value("name")}, ${value("description")}::text, ${value("hash")},
      ${value("size")}::bigint, ${value("extension")}, ${value("starred")}::boolean, ${value("archived")}::boolean, ${value("bin")}::boolean
    from checks c where c.destination_visible
    returning *`,
  // A new file leaves no blob unreferenced.
  sql`select null::text where false`,
  fileEvent("file.created"),
  {
    recorded: recordedAnswerOf({
      user,
      status: 201,
      answer: sql`(select file::jsonb from answer)`,
      done: sql`exists (select 1 from target)`,
    }),
  },
);

/**
 * Runs a file statement in a transaction holding the caller's tree lock and the
 * upload's hash lock (both taken with BEGIN), once the bytes are in the store: under
 * the lock, `ensureStored` only checks that they are (a cleanup of the same content
 * between the two may have taken them, and then they are stored again).
 * `refusal` explains an outcome without a file.
 */
function writeFile(
  db: Db,
  store: BlobStore,
  settings: VaultSettings,
  { userId, upload }: { userId: number; upload: Upload },
  run: (session: Session) => Promise<FileOutcome[]>,
  refusal: (outcome: FileOutcome) => Error,
): Promise<Versioned<ApiFile>> {
  const transaction = () =>
    treeTransaction(
      db,
      userId,
      async (session) => {
        await store.ensureStored(upload);
        const [outcome] = (await run(session)) as [FileOutcome];
        if (!outcome.file) throw refusal(outcome);
        const { file, version } = presentFile(outcome.file, settings.contentLink);
        return { result: { resource: file, version }, orphans: outcome.orphans };
      },
      blobLock(upload.hash),
    );
  return storing(db, store, settings.cleanupLog, upload, transaction);
}

/**
 * Full update of a file: the upload replaces the content, the form replaces the
 * writable fields (omitted ones reset).
 */
export function replaceFile(
  db: Db,
  store: BlobStore,
  settings: VaultSettings,
  write: Write<FileForm> & { upload: Upload },
): Promise<Versioned<ApiFile>> {
  const { userId, id, input: form, upload, expectedVersions } = write;
  const values = {
    ...fileValues(userId, id, form, upload, settings),
    versions: expectedVersions ?? null,
    keep_versions: settings.versionsKept,
  };
  return writeFile(
    db,
    store,
    settings,
    write,
    (session) => replaceStatement(session, values),
    (outcome) => {
      if (outcome.current_version === null) return notFound("file");
      if (!isExpected(expectedVersions, outcome.current_version)) return staleVersion();
      return notYourFolder();
    },
  );
}

/** A new file in one of the caller's folders outside the bin (else 422 naming `folder`); the request's key is marked committed with it. */
export function createFile(
  db: Db,
  store: BlobStore,
  settings: VaultSettings,
  write: { userId: number; input: FileForm & { folder: string }; upload: Upload },
  claimed?: ClaimedKey,
): Promise<Versioned<ApiFile>> {
  const values = {
    ...fileValues(write.userId, randomUUID(), write.input, write.upload, settings),
    ...claimedKeyValues(claimed),
  };
  return writeFile(db, store, settings, write, (session) => createStatement(session, values), notYourFolder);
}

/** The caller's file `id` when it is outside the bin and so is every folder above it (a relation of at most one `files` row). */
export const visibleFileRow = sql`(select * from files x where x.id = ${value("id")} and x.user_id = ${value("user")}
  and not x.is_deleted and (x.folder_id is null or ${outsideBin(sql`x.folder_id`)}))`;

const fileViewStatement = namedStatement<FileRow, { id: string; user: number }>(
  "file_view",
  fileViewQuery({ files: visibleFileRow }),
);

/** One of the caller's files outside the bin, with its version. */
export async function getFile(
  db: Db,
  userId: number,
  id: string,
  contentLink: ContentLink,
): Promise<Versioned<ApiFile>> {
  const [row] = await fileViewStatement(db, { id, user: userId });
  if (!row) throw notFound("file");
  const { file, version } = presentFile(row, contentLink);
  return { resource: file, version };
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
  const found = await pageOf(scope, page, keyset, (after, limit) =>
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

const storedContentStatement = namedStatement<
  { name: string | null; hash: string; size: string; mimetype: string },
  { id: string; user: number }
>(
  "stored_content",
  sql`select f.name, b.hash, b.size, b.mimetype from ${visibleFileRow} f join blobs b on b.hash = f.hash`,
);

/** The stored content of one of the caller's visible files: its name, hash, size and sniffed type. */
export async function storedContent(db: Db, userId: number, id: string) {
  const [found] = await storedContentStatement(db, { id, user: userId });
  if (!found) throw notFound("file");
  return { ...found, size: Number(found.size) };
}
