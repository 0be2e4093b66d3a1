-- Indexes of a folder's children by their parent that hold them in the order a folder's view lists their first 100
-- ids (oldest first), in place of the indexes by parent alone: a share's view (a named statement, on a generic plan)
-- expected one child per parent, as most folders have, read the children by the parent's index alone and sorted them,
-- every one of a folder of 10,000 for its first 100 (the scale bench's share operations; child-ids-plan.test.ts).
-- The foreign keys' lookups by parent use the new ones. Built before the old ones are dropped: the builds hold off
-- writes to the tables, not reads, and the drops' exclusive locks come last, held only until the commit.
CREATE INDEX "folders_parent_created_idx" ON "folders" USING btree ("parent_id","created_at","id");--> statement-breakpoint
CREATE INDEX "files_folder_created_idx" ON "files" USING btree ("folder_id","created_at","id");--> statement-breakpoint
DROP INDEX "folders_parent_idx";--> statement-breakpoint
DROP INDEX "files_folder_idx";
