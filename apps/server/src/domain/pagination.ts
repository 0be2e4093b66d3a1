// Cursor pages over keyset queries: a page costs the same at item 1,000,000 as at
// item 1, and following the cursors visits every item once even while items are
// added or removed (a removed one may be missing; none repeats).
import { type SQL, sql } from "drizzle-orm";
import type { AnyPgColumn } from "drizzle-orm/pg-core";
import { keyRing } from "../secrets/key-ring.js";
import { DomainError } from "./errors.js";

/** What a list request asks for: where to start and how many. */
export interface PageRequest {
  /** The cursor of a previous page's `next`, as given. */
  cursor?: string;
  pageSize: number;
}

/** Who asks for which list: a cursor is valid only for the same caller and list (with its filters). */
export interface ListScope {
  userId: number;
  /** The list and its filters, e.g. `files:root` or `folders:<parent id>`. */
  list: string;
}

export interface Page<T> {
  items: T[];
  /** The cursor of the next page, or null on the last page. */
  next: string | null;
}

/** Where a page ends: the last item's creation time (microseconds since the epoch, exact) and id. */
interface Position {
  micros: string;
  id: string;
}

/** What a cursor's MAC (the root secret's cursor key, 16 bytes of HMAC-SHA-256) covers: the caller, the list and the position. */
const signed = (scope: ListScope, payload: string) => `${scope.userId}\n${scope.list}\n${payload}`;

const badCursor = () =>
  new DomainError("bad_request", "The cursor is not one this list gave you; start again without it.", [
    { field: "cursor", in: "query", message: "is not a cursor of this list", code: "invalid_cursor" },
  ]);

/** A cursor holding `values` (a position in some list order), signed for the caller and list. */
function signedCursor(scope: ListScope, values: unknown[]): string {
  const payload = Buffer.from(JSON.stringify(values)).toString("base64url");
  return `${payload}.${keyRing().mac("cursor", signed(scope, payload)).subarray(0, 16).toString("base64url")}`;
}

/** The values a cursor holds, if it was signed for this caller and list; else a 400 naming `cursor`. */
function cursorValues(scope: ListScope, cursor: string): unknown[] {
  const [payload, signature, ...rest] = cursor.split(".");
  if (!payload || !signature || rest.length > 0) throw badCursor();
  const given = Buffer.from(signature, "base64url");
  if (given.length !== 16 || !keyRing().verifies("cursor", signed(scope, payload), given)) throw badCursor();
  return JSON.parse(Buffer.from(payload, "base64url").toString("utf8")) as unknown[];
}

const encode = (scope: ListScope, position: Position) => signedCursor(scope, [position.micros, position.id]);

function decode(scope: ListScope, cursor: string): Position {
  const [micros, id] = cursorValues(scope, cursor) as [string, string];
  return { micros, id };
}

/** The keyset columns of a list: creation time, then id (both unique together). */
export interface Keyset {
  createdAt: AnyPgColumn | SQL;
  id: AnyPgColumn | SQL;
  /** Newest first (the bin); oldest first otherwise. */
  descending?: boolean;
}

/** A time in microseconds since the epoch, as text: exact, where a JavaScript Date keeps milliseconds only. */
export const microsOf = (time: AnyPgColumn | SQL) => sql<string>`(extract(epoch from ${time}) * 1000000)::bigint::text`;

/** The time `microsOf` wrote as `micros`. */
const instantOf = (micros: string) => sql`(timestamptz 'epoch' + ${micros}::bigint * interval '1 microsecond')`;

/** A row's position, exact to the microsecond. */
export const positionOf = (keyset: Keyset) => microsOf(keyset.createdAt).as("page_micros");

/** The list order of a keyset. */
export const orderOf = ({ createdAt, id, descending }: Keyset) =>
  descending ? [sql`${createdAt} desc`, sql`${id} desc`] : [sql`${createdAt} asc`, sql`${id} asc`];

/** SQL condition: the row comes after `position` in list order (true on the first page). */
function after(keyset: Keyset, position: Position | undefined): SQL {
  if (!position) return sql`true`;
  const at = instantOf(position.micros);
  return sql`(${keyset.createdAt}, ${keyset.id}) ${keyset.descending ? sql`<` : sql`>`} (${at}, ${position.id})`;
}

/**
 * One page of a list. `rows` runs the keyset query: the rows after the given condition
 * in list order (`orderOf`), at most `limit`, each with its `page_micros` (`positionOf`).
 * One more than the page size is read to know whether a next page exists.
 */
export async function pageOf<Row extends { id: string; page_micros: string }>(
  scope: ListScope,
  request: PageRequest,
  keyset: Keyset,
  rows: (after: SQL, limit: number) => Promise<Row[]>,
): Promise<Page<Row>> {
  const start = request.cursor === undefined ? undefined : decode(scope, request.cursor);
  const found = await rows(after(keyset, start), request.pageSize + 1);
  const items = found.slice(0, request.pageSize);
  const last = items.at(-1);
  const next =
    found.length > request.pageSize && last ? encode(scope, { micros: last.page_micros, id: last.id }) : null;
  return { items, next };
}

/**
 * Where a page of a ranked list ends (a search's): its last row's tier (best first), score
 * (highest first), ranking time (`microsOf`, newest first) and id (highest first).
 */
export type RankedPosition = [tier: number, score: number, micros: string, id: string];

/** The position a ranked list's cursor holds, checked for shape (the MAC vouches for its values). */
function rankedPosition(scope: ListScope, cursor: string): RankedPosition {
  const values = cursorValues(scope, cursor);
  const [tier, score, micros, id] = values;
  const valid =
    values.length === 4 &&
    Number.isInteger(tier) &&
    Number.isInteger(score) &&
    typeof micros === "string" &&
    /^-?\d{1,19}$/.test(micros) &&
    typeof id === "string";
  if (!valid) throw new TypeError("a ranked cursor signed by this server holds a position");
  return values as RankedPosition;
}

/**
 * SQL condition: the row `h` (with its `tier`, `score`, the time `at` it is ranked by
 * and `id`) comes after `position` in ranked order (true on the first page).
 */
export function rankedAfter(position: RankedPosition | undefined, at: SQL): SQL {
  if (!position) return sql`true`;
  const [tier, score, micros, id] = position;
  return sql`(h.tier > ${tier} or (h.tier = ${tier} and (h.score < ${score}
    or (h.score = ${score} and (${at}, h.id) < (${instantOf(micros)}, ${id})))))`;
}

/**
 * One page of a ranked list, as `pageOf` is of a keyset list: `rows` reads, from the
 * given position on (undefined on the first page), at most `limit` rows in ranked order,
 * each with its `tier`, `score` and `page_micros`.
 */
export async function rankedPageOf<Row extends { id: string; tier: number; score: number; page_micros: string }>(
  scope: ListScope,
  request: PageRequest,
  rows: (start: RankedPosition | undefined, limit: number) => Promise<Row[]>,
): Promise<Page<Row>> {
  const start = request.cursor === undefined ? undefined : rankedPosition(scope, request.cursor);
  const found = await rows(start, request.pageSize + 1);
  const items = found.slice(0, request.pageSize);
  const last = items.at(-1);
  const next =
    found.length > request.pageSize && last
      ? signedCursor(scope, [last.tier, last.score, last.page_micros, last.id])
      : null;
  return { items, next };
}
