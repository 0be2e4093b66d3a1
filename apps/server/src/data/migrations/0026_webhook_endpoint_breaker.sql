-- An endpoint's tries that failed one after another since its last delivered one (the circuit breaker,
-- deliveries.ts): past a few, its tries time out sooner and go one at a time. Reset by a delivered try, a
-- re-enabling PATCH and a new URL.
ALTER TABLE "webhook_endpoints" ADD COLUMN "consecutive_failures" integer DEFAULT 0 NOT NULL;
