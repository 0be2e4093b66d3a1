// Deliveries: one per endpoint and event (made by the event's insert, see migration
// 0017), claimed by the delivery workers, each try kept on the row.
import { randomBytes } from "node:crypto";
import type { components } from "@vault/spec/schema";
import { and, eq, type SQL, sql } from "drizzle-orm";
import type { Db } from "../../data/database.js";
import { type ClaimedKey, claimedKeyValues, recordedAnswerOf } from "../../data/idempotency-keys.js";
import { namedStatement, statement, value } from "../../data/prepared.js";
import { recordedEvent } from "../../data/recorded-events.js";
import { type DeliveryAttempt, events, webhookDeliveries, webhookEndpoints } from "../../data/schema.js";
import { iso } from "../contract.js";
import { notFound } from "../errors.js";

import { type Keyset, orderOf, type Page, type PageRequest, pageOf, positionOf } from "../pagination.js";
import { endpointView } from "./endpoints.js";
import { WEBHOOK_DEFAULTS } from "./webhook-defaults.js";
import { wakesWorkers } from "./worker-wake.js";

export type ApiWebhookDelivery = components["schemas"]["WebhookDelivery"];

/** The retries of a delivery (the schedule's length); after the last one fails, the delivery is failed. */
const RETRIES = WEBHOOK_DEFAULTS.retryDelaysMs.length;
/** The tries a delivery's row keeps, the newest. */
const KEPT_ATTEMPTS = 20;
/**
 * The most deliveries a claim lets be in flight to one endpoint, and to one user's endpoints, counting
 * every worker's leases: two workers claiming at one moment may each fill it, so it holds per process.
 */
export const SHARES = { perEndpoint: 4, perUser: 8 };
export type Shares = typeof SHARES;
/**
 * An endpoint whose last this many tries failed has its tries go one at a time until one is
 * delivered; when they all timed out, with the worker's shorter timeout, but for each this
 * many-th, a probe with the full timeout (half-open): an endpoint slower than the shorter
 * timeout, and healthy, is delivered to again.
 */
const BREAKER_FAILURES = 5;
/** The longest gap between two keeps of an endpoint's tries during which its backlog counts as waiting on its share, in leases. */
const BACKLOG_GAP_LEASES = 4;
/** The most deliveries of one endpoint failed unsent by one keep: more than its tries could add meanwhile. */
const EXPIRED_PER_KEEP = 100;

export interface DeliveryView {
  id: string;
  event_id: string;
  event_type: string;
  status: ApiWebhookDelivery["status"];
  attempts: DeliveryAttempt[];
  next_attempt_at: Date | string | null;
  created_at: Date | string;
}

/** A delivery (a row with its event's id and type, or its recorded jsonb) as the API shows it. */
export const presentDelivery = (row: DeliveryView): ApiWebhookDelivery => ({
  id: row.id,
  event_id: row.event_id,
  event_type: row.event_type,
  status: row.status,
  attempts: row.attempts,
  next_attempt_at: row.next_attempt_at === null ? null : iso(new Date(row.next_attempt_at)),
  created_at: iso(new Date(row.created_at)),
});

const user = sql`${value("user")}::integer`;
const deliveryView = (row: string, event: string) =>
  sql.raw(`jsonb_build_object('id', ${row}.id, 'event_id', ${event}.id, 'event_type', ${event}.type,
    'status', ${row}.status, 'attempts', ${row}.attempts, 'next_attempt_at', ${row}.next_attempt_at,
    'created_at', ${row}.created_at)`);

const KEYSET: Keyset = { createdAt: webhookDeliveries.created_at, id: webhookDeliveries.id, descending: true };

async function ownedEndpoint(db: Db, userId: number, id: string) {
  const [endpoint] = await db
    .select({ id: webhookEndpoints.id })
    .from(webhookEndpoints)
    .where(and(eq(webhookEndpoints.user_id, userId), eq(webhookEndpoints.id, id)));
  if (!endpoint) throw notFound("webhook endpoint");
}

