import { setTimeout as sleep } from "node:timers/promises";
import { describe, expect, it } from "vitest";
import { trimNativeHeapPeriodically } from "../src/native-heap.js";
import { collectWarmUpGarbage } from "../src/warm-up-garbage.js";

const MIB = 1024 * 1024;
const rss = () => process.memoryUsage.rss();

// glibc on Linux: elsewhere the server does not trim.
describe.skipIf(process.platform !== "linux")("the native heap's trim", () => {
  it("hands freed C heap pages between blocks still in use back to the operating system", async () => {
    // 64 KiB buffers are malloc'd from the C heap; every tenth is kept, so the freed ones
    // lie between blocks in use and `free` cannot give their pages back.
    const blocks = Array.from({ length: 2_000 }, () => Buffer.allocUnsafeSlow(64 * 1024).fill(1));
    const kept = blocks.filter((_, i) => i % 10 === 9);
    blocks.length = 0;
    collectWarmUpGarbage();
    await sleep(100);
    const before = rss();

    const timer = trimNativeHeapPeriodically(60_000);
    let after = rss();
    for (let waited = 0; before - after < 60 * MIB && waited < 5_000; waited += 50) {
      await sleep(50);
      after = rss();
    }
    clearInterval(timer);

    expect(kept).toHaveLength(200);
    expect((before - after) / MIB).toBeGreaterThan(60);
  });
});
