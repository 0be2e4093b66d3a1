-- Usage and quotas (issue 27 §3; docs/decisions.md, "Usage and quotas"): each user's bytes, kept on one row by the
-- writes that change them, in the same statement, so that neither the usage read nor a quota check walks the vault.
-- `file_bytes` is the content of every file of the user's, in the bin or not; `version_bytes` that of their earlier
-- versions. Bytes count per file and per version, as the user sees them: content stored once for two files counts twice.
--
-- A version keeps its content's size, as a file does (`content_size`): what it takes away from its owner's bytes when it
-- goes, even when the statement that deletes it also deletes the blob row.
-- No file, version or user is written between the backfill below and the triggers that keep the figures from then on.
LOCK TABLE "users", "files", "file_versions" IN SHARE ROW EXCLUSIVE MODE;--> statement-breakpoint
ALTER TABLE "file_versions" ADD COLUMN "size" bigint;--> statement-breakpoint
UPDATE "file_versions" v SET "size" = b.size FROM "blobs" b WHERE b.hash = v.hash;--> statement-breakpoint
ALTER TABLE "file_versions" ALTER COLUMN "size" SET NOT NULL;--> statement-breakpoint
CREATE TABLE "user_usage" (
  "user_id" integer PRIMARY KEY NOT NULL REFERENCES "users"("id") ON DELETE CASCADE,
  "file_bytes" bigint DEFAULT 0 NOT NULL,
  "version_bytes" bigint DEFAULT 0 NOT NULL
);--> statement-breakpoint
INSERT INTO "user_usage" ("user_id", "file_bytes", "version_bytes")
SELECT u.id,
  coalesce((SELECT sum(f.content_size) FROM files f WHERE f.user_id = u.id), 0),
  coalesce((SELECT sum(v.size) FROM file_versions v WHERE v.user_id = u.id), 0)
FROM users u;--> statement-breakpoint
CREATE FUNCTION user_usage_opened() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO user_usage (user_id) VALUES (NEW.id);
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER users_usage_opened AFTER INSERT ON users FOR EACH ROW EXECUTE FUNCTION user_usage_opened();--> statement-breakpoint
-- Adds each user's delta, summed per user: a statement that wrote thousands of files (a duplicate, a purge) updates
-- each owner's row once.
CREATE FUNCTION user_usage_add(owners integer[], file_delta bigint[], version_delta bigint[]) RETURNS void
LANGUAGE sql AS $$
  UPDATE user_usage u SET file_bytes = u.file_bytes + d.files, version_bytes = u.version_bytes + d.versions
  FROM (
    SELECT o.user_id, sum(o.files) AS files, sum(o.versions) AS versions
    FROM unnest(owners, file_delta, version_delta) o(user_id, files, versions) GROUP BY o.user_id
  ) d
  WHERE u.user_id = d.user_id AND (d.files <> 0 OR d.versions <> 0)
$$;--> statement-breakpoint
CREATE FUNCTION files_usage() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    PERFORM user_usage_add(array_agg(user_id), array_agg(coalesce(content_size, 0)), array_agg(0::bigint)) FROM new_files;
  ELSE
    PERFORM user_usage_add(array_agg(user_id), array_agg(-coalesce(content_size, 0)), array_agg(0::bigint)) FROM old_files;
  END IF;
  RETURN NULL;
END $$;--> statement-breakpoint
-- A content change is one file at a time: a row trigger that fires only then costs the other updates of files
-- (a rename, a star, a move, the bin) nothing.
CREATE FUNCTION file_content_usage() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM user_usage_add(ARRAY[NEW.user_id], ARRAY[coalesce(NEW.content_size, 0) - coalesce(OLD.content_size, 0)],
    ARRAY[0::bigint]);
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE FUNCTION file_versions_usage() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    PERFORM user_usage_add(array_agg(user_id), array_agg(0::bigint), array_agg(size)) FROM new_versions;
  ELSE
    PERFORM user_usage_add(array_agg(user_id), array_agg(0::bigint), array_agg(-size)) FROM old_versions;
  END IF;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER files_inserted_usage AFTER INSERT ON files REFERENCING NEW TABLE AS new_files
  FOR EACH STATEMENT EXECUTE FUNCTION files_usage();--> statement-breakpoint
CREATE TRIGGER files_deleted_usage AFTER DELETE ON files REFERENCING OLD TABLE AS old_files
  FOR EACH STATEMENT EXECUTE FUNCTION files_usage();--> statement-breakpoint
CREATE TRIGGER files_content_usage AFTER UPDATE ON files FOR EACH ROW
  WHEN (NEW.content_size IS DISTINCT FROM OLD.content_size) EXECUTE FUNCTION file_content_usage();--> statement-breakpoint
CREATE TRIGGER file_versions_inserted_usage AFTER INSERT ON file_versions REFERENCING NEW TABLE AS new_versions
  FOR EACH STATEMENT EXECUTE FUNCTION file_versions_usage();--> statement-breakpoint
CREATE TRIGGER file_versions_deleted_usage AFTER DELETE ON file_versions REFERENCING OLD TABLE AS old_versions
  FOR EACH STATEMENT EXECUTE FUNCTION file_versions_usage();--> statement-breakpoint
-- The quota (`USER_QUOTA_BYTES`, a setting of each server's sessions: `vault.user_quota_bytes`, empty or unset for none)
-- is checked when the transaction commits, on the user's row as the transaction left it: its update holds the row until
-- then, so concurrent writes of one user are checked one after the other and cannot pass the quota together. Only a
-- transaction that added bytes is checked: one that frees them always may, even over a quota lowered since.
CREATE FUNCTION user_usage_within_quota() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  quota bigint := nullif(current_setting('vault.user_quota_bytes', true), '')::bigint;
BEGIN
  IF quota IS NOT NULL AND (SELECT u.file_bytes + u.version_bytes FROM user_usage u WHERE u.user_id = NEW.user_id) > quota THEN
    RAISE EXCEPTION 'user % would store more than the quota of % bytes', NEW.user_id, quota USING ERRCODE = 'VQ507';
  END IF;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE CONSTRAINT TRIGGER user_usage_within_quota AFTER UPDATE ON user_usage DEFERRABLE INITIALLY DEFERRED FOR EACH ROW
  WHEN (NEW.file_bytes + NEW.version_bytes > OLD.file_bytes + OLD.version_bytes)
  EXECUTE FUNCTION user_usage_within_quota();
