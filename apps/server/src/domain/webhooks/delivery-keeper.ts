// The keeper of the delivery worker: keeps the outcomes of finished tries, those that
// finish together in one statement (recordAttempts: delivered, due again after the retry
// schedule's next wait, or failed; the endpoint's failures, breaker, backlog and disabling).
import type { Db } from "../../data/database.js";
import { type FinishedTry, type KeepLimits, recordAttempts } from "./deliveries.js";

interface KeeperOptions {
  db: Db;
  /** The retry schedule, lease and limits the keeping statement applies. */
  limits: KeepLimits;
  /** How long a finished try waits for others in flight to finish, to be kept with them. */
  lingerMs: number;
  /** How many tries are in flight (finished or not): once all have finished, they are kept at once. */
  inFlight: () => number;
}

interface Waiting {
  done: FinishedTry;
  settle: (err?: unknown) => void;
}

export class DeliveryKeeper {
  /** Finished tries waiting for the statement that keeps them, each with its settling. */
  private waiting: Waiting[] = [];
  /** Whether a keeping statement is running. */
  private keeping = false;
  /** The timer that keeps the waiting tries once lingerMs has passed. */
  private lingering: NodeJS.Timeout | undefined;

  constructor(private readonly options: KeeperOptions) {}

  /**
   * Resolves once `done` is kept: with the tries that finish while the last batch is being
   * kept, or, when none is, within lingerMs or as soon as every try in flight has finished.
   */
  keep(done: FinishedTry): Promise<void> {
    return new Promise((resolve, reject) => {
      this.waiting.push({ done, settle: (err) => (err === undefined ? resolve() : reject(err)) });
      if (this.waiting.length >= this.options.inFlight()) {
        clearTimeout(this.lingering);
        this.lingering = undefined;
        if (!this.keeping) void this.keepWaiting();
      } else if (!this.keeping && !this.lingering) {
        this.lingering = setTimeout(() => {
          this.lingering = undefined;
          if (!this.keeping) void this.keepWaiting();
        }, this.options.lingerMs);
      }
    });
  }

  /** Keeps the waiting tries, batch after batch, until none waits. */
  private async keepWaiting(): Promise<void> {
    this.keeping = true;
    while (this.waiting.length > 0) {
      const batch = this.waiting;
      this.waiting = [];
      let failure: unknown;
      try {
        await recordAttempts(
          this.options.db,
          batch.map(({ done }) => done),
          this.options.limits,
        );
      } catch (err) {
        failure = err ?? new Error("keeping webhook tries failed");
      }
      for (const { settle } of batch) settle(failure);
    }
    this.keeping = false;
  }
}
