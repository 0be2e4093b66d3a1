// The claimer of the delivery worker: claims the due deliveries it has room for, each
// user's and each endpoint's share at most (over every process's leases), no more often
// than once per busy interval while the server is busy with API requests; and, once the
// worker has nothing in flight, says how long it may sleep before it looks again.
import type { Db } from "../../data/database.js";
import { type ClaimedDelivery, claimDeliveries, nextDeliveryDue, type Shares } from "./deliveries.js";

interface ClaimerOptions {
  db: Db;
  /** The most deliveries in flight per endpoint and per user in this process. */
  shares: Shares;
  /** How long a claimed delivery is this worker's. */
  leaseMs: number;
  /** Whether the server has more API requests than it can serve at once. */
  apiBusy: () => boolean;
  /** While it is, the least time between two claims. */
  busyClaimIntervalMs: number;
  /** The shortest sleep after a look (also the look again after going idle), and the longest. */
  minSleepMs: number;
  maxSleepMs: number;
}

export class DeliveryClaimer {
  /** When this worker last claimed. */
  private lastClaim = 0;
  /**
   * Whether this worker has claimed anything, or been notified, since it last went idle:
   * then it looks once more within minSleepMs after going idle (see `idleSleepMs`).
   */
  private lookAgain = false;

  constructor(private readonly options: ClaimerOptions) {}

  /** How long the next claim must wait: while the API is busy, until busyClaimIntervalMs after the last one. */
  waitBeforeClaim(): number {
    return this.options.apiBusy() ? this.lastClaim + this.options.busyClaimIntervalMs - Date.now() : 0;
  }

  /** Claims up to `room` due deliveries, the shares at most. */
  async claim(room: number): Promise<ClaimedDelivery[]> {
    this.lastClaim = Date.now();
    const { db, shares, leaseMs } = this.options;
    const claimed = await claimDeliveries(db, room, shares, leaseMs);
    if (claimed.length > 0) this.lookAgain = true;
    return claimed;
  }

  /** A notification said some deliveries are due. */
  notified(): void {
    this.lookAgain = true;
  }

  /**
   * How long a worker with nothing in flight sleeps: until the next delivery falls due (a
   * retry, another worker's lease ending), or the longest sleep when none is pending.
   */
  async idleSleepMs(): Promise<number> {
    const due = await nextDeliveryDue(this.options.db);
    const until = due === undefined ? this.options.maxSleepMs : due.getTime() - Date.now();
    // A write made within half a second of another delivery to its endpoint did not notify (migration
    // 0021): one more look soon after going idle (having delivered, or been notified) finds it, had it
    // committed after the last claim.
    const sleep = this.lookAgain ? Math.min(until, this.options.minSleepMs) : until;
    this.lookAgain = false;
    return sleep;
  }
}
