-- The check value of the root secret, which lives outside the database (secrets/key-check.ts): the first server
-- that starts with a key records it, and a server with another key refuses to start.
CREATE TABLE "root_key_check" (
	"id" smallint PRIMARY KEY DEFAULT 1 NOT NULL,
	"key_id" text NOT NULL,
	"check_value" text NOT NULL,
	CONSTRAINT "root_key_check_one_row" CHECK ("root_key_check"."id" = 1)
);
--> statement-breakpoint
-- A link token is random and kept for its owner's reads only sealed with a key derived from the root secret; the
-- nonce it was derived from before goes once the first start with a key has sealed every old token
-- (secrets/legacy-secrets.ts).
ALTER TABLE "file_shares" ADD COLUMN "link_sealed" text;--> statement-breakpoint
ALTER TABLE "file_shares" ALTER COLUMN "link_nonce" DROP NOT NULL;
