import { randomUUID } from "node:crypto";
import type { IncomingMessage } from "node:http";
import type { Express, RequestHandler } from "express";
import type { Logger } from "../logger.js";

declare module "http" {
  interface IncomingMessage {
    /** The request id: the client's `X-Request-Id` when it is a sensible one, else a new UUID. */
    id: string;
    /** Logs lines about this request, each carrying it (`req`). */
    log: Logger;
  }
}

const REQUEST_ID = /^[\w.:-]{1,128}$/;
const ownLogger = Symbol("request logger");
/** Probed every few seconds: their answers would bury the requests of users. */
const PROBES = new Set(["/healthz", "/readyz", "/metrics"]);

/**
 * Request ids and the request log, in pino-http's shape: `req.log`, and one line per
 * request when it ends (`request completed`, or `request aborted` when the connection
 * closed first, with `req`, `res` and `responseTime`, at info; a probe's answer below 400
 * at debug, its failures at info). Unlike pino-http it
 * makes no child logger per request (two, each serialising and redacting the request
 * even when nothing is logged): `req.log` is made when first used, the line only when
 * info is enabled.
 */
export function requestLogging(app: Express, logger: Logger): RequestHandler {
  Object.defineProperty(app.request, "log", {
    get(this: IncomingMessage & { [ownLogger]?: Logger }) {
      this[ownLogger] ??= logger.child({ req: this });
      return this[ownLogger];
    },
  });
  const lines = logger.isLevelEnabled("info");
  return (req, res, next) => {
    const given = req.headers["x-request-id"];
    const id = typeof given === "string" && REQUEST_ID.test(given) ? given : randomUUID();
    req.id = id;
    res.setHeader("X-Request-Id", id);
    if (lines) {
      const start = Date.now();
      res.once("close", () => {
        const msg = res.writableFinished ? "request completed" : "request aborted";
        const probed = res.writableFinished && res.statusCode < 400 && PROBES.has(req.originalUrl.split("?")[0] ?? "");
        // `client` is the address the budgets count (`TRUST_PROXY`), the socket's being a proxy's.
        logger[probed ? "debug" : "info"]({ req, res, client: req.ip, responseTime: Date.now() - start }, msg);
      });
    }
    next();
  };
}
