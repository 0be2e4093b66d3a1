-- Events (issue 28 §1-2): the transactional outbox. Every write inserts its event in its own transaction (in the
-- one-statement writes, as a CTE of that statement), so an event exists exactly when its change committed. `data`
-- holds `object`, the view row the write's answer was presented from, and for an update `previous`, the view row
-- before it (the API's `previous_attributes` are the presented fields that differ). `seq` only grows: a delivery
-- worker reads "events after N" by it (its values are taken at insert, not at commit: a reader must allow for a
-- lower one committing late).
CREATE TABLE "events" (
	"seq" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY,
	"id" text NOT NULL,
	"user_id" integer NOT NULL,
	"type" text NOT NULL,
	"object_id" text NOT NULL,
	"data" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "events" ADD CONSTRAINT "events_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "events_id_idx" ON "events" USING btree ("id");--> statement-breakpoint
-- The list's keyset pages (newest first), with or without a type filter, and the `object` filter.
CREATE INDEX "events_user_created_idx" ON "events" USING btree ("user_id","created_at","id");--> statement-breakpoint
CREATE INDEX "events_user_object_created_idx" ON "events" USING btree ("user_id","object_id","created_at","id");--> statement-breakpoint
-- The retention sweep.
CREATE INDEX "events_created_idx" ON "events" USING btree ("created_at");