/** A page of one of the caller's endpoints' deliveries, newest first. */
export async function listDeliveries(
  db: Db,
  userId: number,
  endpointId: string,
  page: PageRequest,
): Promise<Page<ApiWebhookDelivery>> {
  await ownedEndpoint(db, userId, endpointId);
  const found = await pageOf({ userId, list: `webhook_deliveries:${endpointId}` }, page, KEYSET, (after, limit) =>
    db
      .select({
        id: webhookDeliveries.id,
        page_micros: positionOf(KEYSET),
        event_id: events.id,
        event_type: events.type,
        status: webhookDeliveries.status,
        attempts: webhookDeliveries.attempts,
        next_attempt_at: webhookDeliveries.next_attempt_at,
        created_at: webhookDeliveries.created_at,
      })
      .from(webhookDeliveries)
      .innerJoin(events, eq(events.seq, webhookDeliveries.event_seq))
      .where(and(eq(webhookDeliveries.endpoint_id, endpointId), after))
      .orderBy(...orderOf(KEYSET))
      .limit(limit),
  );
  return { items: found.items.map(presentDelivery), next: found.next };
}

const deliveryStatement = namedStatement<{ view: DeliveryView }, Record<string, unknown>>(
  "get_webhook_delivery",
  sql`select ${deliveryView("d", "e")} as view
    from webhook_deliveries d
    join webhook_endpoints w on w.id = d.endpoint_id
    join events e on e.seq = d.event_seq
    where d.id = ${value("delivery")}::text and d.endpoint_id = ${value("id")}::text and w.user_id = ${user}`,
);

/** One of the caller's endpoints' deliveries, with its tries. */
export async function getDelivery(db: Db, userId: number, endpointId: string, deliveryId: string) {
  const [row] = await deliveryStatement(db, { id: endpointId, delivery: deliveryId, user: userId });
  if (!row) throw notFound("webhook delivery");
  return presentDelivery(row.view);
}

const pingStatement = namedStatement<DeliveryView, Record<string, unknown>>(
  "test_webhook_endpoint",
  sql`with
    target as (select * from webhook_endpoints where id = ${value("id")}::text and user_id = ${user}),
    ${recordedEvent("ping", {
      user: sql`t.user_id`,
      object: endpointView("t"),
      from: sql`target t`,
    })},
    delivery as (
      insert into webhook_deliveries (id, endpoint_id, event_seq)
      select ${value("delivery")}::text, t.id, r.seq from target t, recorded_event r
      returning *
    ),
    shown as (select ${deliveryView("d", "e")} as view from delivery d, (select r.id, 'ping' as type from recorded_event r) e),
    ${recordedAnswerOf({ user, status: 202, answer: sql`(select view from shown)`, done: sql`exists (select 1 from delivery)` })}
  select view from shown ${wakesWorkers}`,
);

/** A `ping` event for one of the caller's endpoints, delivered to it alone. */
export async function pingEndpoint(db: Db, userId: number, id: string, claimed?: ClaimedKey) {
  const [row] = (await pingStatement(db, {
    ...claimedKeyValues(claimed),
    id,
    user: userId,
    delivery: `dlv_${randomBytes(16).toString("hex")}`,
  })) as unknown as { view: DeliveryView }[];
  if (!row) throw notFound("webhook endpoint");
  return presentDelivery(row.view);
}

const retryStatement = namedStatement<{ view: DeliveryView }, Record<string, unknown>>(
  "retry_webhook_delivery",
  sql`with
    target as (
      update webhook_deliveries d set status = 'pending',
        attempt_count = least(d.attempt_count, ${sql.raw(String(RETRIES))}),
        next_attempt_at = case when d.leased_until > now() then d.next_attempt_at else now() end
      from webhook_endpoints e
      where d.id = ${value("delivery")}::text and d.endpoint_id = ${value("id")}::text and e.id = d.endpoint_id
        and e.user_id = ${user}
      returning d.*
    ),
    shown as (select ${deliveryView("d", "e")} as view from target d join events e on e.seq = d.event_seq),
    ${recordedAnswerOf({ user, status: 202, answer: sql`(select view from shown)`, done: sql`exists (select 1 from target)` })}
  select view from shown ${wakesWorkers}`,
);

