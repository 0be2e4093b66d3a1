-- File versions (issue 27 §2; docs/decisions.md, "File versions"): a file's current content is its row's `hash`, with the id
-- `content_version_id` and the time `content_at` it became current; each earlier content is a row of `file_versions`, made by
-- the write that replaced it. Every file made before this has one version, its current content, since its last update.
ALTER TABLE "files" ADD COLUMN "content_version_id" text DEFAULT gen_random_uuid()::text NOT NULL;--> statement-breakpoint
ALTER TABLE "files" ADD COLUMN "content_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
UPDATE "files" SET "content_at" = "updated_at";--> statement-breakpoint
CREATE TABLE "file_versions" (
  "id" text PRIMARY KEY NOT NULL,
  "file_id" text NOT NULL REFERENCES "files"("id") ON DELETE CASCADE,
  "user_id" integer NOT NULL REFERENCES "users"("id") ON DELETE CASCADE,
  -- A version names its blob as a file does: a blob row named by a version cannot go.
  "hash" text NOT NULL REFERENCES "blobs"("hash"),
  "created_at" timestamp with time zone NOT NULL
);--> statement-breakpoint
-- A file's versions newest first (the list's keyset pages, the retention's oldest beyond the limit).
CREATE INDEX "file_versions_file_created_idx" ON "file_versions" USING btree ("file_id", "created_at" DESC, "id" DESC);--> statement-breakpoint
-- Whether a blob is still named by a version: the blob sweep's probe, in id order (see 0013).
CREATE INDEX "file_versions_hash_id_idx" ON "file_versions" USING btree ("hash", "id");
