-- Resumable uploads (tus 1.0, issue 27 §1): each row is one upload in progress, or done and kept until it expires so a
-- HEAD still tells its file. The bytes are parts in the blob store's upload area (`uploads/<id>/<start>`), one per
-- entry of `parts`; `received` counts only bytes stored durably. A PATCH holds the row's lease (`lock_claim` until
-- `locked_until`), so two PATCHes of one upload, on any server, never write at once, and a crashed holder's lease lapses.
CREATE TABLE "tus_uploads" (
	"id" text PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"length" bigint NOT NULL,
	"received" bigint DEFAULT 0 NOT NULL,
	"parts" bigint[] DEFAULT '{}' NOT NULL,
	"metadata" text,
	"form" jsonb NOT NULL,
	"file_id" text,
	"lock_claim" text,
	"locked_until" timestamp with time zone,
	"expires_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "tus_uploads" ADD CONSTRAINT "tus_uploads_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
-- The count of a user's unfinished uploads (at most 100), and the sweep of the expired.
CREATE INDEX "tus_uploads_unfinished_idx" ON "tus_uploads" USING btree ("user_id") WHERE "file_id" IS NULL;--> statement-breakpoint
CREATE INDEX "tus_uploads_expires_idx" ON "tus_uploads" USING btree ("expires_at");