/** One of an endpoint's deliveries, due again now (pending, with one more try if it had none left). */
export async function retryDelivery(
  db: Db,
  userId: number,
  endpointId: string,
  deliveryId: string,
  claimed?: ClaimedKey,
) {
  const [row] = await retryStatement(db, {
    ...claimedKeyValues(claimed),
    id: endpointId,
    delivery: deliveryId,
    user: userId,
  });
  if (!row) throw notFound("webhook delivery");
  return presentDelivery(row.view);
}

/** A claimed delivery: what its worker sends, and where. */
export interface ClaimedDelivery {
  id: string;
  attempt_count: number;
  /** The lease's end as the database wrote it (to the microsecond): whose lease a row holds. */
  lease: string;
  url: string;
  secret: string;
  /** The secret rotated out less than 24 hours ago, which signs beside the new one. */
  previous_secret: string | null;
  /** Its endpoint's last tries all timed out (BREAKER_FAILURES), and this one is no probe: it gets the shorter timeout. */
  breaker_open: boolean;
  event: typeof events.$inferSelect;
}

/**
 * Claims up to `limit` due deliveries of enabled endpoints, each user's and each endpoint's
 * share at most: in flight (every worker's leases counted, a user's disabled endpoints'
 * too; two claims at one moment may each fill it, so it holds per process), at most
 * `perEndpoint` per endpoint (one while its breaker is open) and `perUser` per user. Round-robin: every
 * user's first pick before anyone's second, and a user's picks each of their endpoints'
 * oldest in turn, so one user's slow endpoints hold no slot another user's delivery needs.
 * A claim moves `next_attempt_at` past its lease, so a worker that dies mid-try leaves a
 * delivery that falls due again when the lease ends. Two workers that pick the same row
 * claim it once: the update takes it only while it is still due (`next_attempt_at` is
 * set exactly while a delivery is pending). The update finds the picked rows by their
 * ids (`= any(array(…))`, the primary key), repeats no `status = 'pending'` and joins
 * nothing, so the planner cannot read them through the partial index of pending
 * deliveries or the endpoint's index of all its deliveries, either of which reads the
 * whole backlog on every claim; the endpoint and the event are joined to the rows it
 * returns.
 */
/**
 * The claim's SQL (`$1`: the most deliveries to claim; `$2`, `$3`: the most in flight per endpoint and per user;
 * `$4`: the lease, in milliseconds).
 */
