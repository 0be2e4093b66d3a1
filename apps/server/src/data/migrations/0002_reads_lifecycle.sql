CREATE TABLE "server_secrets" (
	"name" text PRIMARY KEY NOT NULL,
	"secret" text NOT NULL
);
--> statement-breakpoint
-- The key that signs list cursors: 244 bits from pg_strong_random (gen_random_uuid), made once for every process.
INSERT INTO "server_secrets" ("name", "secret") VALUES ('page_cursor', replace(gen_random_uuid()::text || gen_random_uuid()::text, '-', ''));--> statement-breakpoint
CREATE INDEX "bank_accounts_user_created_idx" ON "bank_accounts" USING btree ("user_id","created_at","id");--> statement-breakpoint
CREATE INDEX "bins_user_created_idx" ON "bins" USING btree ("user_id","created_at","id");--> statement-breakpoint
CREATE INDEX "file_shares_user_created_idx" ON "file_shares" USING btree ("user_id","created_at","id");--> statement-breakpoint
CREATE INDEX "files_user_folder_created_idx" ON "files" USING btree ("user_id","folder_id","created_at","id");--> statement-breakpoint
CREATE INDEX "folders_user_parent_created_idx" ON "folders" USING btree ("user_id","parent_id","created_at","id");