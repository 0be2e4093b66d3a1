// The delivery worker each server process runs: it claims due deliveries (over every
// process, each user and each endpoint at most their share in flight), POSTs each event as
// the Standard Webhooks specification says, and keeps each try's outcome. Woken by the
// events' notification (at most once per WAKE_INTERVAL_MS) and by its own finished tries;
// when nothing is due it sleeps until the next retry (or another worker's lease) falls
// due, so an idle server sends no queries. Tries that finish together are kept in one
// statement and followed by one claim: under load a delivery costs a share of two
// statements, not a claim, a keep and a look for the next due of its own (issue 28 §4).
import http from "node:http";
import https from "node:https";
import ipaddr from "ipaddr.js";
import type { Logger } from "pino";
import { Webhook } from "standardwebhooks";
import type { Db } from "../../data/database.js";
import type { events } from "../../data/schema.js";
import { iso } from "../contract.js";
import {
  type ClaimedDelivery,
  claimDeliveries,
  type FinishedTry,
  KEEP_LIMITS,
  type KeepLimits,
  nextDeliveryDue,
  recordAttempts,
  releaseDeliveries,
  SHARES,
  type Shares,
} from "./deliveries.js";
import { openEndpointSecret } from "./endpoint-secrets.js";
import { checkedLookup, forbiddenAddress, hostOf, isAllowedHost } from "./endpoint-urls.js";
import { WEBHOOK_DEFAULTS } from "./webhook-defaults.js";

/** The shortest and longest sleep of an idle worker (the shortest when a due delivery's endpoint is busy elsewhere). */
const MIN_SLEEP_MS = 1000;
const MAX_SLEEP_MS = 5 * 60_000;
/** The most deliveries one process has in flight (each user and endpoint at most their share). */
const MAX_IN_FLIGHT = 64;
/** The most of an answer's body that is read (and dropped); a longer one closes the connection. */
const READ_LIMIT = 64 * 1024;
/**
 * The events' notifications run a claim at most this often: under a burst of writes each
 * commit notifies, and a claim per commit mostly finds the endpoint's slots full.
 */
const WAKE_INTERVAL_MS = 20;
/** How long a finished try waits for others in flight to finish, to be kept with them. */
const KEEP_LINGER_MS = 5;
/**
 * While the server is busy with API requests, the worker claims at most this often (at
 * most each endpoint's share each time): deliveries yield the processors to the
 * requests, and catch up once the server is no longer busy (issue 28 §4; decisions.md).
 */
const BUSY_CLAIM_INTERVAL_MS = 100;

export interface DeliveryWorker {
  /** Look for due deliveries now (a write made some). */
  wake(): void;
  /**
   * Stops claiming, cuts the tries in flight and gives their deliveries back (due now,
   * the workers woken); given back or not (the database gone), another worker sends them.
   */
  stop(): Promise<void>;
}

interface Outcome {
  status_code: number | null;
  error: string | null;
  /** No answer came within the try's timeout. */
  timedOut?: boolean;
}

type EventRow = typeof events.$inferSelect;

