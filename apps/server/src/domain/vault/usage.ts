// A user's bytes: what the triggers of migration 0015 keep on the user's
// `user_usage` row, the bin's share of them, and the room left under a quota. The quota
// itself is held by the database when a write commits (`user_usage_within_quota`); what
// is here refuses an upload before its bytes are stored.
import type { Db } from "../../data/database.js";
import { statement } from "../../data/prepared.js";
import { DomainError, type FieldIssue } from "../errors.js";

export interface Usage {
  /** The current content of every file of the user's, in the bin or not. */
  fileBytes: number;
  /** The content of the files' earlier versions. */
  versionBytes: number;
  /** The part of `fileBytes` in the bin: each bin entry's file, or its folder's figures. */
  binBytes: number;
  /** What the user's unfinished resumable uploads announced (`Upload-Length`): held for them. */
  reservedBytes: number;
}

type Bytes = string | number;

// The bin's bytes are read from its entries (one index range of the user's); a binned
// folder's figures hold what its subtree held, less what was binned inside it before,
// which is an entry of its own.
const usageOf = statement<Record<"file_bytes" | "version_bytes" | "bin_bytes" | "reserved_bytes", Bytes>>(
  "user_usage",
  `select u.file_bytes, u.version_bytes,
     (select coalesce(sum(coalesce(f.content_size, d.file_size)), 0) from bins b
       left join files f on f.id = b.file_id left join folders d on d.id = b.folder_id where b.user_id = $1) as bin_bytes,
     (select coalesce(sum(t.length), 0) from tus_uploads t
       where t.user_id = $1 and t.file_id is null and t.expires_at > now()) as reserved_bytes
   from user_usage u where u.user_id = $1`,
);

export async function readUsage(db: Db, userId: number): Promise<Usage> {
  const [row] = await usageOf(db, [userId]);
  if (!row) throw new Error(`user ${userId} has no usage row`);
  return {
    fileBytes: Number(row.file_bytes),
    versionBytes: Number(row.version_bytes),
    binBytes: Number(row.bin_bytes),
    reservedBytes: Number(row.reserved_bytes),
  };
}

/**
 * The bytes a user may still add under `quota`: less what is stored and what unfinished
 * uploads hold, a replacement's whole length (not less what it frees, as at its creation).
 */
export async function roomLeft(db: Db, userId: number, quota: number): Promise<number> {
  const usage = await readUsage(db, userId);
  return quota - usage.fileBytes - usage.versionBytes - usage.reservedBytes;
}

/** The refusal of bytes that do not fit: `at` is what announced or carried them (the file part, `Upload-Length`). */
export const quotaExceeded = (quota: number, at: Pick<FieldIssue, "field" | "in">) =>
  new DomainError("quota_exceeded", `This would store more than your quota of ${quota} bytes; nothing was stored.`, [
    { ...at, message: `does not fit in the quota of ${quota} bytes`, code: "quota_exceeded" },
  ]);
