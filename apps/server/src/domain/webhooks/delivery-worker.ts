// The delivery worker each server process runs: its claimer claims due deliveries (over
// every process, each user and each endpoint at most their share in flight), its sender
// POSTs each event as the Standard Webhooks specification says, and its keeper keeps each
// try's outcome. Woken by the events' notification (at most once per WAKE_INTERVAL_MS),
// by its own finished tries, and a second after its latest claim while tries are in
// flight (writes in a burst notify once, a retry falls due unannounced); when nothing is
// due it sleeps until the next retry (or another worker's lease) falls due, so an idle
// server sends no queries. Tries that finish together are kept in one statement and
// followed by one claim: under load a delivery costs a share of two statements, not a
// claim, a keep and a look of its own.
import type { Logger } from "pino";
import type { Db } from "../../data/database.js";
import type { events } from "../../data/schema.js";
import {
  type ClaimedDelivery,
  KEEP_LIMITS,
  type KeepLimits,
  releaseDeliveries,
  SHARES,
  type Shares,
} from "./deliveries.js";
import { DeliveryClaimer } from "./delivery-claimer.js";
import { DeliveryKeeper } from "./delivery-keeper.js";
import { DeliverySender } from "./delivery-sender.js";
import { WEBHOOK_DEFAULTS } from "./webhook-defaults.js";

/**
 * The shortest and longest sleep of an idle worker (the shortest when a due delivery's endpoint is busy
 * elsewhere). The shortest is longer than the half second within which a write does not notify (migration 0021).
 */
const MIN_SLEEP_MS = 1000;
const MAX_SLEEP_MS = 5 * 60_000;
/** The most deliveries one process has in flight (each user and endpoint at most their share). */
const MAX_IN_FLIGHT = 64;
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
 * requests, and catch up once the server is no longer busy.
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

interface DeliveryWorkerOptions {
  db: Db;
  /** The event as `GET /evault/v1/events/{id}/` answers it: the body sent. */
  present: (event: typeof events.$inferSelect) => Promise<unknown>;
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
  /**
   * How long an endpoint's deliveries may all fail before it is disabled, and a delivery wait due unsent;
   * the waits before each retry, and a claim's lease (KEEP_LIMITS).
   */
  keepLimits?: KeepLimits;
}

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
}: DeliveryWorkerOptions): DeliveryWorker {
  const sleeps = { minSleepMs: MIN_SLEEP_MS, maxSleepMs: MAX_SLEEP_MS };
  const claimer = new DeliveryClaimer({
    db,
    shares,
    leaseMs: keepLimits.leaseMs,
    apiBusy,
    busyClaimIntervalMs,
    ...sleeps,
  });
  const sender = new DeliverySender({ present, allowHosts, timeoutMs, breakerTimeoutMs, maxInFlight: MAX_IN_FLIGHT });
  const worker: DeliveryLoop = new DeliveryLoop({
    db,
    logger,
    claimer,
    sender,
    keeper: new DeliveryKeeper({
      db,
      limits: keepLimits,
      lingerMs: KEEP_LINGER_MS,
      inFlight: () => worker.inFlightCount,
    }),
  });
  worker.start();
  // Bound: the server hands `wake` to the notifications' listener as it is.
  return { wake: () => worker.wake(), stop: () => worker.stop() };
}

interface LoopParts {
  db: Db;
  logger: Logger;
  claimer: DeliveryClaimer;
  sender: DeliverySender;
  keeper: DeliveryKeeper;
}

/** A claimed delivery in flight, and how to cut its try. */
interface InFlight {
  delivery: ClaimedDelivery;
  abort: AbortController;
}

/** The worker's loop: what is in flight, whether a claim runs or must run again, and the timers that wake it. */
class DeliveryLoop implements DeliveryWorker {
  /** The deliveries claimed and not yet kept: each until its try's outcome is. */
  private readonly inFlight = new Map<Promise<void>, InFlight>();
  private readonly state = {
    /** A claim runs. */
    pumping: false,
    /** Something asked for a claim while one ran: it claims again. */
    again: false,
    stopped: false,
    /** A claim is queued after the tries kept together. */
    pumpQueued: false,
    /** When a notification last ran a claim. */
    lastWake: 0,
  };
  private readonly timers: {
    sleep?: NodeJS.Timeout;
    busy?: NodeJS.Timeout;
    wake?: NodeJS.Timeout;
    look?: NodeJS.Timeout;
  } = {};
  /** The claim running, or the last one: `stop` waits for it. */
  private pumped: Promise<void> = Promise.resolve();

  constructor(private readonly parts: LoopParts) {}

  get inFlightCount(): number {
    return this.inFlight.size;
  }

  start(): void {
    void this.pump();
  }

