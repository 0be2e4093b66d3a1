import type { NextFunction, Request, RequestHandler, Response } from "express";
import type { Handlers, JsonOperationId, OperationId, StreamHandlers, StreamOperationId } from "./operation-types.js";
import { etag, parseIfMatch } from "./request-context.js";

type UntypedHandler = (input: {
  userId: number;
  path: unknown;
  body: unknown;
  ifMatch: number | undefined;
  upload: Request["upload"];
}) => Promise<{ status: number; body: unknown; version?: number }>;

/**
 * Runs the handler of the operation express-openapi-validator matched. Routing is the
 * contract's: a request reaches a handler only after the validator matched its
 * documented path and method and validated it.
 */
export function dispatch(handlers: Handlers, streams: StreamHandlers): RequestHandler {
  return async (req: Request, res: Response, next: NextFunction) => {
    const operationId = req.openapi?.schema?.operationId as OperationId | undefined;
    if (!operationId || !req.auth) return next();
    if (operationId in streams) return streams[operationId as StreamOperationId](req, res, next);
    // The table is typed per operation; here one call site serves them all.
    const handler = handlers[operationId as JsonOperationId] as unknown as UntypedHandler | undefined;
    if (!handler) return next();
    const reply = await handler({
      userId: req.auth.userId,
      path: req.openapi?.pathParams,
      body: req.body,
      ifMatch: parseIfMatch(req.get("if-match")),
      upload: req.upload,
    });
    if (reply.version !== undefined) res.setHeader("ETag", etag(reply.version));
    res.status(reply.status).json(reply.body);
  };
}
