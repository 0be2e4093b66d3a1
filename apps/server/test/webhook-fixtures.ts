// What the delivery worker's tests share: a user with an endpoint and pending deliveries, and a worker on them.
import { sql } from "drizzle-orm";
import pino from "pino";
import type { Db } from "../src/data/database.js";
import { startDeliveryWorker } from "../src/domain/webhooks/delivery-worker.js";
import { sealEndpointSecret } from "../src/domain/webhooks/endpoint-secrets.js";
import { scratchUser } from "./scratch-database.js";

/** A scratch database whose user `name` has an endpoint at `url` subscribed to every event, and `events` events (each a pending delivery). */
export async function endpointWithEvents(kind: "pglite" | "postgres", name: string, url: string, events: number) {
  const { scratch, userId } = await scratchUser(kind, name);
  const { db } = scratch.database;
  // The worker signs with the endpoint's secret, which the database keeps sealed with the process's root key.
  const secret = sealEndpointSecret("whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw");
  await db.execute(sql`insert into webhook_endpoints (id, user_id, url, events, secret)
    values (${`we_${name}`}, ${userId}, ${url}, '{*}', ${secret})`);
  await db.execute(sql`insert into events (id, user_id, type, object_id, data)
    select 'evt_' || gen_random_uuid(), ${userId}, 'bank_account.updated', 'ba_1', '{}' from generate_series(1, ${events})`);
  return scratch;
}

/** A delivery worker on `db` that sends each event's id, to 127.0.0.1 over http. */
export const testWorker = (db: Db, busy?: { apiBusy: () => boolean; busyClaimIntervalMs: number }) =>
  startDeliveryWorker({
    db,
    present: async (event) => ({ id: event.id }),
    allowHosts: ["127.0.0.1"],
    logger: pino({ level: "silent" }),
    ...busy,
  });