export function startDeliveryWorker({
  db,
  present,
  allowHosts,
  logger,
  apiBusy = () => false,
  busyClaimIntervalMs = BUSY_CLAIM_INTERVAL_MS,
  shares = SHARES,
  timeoutMs = WEBHOOK_DEFAULTS.timeoutMs,
  breakerTimeoutMs = WEBHOOK_DEFAULTS.breakerTimeoutMs,
  keepLimits = KEEP_LIMITS,
}: {
  db: Db;
  /** The event as `GET /evault/v1/events/{id}/` answers it: the body sent. */
  present: (event: EventRow) => Promise<unknown>;
  allowHosts: string[];
  logger: Logger;
  /** Whether the server has more API requests than it can serve at once. */
  apiBusy?: () => boolean;
  /** While it is, the least time between two claims (BUSY_CLAIM_INTERVAL_MS). */
  busyClaimIntervalMs?: number;
  /** The most deliveries in flight per endpoint and per user in this process (SHARES). */
  shares?: Shares;
  /** A try's timeout, and its timeout while its endpoint's breaker is open (WEBHOOK_DEFAULTS). */
  timeoutMs?: number;
  breakerTimeoutMs?: number;
  /** How long an endpoint's deliveries may all fail before it is disabled, a delivery wait due unsent; the retry waits and the lease (KEEP_LIMITS). */
  keepLimits?: KeepLimits;
}): DeliveryWorker {
  // The claim bounds what is in flight; an agent's bound counts per origin over every user, so one user's
  // hanging endpoints behind a shared origin (a relay) would hold the sockets another user's try waits for.
  const agents = {
    http: new http.Agent({ keepAlive: true, maxSockets: MAX_IN_FLIGHT }),
    https: new https.Agent({ keepAlive: true, maxSockets: MAX_IN_FLIGHT }),
  };
  /** The deliveries claimed and not yet kept: each until its try's outcome is. */
  const inFlight = new Map<Promise<void>, { delivery: ClaimedDelivery; abort: AbortController }>();
  let pumping = false;
  let again = false;
  let stopped = false;

  /** Sends the claimed delivery and keeps the outcome. */
  async function deliver(delivery: ClaimedDelivery, abort: AbortSignal): Promise<void> {
    const body = JSON.stringify(await present(delivery.event));
    const started = new Date();
    const { timedOut = false, ...outcome } = await send(delivery, body, abort);
    // Cut by `stop`: not a try of the receiver's; the lease ends and a worker tries again.
    if (abort.aborted) return;
    await keep({
      id: delivery.id,
      attempt: { at: iso(started), duration_ms: Date.now() - started.getTime(), ...outcome },
      timedOut,
    });
  }

  /** Finished tries waiting for the statement that keeps them, each with its settling. */
  let finished: { done: FinishedTry; settle: (err?: unknown) => void }[] = [];
  let keeping = false;
  let lingering: NodeJS.Timeout | undefined;
  /**
   * Resolves once `done` is kept: with the tries that finish while the last batch is being
   * kept, or, when none is, within KEEP_LINGER_MS or as soon as every try in flight has finished.
   */
  function keep(done: FinishedTry): Promise<void> {
    return new Promise((resolve, reject) => {
      finished.push({ done, settle: (err) => (err === undefined ? resolve() : reject(err)) });
      if (finished.length >= inFlight.size) {
        clearTimeout(lingering);
        lingering = undefined;
        if (!keeping) void keepFinished();
      } else if (!keeping && !lingering) {
        lingering = setTimeout(() => {
          lingering = undefined;
          if (!keeping) void keepFinished();
        }, KEEP_LINGER_MS);
      }
    });
  }
  async function keepFinished() {
    keeping = true;
    while (finished.length > 0) {
      const batch = finished;
      finished = [];
      let failure: unknown;
      try {
        await recordAttempts(
          db,
          batch.map(({ done }) => done),
          keepLimits,
        );
      } catch (err) {
        failure = err ?? new Error("keeping webhook tries failed");
      }
      for (const { settle } of batch) settle(failure);
    }
    keeping = false;
  }

  function send(delivery: ClaimedDelivery, body: string, abort: AbortSignal): Promise<Outcome> {
    const url = new URL(delivery.url);
    const allowed = isAllowedHost(url, allowHosts);
    if (url.protocol !== "https:" && !(allowed && url.protocol === "http:"))
      return Promise.resolve({ status_code: null, error: "refused: not an https URL" });
    // A name is checked as it is resolved (checkedLookup); an address is never resolved.
    const literal = hostOf(url);
    const forbidden = !allowed && ipaddr.isValid(literal) ? forbiddenAddress(literal) : undefined;
    if (forbidden) return Promise.resolve({ status_code: null, error: `refused: ${forbidden}` });
    const timestamp = new Date();
    let signature: string;
    try {
      signature = [delivery.secret, delivery.previous_secret]
        .filter((secret): secret is string => secret !== null)
        .map((secret) => new Webhook(openEndpointSecret(secret)).sign(delivery.event.id, timestamp, body))
        .join(" ");
    } catch (err) {
      // A secret this server cannot open (sealed with a root key it does not hold) is a failed try, not a crash: it
      // is recorded and retried on schedule, when a server with the key may send it.
      return Promise.resolve({ status_code: null, error: `not signed: ${(err as Error).message}` });
    }
    const secure = url.protocol === "https:";
    return new Promise((resolve) => {
      let settled = false;
      const settle = (outcome: Outcome) => {
        if (settled) return;
        settled = true;
        clearTimeout(timer);
        resolve(outcome);
      };
      const req = (secure ? https : http).request(url, {
        method: "POST",
        agent: secure ? agents.https : agents.http,
        lookup: allowed ? undefined : checkedLookup,
        signal: abort,
        headers: {
          "content-type": "application/json",
          "user-agent": "vault-webhooks/1",
          "webhook-id": delivery.event.id,
          "webhook-timestamp": String(Math.floor(timestamp.getTime() / 1000)),
          "webhook-signature": signature,
        },
      });
      const timeout = delivery.breaker_open ? breakerTimeoutMs : timeoutMs;
      const timer = setTimeout(() => {
        req.destroy();
        settle({ status_code: null, error: `no answer within ${timeout / 1000} s`, timedOut: true });
      }, timeout);
      req.on("error", (err) => settle({ status_code: null, error: err.message }));
      req.on("response", (res) => {
        const status = res.statusCode ?? 0;
        const outcome = {
          status_code: status,
          error:
            status >= 200 && status < 300
              ? null
              : status >= 300 && status < 400
                ? `answered ${status}: redirects are not followed`
                : `answered ${status}`,
        };
        // The answer's body is not used: read a little of it (so the connection may serve the next try), no more.
        let read = 0;
        res.on("data", (chunk: Buffer) => {
          read += chunk.length;
          if (read > READ_LIMIT) {
            res.destroy();
            settle(outcome);
          }
        });
        res.on("end", () => settle(outcome));
        res.on("error", () => settle(outcome));
      });
      req.end(body);
    });
  }

  /**
   * Whether this worker has claimed anything, or been notified, since it last went idle:
   * then it looks once more a second after going idle (see `pump`).
   */
  let lookAgain = false;
  function track(delivery: ClaimedDelivery) {
    lookAgain = true;
    const abort = new AbortController();
    const done: Promise<void> = deliver(delivery, abort.signal)
      .catch((err: unknown) => {
        if (!stopped) logger.error({ err, delivery: delivery.id }, "a webhook delivery could not be kept");
      })
      .finally(() => {
        inFlight.delete(done);
        pumpSoon();
      });
    inFlight.set(done, { delivery, abort });
  }

  /** One pump after the tries kept together (their settlings run in one turn). */
  let pumpQueued = false;
  function pumpSoon() {
    if (pumpQueued) return;
    pumpQueued = true;
    setImmediate(() => {
      pumpQueued = false;
      void pump();
    });
  }

  /** The pump running, or the last one: `stop` waits for it. */
  let pumped: Promise<void> = Promise.resolve();
  /**
   * Claims what this process has room for. While some of its deliveries are in flight,
   * their keeping pumps again, so only an idle worker looks for when the next falls due.
   */
  function pump(): Promise<void> {
    if (pumping) {
      again = true;
      return pumped;
    }
    pumping = true;
    pumped = claimRoom();
    return pumped;
  }
  async function claimRoom(): Promise<void> {
    try {
      do {
        again = false;
        if (stopped || inFlight.size >= MAX_IN_FLIGHT) break;
        const yieldFor = apiBusy() ? lastClaim + busyClaimIntervalMs - Date.now() : 0;
        if (yieldFor > 0) {
          pumpAfter(yieldFor);
          break;
        }
        lastClaim = Date.now();
        const claimed = await claimDeliveries(db, MAX_IN_FLIGHT - inFlight.size, shares, keepLimits.leaseMs);
        // Claimed as `stop` began: given back untried, with those it cuts.
        if (stopped) return await releaseDeliveries(db, claimed);
        for (const delivery of claimed) track(delivery);
        if (inFlight.size === 0) {
          const due = await nextDeliveryDue(db);
          const until = due === undefined ? MAX_SLEEP_MS : due.getTime() - Date.now();
          // A write made within half a second of another delivery to its endpoint did not notify (migration
          // 0021): one more look a second after going idle (having delivered, or been notified) finds it, had
          // it committed after this claim.
          sleepFor(lookAgain ? Math.min(until, MIN_SLEEP_MS) : until);
          lookAgain = false;
        }
      } while (again && !stopped);
    } catch (err) {
      if (!stopped) logger.warn({ err }, "claiming webhook deliveries failed; trying again shortly");
      sleepFor(MIN_SLEEP_MS);
    } finally {
      pumping = false;
    }
  }

  /** When this worker last claimed. */
  let lastClaim = 0;
  let yieldTimer: NodeJS.Timeout | undefined;
  function pumpAfter(ms: number) {
    if (yieldTimer) return;
    yieldTimer = setTimeout(() => {
      yieldTimer = undefined;
      void pump();
    }, ms);
  }

  let timer: NodeJS.Timeout | undefined;
  function sleepFor(ms: number) {
    clearTimeout(timer);
    if (stopped) return;
    timer = setTimeout(() => void pump(), Math.min(Math.max(ms, MIN_SLEEP_MS), MAX_SLEEP_MS));
    timer.unref();
  }
  /** A notification's claim: at once, unless one ran less than WAKE_INTERVAL_MS ago; then once that has passed. */
  let lastWake = 0;
  let wakeTimer: NodeJS.Timeout | undefined;
  function wake() {
    lookAgain = true;
    if (wakeTimer) return;
    const wait = lastWake + WAKE_INTERVAL_MS - Date.now();
    if (wait <= 0) {
      lastWake = Date.now();
      return void pump();
    }
    wakeTimer = setTimeout(() => {
      wakeTimer = undefined;
      lastWake = Date.now();
      void pump();
    }, wait);
  }
  void pump();
  return {
    wake,
    async stop() {
      stopped = true;
      clearTimeout(timer);
      clearTimeout(wakeTimer);
      clearTimeout(yieldTimer);
      const cut = [...inFlight.values()];
      for (const { abort } of cut) abort.abort();
      await Promise.allSettled(inFlight.keys());
      // A claim in progress gives back what it claims (`claimRoom` catches its own failures).
      await pumped;
      await releaseDeliveries(
        db,
        cut.map(({ delivery }) => delivery),
      ).catch((err: unknown) => logger.warn({ err }, "cut webhook deliveries could not be released; their leases end"));
      agents.http.destroy();
      agents.https.destroy();
    },
  };
}
