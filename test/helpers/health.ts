import { expect } from "vitest";

/**
 * Polls `/healthz` every 10 ms until stopped; answers how many answers came and the longest
 * wait for one (ms): from the start, or from the answer before it. A wait, not a request's
 * own time: a server running in the test's process blocks the poller's timers too, so a
 * block that starts between two requests shows only in the wait.
 */
export function pollHealth(url: string) {
  let stopped = false;
  let longestWait = 0;
  let answers = 0;
  const done = (async () => {
    let last = performance.now();
    while (!stopped) {
      const response = await fetch(`${url}/healthz`);
      await response.arrayBuffer();
      expect(response.status).toBe(200);
      const now = performance.now();
      longestWait = Math.max(longestWait, now - last);
      last = now;
      answers++;
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
  })();
  return {
    async stop() {
      stopped = true;
      await done;
      return { longestWait, answers };
    },
  };
}
