// What a folder's archive holds: every folder of its subtree outside the bin and every
// live file in them, each at its path below the folder (docs/decisions/folder-archives.md).
import { sql } from "drizzle-orm";
import type { Db } from "../../data/database.js";
import { namedStatement, value } from "../../data/prepared.js";
import { DomainError, notFound } from "../errors.js";
import { children, outsideBin } from "./placement.js";

/** One entry of an archive: a folder (its path ends with `/`) or a file with its content. */
export interface ArchiveEntry {
  path: string;
  /** The content's SHA-256; null for a folder. */
  hash: string | null;
  size: number;
  modified: Date;
}

export interface ArchiveLimits {
  maxEntries: number;
  maxBytes: number;
}

interface TreeRow {
  /** 0 for the folder, 1 for its children…; null for a file. */
  level: number | null;
  id: string;
  parent_id: string | null;
  name: string | null;
  hash: string | null;
  size: string | number | null;
  modified: Date | string;
}

/** The folder and its visible subtree, at most `limit` rows. */
const archiveRowsStatement = namedStatement<TreeRow, { id: string; user: number; limit: number }>(
  "folder_archive_rows",
  sql`with recursive tree as (
      select f.id, f.parent_id, f.name, f.updated_at, 0 as level from folders f
      where f.id = ${value("id")} and f.user_id = ${value("user")} and not f.is_deleted and ${outsideBin(value("id"))}
      union all
      select c.id, c.parent_id, c.name, c.updated_at, tree.level + 1
      from tree cross join lateral (${children(sql`folders c where c.parent_id = tree.id`)}) c
    )
    select level, id, parent_id, name, null as hash, null::bigint as size, updated_at as modified from tree
    union all
    select null, f.id, f.folder_id, f.name, f.hash, f.content_size, f.content_at
    from tree join files f on f.folder_id = tree.id and not f.is_deleted and f.hash is not null
    limit ${value("limit")}`,
);

/** A name as one path segment: no separators, no `.` or `..`, never empty. */
const segment = (name: string | null) => {
  const clean = (name ?? "").replace(/[/\\\0]/g, "_");
  return clean === "" || clean === "." || clean === ".." ? "_" : clean;
};

/** `name`, or `name (2).ext`, `name (3).ext`… when a sibling took it (names compare case-insensitively, as on most disks). */
function unique(name: string, taken: Set<string>): string {
  const dot = name.lastIndexOf(".");
  const [stem, ext] = dot > 0 ? [name.slice(0, dot), name.slice(dot)] : [name, ""];
  let candidate = name;
  for (let n = 2; taken.has(candidate.toLowerCase()); n++) candidate = `${stem} (${n})${ext}`;
  taken.add(candidate.toLowerCase());
  return candidate;
}

/**
 * The archive of one of the caller's folders: its name and its entries, under a top
 * folder of its own name. 404 when the folder is not the caller's or is in the bin; 413
 * when it holds more entries or bytes than `limits` allow, before anything is read.
 */
export async function folderArchive(db: Db, userId: number, folderId: string, limits: ArchiveLimits) {
  const rows = await archiveRowsStatement(db, { id: folderId, user: userId, limit: limits.maxEntries + 1 });
  if (rows.length === 0) throw notFound("folder");
  if (rows.length > limits.maxEntries) {
    throw new DomainError(
      "payload_too_large",
      `The folder holds more than ${limits.maxEntries} files and folders, the most one archive holds (ARCHIVE_MAX_ENTRIES).`,
    );
  }
  const bytes = rows.reduce((sum, row) => sum + Number(row.size ?? 0), 0);
  if (bytes > limits.maxBytes) {
    throw new DomainError(
      "payload_too_large",
      `The folder holds ${bytes} bytes, more than the ${limits.maxBytes} one archive holds (ARCHIVE_MAX_BYTES).`,
    );
  }
  const byPlace = (a: TreeRow, b: TreeRow) =>
    (a.level ?? Number.MAX_SAFE_INTEGER) - (b.level ?? Number.MAX_SAFE_INTEGER) ||
    String(a.name).localeCompare(String(b.name)) ||
    a.id.localeCompare(b.id);
  const [top, ...below] = [...rows].sort(byPlace);
  const name = segment(top?.name ?? null);
  const folderPaths = new Map<string, string>([[folderId, `${name}/`]]);
  const taken = new Map<string, Set<string>>();
  const entries: ArchiveEntry[] = [{ path: `${name}/`, hash: null, size: 0, modified: new Date(top?.modified ?? 0) }];
  // Folders come level by level, so a parent's path is known before its children's.
  for (const row of below) {
    const parent = row.parent_id ?? "";
    const siblings = taken.get(parent) ?? new Set<string>();
    taken.set(parent, siblings);
    const path = `${folderPaths.get(parent)}${unique(segment(row.name), siblings)}${row.hash === null ? "/" : ""}`;
    if (row.hash === null) folderPaths.set(row.id, path);
    entries.push({ path, hash: row.hash, size: Number(row.size ?? 0), modified: new Date(row.modified) });
  }
  // In path order, each folder before what it holds, as a listing reads.
  return { name, entries: entries.sort((a, b) => (a.path < b.path ? -1 : 1)) };
}