export const CLAIM_TEXT = `with endpoint_room as (
    select e.id, e.user_id,
      case when e.consecutive_failures >= ${BREAKER_FAILURES} then 1 else $2::integer end - busy.n as room,
      $3::integer - (select count(*)::integer from webhook_endpoints u join webhook_deliveries b on b.endpoint_id = u.id
        where u.user_id = e.user_id and b.leased_until > now()) as user_room
    from webhook_endpoints e
      cross join lateral (select count(*)::integer as n from webhook_deliveries b
        where b.endpoint_id = e.id and b.leased_until > now()) busy
    where not e.disabled
  ),
  due as (
    select p.id, p.next_attempt_at, o.user_id, o.user_room,
      row_number() over (partition by o.id order by p.next_attempt_at) as endpoint_turn
    from endpoint_room o
      cross join lateral (select d.id, d.next_attempt_at from webhook_deliveries d
        where d.endpoint_id = o.id and d.status = 'pending' and d.next_attempt_at <= now()
        order by d.next_attempt_at limit greatest(least(o.room, o.user_room), 0)) p
  ),
  ranked as (
    select id, next_attempt_at, user_room,
      row_number() over (partition by user_id order by endpoint_turn, next_attempt_at) as turn
    from due
  ),
  picked as (
    select id from ranked where turn <= user_room
    order by turn, next_attempt_at limit $1
  ),
  claimed as (
    update webhook_deliveries d set attempt_count = d.attempt_count + 1,
      leased_until = now() + $4::integer * interval '1 millisecond',
      next_attempt_at = now() + $4::integer * interval '1 millisecond'
    where d.id = any(array(select id from picked)) and d.next_attempt_at <= now()
    returning d.id, d.attempt_count, d.leased_until, d.endpoint_id, d.event_seq
  )
  select c.id, c.attempt_count, c.leased_until::text as lease, e.url, e.secret,
    case when e.previous_secret_until > now() then e.previous_secret end as previous_secret,
    e.consecutive_timeouts >= ${BREAKER_FAILURES}
      and e.consecutive_timeouts % ${BREAKER_FAILURES} <> ${BREAKER_FAILURES - 1} as breaker_open,
    jsonb_build_object('seq', v.seq, 'id', v.id, 'user_id', v.user_id, 'type', v.type, 'object_id', v.object_id,
      'data', v.data, 'created_at', v.created_at) as event
  from claimed c join webhook_endpoints e on e.id = c.endpoint_id join events v on v.seq = c.event_seq`;

const claimStatement = statement<{
  id: string;
  attempt_count: number;
  lease: string;
  url: string;
  secret: string;
  previous_secret: string | null;
  breaker_open: boolean;
  event: typeof events.$inferSelect & { created_at: string };
}>("claim_webhook_deliveries", CLAIM_TEXT);

/** When the next delivery of an enabled endpoint falls due (a retry, another worker's lease ending), if any is pending. */
const nextDueStatement = statement<{ at: Date | string | null }>(
  "next_webhook_delivery_due",
  `select min(p.next_attempt_at) as at from webhook_endpoints e
    cross join lateral (select d.next_attempt_at from webhook_deliveries d
      where d.endpoint_id = e.id and d.status = 'pending' order by d.next_attempt_at limit 1) p
    where not e.disabled`,
);

/**
 * Deliveries a stopping worker claimed and did not try to the end: due now and unleased,
 * the cut try not counted, and the workers woken, so that another process sends them now
 * rather than when their lease ends (it may be asleep for minutes: a write notifies only
 * for the first delivery to an endpoint in half a second). Only while the lease is still
 * this worker's: one that ran out may have been claimed by another worker since.
 */
const releaseStatement = namedStatement<{ released: number }, { ids: string[]; leases: string[] }>(
  "release_webhook_deliveries",
  sql`with released as (
    update webhook_deliveries d set next_attempt_at = now(), leased_until = null, attempt_count = d.attempt_count - 1
    from unnest(${value("ids")}::text[], ${value("leases")}::timestamptz[]) r(id, lease)
    where d.id = r.id and d.leased_until = r.lease
    returning d.id
  )
  select count(*)::integer as released from released ${wakesWorkers}`,
);

export async function releaseDeliveries(db: Db, claimed: Pick<ClaimedDelivery, "id" | "lease">[]): Promise<void> {
  if (claimed.length === 0) return;
  await releaseStatement(db, { ids: claimed.map(({ id }) => id), leases: claimed.map(({ lease }) => lease) });
}

export async function nextDeliveryDue(db: Db): Promise<Date | undefined> {
  const [row] = await nextDueStatement(db, []);
  return row?.at == null ? undefined : new Date(row.at);
}

export async function claimDeliveries(
  db: Db,
  limit: number,
  shares: Shares = SHARES,
  leaseMs = WEBHOOK_DEFAULTS.leaseMs,
): Promise<ClaimedDelivery[]> {
  const rows = await claimStatement(db, [limit, shares.perEndpoint, shares.perUser, leaseMs]);
  return rows.map((row) => ({ ...row, event: { ...row.event, created_at: new Date(row.event.created_at) } }));
}

