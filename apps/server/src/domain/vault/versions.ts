// A file's versions: its current content (the file row's `hash`, `content_version_id`,
// `content_at`) and the earlier ones each content change kept (`file_versions`). The
// versions of a file are reachable while the file is (its owner's, outside the bin).
import { sql } from "drizzle-orm";
import type { Db } from "../../data/database.js";
import { type ClaimedKey, claimedKeyValues, recordedAnswerOf } from "../../data/idempotency-keys.js";
import { namedStatement, value } from "../../data/prepared.js";
import { recordedEvent } from "../../data/recorded-events.js";
import type { BlobStore } from "../../storage/blob-store.js";
import { type ApiFile, type ApiFileVersion, iso, type Versioned } from "../contract.js";
import { DomainError, isExpected, notFound, staleVersion } from "../errors.js";
import { type Keyset, type Page, type PageRequest, pageOf, positionOf } from "../pagination.js";
import { type CleanupLog, removeAfterCommit, sweptBlobs } from "./blob-sweep.js";
import { visibleFileRow } from "./files.js";
import { treeTransaction } from "./placement.js";
import { contentColumns, VERSION_WRITES, versionCtes } from "./version-writes.js";
import { type ContentLink, type FileRow, fileViewQuery, presentFile } from "./views.js";

/** A version as the list shows it. */
export interface VersionRow {
  id: string;
  size: number | string;
  hash: string;
  mimetype: string;
  created_at: Date | string;
  is_current: boolean;
  page_micros: string;
}

/** A version row as the contract's FileVersion. */
export const presentVersion = (v: Omit<VersionRow, "page_micros">): ApiFileVersion => ({
  id: v.id,
  size: Number(v.size),
  sha256: v.hash,
  content_type: v.mimetype,
  created_at: iso(new Date(v.created_at)),
  is_current: v.is_current,
});

const KEYSET: Keyset = { createdAt: sql`created_at`, id: sql`id`, descending: true };

const fileExists = namedStatement<{ found: boolean }, { id: string; user: number }>(
  "visible_file_exists",
  sql`select exists ${visibleFileRow} as found`,
);

/** The versions of one of the caller's visible files, newest first (the current one first of all), a page at a time. */
export async function listVersions(
  db: Db,
  userId: number,
  fileId: string,
  page: PageRequest,
): Promise<Page<VersionRow>> {
  const [file] = await fileExists(db, { id: fileId, user: userId });
  if (!file?.found) throw notFound("file");
  return pageOf({ userId, list: `versions:${fileId}` }, page, KEYSET, async (after, limit) => {
    // The page of earlier versions is cut (by the file's index, from the cursor) before
    // their blobs are read, each by its key: joined first, every page read the blobs of
    // all of them; joined after, the planner still hashed every blob of the service.
    const result = (await db.execute(sql`select *, ${positionOf(KEYSET).sql} as page_micros from (
        select f.content_version_id as id, b.size, b.hash, b.mimetype, f.content_at as created_at, true as is_current
        from files f join blobs b on b.hash = f.hash where f.id = ${fileId} and f.user_id = ${userId}
        union all
        select v.id, v.size, v.hash, (select b.mimetype from blobs b where b.hash = v.hash), v.created_at, false
        from (
          select * from file_versions where file_id = ${fileId} and user_id = ${userId} and ${after}
          order by created_at desc, id desc limit ${limit}
        ) v
      ) listed
      where ${after} order by created_at desc, id desc limit ${limit}`)) as unknown as { rows: VersionRow[] };
    return result.rows;
  });
}

const versionContentStatement = namedStatement<
  { name: string | null; hash: string; size: string; mimetype: string },
  { id: string; user: number; version: string }
>(
  "version_content",
  sql`select f.name, b.hash, b.size, b.mimetype from ${visibleFileRow} f
    join blobs b on b.hash = case when f.content_version_id = ${value("version")} then f.hash
      else (select v.hash from file_versions v where v.id = ${value("version")} and v.file_id = f.id) end`,
);

/** The content of a version of one of the caller's visible files: the file's name, the version's hash, size and type. */
export async function versionContent(db: Db, userId: number, fileId: string, versionId: string) {
  const [found] = await versionContentStatement(db, { id: fileId, user: userId, version: versionId });
  if (!found) throw notFound("version of this file");
  return { ...found, size: Number(found.size) };
}

interface RestoreOutcome {
  current_version: number | null;
  chosen: boolean;
  orphans: string[];
  file: FileRow | null;
}

/**
 * A version's content made current again, as a new version (the current content becomes
 * an earlier one); the same content as the current one changes nothing. One statement:
 * the file's checks, the version, the update, the versions kept and pruned, the blob rows
 * no longer named, the file as it is after, and the request's `Idempotency-Key`.
 */
