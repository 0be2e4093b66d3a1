// The outbox's writing side: the CTE that records a change's event in the statement
// that makes the change (domain/events.ts reads and presents them).
import { type SQL, sql } from "drizzle-orm";
import { PgDialect } from "drizzle-orm/pg-core";

/** Every event type (the resource, then the change), with the resource its `object` is: the answer of its operation. */
export const EVENT_OBJECTS = {
  "bank_account.created": "bank_account",
  "bank_account.updated": "bank_account",
  "file.created": "file",
  "file.updated": "file",
  "file.binned": "bin",
  "folder.created": "folder",
  "folder.updated": "folder",
  "folder.duplicated": "folder",
  "folder.binned": "bin",
  "file_share.created": "file_share",
  "file_share.updated": "file_share",
  "file_share.revoked": "file_share",
  "bin.restored": "bin",
  "bin.purged": "bin",
  "file_version.restored": "file",
  "file_version.deleted": "file_version",
  "webhook_endpoint.created": "webhook_endpoint",
  "webhook_endpoint.updated": "webhook_endpoint",
  "webhook_endpoint.deleted": "webhook_endpoint",
  "webhook_endpoint.disabled": "webhook_endpoint",
  ping: "webhook_endpoint",
} as const;

export type EventType = keyof typeof EVENT_OBJECTS;
export type EventObject = (typeof EVENT_OBJECTS)[EventType];

/**
 * A data-modifying CTE, `recorded_event`, that inserts one event of `type` for each row
 * of `from` (none when the write wrote nothing): `user`, `object` and `previous` are
 * read per row; `object` (jsonb) is the view row the write's answer is presented from,
 * `previous` (for an update) the view row before it. The event's id and time come from
 * the database, so the statement needs no values; it returns the ids and `seq`s.
 */
export const recordedEvent = (type: EventType, parts: { user: SQL; object: SQL; previous?: SQL; from: SQL }) =>
  sql`recorded_event as (
    insert into events (id, user_id, type, object_id, data)
    select 'evt_' || replace(gen_random_uuid()::text, '-', ''), o.user_id, ${sql.raw(`'${type}'`)}, o.object->>'id',
      jsonb_build_object('object', o.object, 'previous', o.previous)
    from (select ${parts.user}::integer as user_id, ${parts.object} as object, ${parts.previous ?? sql`null::jsonb`} as previous
      from ${parts.from}) o
    where o.object is not null
    returning id, seq
  )`;

/** `recordedEvent` as SQL text, for a hand-written statement whose parts are its own SQL (`$n` parameters). */
export const recordedEventText = (
  type: EventType,
  parts: Record<"user" | "object" | "from", string> & { previous?: string },
) =>
  new PgDialect().sqlToQuery(
    recordedEvent(type, {
      user: sql.raw(parts.user),
      object: sql.raw(parts.object),
      previous: parts.previous === undefined ? undefined : sql.raw(parts.previous),
      from: sql.raw(parts.from),
    }),
  ).sql;
