// The versions a content change keeps: the CTEs a statement that replaces the content of
// the files in `target` (their rows as written) adds after it. The content a file had
// (its row in the statement's snapshot) becomes a version with the id and time it had as
// the current one; versions beyond `keep` (the current one counted) go, oldest first.
//
// Which go: the file's oldest versions, as many as it counted (`files.version_count`)
// and the one saved, less the count written (`target.version_count`, see
// `contentColumns`). So the statement reads only the versions that go, from the old end
// of the index `(file_id, created_at desc, id desc)`, and never visits the kept ones. The
// count holds because every statement that saves, prunes or deletes a file's versions
// writes it under the owner's tree lock; a count too high would prune too many.
//
// A file with a full history saves one version and loses its oldest: that row is written
// over with the saved one (`recycled`), which checks fewer foreign keys and fires fewer
// triggers than an insert and a delete. The versions beyond it (FILE_VERSIONS_KEEP
// lowered) are deleted. See docs/decisions/file-versions.md.
import { type SQL, sql } from "drizzle-orm";
import type { VersionWrites } from "./blob-sweep.js";

/** `made_versions` (the hashes the versions saved keep) and `gone_versions` (the ids and hashes of those that went). */
export const versionCtes = (keep: SQL) => sql`
  replaced as (
    select r.*, r.counted + r.saved::integer - r.written as going from (
      select o.id as file_id, o.user_id, o.content_version_id as id, o.hash, o.content_size as size, o.content_at as created_at,
        o.version_count as counted, t.version_count as written,
        o.hash is not null and o.hash is distinct from t.hash and ${keep}::integer > 1 as saved
      from files o join target t on t.id = o.id
    ) r
  ),
  recycled as (
    update file_versions v set id = r.id, hash = r.hash, size = r.size, created_at = r.created_at
    from replaced r cross join lateral (
      select o.id, o.hash from file_versions o where o.file_id = r.file_id order by o.created_at, o.id limit 1
    ) oldest
    where r.saved and r.going > 0 and v.id = oldest.id
    returning v.file_id, v.hash, oldest.id as gone_id, oldest.hash as gone_hash
  ),
  saved_version as (
    insert into file_versions (id, file_id, user_id, hash, size, created_at)
    select r.id, r.file_id, r.user_id, r.hash, r.size, r.created_at from replaced r
    where r.saved and not exists (select 1 from recycled c where c.file_id = r.file_id)
    returning hash
  ),
  pruned as (
    delete from file_versions v where v.id in (
      select o.id from replaced r cross join lateral (
        select (select count(*) from recycled c where c.file_id = r.file_id) as skipped
      ) s cross join lateral (
        select o.id from file_versions o where o.file_id = r.file_id
        order by o.created_at, o.id
        offset s.skipped limit r.going - s.skipped
      ) o
    )
    returning v.id, v.hash
  ),
  made_versions as (select hash from saved_version union all select hash from recycled),
  gone_versions as (select id, hash from pruned union all select gone_id, gone_hash from recycled)`;

/** What `versionCtes` makes and removes, for the blob sweep of the same statement. */
export const VERSION_WRITES: VersionWrites = { made: sql`made_versions`, gone: sql`gone_versions` };

/**
 * A file's new content gets a new version id and time; the same content keeps its own.
 * Its count of earlier versions takes the one saved, up to the `keep - 1` kept.
 */
export const contentColumns = (hash: SQL, keep: SQL) => sql`
  version_count = least(f.version_count + (f.hash is not null and f.hash is distinct from ${hash} and ${keep}::integer > 1)::integer,
    ${keep}::integer - 1),
  content_version_id = case when f.hash is distinct from ${hash} then gen_random_uuid()::text else f.content_version_id end,
  content_at = case when f.hash is distinct from ${hash} then now() else f.content_at end`;
