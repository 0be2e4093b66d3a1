-- Whether another file still names a blob (the blob sweep's probe, `sweptBlobs`): files by (hash, id), read in id order.
-- With `hash` alone, where most files name one blob (the statistics then say every file names it), the planner takes a
-- sequential scan with LIMIT 1 for the probe, expecting the first row to match, and reads every file for a blob that no
-- other file names (174 ms at a million files, against 0.08 ms by the index). In id order an index scan of (hash, id)
-- needs no sort and a sequential scan would: the index is chosen whatever the statistics.
CREATE INDEX "files_hash_id_idx" ON "files" USING btree ("hash", "id");--> statement-breakpoint
DROP INDEX "files_hash_idx";
