// The versions a content change keeps: the CTEs a statement that replaces the content of
// the files in `target` (their rows as written) adds after it. The content a file had
// (its row in the statement's snapshot) becomes a version with the id and time it had as
// the current one; versions beyond `keep` (the current one counted) go, oldest first.
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
      select o.id from file_versions o join target t on o.file_id = t.id
      order by o.created_at desc, o.id desc
      offset greatest(${keep}::integer - 1 - (select count(*) from saved_version), 0)
    )
    returning v.id, v.hash
  )`;

/** What `versionCtes` makes and removes, for the blob sweep of the same statement. */
export const VERSION_WRITES: VersionWrites = { made: sql`saved_version`, gone: sql`pruned` };

/** A file's new content gets a new version id and time; the same content keeps its own. */
export const contentColumns = (hash: SQL) => sql`
  content_version_id = case when f.hash is distinct from ${hash} then gen_random_uuid()::text else f.content_version_id end,
  content_at = case when f.hash is distinct from ${hash} then now() else f.content_at end`;
