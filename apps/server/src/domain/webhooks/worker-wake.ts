// How the delivery workers of every server process learn of new due deliveries.
import { sql } from "drizzle-orm";

/** What the events' trigger (migration 0017) and the statements below notify. */
export const DELIVERIES_CHANNEL = "webhook_deliveries";

/** Joined to a statement's answer: it notifies the workers, as the events' trigger does, when the statement commits. */
export const wakesWorkers = sql.raw(`cross join lateral (select pg_notify('${DELIVERIES_CHANNEL}', '')) woken`);
