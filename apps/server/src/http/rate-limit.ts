import { createHash } from "node:crypto";
import type { ErrorRequestHandler, Request, RequestHandler } from "express";
import { ipKeyGenerator, rateLimit, type Store } from "express-rate-limit";
import { RedisStore } from "rate-limit-redis";
import { createClient } from "redis";
import { isLinkOperation } from "./operation-types.js";
import { answerProblem } from "./problems.js";

export interface RateLimiter {
  /**
   * An error middleware behind the contract validator: a failed authentication spends
   * the client address's budget, and once it is spent the 401 becomes a 429.
   */
  failedAuth: ErrorRequestHandler;
  /**
   * After authentication (spliced behind the security check): the budget of the
   * authenticated key, or for an anonymous link request (`/evault/v1/links/…`, which
   * needs no key) the link budget of its client address.
   */
  perKey: RequestHandler;
  /**
   * Before a link's unlock: 10 wrong passwords (answered 401) in 15 minutes for
   * one link, or from one client address, and every unlock of it (or from it) is a 429
   * until the window ends, the right password too.
   */
  unlock: RequestHandler;
  close(): Promise<void>;
}

const UNLOCK_TRIES = 10;
const UNLOCK_WINDOW_MS = 15 * 60_000;

const clientAddress = (req: Request) => `ip:${ipKeyGenerator(req.ip ?? "")}`;

function tooMany(detail: string): RequestHandler {
  return (req, res) => answerProblem(req, res, "too_many_requests", detail);
}

/**
 * Two budgets per minute, answered with `RateLimit` / `Retry-After` headers and a 429
 * problem. With Redis they are shared by every process; if Redis fails, requests are
 * let through (availability first).
 *
 * - Per api key, counted after authentication: only a key that exists has a budget,
 *   so a new random key per request is no way around it.
 * - Per client address, counting only failed authentications (wrong or missing key):
 *   a burst of them becomes 429s until the window ends. Requests with a valid key
 *   neither spend nor check it, so they cost no extra store round trip and a client
 *   behind the same address as a key-guesser is not shut out.
 */
export async function createRateLimiter(options: {
  perMinute: number;
  failedAuthPerMinute: number;
  linkPerMinute: number;
  redisUrl: string | undefined;
}): Promise<RateLimiter> {
  let store: (prefix: string) => Store | undefined = () => undefined;
  let close = async () => {};
  if (options.redisUrl) {
    const client = createClient({ url: options.redisUrl });
    client.on("error", () => {});
    await client.connect();
    store = (prefix) => new RedisStore({ prefix, sendCommand: (...args: string[]) => client.sendCommand(args) });
    close = async () => {
      await client.quit();
    };
  }
  const common = {
    windowMs: 60_000,
    standardHeaders: "draft-8",
    legacyHeaders: false,
    passOnStoreError: true,
  } as const;
  const perKey = rateLimit({
    ...common,
    limit: options.perMinute,
    identifier: "api-key",
    store: store("vault:rl:"),
    // Behind the security check: the key's SHA-256, which authentication computed.
    keyGenerator: (req) => (req.auth ? `key:${req.auth.keyHash}` : clientAddress(req)),
    handler: tooMany("The request budget of this api key is spent; retry after Retry-After seconds."),
  });
  const linkBudget = rateLimit({
    ...common,
    limit: options.linkPerMinute,
    identifier: "link",
    requestPropertyName: "linkRateLimit",
    store: store("vault:rl-link:"),
    keyGenerator: clientAddress,
    handler: tooMany("Too many link requests from this address; retry after Retry-After seconds."),
  });
  const failedAuthBudget = rateLimit({
    ...common,
    limit: options.failedAuthPerMinute,
    identifier: "failed-auth",
    requestPropertyName: "failedAuthRateLimit",
    store: store("vault:rl-auth:"),
    keyGenerator: clientAddress,
    handler: tooMany("Too many requests from this address failed authentication; retry after Retry-After seconds."),
  });
  // Only the security check's 401 goes through the budget; within it, the 401 goes on to the error handler.
  const failedAuth: ErrorRequestHandler = (err, req, res, next) => {
    if ((err as { status?: unknown }).status !== 401) return next(err);
    void failedAuthBudget(req, res, () => next(err));
  };
  const unlockBudget = (by: "link" | "address") =>
    rateLimit({
      ...common,
      windowMs: UNLOCK_WINDOW_MS,
      limit: UNLOCK_TRIES,
      // Only the wrong passwords (401) count: a right one, or an unknown link, gives its try back.
      skipSuccessfulRequests: true,
      requestWasSuccessful: (_req, res) => res.statusCode !== 401,
      identifier: `unlock-${by}`,
      requestPropertyName: `unlock${by}RateLimit`,
      store: store(`vault:rl-unlock-${by}:`),
      keyGenerator:
        by === "link"
          ? (req) => `link:${createHash("sha256").update(String(req.openapi?.pathParams?.token)).digest("hex")}`
          : clientAddress,
      handler: tooMany(`Too many wrong passwords for this ${by}; retry after Retry-After seconds.`),
    });
  const [perLinkUnlock, perAddressUnlock] = [unlockBudget("link"), unlockBudget("address")];
  const unlock: RequestHandler = (req, res, next) => {
    if (req.openapi?.schema?.operationId !== "unlockLink") return next();
    void perAddressUnlock(req, res, () => perLinkUnlock(req, res, next));
  };
  const perRequest: RequestHandler = (req, res, next) =>
    (!req.auth && isLinkOperation(req.openapi?.schema?.operationId) ? linkBudget : perKey)(req, res, next);
  return { failedAuth, perKey: perRequest, unlock, close };
}
