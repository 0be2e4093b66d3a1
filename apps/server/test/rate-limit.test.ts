import { once } from "node:events";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import express from "express";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { createRateLimiter, type RateLimiter } from "../src/http/rate-limit.js";

const WINDOW_MS = 1000;

describe("createRateLimiter with a short window", () => {
  let limiter: RateLimiter;
  let server: Server;
  let url: string;
  beforeAll(async () => {
    limiter = await createRateLimiter({
      perMinute: 1,
      failedAuthPerMinute: 1,
      linkPerMinute: 1,
      unlockAddressPer15Minutes: 1,
      unlockOwnerPerMinute: 1,
      windowMs: WINDOW_MS,
      unlockWindowMs: WINDOW_MS,
      linkOwner: async () => undefined,
      redisUrl: undefined,
    });
    const app = express();
    app.use((req, _res, next) => {
      // What authentication leaves on the request: the key's hash, from the test's header.
      req.auth = { keyHash: String(req.headers["x-key"]) } as typeof req.auth;
      next();
    });
    app.use(limiter.perKey);
    app.get("/", (_req, res) => {
      res.json({ ok: true });
    });
    server = createServer(app).listen(0, "127.0.0.1");
    await once(server, "listening");
    url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/`;
  });
  afterAll(async () => {
    server?.close();
    await limiter?.close();
  });

  const get = (key: string) => fetch(url, { headers: { "x-key": key } });

  test("when a key's budget is spent, then 429 with Retry-After until the window ends, and then the key has its budget again", async () => {
    const started = Date.now();
    expect((await get("a")).status).toBe(200);
    const limited = await get("a");
    expect(limited.status).toBe(429);
    expect(limited.headers.get("retry-after")).toBe("1");
    expect((await get("b")).status).toBe(200);
    await expect.poll(async () => (await get("a")).status, { timeout: 5000, interval: 100 }).toBe(200);
    expect(Date.now() - started).toBeGreaterThanOrEqual(WINDOW_MS);
  });
});
