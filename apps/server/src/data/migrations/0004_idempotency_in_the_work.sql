ALTER TABLE "idempotency_keys" ADD COLUMN "recorded" jsonb;--> statement-breakpoint
ALTER TABLE "idempotency_keys" ADD COLUMN "committed_at" timestamp with time zone;--> statement-breakpoint
-- The HMAC key of request fingerprints: 244 bits from pg_strong_random (gen_random_uuid), made once for every process.
INSERT INTO "server_secrets" ("name", "secret") VALUES ('idempotency_fingerprint', replace(gen_random_uuid()::text || gen_random_uuid()::text, '-', ''));--> statement-breakpoint
-- The unkeyed SHA-256 fingerprints kept so far may digest a share's password: they go. A retry of
-- such a key gets 422 (used for another request) rather than its work done twice.
UPDATE "idempotency_keys" SET "fingerprint" = 'unkeyed fingerprint dropped';