/**
 * Keeps the outcomes of tries that finished together, in one statement: each delivered,
 * due again after the next wait, or failed after the last. Per endpoint, in the order
 * the tries finished: `failing_since` is cleared when its last try delivered (set to now
 * when an earlier one of the batch did and the last failed) and set by the first failure
 * after a delivery, and `consecutive_failures` counts the failures after the last
 * delivered try; an endpoint whose tries all failed for `disable_after_s` is disabled
 * (an event); `consecutive_timeouts` counts the timeouts after its last other outcome.
 * `backlog_since` is when the endpoint's due deliveries began to wait on its share (due and
 * unclaimed at each keep, the keeps at most BACKLOG_GAP_LEASES leases apart: workers that were down do
 * not count). Once that is over `max_wait_s` ago, its deliveries due for over `max_wait_s`
 * (a backlog its receiver does not keep up with) are failed unsent, with an attempt saying
 * so, the oldest first, at most EXPIRED_PER_KEEP a keep: an endpoint's backlog holds at most
 * that long of its events.
 * Each delivery is found by its primary key, and only while pending: while it has a
 * `next_attempt_at` (not `status = 'pending'`, with which a generic plan may read the
 * whole partial index of pending deliveries for each try kept).
 */
/** The row `d`'s attempts with `attempt` after them, the newest KEPT_ATTEMPTS. */
const withAttempt = (attempt: SQL) =>
  sql`(select coalesce(jsonb_agg(a order by n), '[]'::jsonb) from jsonb_array_elements(d.attempts || ${attempt})
    with ordinality x(a, n) where n > jsonb_array_length(d.attempts) + 1 - ${sql.raw(String(KEPT_ATTEMPTS))})`;

