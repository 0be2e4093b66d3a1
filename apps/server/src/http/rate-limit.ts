import { createHash } from "node:crypto";
import type { ErrorRequestHandler, Request, RequestHandler } from "express";
import { ipKeyGenerator, rateLimit, type Store } from "express-rate-limit";
import { RedisStore } from "rate-limit-redis";
import { takesCredentialInPath } from "./operation-types.js";
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
   * until the window ends, the right password too. Every unlock, right or wrong, spends
   * a password hash: `unlockAddressPer15Minutes` from one address, and `unlockOwnerPerMinute` a
   * minute of the links of one owner, so that no one can hash in a loop with a link and
   * password of their own.
   */
  unlock: RequestHandler;
  close(): Promise<void>;
}

interface RateLimitOptions {
  /** Requests a window per api key. */
  perMinute: number;
  /** Failed authentications a window per client address. */
  failedAuthPerMinute: number;
  /** Anonymous link requests a window per client address. */
  linkPerMinute: number;
  /** Unlocks, right or wrong, from one address in an unlock window: a person needs one a link per unlock's life. */
  unlockAddressPer15Minutes: number;
  /** Unlocks, right or wrong, of the links of one owner a window. */
  unlockOwnerPerMinute: number;
  /** The window the per-minute budgets count in: a minute, shorter only in tests. */
  windowMs: number;
  /** The window of the wrong-password and unlock-address budgets: 15 minutes, shorter only in tests. */
  unlockWindowMs: number;
  /** The user whose share a link token opens, if any. */
  linkOwner: (token: string) => Promise<number | undefined>;
  redisUrl: string | undefined;
}

const UNLOCK_TRIES = 10;
/** How many links' owners the unlock budget keeps in memory. */
const OWNERS_KEPT = 10_000;

type StoreOf = (prefix: string) => Store | undefined;

const COMMON = { standardHeaders: "draft-8", legacyHeaders: false, passOnStoreError: true } as const;
type Common = typeof COMMON & { windowMs: number };

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
export async function createRateLimiter(options: RateLimitOptions): Promise<RateLimiter> {
  const { store, close } = await budgetStore(options.redisUrl);
  const common = { ...COMMON, windowMs: options.windowMs };
  const { perRequest, failedAuth } = requestBudgets(options, common, store);
  const unlock = unlockBudgets(options, common, store);
  return { failedAuth, perKey: perRequest, unlock, close };
}

/** Redis's store under a prefix per budget, or none (express-rate-limit's memory store) without Redis. */
async function budgetStore(redisUrl: string | undefined): Promise<{ store: StoreOf; close: () => Promise<void> }> {
  if (!redisUrl) return { store: () => undefined, close: async () => {} };
  // Loaded only with Redis: the client's modules took some 150 ms of every start. A
  // CommonJS package, taken by its default export (as docs.ts takes yaml).
  const {
    default: { createClient },
  } = await import("redis");
  const client = createClient({ url: redisUrl });
  client.on("error", () => {});
  await client.connect();
  return {
    store: (prefix) => new RedisStore({ prefix, sendCommand: (...args: string[]) => client.sendCommand(args) }),
    close: async () => {
      await client.quit();
    },
  };
}

/** The per-key budget (an anonymous link request's: its address's link budget) and the failed-authentication one. */
function requestBudgets(options: RateLimitOptions, common: Common, store: StoreOf) {
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
  const perRequest: RequestHandler = (req, res, next) =>
    (!req.auth && takesCredentialInPath(req.openapi?.schema?.operationId) ? linkBudget : perKey)(req, res, next);
  return { perRequest, failedAuth };
}

/**
 * The unlock's four budgets, spent in this order, each before the next is asked: an
 * unlock refused by its owner's budget has spent its address's hash budget already. An
 * unlock of a link with no password spends both hash budgets too, though it costs no
 * hash; neither is given back, so a refusal cannot be turned into a free try.
 */
function unlockBudgets(options: RateLimitOptions, common: Common, store: StoreOf): RequestHandler {
  const unlockWindow = { ...common, windowMs: options.unlockWindowMs };
  const wrongPasswords = (by: "link" | "address") =>
    rateLimit({
      ...unlockWindow,
      limit: UNLOCK_TRIES,
      // Only the wrong passwords (401) count: a right one, or an unknown link, gives its try back.
      skipSuccessfulRequests: true,
      requestWasSuccessful: (_req, res) => res.statusCode !== 401,
      identifier: `unlock-${by}`,
      requestPropertyName: `unlock${by}RateLimit`,
      store: store(`vault:rl-unlock-${by}:`),
      keyGenerator: by === "link" ? (req) => `link:${tokenHash(req)}` : clientAddress,
      handler: tooMany(`Too many wrong passwords for this ${by}; retry after Retry-After seconds.`),
    });
  const [perLinkUnlock, perAddressUnlock] = [wrongPasswords("link"), wrongPasswords("address")];
  const perAddressHashes = rateLimit({
    ...unlockWindow,
    limit: options.unlockAddressPer15Minutes,
    identifier: "unlock-hashes-address",
    requestPropertyName: "unlockHashesRateLimit",
    store: store("vault:rl-unlock-hashes:"),
    keyGenerator: clientAddress,
    handler: tooMany("Too many unlocks from this address; retry after Retry-After seconds."),
  });
  const ownerOf = linkOwners(options.linkOwner);
  const perOwnerHashes = rateLimit({
    ...common,
    limit: options.unlockOwnerPerMinute,
    identifier: "unlock-owner",
    requestPropertyName: "unlockOwnerRateLimit",
    store: store("vault:rl-unlock-owner:"),
    skip: async (req) => (await ownerOf(req)) === undefined,
    keyGenerator: async (req) => `owner:${await ownerOf(req)}`,
    handler: tooMany("Too many unlocks of this owner's links; retry after Retry-After seconds."),
  });
  return (req, res, next) => {
    if (req.openapi?.schema?.operationId !== "unlockLink") return next();
    void perAddressUnlock(req, res, () =>
      perLinkUnlock(req, res, () => perAddressHashes(req, res, () => perOwnerHashes(req, res, next))),
    );
  };
}

const tokenHash = (req: Request) => createHash("sha256").update(String(req.openapi?.pathParams?.token)).digest("hex");

/**
 * The owner of a request's link. A link's owner never changes: the last OWNERS_KEPT
 * links' are kept (by the token's hash), so a flood of one link's unlocks reads it once.
 * An unknown token has none (and is not kept): it spends no owner's budget.
 */
function linkOwners(linkOwner: (token: string) => Promise<number | undefined>) {
  const owners = new Map<string, Promise<number | undefined>>();
  return (req: Request) => {
    const key = tokenHash(req);
    let owner = owners.get(key);
    if (!owner) {
      owner = linkOwner(String(req.openapi?.pathParams?.token));
      owners.set(key, owner);
      if (owners.size > OWNERS_KEPT) owners.delete(owners.keys().next().value as string);
      const forget = () => owners.get(key) === owner && owners.delete(key);
      owner.then((found) => found === undefined && forget(), forget);
    }
    return owner;
  };
}
