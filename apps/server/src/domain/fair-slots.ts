/**
 * A few slots of costly work shared fairly by owners: work runs at once while a slot is
 * free, else it waits in its owner's queue, and each freed slot goes to the next owner in
 * turn (an owner served goes to the back of the round). An owner with no work running or
 * waiting goes to the front, as fq_codel serves new flows first: one user's flood waits
 * behind its own queue while another user's single unlock takes the next freed slot.
 */
export class FairSlots {
  private running = 0;
  private waitingCount = 0;
  /** How much work of each owner runs now. */
  private readonly runningBy = new Map<number, number>();
  /** Each waiting owner's queue, in the order owners are served (a Map keeps insertion order). */
  private queues = new Map<number, (() => void)[]>();

  constructor(
    private readonly limits: {
      slots: number;
      /** Past this many waiting for one owner, its work is refused with `OwnerQueueFull`. */
      perOwner: number;
      /** Past this many waiting in all, any work is refused with `AllSlotsBusy`. */
      total: number;
    },
  ) {}

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
    const queue = this.queues.get(owner);
    if (queue && queue.length >= this.limits.perOwner) throw new OwnerQueueFull();
    if (this.waitingCount >= this.limits.total) throw new AllSlotsBusy();
    this.waitingCount++;
    return new Promise((resolve) => {
      if (queue) queue.push(resolve);
      else if (this.runningBy.has(owner)) this.queues.set(owner, [resolve]);
      else this.queues = new Map([[owner, [resolve]], ...this.queues]);
    });
  }

  /** Gives a freed slot to the first owner of the round, who then goes to its back. */
  private handOn(): void {
    const first = this.queues.entries().next();
    if (first.done) {
      this.running--;
      return;
    }
    const [owner, queue] = first.value;
    const start = queue.shift() as () => void;
    this.queues.delete(owner);
    if (queue.length > 0) this.queues.set(owner, queue);
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
