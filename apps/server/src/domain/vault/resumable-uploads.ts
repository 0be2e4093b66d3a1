// Resumable uploads (tus 1.0): the rows that keep each upload's length,
// offset, parts and form where every server sees them, and the lease a PATCH holds.
// The protocol itself is in http/tus/; the file is made by files.ts, as a one-request
// upload makes it.
import { randomUUID } from "node:crypto";
import { type SQL, sql } from "drizzle-orm";
import type { Db } from "../../data/database.js";
import { namedStatement, statement, value } from "../../data/prepared.js";
import { DomainError } from "../errors.js";
import { treeTransaction, visibleFile, visibleFolder } from "./placement.js";
import { quotaExceeded } from "./usage.js";

/** At most this many unfinished uploads per user. */
const MAX_UNFINISHED_UPLOADS = 100;
/** An upload is deleted with its bytes this long after its creation, complete or not. */
const UPLOAD_LIFETIME_HOURS = 24;

/** What `Upload-Metadata` carries: the fields of `POST files/`, or `file` to replace one file's content as `PUT files/{id}/`. */
export interface UploadForm {
  filename: string;
  folder?: string;
  name?: string;
  description?: string;
  tags?: string[];
  file?: string;
}

export interface UploadRow {
  id: string;
  user_id: number;
  length: number;
  received: number;
  parts: number[];
  metadata: string | null;
  form: UploadForm;
  file_id: string | null;
  expires_at: Date;
}

interface RawRow extends Omit<UploadRow, "length" | "received" | "parts"> {
  length: string;
  received: string;
  parts: string[];
}

const rowOf = (raw: RawRow): UploadRow => ({
  ...raw,
  length: Number(raw.length),
  received: Number(raw.received),
  parts: raw.parts.map(Number),
});

const COLUMNS = "id, user_id, length, received, parts, metadata, form, file_id, expires_at";
/** An upload of the caller's that has not expired. */
const MINE = "id = $1 and user_id = $2 and expires_at > now()";
/**
 * The end of a lease taken now, its length in milliseconds the statement's value at
 * `param`: how long a PATCH holds its upload without renewing (`TUS_LEASE_MS`).
 */
const leaseEnd = (param: string) => `now() + ${param}::integer * interval '1 millisecond'`;
const FREE = "(locked_until is null or locked_until <= now())";

const limits: Record<Exclude<keyof UploadForm, "tags">, number> = {
  filename: 255,
  folder: 64,
  name: 255,
  description: 500,
  file: 64,
};

const metadataIssue = (key: string, message: string, code: string) =>
  new DomainError("bad_request", `Upload-Metadata: ${key} ${message}.`, [
    { field: `upload-metadata/${key}`, in: "headers", message, code },
  ]);

/**
 * Parses `Upload-Metadata` (`key base64,key2 base64`) into the form, bounded as the
 * multipart form's parts are: `filename` is required, `folder` too unless `file` names
 * the file to replace, `tags` is a JSON array of up to 100 names of 1 to 100 characters.
 */
export function parseUploadMetadata(header: string | undefined): UploadForm {
  const values = new Map<string, string>();
  for (const pair of (header ?? "").split(",")) {
    if (pair.trim() === "") continue;
    const [key = "", encoded, extra] = pair.trim().split(" ");
    // Own keys only: `constructor` or `toString` is `in` every object, and no field of an upload.
    if (!Object.hasOwn(limits, key) && key !== "tags")
      throw metadataIssue(key, "is not a field of an upload", "unknown_key");
    if (values.has(key)) throw metadataIssue(key, "is given twice", "duplicate_key");
    if (extra !== undefined || !/^[A-Za-z0-9+/]*={0,2}$/.test(encoded ?? "")) {
      throw metadataIssue(key, "is not base64", "base64");
    }
    const bytes = Buffer.from(encoded ?? "", "base64");
    const value = bytes.toString("utf8");
    // Decoding replaces bytes that are not UTF-8 with U+FFFD: then the text no longer encodes to them.
    if (!Buffer.from(value, "utf8").equals(bytes) || value.includes("\u0000")) {
      throw metadataIssue(key, "is not UTF-8 text without NUL", "utf8");
    }
    values.set(key, value);
  }
  const form: Record<string, unknown> = {};
  for (const [key, value] of values) {
    if (key === "tags") {
      form.tags = parseTags(value);
      continue;
    }
    const max = limits[key as keyof typeof limits];
    if (value.length > max) throw metadataIssue(key, `must NOT have more than ${max} characters`, "maxLength");
    if (value === "" && key !== "name" && key !== "description") throw metadataIssue(key, "is empty", "minLength");
    form[key] = value;
  }
  if (form.filename === undefined) throw metadataIssue("filename", "is required", "required");
  if (form.folder === undefined && form.file === undefined) throw metadataIssue("folder", "is required", "required");
  return form as unknown as UploadForm;
}

