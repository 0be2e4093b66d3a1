import { once } from "node:events";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import express, { type ErrorRequestHandler, type RequestHandler } from "express";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { inSequence } from "../src/http/in-sequence.js";

describe("inSequence runs middlewares as Express's layers would", () => {
  let server: Server;
  let url: string;
  beforeAll(async () => {
    const app = express();
    const ran: RequestHandler = (req, _res, next) => {
      req.headers["x-ran"] = `${req.headers["x-ran"] ?? ""}+`;
      next();
    };
    // Goes on later, as a body reader does: what follows runs outside Express's own try.
    const later: RequestHandler = (_req, _res, next) => {
      setImmediate(next);
    };
    const throws: RequestHandler = (req, _res, next) => {
      if (req.path === "/throws") throw new Error("thrown");
      next();
    };
    const byPath: RequestHandler = async (req, res, next) => {
      if (req.path === "/answers") res.json({ ran: req.headers["x-ran"] });
      else if (req.path === "/rejects") await Promise.reject(new Error("rejected"));
      else if (req.path === "/passes-error") next(new Error("passed"));
      else next();
    };
    const after: RequestHandler = (req, res) => {
      res.json({ after: true, ran: req.headers["x-ran"] });
    };
    app.use(inSequence([ran, later, ran, throws, byPath, after]));
    const errors: ErrorRequestHandler = (err, _req, res, _next) => {
      res.status(500).json({ error: (err as Error).message });
    };
    app.use(errors);
    server = createServer(app).listen(0, "127.0.0.1");
    await once(server, "listening");
    url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(async () => {
    server.close();
    await once(server, "close");
  });

  const get = async (path: string) => {
    // A request the sequence loses would otherwise wait for the suite's timeout.
    const res = await fetch(`${url}${path}`, { signal: AbortSignal.timeout(3000) });
    return { status: res.status, body: await res.json() };
  };

  test("each runs in order, and one that answers ends the sequence", async () => {
    expect(await get("/answers")).toEqual({ status: 200, body: { ran: "++" } });
    expect(await get("/other")).toEqual({ status: 200, body: { after: true, ran: "++" } });
  });

  test("a throw, a rejected promise and next(err) reach the app's error handler", async () => {
    expect(await get("/throws")).toEqual({ status: 500, body: { error: "thrown" } });
    expect(await get("/rejects")).toEqual({ status: 500, body: { error: "rejected" } });
    expect(await get("/passes-error")).toEqual({ status: 500, body: { error: "passed" } });
  });

  test("an error handler is refused: it would run for every request", () => {
    const handler: ErrorRequestHandler = (_err, _req, _res, next) => next();
    expect(() => inSequence([handler as unknown as RequestHandler])).toThrow(/error handler/);
  });
});
