-- The events' trigger (0017, 0019) notifies the delivery workers only for the first delivery to an endpoint in half
-- a second: notifying commits take a lock that makes them commit one at a time, and under a stream of writes to a
-- subscribed endpoint that cost the bank account PUT 16 % of its rate (issue 28 §4), where a lease of the endpoint
-- (0019) was still missing a third of the time. A worker that has delivered or been notified looks again a second
-- after it went idle (delivery-worker.ts), so it finds the writes made within half a second (before the trigger ran,
-- by the clock: a long statement's own start does not count) of one it was told of. The look is one
-- per endpoint, and skips this transaction's own deliveries (made at `now()`): those of the statement are not
-- visible to it, but their index entries are, and a statement of 10,000 events read them all for each. Sequential
-- scans are off in the function: its plan is cached by the connection, and one made while the table was small
-- would read all of it at every write.
CREATE OR REPLACE FUNCTION events_to_deliveries() RETURNS trigger LANGUAGE plpgsql SET enable_seqscan = off AS $$
DECLARE
  wake boolean;
  -- A variable, not the call in the condition: a volatile function's value bounds no index scan.
  since timestamptz := clock_timestamp() - interval '500 milliseconds';
BEGIN
  WITH made AS (
    INSERT INTO webhook_deliveries (id, endpoint_id, event_seq)
      SELECT 'dlv_' || replace(gen_random_uuid()::text, '-', ''), e.id, n.seq
      FROM new_events n JOIN webhook_endpoints e ON e.user_id = n.user_id
      WHERE NOT e.disabled AND n.type <> 'ping' AND (n.type = ANY (e.events) OR '*' = ANY (e.events))
      RETURNING endpoint_id
  )
  SELECT bool_or(NOT EXISTS (
    SELECT 1 FROM webhook_deliveries b
    WHERE b.endpoint_id = m.endpoint_id AND b.created_at > since AND b.created_at < now()
  )) INTO wake FROM (SELECT DISTINCT endpoint_id FROM made) m;
  IF wake THEN
    PERFORM pg_notify('webhook_deliveries', '');
  END IF;
  RETURN NULL;
END $$;