/** A lone UTF-16 surrogate (which a JSON string may escape): no Unicode text. */
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

function parseTags(value: string): string[] {
  let tags: unknown;
  try {
    tags = JSON.parse(value);
  } catch {
    throw metadataIssue("tags", "is not a JSON array of tag names", "type");
  }
  const isName = (tag: unknown) =>
    typeof tag === "string" &&
    tag.length >= 1 &&
    tag.length <= 100 &&
    !tag.includes("\u0000") &&
    !LONE_SURROGATE.test(tag);
  if (!Array.isArray(tags) || !tags.every(isName)) {
    throw metadataIssue("tags", "is not a JSON array of tag names (1 to 100 characters)", "type");
  }
  if (tags.length > 100) throw metadataIssue("tags", "must NOT have more than 100 items", "maxItems");
  return tags as string[];
}

const user = value("user");

/**
 * The bytes a replacement of `file` surely frees when it commits: with one version kept,
 * the content it replaces; with a full history (`keep - 1` earlier versions), the oldest
 * version, whose row the saved one takes. Nothing for a new file's upload.
 */
const freedBy = (file: SQL, keep: SQL) => sql`coalesce((
  select case when ${keep}::integer <= 1 then coalesce(f.content_size, 0)
    when f.version_count >= ${keep}::integer - 1 then coalesce((
      select v.size from file_versions v where v.file_id = f.id order by v.created_at, v.id limit 1), 0)
    else 0 end
  from files f where f.id = ${file}::text and f.user_id = ${user}), 0)`;

/**
 * Whether an upload of `length` bytes fits under `quota` (none when null) beside what the
 * user stores and `held`, what their other unfinished uploads announced; a replacement's
 * `freedBy` credited.
 */
const fitsQuota = (held: SQL, length: SQL, quota: SQL, file: SQL, keep: SQL) =>
  sql`(${quota}::bigint is null or coalesce((select u.file_bytes + u.version_bytes from user_usage u where u.user_id = ${user}), 0)
    + ${held} + ${length}::bigint <= ${quota}::bigint + ${freedBy(file, keep)})`;

type QuotaValues = "user" | "length" | "quota" | "file" | "keep";

const countAndInsert = namedStatement<
  RawRow & { unfinished: string; folder_ok: boolean; file_ok: boolean; fits: boolean },
  Record<QuotaValues | "id" | "metadata" | "form" | "folder" | "claim" | "leaseMs", unknown>
>(
  "create_tus_upload",
  sql`with unfinished as (
     select count(*) as n, coalesce(sum(length), 0) as held from tus_uploads
     where user_id = ${user} and file_id is null and expires_at > now()
   ), room as (
     select ${fitsQuota(sql`unfinished.held`, value("length"), value("quota"), value("file"), value("keep"))} as fits from unfinished
   ), target as (
     select ${value("folder")}::text is null or ${visibleFolder(user, sql`${value("folder")}::text`)} as folder_ok,
       ${value("file")}::text is null or ${visibleFile(user, sql`${value("file")}::text`)} as file_ok
   ), inserted as (
     insert into tus_uploads (id, user_id, length, metadata, form, lock_claim, locked_until, expires_at)
     select ${value("id")}, ${user}, ${value("length")}::bigint, ${value("metadata")}::text, ${value("form")}::jsonb,
       ${value("claim")}::text, case when ${value("claim")}::text is null then null else now() + ${value("leaseMs")}::integer * interval '1 millisecond' end, now() + interval '${sql.raw(String(UPLOAD_LIFETIME_HOURS))} hours'
     from unfinished, target, room
     where unfinished.n < ${sql.raw(String(MAX_UNFINISHED_UPLOADS))} and folder_ok and file_ok and fits
     returning ${sql.raw(COLUMNS)}
   )
   select i.*, u.n as unfinished, t.folder_ok, t.file_ok, r.fits
   from unfinished u cross join target t cross join room r left join inserted i on true`,
);

