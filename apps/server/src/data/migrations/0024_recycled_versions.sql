-- A content change of a file that keeps as many versions as it may writes the version it saves over the row of the
-- oldest, which goes (version-writes.ts, `recycled`), instead of inserting one row and deleting another: one foreign
-- key checked instead of three, and no statement trigger with its transition table for each (issue 27 §4,
-- docs/performance.md). Its owner's version bytes change by the difference of the two sizes, only when they differ.
-- A version's file and owner are never changed.
CREATE FUNCTION file_version_replaced_usage() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM user_usage_add(ARRAY[NEW.user_id], ARRAY[0::bigint], ARRAY[NEW.size - OLD.size]);
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER file_versions_replaced_usage AFTER UPDATE ON file_versions FOR EACH ROW
  WHEN (NEW.size IS DISTINCT FROM OLD.size) EXECUTE FUNCTION file_version_replaced_usage();
