-- A folder's figures (files_count, folders_count, file_size: what its visible subtree holds) kept on its row by the writes that change them, in the same statement, instead of walked by every read (issue 25; docs/decisions.md, "Folder figures kept by triggers").
--
-- The rule: a folder's figures are what its direct files outside the bin hold, plus, for each child folder outside the bin, that child (one folder) and its figures. So a change at a folder adds to it and to each ancestor going up, as long as the folder it comes from is outside the bin (a binned folder keeps its own figures, as its bin entry shows them, and its parent no longer counts it).
ALTER TABLE "folders" ADD COLUMN "files_count" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "folders" ADD COLUMN "folders_count" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "folders" ADD COLUMN "file_size" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
-- The size of the file's blob (null without content): what the file takes away from its folders when it goes or its content changes, even when the statement that does it also deletes the blob row no file names any more.
ALTER TABLE "files" ADD COLUMN "content_size" bigint;--> statement-breakpoint
UPDATE "files" f SET "content_size" = b.size FROM "blobs" b WHERE b.hash = f.hash;--> statement-breakpoint
-- Every folder's figures counted from scratch (the walk every read did before): the backfill's, the repair command's and the tests' reference.
CREATE FUNCTION folder_figures_recount() RETURNS TABLE (id text, files_count bigint, folders_count bigint, file_size bigint)
LANGUAGE sql STABLE AS $$
  with recursive
    reach as (
      select f.id as top, f.id, 1 as level from folders f
      union all
      select r.top, c.id, r.level + 1 from reach r join folders c on c.parent_id = r.id
      where not c.is_deleted and r.level < 256
    ),
    content as (
      select x.folder_id, count(*) as files, coalesce(sum(b.size), 0) as size
      from files x left join blobs b on b.hash = x.hash where not x.is_deleted and x.folder_id is not null
      group by x.folder_id
    )
  select r.top, coalesce(sum(c.files), 0)::bigint, (count(*) - 1)::bigint, coalesce(sum(c.size), 0)::bigint
  from reach r left join content c on c.folder_id = r.id
  group by r.top
$$;--> statement-breakpoint
UPDATE "folders" f SET "files_count" = r.files_count, "folders_count" = r.folders_count, "file_size" = r.file_size
FROM folder_figures_recount() r WHERE r.id = f.id;--> statement-breakpoint
-- Adds each delta to its folder and to the ancestors it reaches (see the rule above), summed per folder so that a statement that changed thousands of items updates each folder once. The owners' tree locks (placement.ts, TREE_LOCK = 1) are taken first: every write path holds them already, and one that did not is still serialised with the tree changes whose chain of ancestors this reads.
-- Planned on every call with the arrays it is given (force_custom_plan): a plan cached by the first call of a session, made with a few folders in the table and unknown arrays, scanned every folder and searched the array for each (`id = ANY($1)` unhashed): 12 s for the 90,000 files of a duplicate.
CREATE FUNCTION folder_figures_add(delta_folder text[], delta_files bigint[], delta_folders bigint[], delta_size bigint[])
RETURNS void LANGUAGE plpgsql SET plan_cache_mode = force_custom_plan AS $$
BEGIN
  IF delta_folder IS NULL THEN
    RETURN;
  END IF;
  PERFORM pg_advisory_xact_lock(1, o.user_id)
  FROM (SELECT DISTINCT f.user_id FROM folders f WHERE f.id = ANY(delta_folder) ORDER BY f.user_id) o;
  WITH RECURSIVE
    delta AS (
      SELECT d.id, sum(d.files) AS files, sum(d.folders) AS folders, sum(d.size) AS size
      FROM unnest(delta_folder, delta_files, delta_folders, delta_size) d(id, files, folders, size)
      GROUP BY d.id
    ),
    up AS (
      SELECT f.id, f.parent_id, f.is_deleted, d.files, d.folders, d.size, 1 AS level
      FROM delta d JOIN folders f ON f.id = d.id
      WHERE d.files <> 0 OR d.folders <> 0 OR d.size <> 0
      UNION ALL
      SELECT p.id, p.parent_id, p.is_deleted, up.files, up.folders, up.size, up.level + 1
      FROM up JOIN folders p ON p.id = up.parent_id
      WHERE NOT up.is_deleted AND up.level < 256
    ),
    total AS (SELECT up.id, sum(up.files) AS files, sum(up.folders) AS folders, sum(up.size) AS size FROM up GROUP BY up.id)
  UPDATE folders f SET files_count = f.files_count + t.files, folders_count = f.folders_count + t.folders,
    file_size = f.file_size + t.size
  FROM total t WHERE f.id = t.id;
