-- Webhooks (issue 28 §3): endpoints a user subscribes to event types, and one delivery per endpoint and event.
-- A delivery is made by the event's own insert (the trigger below), so it exists exactly when its event committed;
-- the delivery workers of every server process claim due deliveries by moving `next_attempt_at` on (the claim is a
-- lease: a worker killed mid-delivery leaves a row that falls due again when the lease ends).
CREATE TABLE "webhook_endpoints" (
	"id" text PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"url" text NOT NULL,
	"events" text[] NOT NULL,
	"description" text,
	"disabled" boolean DEFAULT false NOT NULL,
	"secret" text NOT NULL,
	"previous_secret" text,
	"previous_secret_until" timestamp with time zone,
	"failing_since" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "webhook_endpoints" ADD CONSTRAINT "webhook_endpoints_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "webhook_endpoints_user_created_idx" ON "webhook_endpoints" USING btree ("user_id","created_at","id");--> statement-breakpoint
CREATE TABLE "webhook_deliveries" (
	"id" text PRIMARY KEY NOT NULL,
	"endpoint_id" text NOT NULL,
	"event_seq" bigint NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"attempt_count" integer DEFAULT 0 NOT NULL,
	"attempts" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"next_attempt_at" timestamp with time zone DEFAULT now(),
	"leased_until" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "webhook_deliveries" ADD CONSTRAINT "webhook_deliveries_endpoint_id_fk" FOREIGN KEY ("endpoint_id") REFERENCES "public"."webhook_endpoints"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "webhook_deliveries" ADD CONSTRAINT "webhook_deliveries_event_seq_fk" FOREIGN KEY ("event_seq") REFERENCES "public"."events"("seq") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
-- The workers' claim: each endpoint's due deliveries, oldest first.
CREATE INDEX "webhook_deliveries_due_idx" ON "webhook_deliveries" USING btree ("endpoint_id","next_attempt_at") WHERE "status" = 'pending';--> statement-breakpoint
-- An endpoint's deliveries in flight (its bound), and its deliveries list, newest first.
CREATE INDEX "webhook_deliveries_leased_idx" ON "webhook_deliveries" USING btree ("endpoint_id","leased_until") WHERE "leased_until" IS NOT NULL;--> statement-breakpoint
CREATE INDEX "webhook_deliveries_endpoint_created_idx" ON "webhook_deliveries" USING btree ("endpoint_id","created_at","id");--> statement-breakpoint
-- The retention sweep's cascade from events.
CREATE INDEX "webhook_deliveries_event_idx" ON "webhook_deliveries" USING btree ("event_seq");--> statement-breakpoint
-- Each event, in its own statement, makes a delivery for each of its user's enabled endpoints that subscribe to its
-- type (a `ping` goes only to the endpoint it tests: its operation makes that delivery), and wakes the workers.
CREATE FUNCTION events_to_deliveries() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO webhook_deliveries (id, endpoint_id, event_seq)
    SELECT 'dlv_' || replace(gen_random_uuid()::text, '-', ''), e.id, n.seq
    FROM new_events n JOIN webhook_endpoints e ON e.user_id = n.user_id
    WHERE NOT e.disabled AND n.type <> 'ping' AND (n.type = ANY (e.events) OR '*' = ANY (e.events));
  IF FOUND THEN
    PERFORM pg_notify('webhook_deliveries', '');
  END IF;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER events_to_deliveries AFTER INSERT ON events REFERENCING NEW TABLE AS new_events
  FOR EACH STATEMENT EXECUTE FUNCTION events_to_deliveries();
