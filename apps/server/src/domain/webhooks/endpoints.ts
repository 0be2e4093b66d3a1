// A user's webhook endpoints: where their events are POSTed, each with its signing secret.
// Every write records its event (and a POST's answer) in its own statement.
import { randomBytes } from "node:crypto";
import type { components } from "@vault/spec/schema";
import { and, eq, type SQL, sql } from "drizzle-orm";
import type { Db } from "../../data/database.js";
import { type ClaimedKey, claimedKeyValues, recordedAnswerOf } from "../../data/idempotency-keys.js";
import { lockedTransaction, namedStatement, value } from "../../data/prepared.js";
import { recordedEvent } from "../../data/recorded-events.js";
import { webhookEndpoints } from "../../data/schema.js";
import { iso } from "../contract.js";
import { DomainError, notFound } from "../errors.js";
import { type Keyset, orderOf, type Page, type PageRequest, pageOf, positionOf } from "../pagination.js";
import { openEndpointSecret, sealEndpointSecret } from "./endpoint-secrets.js";
import { checkEndpointUrl } from "./endpoint-urls.js";
import { wakesWorkers } from "./worker-wake.js";

export type ApiWebhookEndpoint = components["schemas"]["WebhookEndpoint"];
export type ApiWebhookEndpointWithSecret = components["schemas"]["WebhookEndpointWithSecret"];
type EndpointRow = typeof webhookEndpoints.$inferSelect;

/** The most endpoints one user may have. */
const MAX_ENDPOINTS = 16;
/** The first key of the advisory lock that serialises one user's endpoint creations (the count above). */
const ENDPOINTS_LOCK = 28;

/** `whsec_` and 24 random bytes in base64 (a Standard Webhooks secret), sealed as the database keeps it. */
const newSecret = () => sealEndpointSecret(`whsec_${randomBytes(24).toString("base64")}`);

/** An endpoint row as the API shows it (jsonb): what its events record and its POSTs' answers are rebuilt from. */
export const endpointView = (row: string) =>
  sql.raw(`jsonb_build_object('id', ${row}.id, 'url', ${row}.url, 'events', to_jsonb(${row}.events),
    'description', ${row}.description, 'disabled', ${row}.disabled, 'failing_since', ${row}.failing_since,
    'consecutive_failures', ${row}.consecutive_failures, 'created_at', ${row}.created_at,
    'updated_at', ${row}.updated_at)`);
const withSecret = (row: string) => sql`${endpointView(row)} || jsonb_build_object('secret', ${sql.raw(row)}.secret)`;

type Recorded = Record<keyof ApiWebhookEndpoint, unknown> & { secret?: string };

/**
 * A recorded endpoint (an event's `object`, a POST's record) or a row, as the API shows it;
 * one recorded before the breaker's fields were shows them as not failing.
 */
export function presentEndpoint(recorded: unknown): ApiWebhookEndpoint {
  const row = recorded as Recorded;
  const failingSince = row.failing_since as Date | string | null | undefined;
  return {
    id: row.id as string,
    url: row.url as string,
    events: row.events as ApiWebhookEndpoint["events"],
    description: (row.description as string | null) ?? null,
    disabled: row.disabled as boolean,
    failing_since: failingSince == null ? null : iso(new Date(failingSince)),
    consecutive_failures: (row.consecutive_failures as number | undefined) ?? 0,
    created_at: iso(new Date(row.created_at as string)),
    updated_at: iso(new Date(row.updated_at as string)),
  };
}

/** A recorded endpoint with its secret (a creation's or a rotation's answer), opened from its sealed copy. */
export const presentWithSecret = (recorded: unknown): ApiWebhookEndpointWithSecret => ({
  ...presentEndpoint(recorded),
  secret: openEndpointSecret((recorded as Recorded).secret as string),
});

const user = sql`${value("user")}::integer`;

const createStatement = namedStatement<EndpointRow, Record<string, unknown>>(
  "create_webhook_endpoint",
  sql`with
    inserted as (
      insert into webhook_endpoints (id, user_id, url, events, description, secret)
      select ${value("id")}::text, ${user}, ${value("url")}::text, ${value("events")}::text[], ${value("description")}::text,
        ${value("secret")}::text
      where (select count(*) from webhook_endpoints where user_id = ${user}) < ${sql.raw(String(MAX_ENDPOINTS))}
      returning *
    ),
    ${recordedAnswerOf({ user, status: 201, answer: sql`(select ${withSecret("i")} from inserted i)`, done: sql`exists (select 1 from inserted)` })},
    ${recordedEvent("webhook_endpoint.created", { user: sql`i.user_id`, object: endpointView("i"), from: sql`inserted i` })}
  select * from inserted`,
);

export interface EndpointInput {
  url: string;
  events: string[];
  description?: string | null;
}

/** A new endpoint of the caller's, with its secret (shown this once). */
export async function createEndpoint(
  db: Db,
  userId: number,
  input: EndpointInput,
  allowHosts: string[],
  claimed?: ClaimedKey,
): Promise<ApiWebhookEndpointWithSecret> {
  await checkEndpointUrl(input.url, allowHosts);
  const values = {
    ...claimedKeyValues(claimed),
    id: `we_${randomBytes(16).toString("hex")}`,
    user: userId,
    url: input.url,
    events: [...new Set(input.events)],
    description: input.description ?? null,
    secret: newSecret(),
  };
  // Under the user's lock, so that concurrent creations are counted one after the other.
  const [row] = await lockedTransaction(db, `select pg_advisory_xact_lock(${ENDPOINTS_LOCK}, ${userId})`, (session) =>
    createStatement(session, values),
  );
  if (!row)
    throw new DomainError(
      "conflict",
      `You have ${MAX_ENDPOINTS} webhook endpoints, the most one may have: delete one first.`,
    );
  return presentWithSecret(row);
}

