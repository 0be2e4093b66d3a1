-- The link key: a share's link token is the first 24 bytes (192 bits) of SHA-256 over this secret,
-- ':' and the share's random `link_nonce`, base64url. 244 bits from pg_strong_random (gen_random_uuid).
INSERT INTO "server_secrets" ("name", "secret") VALUES ('share_link', replace(gen_random_uuid()::text || gen_random_uuid()::text, '-', ''));--> statement-breakpoint
ALTER TABLE "file_shares" ADD COLUMN "link_nonce" text;--> statement-breakpoint
ALTER TABLE "file_shares" ADD COLUMN "link_hash" text;--> statement-breakpoint
ALTER TABLE "file_shares" ADD COLUMN "expires_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "file_shares" ADD COLUMN "download_count" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "file_shares" ADD COLUMN "last_accessed_at" timestamp with time zone;--> statement-breakpoint
-- Every share made before links gets one: the same derivation as the server's (share-links.ts).
UPDATE "file_shares" SET "link_nonce" = replace(gen_random_uuid()::text, '-', '');--> statement-breakpoint
UPDATE "file_shares" s SET "link_hash" = encode(sha256(convert_to(t.token, 'UTF8')), 'hex')
  FROM (SELECT f.id, translate(encode(substring(sha256(convert_to(k.secret || ':' || f.link_nonce, 'UTF8')) from 1 for 24), 'base64'), '+/', '-_') AS token
    FROM "file_shares" f, "server_secrets" k WHERE k.name = 'share_link') t
  WHERE t.id = s.id;--> statement-breakpoint
ALTER TABLE "file_shares" ALTER COLUMN "link_nonce" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "file_shares" ALTER COLUMN "link_hash" SET NOT NULL;--> statement-breakpoint
-- Opening a link finds its share by the token's SHA-256: one index probe, the same for every unknown token.
CREATE UNIQUE INDEX "file_shares_link_hash_idx" ON "file_shares" USING btree ("link_hash");--> statement-breakpoint
-- "Shared with me": the shares that list a user, found by `users @> array[id]`.
CREATE INDEX "file_shares_users_idx" ON "file_shares" USING gin ("users");
