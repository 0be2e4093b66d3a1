import { expect } from "vitest";

/**
 * The slowest `/healthz` answer a responsive server gives while a statement runs for
 * seconds: a loop blocked by the statement would answer after it (after the 1 s deadline
 * at least). 500 ms, not 100: the event loop and the polling test share two loaded cores
 * (104, 116 and 169 ms seen in CI; 299 ms on a slower machine).
 */
export const RESPONSIVE_MS = 500;

/** Polls `/healthz` every 10 ms until stopped; answers the slowest answer's time (ms) and how many came. */
export function pollHealth(url: string) {
  let stopped = false;
  let slowest = 0;
  let answers = 0;
  const done = (async () => {
    while (!stopped) {
      const started = performance.now();
      const response = await fetch(`${url}/healthz`);
      await response.arrayBuffer();
      expect(response.status).toBe(200);
      slowest = Math.max(slowest, performance.now() - started);
      answers++;
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
  })();
  return {
    async stop() {
      stopped = true;
      await done;
      return { slowest, answers };
    },
  };
}
