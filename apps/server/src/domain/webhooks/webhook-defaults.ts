/** The delivery settings' production values (each a setting of config.ts, and the worker's default). */
export const WEBHOOK_DEFAULTS = {
  /** A try with no answer within this long has failed (less than the claim's lease). */
  timeoutMs: 10_000,
  /** The timeout of a try to an endpoint whose last tries all timed out (its breaker open). */
  breakerTimeoutMs: 2000,
  /** How long a claimed delivery is its worker's: longer than a try may take. */
  leaseMs: 15_000,
  /** The waits before each retry (5 s, 5 min, 30 min, 2 h, 5 h, 10 h, 10 h); after the last one fails, the delivery is failed. */
  retryDelaysMs: [5000, 5 * 60_000, 30 * 60_000, 2 * 3_600_000, 5 * 3_600_000, 10 * 3_600_000, 10 * 3_600_000] as const,
  /** An endpoint whose deliveries have all failed this long is disabled (Standard Webhooks' guidance). */
  disableAfterS: 5 * 24 * 3600,
  /** A delivery due this long while its endpoint's share was busy (a backlog its receiver does not keep up with) is failed unsent. */
  maxWaitS: 24 * 3600,
};
