// The outbox's reading side: the caller's events, presented as the contract's Event
// (data/recorded-events.ts writes them in the changes' own statements).

import type { components } from "@vault/spec/schema";
import { and, eq, gte, inArray, like, lt, or, type SQL, sql } from "drizzle-orm";
import type { Db } from "../data/database.js";
import { EVENT_OBJECTS, type EventObject, type EventType } from "../data/recorded-events.js";
import { events } from "../data/schema.js";
import { iso } from "./contract.js";
import { notFound } from "./errors.js";
import { type Keyset, orderOf, type Page, type PageRequest, pageOf, positionOf } from "./pagination.js";

export type ApiEvent = components["schemas"]["Event"];

export type EventRow = typeof events.$inferSelect;

/** Per resource, how a recorded view row becomes the contract's resource (`at`: when it was recorded). */
export type Presenters = Record<EventObject, (recorded: unknown, at: Date) => unknown | Promise<unknown>>;

/**
 * The top-level fields whose value differs between `before` and `after`, with their
 * values in `before` (null where `before` has none): an update's `previous_attributes`.
 */
function changedFields(before: Record<string, unknown>, after: Record<string, unknown>) {
  const fields = new Set([...Object.keys(before), ...Object.keys(after)]);
  return Object.fromEntries(
    [...fields]
      .filter((field) => JSON.stringify(before[field]) !== JSON.stringify(after[field]))
      .map((field) => [field, before[field] ?? null]),
  );
}

/** An event row as the contract's Event (the activity log's and the webhooks' body). */
export async function presentEvent(row: EventRow, presenters: Presenters): Promise<ApiEvent> {
  const present = presenters[EVENT_OBJECTS[row.type as EventType]];
  const object = (await present(row.data.object, row.created_at)) as Record<string, unknown>;
  const data =
    row.data.previous == null
      ? { object }
      : {
          object,
          previous_attributes: changedFields(
            (await present(row.data.previous, row.created_at)) as Record<string, unknown>,
            object,
          ),
        };
  return { id: row.id, type: row.type, created_at: iso(row.created_at), data } as ApiEvent;
}

/** One of the caller's events. */
export async function getEvent(db: Db, userId: number, id: string, presenters: Presenters): Promise<ApiEvent> {
  const [row] = await db
    .select()
    .from(events)
    .where(and(eq(events.user_id, userId), eq(events.id, id)));
  if (!row) throw notFound("event");
  return presentEvent(row, presenters);
}

export interface EventFilters {
  /** Types (`file.updated`) or prefixes ending in `.` (`file.`). */
  type?: string[];
  /** A resource id. */
  object?: string;
  createdAfter?: Date;
}

const KEYSET: Keyset = { createdAt: events.created_at, id: events.id, descending: true };

/** `%` and `_` are LIKE's wildcards; a type's `_` is itself. */
const likePrefix = (prefix: string) => `${prefix.replaceAll("\\", "\\\\").replaceAll("_", "\\_")}%`;

function filtersOf({ type, object, createdAfter }: EventFilters): SQL[] {
  const where: SQL[] = [];
  if (type && type.length > 0) {
    const exact = type.filter((t) => !t.endsWith("."));
    const prefixes = type.filter((t) => t.endsWith("."));
    const either = [
      ...(exact.length > 0 ? [inArray(events.type, exact)] : []),
      ...prefixes.map((p) => like(events.type, likePrefix(p))),
    ];
    where.push(or(...either) as SQL);
  }
  if (object !== undefined) where.push(eq(events.object_id, object));
  // After the instant as `created_at` shows it (to the millisecond): the stored times have microseconds.
  if (createdAfter !== undefined) where.push(gte(events.created_at, new Date(createdAfter.getTime() + 1)));
  return where;
}

/** A page of the caller's events, newest first, filtered. */
export async function listEvents(
  db: Db,
  userId: number,
  filters: EventFilters,
  page: PageRequest,
  presenters: Presenters,
): Promise<Page<ApiEvent>> {
  // A cursor belongs to one set of filters.
  const list = `events:${JSON.stringify([filters.type ?? [], filters.object ?? null, filters.createdAfter?.toISOString() ?? null])}`;
  const found = await pageOf({ userId, list }, page, KEYSET, (after, limit) =>
    db
      .select({ row: events, id: events.id, page_micros: positionOf(KEYSET) })
      .from(events)
      .where(and(eq(events.user_id, userId), ...filtersOf(filters), after))
      .orderBy(...orderOf(KEYSET))
      .limit(limit),
  );
  return { items: await Promise.all(found.items.map(({ row }) => presentEvent(row, presenters))), next: found.next };
}

/** Deletes the events older than `retentionDays` (the sweep's; an index on `created_at` finds them). */
export async function purgeOldEvents(db: Db, retentionDays: number): Promise<void> {
  await db.delete(events).where(lt(events.created_at, sql`now() - ${retentionDays}::integer * interval '1 day'`));
}