END $$;--> statement-breakpoint
-- A new folder starts empty: its content, written in the same statement or later, adds itself.
CREATE FUNCTION folders_inserted_figures() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF EXISTS (SELECT 1 FROM new_folders WHERE files_count <> 0 OR folders_count <> 0 OR file_size <> 0) THEN
    RAISE EXCEPTION 'a new folder starts with no figures: its content adds itself';
  END IF;
  PERFORM folder_figures_add(array_agg(parent_id), array_agg(0::bigint), array_agg(1::bigint), array_agg(0::bigint))
  FROM new_folders WHERE parent_id IS NOT NULL AND NOT is_deleted;
  RETURN NULL;
END $$;--> statement-breakpoint
-- A folder that leaves a parent (moved, binned, deleted) takes itself and its figures from the parent's; one that arrives (moved, restored) brings them. Both as they were before the statement: what the statement changed inside it adds itself along the new chain.
CREATE FUNCTION folders_changed_figures() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'DELETE' THEN
    PERFORM folder_figures_add(array_agg(parent_id), array_agg(-files_count), array_agg(-1 - folders_count), array_agg(-file_size))
    FROM old_folders WHERE parent_id IS NOT NULL AND NOT is_deleted;
    RETURN NULL;
  END IF;
  -- Most updates move nothing (a rename, a star, the figures' own updates): they stop here.
  -- A set difference, never a join: a function's plan is cached from its first call, when
  -- the transition tables held a row or two, and a join of them planned then was a
  -- nested loop, n² for a statement that updates thousands of folders (8.5 s for the
  -- figures of 10,000 folders, updated at once by an insert of 100,000 files).
  IF NOT EXISTS (SELECT id, parent_id, is_deleted FROM new_folders
      EXCEPT ALL SELECT id, parent_id, is_deleted FROM old_folders) THEN
    RETURN NULL;
  END IF;
  -- Old and new rows paired by id: planned on every call (EXECUTE), with the sizes of the
  -- transition tables at hand, for the same reason.
  EXECUTE $sql$
    SELECT folder_figures_add(array_agg(d.parent_id), array_agg(d.sign * o.files_count),
      array_agg(d.sign * (1 + o.folders_count)), array_agg(d.sign * o.file_size))
    FROM old_folders o JOIN new_folders n ON n.id = o.id
      CROSS JOIN LATERAL (VALUES (o.parent_id, o.is_deleted, -1), (n.parent_id, n.is_deleted, 1)) d(parent_id, is_deleted, sign)
    WHERE (o.parent_id, o.is_deleted) IS DISTINCT FROM (n.parent_id, n.is_deleted)
      AND d.parent_id IS NOT NULL AND NOT d.is_deleted
  $sql$;
  RETURN NULL;
END $$;--> statement-breakpoint
-- A file outside the bin counts in its folder: one that leaves (moved, binned, deleted, its content replaced) takes its old size away, one that arrives brings its new one.
CREATE FUNCTION files_changed_figures() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'DELETE' THEN
    PERFORM folder_figures_add(array_agg(folder_id), array_agg(-1::bigint), array_agg(0::bigint), array_agg(-coalesce(content_size, 0)))
    FROM old_files WHERE folder_id IS NOT NULL AND NOT is_deleted;
    RETURN NULL;
  END IF;
  IF EXISTS (SELECT 1 FROM new_files n LEFT JOIN blobs b ON b.hash = n.hash WHERE n.content_size IS DISTINCT FROM b.size) THEN
    RAISE EXCEPTION 'files.content_size is the size of the file''s blob (null without one)';
  END IF;
  IF TG_OP = 'INSERT' THEN
    PERFORM folder_figures_add(array_agg(folder_id), array_agg(1::bigint), array_agg(0::bigint), array_agg(coalesce(content_size, 0)))
    FROM new_files WHERE folder_id IS NOT NULL AND NOT is_deleted;
    RETURN NULL;
  END IF;
  -- Each old row takes itself away and each new row brings itself: what a row did not
  -- change cancels out in the sums per folder. No join of the two (see folders_changed_figures).
  PERFORM folder_figures_add(array_agg(d.folder_id), array_agg(d.sign), array_agg(0::bigint), array_agg(d.sign * d.size))
  FROM (
    SELECT folder_id, coalesce(content_size, 0) AS size, -1::bigint AS sign FROM old_files
    WHERE folder_id IS NOT NULL AND NOT is_deleted
    UNION ALL
    SELECT folder_id, coalesce(content_size, 0), 1 FROM new_files WHERE folder_id IS NOT NULL AND NOT is_deleted
  ) d;
  RETURN NULL;
END $$;--> statement-breakpoint
-- A file written without its content's size (an insert by hand, a writer that changed the hash alone) takes it from the blob row when that exists already; a writer whose statement records the blob too gives the size itself (the check after the statement holds both to it).
CREATE FUNCTION files_content_size() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  NEW.content_size := coalesce((SELECT size FROM blobs WHERE hash = NEW.hash), NEW.content_size);
  RETURN NEW;
END $$;--> statement-breakpoint
CREATE TRIGGER files_content_size_inserted BEFORE INSERT ON files FOR EACH ROW
  WHEN (NEW.content_size IS NULL AND NEW.hash IS NOT NULL) EXECUTE FUNCTION files_content_size();--> statement-breakpoint
CREATE TRIGGER files_content_size_updated BEFORE UPDATE OF hash ON files FOR EACH ROW
  WHEN (NEW.hash IS DISTINCT FROM OLD.hash AND NEW.content_size IS NOT DISTINCT FROM OLD.content_size)
  EXECUTE FUNCTION files_content_size();--> statement-breakpoint
CREATE TRIGGER folders_inserted_figures AFTER INSERT ON folders REFERENCING NEW TABLE AS new_folders
  FOR EACH STATEMENT EXECUTE FUNCTION folders_inserted_figures();--> statement-breakpoint
CREATE TRIGGER folders_updated_figures AFTER UPDATE ON folders
  REFERENCING OLD TABLE AS old_folders NEW TABLE AS new_folders FOR EACH STATEMENT EXECUTE FUNCTION folders_changed_figures();--> statement-breakpoint
CREATE TRIGGER folders_deleted_figures AFTER DELETE ON folders REFERENCING OLD TABLE AS old_folders
  FOR EACH STATEMENT EXECUTE FUNCTION folders_changed_figures();--> statement-breakpoint
CREATE TRIGGER files_inserted_figures AFTER INSERT ON files REFERENCING NEW TABLE AS new_files
  FOR EACH STATEMENT EXECUTE FUNCTION files_changed_figures();--> statement-breakpoint
CREATE TRIGGER files_updated_figures AFTER UPDATE ON files
  REFERENCING OLD TABLE AS old_files NEW TABLE AS new_files FOR EACH STATEMENT EXECUTE FUNCTION files_changed_figures();--> statement-breakpoint
CREATE TRIGGER files_deleted_figures AFTER DELETE ON files REFERENCING OLD TABLE AS old_files
  FOR EACH STATEMENT EXECUTE FUNCTION files_changed_figures();
