import type { NextFunction, Request, RequestHandler, Response } from "express";
import {
  type Handlers,
  type JsonOperationId,
  type OperationId,
  type StreamHandlers,
  type StreamOperationId,
  takesCredentialInPath,
} from "./operation-types.js";
import { etag, noneMatch, parseIfMatch, representationTag } from "./request-context.js";

type UntypedHandler = (input: {
  userId: number;
  path: unknown;
  query: unknown;
  url: URL;
  body: unknown;
  ifMatch: number[] | undefined;
  upload: Request["upload"];
  idempotency: Request["idempotency"];
}) => Promise<{ status: number; body?: unknown; version?: number; location?: string }>;

/** What a read answers is its owner's: no shared cache may keep it, a private one revalidates. */
const READ_CACHE_CONTROL = "private, no-cache";

/**
 * Runs the handler of the operation express-openapi-validator matched. Routing is the
 * contract's: a request reaches a handler only after the validator matched its
 * documented path and method and validated it.
 */
export function dispatch(handlers: Handlers, streams: StreamHandlers, publicBaseUrl: string): RequestHandler {
  return async (req: Request, res: Response, next: NextFunction) => {
    const operationId = req.openapi?.schema?.operationId as OperationId | undefined;
    if (!operationId) return next();
    // A link is its own credential: its operations run with or without a key.
    if (takesCredentialInPath(operationId)) return streams[operationId](req, res, next);
    if (!req.auth) return next();
    if (operationId in streams) return streams[operationId as StreamOperationId](req, res, next);
    // The table is typed per operation; here one call site serves them all.
    const handler = handlers[operationId as JsonOperationId] as unknown as UntypedHandler | undefined;
    if (!handler) return next();
    const reply = await handler({
      userId: req.auth.userId,
      path: req.openapi?.pathParams,
      query: req.query,
      url: new URL(`${publicBaseUrl}${req.originalUrl}`),
      body: req.body,
      ifMatch: parseIfMatch(req.get("if-match")),
      upload: req.upload,
      idempotency: req.idempotency,
    });
    const read = req.method === "GET";
    if (read) res.setHeader("Cache-Control", READ_CACHE_CONTROL);
    if (reply.location !== undefined) res.setHeader("Location", reply.location);
    if (reply.version !== undefined) {
      const tag = read ? representationTag(reply.version, reply.body) : etag(reply.version);
      res.setHeader("ETag", tag);
      if (read && noneMatch(req.get("if-none-match"), tag)) return void res.status(304).end();
    }
    if (reply.body === undefined) return void res.status(reply.status).end();
    res.status(reply.status).json(reply.body);
  };
}
