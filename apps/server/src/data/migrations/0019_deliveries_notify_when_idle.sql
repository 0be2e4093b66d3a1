-- The events' trigger (0017) notifies the delivery workers only when an endpoint it made a delivery for has none
-- leased: while a worker holds one of its deliveries, that worker claims again as soon as its tries are kept, and a
-- notification per write only cost every writing commit the notification lock and the listener a wake-up (issue 28
-- §4). A write whose trigger saw a lease and that committed after that worker's last claim is found by the claim the
-- worker makes a second after it went idle (delivery-worker.ts).
CREATE OR REPLACE FUNCTION events_to_deliveries() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  wake boolean;
BEGIN
  WITH made AS (
    INSERT INTO webhook_deliveries (id, endpoint_id, event_seq)
      SELECT 'dlv_' || replace(gen_random_uuid()::text, '-', ''), e.id, n.seq
      FROM new_events n JOIN webhook_endpoints e ON e.user_id = n.user_id
      WHERE NOT e.disabled AND n.type <> 'ping' AND (n.type = ANY (e.events) OR '*' = ANY (e.events))
      RETURNING endpoint_id
  )
  SELECT bool_or(NOT EXISTS (
    SELECT 1 FROM webhook_deliveries b WHERE b.endpoint_id = m.endpoint_id AND b.leased_until > now()
  )) INTO wake FROM made m;
  IF wake THEN
    PERFORM pg_notify('webhook_deliveries', '');
  END IF;
  RETURN NULL;
END $$;