const ofCaller = (userId: number, id: string) => and(eq(webhookEndpoints.user_id, userId), eq(webhookEndpoints.id, id));

/** One of the caller's endpoints. */
export async function getEndpoint(db: Db, userId: number, id: string): Promise<ApiWebhookEndpoint> {
  const [row] = await db.select().from(webhookEndpoints).where(ofCaller(userId, id));
  if (!row) throw notFound("webhook endpoint");
  return presentEndpoint(row);
}

const KEYSET: Keyset = { createdAt: webhookEndpoints.created_at, id: webhookEndpoints.id };

/** A page of the caller's endpoints, oldest first. */
export async function listEndpoints(db: Db, userId: number, page: PageRequest): Promise<Page<ApiWebhookEndpoint>> {
  const found = await pageOf({ userId, list: "webhook_endpoints" }, page, KEYSET, (after, limit) =>
    db
      .select({ row: webhookEndpoints, id: webhookEndpoints.id, page_micros: positionOf(KEYSET) })
      .from(webhookEndpoints)
      .where(and(eq(webhookEndpoints.user_id, userId), after))
      .orderBy(...orderOf(KEYSET))
      .limit(limit),
  );
  return { items: found.items.map(({ row }) => presentEndpoint(row)), next: found.next };
}

/** The caller's endpoint `id`, locked for the statement's change (`previous`), and the change's event. */
const endpointChange = (type: "webhook_endpoint.updated", target: SQL) => sql`with
    previous as (select * from webhook_endpoints where id = ${value("id")}::text and user_id = ${user} for update),
    target as (${target} returning e.*),
    ${recordedEvent(type, {
      user: sql`t.user_id`,
      object: endpointView("t"),
      previous: endpointView("p"),
      from: sql`target t join previous p on p.id = t.id`,
    })}`;

/** A PATCH that enables a disabled endpoint or gives it another URL: its failures so far no longer count. */
const restarted = sql`((p.disabled and ${value("disabled")}::boolean = false) or ${value("url")}::text <> p.url)`;

const updateStatement = namedStatement<EndpointRow, Record<string, unknown>>(
  "update_webhook_endpoint",
  sql`${endpointChange(
    "webhook_endpoint.updated",
    sql`update webhook_endpoints e set
        url = coalesce(${value("url")}::text, e.url),
        events = coalesce(${value("events")}::text[], e.events),
        description = case when ${value("set_description")}::boolean then ${value("description")}::text else e.description end,
        disabled = coalesce(${value("disabled")}::boolean, e.disabled),
        failing_since = case when ${restarted} then null else e.failing_since end,
        consecutive_failures = case when ${restarted} then 0 else e.consecutive_failures end,
        consecutive_timeouts = case when ${restarted} then 0 else e.consecutive_timeouts end,
        updated_at = now()
      from previous p where e.id = p.id`,
  )}
  select target.* from target ${wakesWorkers}`,
);

/** Changes the given fields of one of the caller's endpoints (a new `url` is checked as at creation). */
export async function updateEndpoint(
  db: Db,
  userId: number,
  id: string,
  change: Partial<EndpointInput> & { disabled?: boolean },
  allowHosts: string[],
): Promise<ApiWebhookEndpoint> {
  if (change.url !== undefined) await checkEndpointUrl(change.url, allowHosts);
  const [row] = await updateStatement(db, {
    id,
    user: userId,
    url: change.url ?? null,
    events: change.events === undefined ? null : [...new Set(change.events)],
    set_description: change.description !== undefined,
    description: change.description ?? null,
    disabled: change.disabled ?? null,
  });
  if (!row) throw notFound("webhook endpoint");
  return presentEndpoint(row);
}

const rotateStatement = namedStatement<EndpointRow, Record<string, unknown>>(
  "rotate_webhook_endpoint_secret",
  sql`${endpointChange(
    "webhook_endpoint.updated",
    sql`update webhook_endpoints e set previous_secret = e.secret, previous_secret_until = now() + interval '24 hours',
        secret = ${value("secret")}::text, updated_at = now()
      from previous p where e.id = p.id`,
  )},
    ${recordedAnswerOf({ user, status: 200, answer: sql`(select ${withSecret("t")} from target t)`, done: sql`exists (select 1 from target)` })}
  select * from target`,
);

/** A new secret for one of the caller's endpoints; the old one keeps signing for 24 hours beside it. */
export async function rotateSecret(
  db: Db,
  userId: number,
  id: string,
  claimed?: ClaimedKey,
): Promise<ApiWebhookEndpointWithSecret> {
  const [row] = await rotateStatement(db, { ...claimedKeyValues(claimed), id, user: userId, secret: newSecret() });
  if (!row) throw notFound("webhook endpoint");
  return presentWithSecret(row);
}

const deleteStatement = namedStatement<{ id: string }, Record<string, unknown>>(
  "delete_webhook_endpoint",
  sql`with
    target as (delete from webhook_endpoints where id = ${value("id")}::text and user_id = ${user} returning *),
    ${recordedEvent("webhook_endpoint.deleted", { user: sql`t.user_id`, object: endpointView("t"), from: sql`target t` })}
  select id from target`,
);

/** Deletes one of the caller's endpoints and its deliveries. */
export async function deleteEndpoint(db: Db, userId: number, id: string): Promise<void> {
  const [row] = await deleteStatement(db, { id, user: userId });
  if (!row) throw notFound("webhook endpoint");
}
