/**
 * A few slots of costly work shared fairly by owners: work runs at once while a slot is
 * free, else it waits in its owner's queue, and each freed slot goes to the next owner in
 * turn. As fq_codel serves new flows first, an owner with no work running or waiting joins
 * the new owners, served in arrival order before the round of owners with a backlog; an
 * owner served goes to the back of that round. One user's flood waits behind its own queue
 * while another user's single unlock takes one of the next freed slots.
 */
export class FairSlots {
  private running = 0;
  private waitingCount = 0;
  /** How much work of each owner runs now. */
  private readonly runningBy = new Map<number, number>();
  /** Queues of owners that had nothing running or waiting when they came, in arrival order. */
  private readonly newOwners = new Map<number, (() => void)[]>();
  /** Queues of owners with a backlog, in the order they are served (a Map keeps insertion order). */
  private readonly round = new Map<number, (() => void)[]>();

  constructor(
    private readonly limits: {
      slots: number;
      /** Past this many waiting for one owner, its work is refused with `OwnerQueueFull`. */
      perOwner: number;
      /**
       * Past this many waiting in all, work is refused with `AllSlotsBusy`, except an owner's
       * with nothing running or waiting: others' full queues never lock a new owner out.
       */
      total: number;
    },
  ) {}

  /** How much work waits for a slot now. */
  get waiting(): number {
    return this.waitingCount;
  }

  async run<T>(owner: number, work: () => Promise<T>): Promise<T> {
    if (this.running < this.limits.slots) this.running++;
    else await this.wait(owner);
    this.runningBy.set(owner, (this.runningBy.get(owner) ?? 0) + 1);
    try {
      return await work();
    } finally {
      const left = (this.runningBy.get(owner) ?? 1) - 1;
      if (left > 0) this.runningBy.set(owner, left);
      else this.runningBy.delete(owner);
      this.handOn();
    }
  }

  private wait(owner: number): Promise<void> {
    const queue = this.newOwners.get(owner) ?? this.round.get(owner);
    if (queue && queue.length >= this.limits.perOwner) throw new OwnerQueueFull();
    const fresh = !queue && !this.runningBy.has(owner);
    if (!fresh && this.waitingCount >= this.limits.total) throw new AllSlotsBusy();
    this.waitingCount++;
    return new Promise((resolve) => {
      if (queue) queue.push(resolve);
      else (fresh ? this.newOwners : this.round).set(owner, [resolve]);
    });
  }

  /** Gives a freed slot to the first new owner, else the first of the round; either then waits at the round's back. */
  private handOn(): void {
    const first = this.newOwners.entries().next().done ? this.round : this.newOwners;
    const next = first.entries().next();
    if (next.done) {
      this.running--;
      return;
    }
    const [owner, queue] = next.value;
    const start = queue.shift() as () => void;
    first.delete(owner);
    if (queue.length > 0) this.round.set(owner, queue);
    this.waitingCount--;
    start();
  }
}

/** The owner has as much work waiting as it may: retry later (a 429). */
export class OwnerQueueFull extends Error {
  constructor() {
    super("Too much work of this owner is waiting.");
  }
}

/** Every slot and every place in the queues is taken: retry later (a 503). */
export class AllSlotsBusy extends Error {
  constructor() {
    super("Too much work is waiting.");
  }
}
