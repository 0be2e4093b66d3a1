-- The breaker's shorter timeout applies after tries that timed out one after another (not after other
-- failures); an endpoint's backlog fails deliveries unsent only once it has waited on its share for the
-- most a delivery may wait, its tries kept all along (deliveries.ts).
ALTER TABLE "webhook_endpoints" ADD COLUMN "consecutive_timeouts" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "webhook_endpoints" ADD COLUMN "backlog_since" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "webhook_endpoints" ADD COLUMN "backlog_seen_at" timestamp with time zone;