const restoreStatement = namedStatement<RestoreOutcome, Record<string, unknown>>(
  "restore_file_version",
  sql`with
    checks as (select (select x.version from ${visibleFileRow} x) as current_version),
    chosen as (
      select v.hash, b.size from file_versions v join blobs b on b.hash = v.hash
      where v.id = ${value("version")} and v.file_id = ${value("id")} and v.user_id = ${value("user")}
      union all
      select f.hash, f.content_size from files f
      where f.id = ${value("id")} and f.user_id = ${value("user")} and f.content_version_id = ${value("version")}
    ),
    target as (
      update files f set hash = chosen.hash, content_size = chosen.size, ${contentColumns(sql`chosen.hash`, value("keep_versions"))},
        version = f.version + 1, updated_at = now()
      from checks c, chosen
      where f.id = ${value("id")} and c.current_version is not null and f.hash is distinct from chosen.hash
        and (${value("versions")}::integer[] is null or f.version = any(${value("versions")}::integer[]))
      returning f.*
    ),
    ${versionCtes(value("keep_versions"))},
    unreferenced as (${sweptBlobs({
      when: sql`exists (select 1 from target)`,
      changed: sql`target`,
      // The content replaced, when no version keeps it (FILE_VERSIONS_KEEP=1), and the versions pruned.
      candidates: sql`select f.hash from files f where f.id = ${value("id")} union all select hash from ${VERSION_WRITES.gone}`,
      keep: sql`c.hash in (select hash from chosen) or c.hash in (select hash from ${VERSION_WRITES.made})`,
      goneVersions: sql`select id from ${VERSION_WRITES.gone}`,
    })}),
    answer as (
      select c.current_version, exists (select 1 from chosen) as chosen, array(select hash from unreferenced) as orphans,
        (select row_to_json(v) from (${fileViewQuery({
          files: sql`(select * from target union all select * from ${visibleFileRow} x where not exists (select 1 from target))`,
        })}) v) as file
      from checks c
    ),
    ${recordedAnswerOf({
      user: value("user"),
      status: 200,
      answer: sql`(select file::jsonb from answer)`,
      // The restore answers 200: the version exists and the file's version is the one expected.
      done: sql`(select chosen and file is not null
        and (${value("versions")}::integer[] is null or current_version = any(${value("versions")}::integer[])) from answer)`,
    })},
    ${recordedEvent("file_version.restored", {
      user: value("user"),
      object: sql`a.file::jsonb`,
      previous: sql`(select to_jsonb(v) from (${fileViewQuery({ files: visibleFileRow })}) v)`,
      from: sql`answer a where exists (select 1 from target)`,
    })}
  select * from answer`,
);

export interface RestoreVersion {
  userId: number;
  fileId: string;
  versionId: string;
  expectedVersions?: number[];
  versionsKept: number;
}

/** Makes a version's content the file's current one again (see `restoreStatement`), under the caller's tree lock. */
export async function restoreVersion(
  db: Db,
  store: BlobStore,
  log: CleanupLog,
  restore: RestoreVersion,
  contentLink: ContentLink,
  claimed?: ClaimedKey,
): Promise<Versioned<ApiFile>> {
  const values = {
    id: restore.fileId,
    user: restore.userId,
    version: restore.versionId,
    versions: restore.expectedVersions ?? null,
    keep_versions: restore.versionsKept,
    ...claimedKeyValues(claimed),
  };
  const [outcome] = (await treeTransaction(db, restore.userId, (session) => restoreStatement(session, values))) as [
    RestoreOutcome,
  ];
  if (outcome.current_version === null) throw notFound("file");
  if (!outcome.chosen) throw notFound("version of this file");
  if (!outcome.file || !isExpected(restore.expectedVersions, outcome.current_version)) throw staleVersion();
  await removeAfterCommit(db, store, outcome.orphans, log);
  const { file, version } = presentFile(outcome.file, contentLink);
  return { resource: file, version };
}

interface DeleteOutcome {
  file_found: boolean;
  is_current: boolean;
  deleted: boolean;
  orphans: string[];
}

const NO_FILES = sql`(select null::text as id where false) no_files`;

/** An earlier version's deletion, with its blob row when nothing else names it; the file counts one version less. */
const deleteVersionStatement = namedStatement<DeleteOutcome, { id: string; user: number; version: string }>(
  "delete_file_version",
  sql`with
    file as ${visibleFileRow},
    gone as (
      delete from file_versions v using file
      where v.id = ${value("version")} and v.file_id = file.id
      returning v.id, v.hash, v.created_at
    ),
    counted as (
      update files f set version_count = f.version_count - 1 from gone where f.id = ${value("id")}
    ),
    unreferenced as (${sweptBlobs({
      when: sql`exists (select 1 from gone)`,
      changed: NO_FILES,
      candidates: sql`select hash from gone`,
      goneVersions: sql`select id from gone`,
    })}),
    ${recordedEvent("file_version.deleted", {
      user: value("user"),
      // Its blob row is still in the statement's snapshot.
      object: sql`to_jsonb(v)`,
      from: sql`(select g.id, b.size, b.hash, b.mimetype, g.created_at, false as is_current
        from gone g join blobs b on b.hash = g.hash) v`,
    })}
  select exists (select 1 from file) as file_found,
    coalesce((select content_version_id = ${value("version")} from file), false) as is_current,
    exists (select 1 from gone) as deleted, array(select hash from unreferenced) as orphans`,
);

/** Deletes an earlier version of one of the caller's visible files (the current one: 409), under the caller's tree lock. */
export async function deleteVersion(
  db: Db,
  store: BlobStore,
  log: CleanupLog,
  { userId, fileId, versionId }: { userId: number; fileId: string; versionId: string },
): Promise<void> {
  const values = { id: fileId, user: userId, version: versionId };
  const [outcome] = (await treeTransaction(db, userId, (session) => deleteVersionStatement(session, values))) as [
    DeleteOutcome,
  ];
  if (!outcome.file_found) throw notFound("file");
  if (outcome.is_current) {
    throw new DomainError("conflict", "This is the file's current content; restore another version first.", [
      { field: "version_id", in: "path", message: "is the current version", code: "current_version" },
    ]);
  }
  if (!outcome.deleted) throw notFound("version of this file");
  await removeAfterCommit(db, store, outcome.orphans, log);
}