/** The error a creation is refused with when the caller already has `MAX_UNFINISHED_UPLOADS`. */
export class TooManyUploads extends Error {}

/**
 * A new upload of the caller's, held by the returned lease (`claim`, for `leaseMs`) when
 * `leased`, so that its creation's own body goes in first. Refused with 422 when `folder` or `file` is not
 * one of the caller's, with `TooManyUploads` past the limit, with 507 when its length does
 * not fit under `quota` beside what the caller stores and their other unfinished uploads
 * hold (a replacement, `file`, credited what it frees with `keep` versions kept).
 * Serialised per user with the tree's writes, so concurrent creations cannot pass the
 * limits together.
 */
export async function createUploadRow(
  db: Db,
  userId: number,
  upload: { length: number; metadata: string | undefined; form: UploadForm; leased: boolean },
  quota: { bytes: number | undefined; keep: number },
  leaseMs: number,
): Promise<{ row: UploadRow; claim: string }> {
  const claim = randomUUID();
  const { form } = upload;
  const [found] = await treeTransaction(db, userId, (session) =>
    countAndInsert(session, {
      id: randomUUID(),
      user: userId,
      length: upload.length,
      metadata: upload.metadata ?? null,
      form: JSON.stringify(form),
      folder: form.folder ?? null,
      file: form.file ?? null,
      claim: upload.leased ? claim : null,
      quota: quota.bytes ?? null,
      keep: quota.keep,
      leaseMs,
    }),
  );
  if (!found) throw new Error("the upload's creation answered no row");
  const outcome = found;
  if (form.folder !== undefined && !outcome.folder_ok) {
    throw unprocessableMetadata("folder", "is not one of your folders");
  }
  if (form.file !== undefined && !outcome.file_ok) throw unprocessableMetadata("file", "is not one of your files");
  if (quota.bytes !== undefined && !outcome.fits) throw lengthExceeds(quota.bytes);
  if (outcome.id === null) throw new TooManyUploads();
  return { row: rowOf(outcome), claim };
}

const lengthExceeds = (quota: number) => quotaExceeded(quota, { field: "upload-length", in: "headers" });

const stillFits = namedStatement<{ fits: boolean }, Record<QuotaValues | "id", unknown>>(
  "tus_upload_fits",
  sql`select ${fitsQuota(
    sql`(select coalesce(sum(t.length), 0) from tus_uploads t
      where t.user_id = ${user} and t.file_id is null and t.expires_at > now() and t.id <> ${value("id")}::text)`,
    value("length"),
    value("quota"),
    value("file"),
    value("keep"),
  )} as fits`,
);

/**
 * Refuses (507) to store more of an unfinished upload that no longer fits under `quota`
 * beside what the caller stores and their other unfinished uploads hold: what the room
 * held at its creation may since have gone to a restore, a duplicate or a lowered quota.
 * A read without the tree lock, so best-effort: a restore committing meanwhile does not
 * stop this PATCH; the creation's reservation is the firm bound.
 */
export async function checkUploadStillFits(
  db: Db,
  row: Pick<UploadRow, "id" | "user_id" | "length" | "form">,
  quota: { bytes: number | undefined; keep: number },
): Promise<void> {
  if (quota.bytes === undefined) return;
  const [outcome] = await stillFits(db, {
    id: row.id,
    user: row.user_id,
    length: row.length,
    quota: quota.bytes,
    file: row.form.file ?? null,
    keep: quota.keep,
  });
  if (!outcome?.fits) throw lengthExceeds(quota.bytes);
}

const unprocessableMetadata = (key: string, message: string) =>
  new DomainError("unprocessable", `Upload-Metadata: ${key} ${message}.`, [
    { field: `upload-metadata/${key}`, in: "headers", message, code: "invalid_reference" },
  ]);

const selectUpload = statement<RawRow>("tus_upload", `select ${COLUMNS} from tus_uploads where ${MINE}`);