  /** A notification's claim: at once, unless one ran less than WAKE_INTERVAL_MS ago; then once that has passed. */
  wake(): void {
    this.parts.claimer.notified();
    if (this.timers.wake) return;
    const wait = this.state.lastWake + WAKE_INTERVAL_MS - Date.now();
    if (wait <= 0) {
      this.state.lastWake = Date.now();
      return void this.pump();
    }
    this.timers.wake = setTimeout(() => {
      this.timers.wake = undefined;
      this.state.lastWake = Date.now();
      void this.pump();
    }, wait);
  }

  async stop(): Promise<void> {
    this.state.stopped = true;
    clearTimeout(this.timers.sleep);
    clearTimeout(this.timers.wake);
    clearTimeout(this.timers.busy);
    clearTimeout(this.timers.look);
    const cut = [...this.inFlight.values()];
    for (const { abort } of cut) abort.abort();
    await Promise.allSettled(this.inFlight.keys());
    // A claim in progress gives back what it claims (`claimRoom` catches its own failures).
    await this.pumped;
    await releaseDeliveries(
      this.parts.db,
      cut.map(({ delivery }) => delivery),
    ).catch((err: unknown) =>
      this.parts.logger.warn({ err }, "cut webhook deliveries could not be released; their leases end"),
    );
    this.parts.sender.destroy();
  }

  /**
   * Claims what this process has room for. While some of its deliveries are in flight,
   * their keeping pumps again, so only an idle worker looks for when the next falls due;
   * a busy one looks again a second after its latest claim.
   */
  private pump(): Promise<void> {
    if (this.state.pumping) {
      this.state.again = true;
      return this.pumped;
    }
    this.state.pumping = true;
    this.pumped = this.claimRoom();
    return this.pumped;
  }

  private async claimRoom(): Promise<void> {
    const { claimer } = this.parts;
    try {
      do {
        this.state.again = false;
        if (this.state.stopped || this.inFlight.size >= MAX_IN_FLIGHT) break;
        const wait = claimer.waitBeforeClaim();
        if (wait > 0) {
          this.pumpAfter(wait);
          break;
        }
        const claimed = await claimer.claim(MAX_IN_FLIGHT - this.inFlight.size);
        // Claimed as `stop` began: given back untried, with those it cuts.
        if (this.state.stopped) return await releaseDeliveries(this.parts.db, claimed);
        for (const delivery of claimed) this.track(delivery);
        if (this.inFlight.size === 0) this.sleepFor(await claimer.idleSleepMs());
        else this.lookSoon();
      } while (this.state.again && !this.state.stopped);
    } catch (err) {
      if (!this.state.stopped)
        this.parts.logger.warn({ err }, "claiming webhook deliveries failed; trying again shortly");
      this.sleepFor(MIN_SLEEP_MS);
    } finally {
      this.state.pumping = false;
    }
  }

  /** Tries `delivery` and keeps the outcome; once kept, the worker claims again. */
  private track(delivery: ClaimedDelivery): void {
    const abort = new AbortController();
    const done: Promise<void> = this.deliver(delivery, abort.signal)
      .catch((err: unknown) => {
        if (!this.state.stopped)
          this.parts.logger.error({ err, delivery: delivery.id }, "a webhook delivery could not be kept");
      })
      .finally(() => {
        this.inFlight.delete(done);
        this.pumpSoon();
      });
    this.inFlight.set(done, { delivery, abort });
  }

  private async deliver(delivery: ClaimedDelivery, abort: AbortSignal): Promise<void> {
    const finished = await this.parts.sender.attempt(delivery, abort);
    if (finished) await this.parts.keeper.keep(finished);
  }

  /** One claim after the tries kept together (their settlings run in one turn). */
  private pumpSoon(): void {
    if (this.state.pumpQueued) return;
    this.state.pumpQueued = true;
    setImmediate(() => {
      this.state.pumpQueued = false;
      void this.pump();
    });
  }

  /**
   * A claim MIN_SLEEP_MS after a busy worker's latest claim: a write soon after another to
   * its endpoint does not notify (migration 0021), a retry falls due without a notification,
   * and a slow endpoint holds the tries whose keeping would claim again up to its timeout.
   * While claims come more often it never fires. Its own timer, so that the idle sleep's
   * wake for the next due delivery stays.
   */
  private lookSoon(): void {
    if (this.state.stopped) return;
    if (this.timers.look) {
      this.timers.look.refresh();
      return;
    }
    this.timers.look = setTimeout(() => {
      this.timers.look = undefined;
      void this.pump();
    }, MIN_SLEEP_MS);
    this.timers.look.unref();
  }

  /** A claim once the API's busy interval has passed. */
  private pumpAfter(ms: number): void {
    if (this.timers.busy) return;
    this.timers.busy = setTimeout(() => {
      this.timers.busy = undefined;
      void this.pump();
    }, ms);
  }

  private sleepFor(ms: number): void {
    clearTimeout(this.timers.sleep);
    if (this.state.stopped) return;
    this.timers.sleep = setTimeout(() => void this.pump(), Math.min(Math.max(ms, MIN_SLEEP_MS), MAX_SLEEP_MS));
    this.timers.sleep.unref();
  }
}
