// The versions a content change keeps: the CTEs a statement that replaces the content of
// the files in `target` (their rows as written) adds after it. The content a file had
// (its row in the statement's snapshot) becomes a version with the id and time it had as
// the current one; versions beyond `keep` (the current one counted) go, oldest first.
//
// The prune deletes the file's oldest versions: as many as it counted (`files.version_count`,
// its row in the statement's snapshot) and the one saved, less the count written
// (`target.version_count`, see `contentColumns`). So it reads only the versions it deletes,
// from the old end of the index `(file_id, created_at desc, id desc)`, where the entries
// earlier prunes left are marked dead by the index scan that meets them and skipped
// without their heap rows. A walk from the new end past the FILE_VERSIONS_KEEP - 1 kept
// visited each of their heap rows, every time (issue 27 §4). The count holds because
// every statement that saves, prunes or deletes a file's versions writes it, under the
// owner's tree lock, so no other one is between its snapshot and its write; a count too
// high would prune too many.
import { type SQL, sql } from "drizzle-orm";
import type { VersionWrites } from "./blob-sweep.js";

/** `saved_version` (the hash it keeps) and `pruned` (the ids and hashes of the versions that went). */
export const versionCtes = (keep: SQL) => sql`
  saved_version as (
    insert into file_versions (id, file_id, user_id, hash, size, created_at)
    select o.content_version_id, o.id, o.user_id, o.hash, o.content_size, o.content_at
    from files o join target t on t.id = o.id
    where o.hash is not null and o.hash is distinct from t.hash and ${keep}::integer > 1
    returning hash
  ),
  pruned as (
    delete from file_versions v where v.id in (
      select o.id from target t join files f on f.id = t.id cross join lateral (
        select o.id from file_versions o where o.file_id = t.id
        order by o.created_at, o.id
        limit f.version_count + (select count(*) from saved_version) - t.version_count
      ) o
    )
    returning v.id, v.hash
  )`;

/** What `versionCtes` makes and removes, for the blob sweep of the same statement. */
export const VERSION_WRITES: VersionWrites = { made: sql`saved_version`, gone: sql`pruned` };

/**
 * A file's new content gets a new version id and time; the same content keeps its own.
 * Its count of earlier versions takes the one saved, up to the `keep - 1` kept.
 */
export const contentColumns = (hash: SQL, keep: SQL) => sql`
  version_count = least(f.version_count + (f.hash is not null and f.hash is distinct from ${hash} and ${keep}::integer > 1)::integer,
    ${keep}::integer - 1),
  content_version_id = case when f.hash is distinct from ${hash} then gen_random_uuid()::text else f.content_version_id end,
  content_at = case when f.hash is distinct from ${hash} then now() else f.content_at end`;
