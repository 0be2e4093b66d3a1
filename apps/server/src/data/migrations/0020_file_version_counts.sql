-- Each file counts its earlier versions, so that a content change prunes by reading only the versions it deletes,
-- oldest first, instead of walking past the newest FILE_VERSIONS_KEEP - 1 with a heap visit each (issue 27 §4). The
-- count changes only in the statements that save, prune or delete a file's versions, under its owner's tree lock.
-- No file or version is written between the backfill and the first write that keeps the count.
ALTER TABLE "files" ADD COLUMN "version_count" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
UPDATE "files" f SET "version_count" = c.n
  FROM (SELECT "file_id", count(*)::integer AS n FROM "file_versions" GROUP BY "file_id") c
  WHERE c."file_id" = f."id";
