-- Whether another file still names a blob (the blob sweep's probe, `sweptBlobs`): files by (hash, id), read in id order.
-- With `hash` alone, where most files name one blob (the statistics say every file names it), the planner chose a
-- sequential scan with LIMIT 1 for every probe, expecting the first row to match, and read all of a million files for a
-- blob no other file names (a purge: 459-672 ms). In id order an index scan needs no sort and a sequential scan would:
-- the index is chosen whatever the statistics.
CREATE INDEX "files_hash_id_idx" ON "files" USING btree ("hash", "id");--> statement-breakpoint
DROP INDEX "files_hash_idx";
