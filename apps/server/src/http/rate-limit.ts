import { createHash } from "node:crypto";
import type { RequestHandler } from "express";
import { ipKeyGenerator, rateLimit, type Store } from "express-rate-limit";
import { RedisStore } from "rate-limit-redis";
import { createClient } from "redis";
import { problem, sendProblem } from "./problems.js";

export interface RateLimiter {
  middleware: RequestHandler;
  close(): Promise<void>;
}

/**
 * A per-api-key budget per minute (per client address for requests without a key),
 * answered with `RateLimit` / `Retry-After` headers and a 429 problem. With Redis the
 * budget is shared by every process; if Redis fails, requests are let through.
 */
export async function createRateLimiter(options: {
  perMinute: number;
  redisUrl: string | undefined;
}): Promise<RateLimiter> {
  let store: Store | undefined;
  let close = async () => {};
  if (options.redisUrl) {
    const client = createClient({ url: options.redisUrl });
    client.on("error", () => {});
    await client.connect();
    store = new RedisStore({ prefix: "vault:rl:", sendCommand: (...args: string[]) => client.sendCommand(args) });
    close = async () => {
      await client.quit();
    };
  }
  const middleware = rateLimit({
    windowMs: 60_000,
    limit: options.perMinute,
    standardHeaders: "draft-8",
    legacyHeaders: false,
    passOnStoreError: true,
    store,
    keyGenerator: (req) => {
      const key = req.headers["api-key"];
      return typeof key === "string" && key !== ""
        ? `key:${createHash("sha256").update(key).digest("hex")}`
        : `ip:${ipKeyGenerator(req.ip ?? "")}`;
    },
    handler: (req, res) =>
      sendProblem(
        res,
        problem(
          "too_many_requests",
          "The request budget of this api key is spent; retry after Retry-After seconds.",
          [],
          `urn:vault:request:${req.id}`,
        ),
      ),
  });
  return { middleware, close };
}