/** One of the caller's uploads, unless it expired. */
export async function findUpload(db: Db, userId: number, id: string): Promise<UploadRow | undefined> {
  const [raw] = await selectUpload(db, [id, userId]);
  return raw && rowOf(raw);
}

const claimUpload = statement<RawRow>(
  "claim_tus_upload",
  `update tus_uploads set lock_claim = $3, locked_until = ${leaseEnd("$4")} where ${MINE} and ${FREE} returning ${COLUMNS}`,
);

/**
 * Takes the upload's lease for `leaseMs`: the row, or `locked` when another request holds
 * it, or undefined when it is none of the caller's.
 */
export async function claimUploadRow(
  db: Db,
  userId: number,
  id: string,
  leaseMs: number,
): Promise<{ row: UploadRow; claim: string } | "locked" | undefined> {
  const claim = randomUUID();
  const [raw] = await claimUpload(db, [id, userId, claim, leaseMs]);
  if (raw) return { row: rowOf(raw), claim };
  return (await findUpload(db, userId, id)) ? "locked" : undefined;
}

const renewLease = statement<{ id: string }>(
  "renew_tus_upload",
  `update tus_uploads set locked_until = ${leaseEnd("$3")} where id = $1 and lock_claim = $2 returning id`,
);

/** Extends the lease by `leaseMs` from now; false when it was lost (it lapsed and another request took it). */
export async function renewUploadLease(db: Db, id: string, claim: string, leaseMs: number): Promise<boolean> {
  return (await renewLease(db, [id, claim, leaseMs])).length > 0;
}

const releaseLease = statement<{ id: string }>(
  "release_tus_upload",
  "update tus_uploads set lock_claim = null, locked_until = null where id = $1 and lock_claim = $2 returning id",
);

export async function releaseUploadLease(db: Db, id: string, claim: string): Promise<void> {
  await releaseLease(db, [id, claim]);
}

const recordParts = statement<{ received: string }>(
  "record_tus_parts",
  `update tus_uploads set received = $4, parts = parts || $3::bigint[], file_id = $5,
     lock_claim = case when $7 then null else lock_claim end, locked_until = case when $7 then null else locked_until end
   where id = $1 and lock_claim = $2 and received = $6 returning received`,
);

/** The lease was lost while writing: another request writes the upload now. */
export class UploadLeaseLost extends Error {}

/**
 * Records parts stored at `starts` as received up to `end` (and, with `fileId`, the
 * upload as complete), if the caller still holds the lease and the offset is still
 * `row.received`; with `release`, gives the lease back in the same statement.
 */
export async function recordUploadParts(
  db: Db,
  row: Pick<UploadRow, "id" | "received">,
  claim: string,
  starts: number[],
  end: number,
  fileId: string | null,
  release: boolean,
): Promise<void> {
  const updated = await recordParts(db, [row.id, claim, starts, end, fileId, row.received, release]);
  if (updated.length === 0) throw new UploadLeaseLost();
}

const deleteHeld = statement<{ id: string }>(
  "delete_tus_upload",
  "delete from tus_uploads where id = $1 and lock_claim = $2 returning id",
);

/** Deletes an upload whose lease the caller holds (its bytes go after, see `deleteUploadParts`). */
export async function deleteUploadRow(db: Db, id: string, claim: string): Promise<void> {
  await deleteHeld(db, [id, claim]);
}

const expiredUploads = statement<{ id: string }>(
  "expired_tus_uploads",
  `select id from tus_uploads where expires_at <= now() and ${FREE} order by expires_at limit 1000`,
);
const deleteExpired = statement<{ id: string }>(
  "delete_expired_tus_upload",
  `delete from tus_uploads where id = $1 and expires_at <= now() and ${FREE} returning id`,
);

/**
 * Deletes the expired uploads, complete or not, and their bytes: bytes first, so a
 * store that cannot be reached leaves the row for the next sweep to try again.
 */
export async function sweepExpiredUploads(db: Db, deleteParts: (id: string) => Promise<void>): Promise<number> {
  let swept = 0;
  for (const { id } of await expiredUploads(db, [])) {
    await deleteParts(id);
    swept += (await deleteExpired(db, [id])).length;
  }
  return swept;
}
