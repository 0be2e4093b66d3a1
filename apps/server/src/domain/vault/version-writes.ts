// The versions a content change keeps: the CTEs a statement that replaces the content of
// the files in `target` (their rows as written) adds after it. The content a file had
// (its row in the statement's snapshot) becomes a version with the id and time it had as
// the current one; versions beyond `keep` (the current one counted) go, oldest first.
//
// The prune reads the file's versions newest first in the order of the index `(file_id,
// created_at desc, id desc)`, skips the ones kept and deletes the rest by id. `limit
// (select null::bigint)` is no limit (a null limit), but one the planner cannot see
// through: it plans for a part of the rows, so it walks the index in order (no sort)
// instead of a bitmap scan. A bitmap scan returns the dead index entries too, and visits
// their heap pages, every time: each prune leaves one where no vacuum runs (PGlite; on
// PostgreSQL until autovacuum comes), so a file's 2,000th replacement read 2,000 entries
// and 50 heap pages (4.5 ms of the statement on PGlite). An index scan marks the dead
// entries it meets, so later scans skip them without the heap, and they leave the page
// when an insert next needs its room: the file's entries stay on a few pages.
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
      select o.id from target t cross join lateral (
        select o.id from file_versions o where o.file_id = t.id
        order by o.created_at desc, o.id desc
        offset greatest(${keep}::integer - 1 - (select count(*) from saved_version), 0)
        limit (select null::bigint)
      ) o
    )
    returning v.id, v.hash
  )`;

/** What `versionCtes` makes and removes, for the blob sweep of the same statement. */
export const VERSION_WRITES: VersionWrites = { made: sql`saved_version`, gone: sql`pruned` };

/** A file's new content gets a new version id and time; the same content keeps its own. */
export const contentColumns = (hash: SQL) => sql`
  content_version_id = case when f.hash is distinct from ${hash} then gen_random_uuid()::text else f.content_version_id end,
  content_at = case when f.hash is distinct from ${hash} then now() else f.content_at end`;
