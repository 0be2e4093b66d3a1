-- A folder's move, bin or restore updates its old and new parents' figures from a row-level trigger that fires only when its parent or bin flag changed (issue 25, section 2; docs/decisions.md, "Folder figures kept by triggers"). The statement-level trigger it replaces fired on every update of folders (a star, a rename, the figures' own updates) to find that nothing moved: PostgreSQL allows no column list or WHEN on a trigger with transition tables. Every statement of the vault moves one folder at a time; the inserts and deletes, which write thousands of folders at once, keep their statement-level triggers.
DROP TRIGGER "folders_updated_figures" ON "folders";--> statement-breakpoint
-- The folder takes itself and its figures as they were before the statement from its old parent (if that counted it) and brings them to its new one (if that counts it); what the statement changed inside it adds itself along the new chain.
CREATE FUNCTION folders_moved_figures() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM folder_figures_add(array_agg(d.parent_id), array_agg(d.sign * OLD.files_count),
    array_agg(d.sign * (1 + OLD.folders_count)), array_agg(d.sign * OLD.file_size))
  FROM (VALUES (OLD.parent_id, OLD.is_deleted, -1::bigint), (NEW.parent_id, NEW.is_deleted, 1::bigint)) d(parent_id, is_deleted, sign)
  WHERE d.parent_id IS NOT NULL AND NOT d.is_deleted;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER folders_moved_figures AFTER UPDATE OF parent_id, is_deleted ON folders FOR EACH ROW
  WHEN ((OLD.parent_id, OLD.is_deleted) IS DISTINCT FROM (NEW.parent_id, NEW.is_deleted))
  EXECUTE FUNCTION folders_moved_figures();--> statement-breakpoint
-- The delete trigger keeps the delete half of the function the two triggers shared.
CREATE FUNCTION folders_deleted_figures() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM folder_figures_add(array_agg(parent_id), array_agg(-files_count), array_agg(-1 - folders_count), array_agg(-file_size))
  FROM old_folders WHERE parent_id IS NOT NULL AND NOT is_deleted;
  RETURN NULL;
END $$;--> statement-breakpoint
DROP TRIGGER "folders_deleted_figures" ON "folders";--> statement-breakpoint
CREATE TRIGGER folders_deleted_figures AFTER DELETE ON folders REFERENCING OLD TABLE AS old_folders
  FOR EACH STATEMENT EXECUTE FUNCTION folders_deleted_figures();--> statement-breakpoint
DROP FUNCTION folders_changed_figures();
