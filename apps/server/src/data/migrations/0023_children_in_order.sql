-- The indexes of a folder's children by their parent hold them in the order a folder's view lists their first 100
-- ids (oldest first): a share's view (a named statement, on a generic plan) expected one child per parent, as most
-- folders have, read the children by the parent's index alone and sorted them, every one of a folder of 10,000 for
-- its first 100 (the scale bench's share operations; child-ids-plan.test.ts). The foreign keys' lookups by parent
-- use them as before.
DROP INDEX "folders_parent_idx";--> statement-breakpoint
CREATE INDEX "folders_parent_idx" ON "folders" USING btree ("parent_id","created_at","id");--> statement-breakpoint
DROP INDEX "files_folder_idx";--> statement-breakpoint
CREATE INDEX "files_folder_idx" ON "files" USING btree ("folder_id","created_at","id");
