/** The delivery settings' production values (each a setting of config.ts, and the worker's default). */
export const WEBHOOK_DEFAULTS = {
  /** A try with no answer within this long has failed (at most the claim's lease, 15 s). */
  timeoutMs: 10_000,
  /** The timeout of a try to an endpoint whose last tries all timed out (its breaker open). */
  breakerTimeoutMs: 2000,
  /** An endpoint whose deliveries have all failed this long is disabled (Standard Webhooks' guidance). */
  disableAfterS: 5 * 24 * 3600,
  /** A delivery due this long while its endpoint's share was busy (a backlog its receiver does not keep up with) is failed unsent. */
  maxWaitS: 24 * 3600,
};
