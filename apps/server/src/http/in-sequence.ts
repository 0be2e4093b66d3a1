import type { NextFunction, Request, RequestHandler, Response } from "express";

/**
 * `handlers` as one middleware that runs them in order, as Express runs its layers: each
 * calls `next()` to go on, and `next(err)`, a throw or a rejected promise leaves the
 * sequence for the app's error handlers. Express's router pays a few microseconds a layer
 * on every request (matching the path, parsing the URL again, trimming prefixes), which
 * the app's two dozen middlewares added up to (docs/decisions/contract-routing.md).
 */
export function inSequence(handlers: RequestHandler[]): RequestHandler {
  for (const handler of handlers) {
    if (handler.length === 4) throw new Error("an error handler cannot run in a sequence: mount it on the app");
  }
  return (req: Request, res: Response, done: NextFunction) => {
    let index = 0;
    const next: NextFunction = (err?: unknown) => {
      // An error leaves; so do Express's own jumps ("route", "router"), which no middleware of this app takes.
      if (err) return done(err);
      const handler = handlers[index++];
      if (!handler) return done();
      try {
        const result: unknown = handler(req, res, next);
        if (isThenable(result))
          result.then(undefined, (error: unknown) => done(error || new Error("Rejected promise")));
      } catch (error) {
        done(error);
      }
    };
    next();
  };
}

const isThenable = (value: unknown): value is PromiseLike<unknown> =>
  typeof value === "object" && value !== null && typeof (value as PromiseLike<unknown>).then === "function";
