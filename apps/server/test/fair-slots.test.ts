import { describe, expect, test } from "vitest";
import { AllSlotsBusy, FairSlots, OwnerQueueFull } from "../src/domain/fair-slots.js";

/** Work that starts by noting its name and ends when the test lets it. */
function recorder() {
  const started: string[] = [];
  const ends: (() => void)[] = [];
  const work = (name: string) => () =>
    new Promise<void>((resolve) => {
      started.push(name);
      ends.push(resolve);
    });
  /** Ends the oldest running work and lets the slot pass on. */
  const endOne = async () => {
    ends.shift()?.();
    await new Promise((resolve) => setImmediate(resolve));
  };
  return { started, work, endOne };
}

describe("fair slots", () => {
  test("when one owner's work fills the slots and queue, then another owner's takes the next freed slot, not a place behind the flood", async () => {
    const slots = new FairSlots({ slots: 1, perOwner: 10, total: 20 });
    const { started, work, endOne } = recorder();
    const runs = ["b1", "b2", "b3", "b4", "b5"].map((name) => slots.run(2, work(name)));
    runs.push(slots.run(1, work("a")));
    for (let i = 0; i < 6; i++) await endOne();
    await Promise.all(runs);
    // b1 ran at once; a, with nothing running or waiting, went first in the round.
    expect(started).toEqual(["b1", "a", "b2", "b3", "b4", "b5"]);
  });

  test("when two owners keep work waiting, then the freed slots alternate between them", async () => {
    const slots = new FairSlots({ slots: 1, perOwner: 10, total: 20 });
    const { started, work, endOne } = recorder();
    const runs = ["b1", "b2", "b3"].map((name) => slots.run(2, work(name)));
    runs.push(...["a1", "a2", "a3"].map((name) => slots.run(1, work(name))));
    for (let i = 0; i < 6; i++) await endOne();
    await Promise.all(runs);
    expect(started).toEqual(["b1", "a1", "b2", "a2", "b3", "a3"]);
  });

  test("when owners with nothing running or waiting arrive one after another while the slot is busy, then they are served in the order they came", async () => {
    const slots = new FairSlots({ slots: 1, perOwner: 10, total: 20 });
    const { started, work, endOne } = recorder();
    const runs = [slots.run(9, work("x1")), slots.run(9, work("x2"))];
    runs.push(slots.run(1, work("a")), slots.run(2, work("b")), slots.run(3, work("c")));
    for (let i = 0; i < 5; i++) await endOne();
    await Promise.all(runs);
    // New owners first, in arrival order, then the round of owners with a backlog.
    expect(started).toEqual(["x1", "a", "b", "c", "x2"]);
  });

  test("when an owner has as much waiting as it may, then its next work is refused at once and another owner's is not; past the total, an owner's with work waiting is refused but a new owner's still waits its turn", async () => {
    const slots = new FairSlots({ slots: 1, perOwner: 2, total: 3 });
    const { started, work, endOne } = recorder();
    const runs = [slots.run(2, work("b1")), slots.run(2, work("b2")), slots.run(2, work("b3"))];
    await expect(slots.run(2, work("b4"))).rejects.toBeInstanceOf(OwnerQueueFull);
    runs.push(slots.run(1, work("a1")));
    await expect(slots.run(1, work("a2"))).rejects.toBeInstanceOf(AllSlotsBusy);
    runs.push(slots.run(3, work("c1")));
    for (let i = 0; i < 5; i++) await endOne();
    await Promise.all(runs);
    expect(started).toEqual(["b1", "a1", "c1", "b2", "b3"]);
    // Drained: every slot is free again.
    await expect(slots.run(3, async () => "ran")).resolves.toBe("ran");
  });
});