export const recordStatement = namedStatement<{ kept: number }, Record<string, unknown>>(
  "record_webhook_attempts",
  sql`with
    tries as (select * from jsonb_to_recordset(${value("tries")}::jsonb)
      as x(id text, attempt jsonb, ok boolean, timed_out boolean, n integer)),
    delays as (select ${value("retry_delays_ms")}::integer[] as s),
    target as (
      update webhook_deliveries d set
        attempts = ${withAttempt(sql`t.attempt`)},
        status = case when t.ok then 'succeeded'
          when d.attempt_count > cardinality(delays.s) then 'failed' else 'pending' end,
        next_attempt_at = case when t.ok or d.attempt_count > cardinality(delays.s) then null
          else now() + delays.s[d.attempt_count] * interval '1 millisecond' end,
        leased_until = null
      from delays, tries t
      where d.id = any(array(select id from tries)) and t.id = d.id and d.next_attempt_at is not null
      returning d.endpoint_id, t.ok, t.timed_out, t.n
    ),
    outcomes as (
      select endpoint_id, bool_or(ok) as any_ok, (array_agg(ok order by n desc))[1] as last_ok,
        (count(*) filter (where not ok and n > coalesce(last_ok_n, -1)))::integer as failed_after,
        bool_or(not timed_out) as any_answered,
        (count(*) filter (where timed_out and n > coalesce(last_answered_n, -1)))::integer as timed_out_after,
        exists (select 1 from webhook_deliveries b where b.endpoint_id = t.endpoint_id and b.status = 'pending'
          and b.next_attempt_at <= now()) as backlogged
      from (select *, max(n) filter (where ok) over (partition by endpoint_id) as last_ok_n,
          max(n) filter (where not timed_out) over (partition by endpoint_id) as last_answered_n
        from target) t
      group by endpoint_id
    ),
    endpoint as (
      update webhook_endpoints e set
        failing_since = case when o.last_ok then null when o.any_ok then now() else coalesce(e.failing_since, now()) end,
        consecutive_failures = case when o.any_ok then 0 else e.consecutive_failures end + o.failed_after,
        consecutive_timeouts = case when o.any_answered then 0 else e.consecutive_timeouts end + o.timed_out_after,
        disabled = e.disabled or (not o.any_ok
          and coalesce(e.failing_since < now() - ${value("disable_after_s")}::integer * interval '1 second', false)),
        backlog_since = case when not o.backlogged then null
          when e.backlog_seen_at > now() - ${value("backlog_gap_ms")}::integer * interval '1 millisecond'
            then coalesce(e.backlog_since, now())
          else now() end,
        backlog_seen_at = case when o.backlogged then now() end
      from outcomes o
      where e.id = o.endpoint_id
        and (e.failing_since is not null or not o.last_ok or o.backlogged or e.backlog_since is not null)
      returning e.*, not (select disabled from webhook_endpoints where id = e.id) and e.disabled as now_disabled
    ),
    ${recordedEvent("webhook_endpoint.disabled", {
      user: sql`e.user_id`,
      object: endpointView("e"),
      from: sql`endpoint e where e.now_disabled`,
    })},
    max_wait as (select ${value("max_wait_s")}::integer as s),
    expired as (
      update webhook_deliveries d set status = 'failed', next_attempt_at = null,
        attempts = ${withAttempt(sql`jsonb_build_object('at', to_char(now() at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'),
          'status_code', null, 'duration_ms', 0,
          'error', 'not sent: due for over ' || (select s from max_wait) || ' s while its endpoint did not keep up')`)}
      where d.id = any(array(
        select x.id from endpoint e cross join lateral (
          select b.id from webhook_deliveries b
          where b.endpoint_id = e.id and b.status = 'pending'
            and b.next_attempt_at < now() - (select s from max_wait) * interval '1 second'
          order by b.next_attempt_at limit ${sql.raw(String(EXPIRED_PER_KEEP))}) x
        where e.backlog_since < now() - (select s from max_wait) * interval '1 second'
          and x.id <> all(array(select id from tries))
      ))
      returning d.id
    )
  select count(*)::integer as kept from target`,
);

/** A finished try of a claimed delivery. */
export interface FinishedTry {
  id: string;
  attempt: DeliveryAttempt;
  /** No answer came within the try's timeout (the breaker's shorter timeout counts only these). */
  timedOut: boolean;
}

/**
 * How long an endpoint may fail before it is disabled, and a delivery may wait due before it is failed unsent;
 * the waits before each retry; a claim's lease (a backlog's keeps are at most BACKLOG_GAP_LEASES of them apart).
 */
export interface KeepLimits {
  disableAfterS: number;
  maxWaitS: number;
  retryDelaysMs: readonly number[];
  leaseMs: number;
}
export const KEEP_LIMITS: KeepLimits = {
  disableAfterS: WEBHOOK_DEFAULTS.disableAfterS,
  maxWaitS: WEBHOOK_DEFAULTS.maxWaitS,
  retryDelaysMs: WEBHOOK_DEFAULTS.retryDelaysMs,
  leaseMs: WEBHOOK_DEFAULTS.leaseMs,
};

/** Keeps the outcomes of `tries`, in the order they finished. */
export async function recordAttempts(db: Db, tries: FinishedTry[], limits = KEEP_LIMITS): Promise<void> {
  const rows = tries.map(({ id, attempt, timedOut }, n) => ({
    id,
    attempt,
    ok: attempt.error === null,
    timed_out: timedOut,
    n,
  }));
  await recordStatement(db, {
    tries: JSON.stringify(rows),
    retry_delays_ms: `{${limits.retryDelaysMs.join(",")}}`,
    disable_after_s: limits.disableAfterS,
    backlog_gap_ms: BACKLOG_GAP_LEASES * limits.leaseMs,
    max_wait_s: limits.maxWaitS,
  });
}
