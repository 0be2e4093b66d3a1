// Every operation of the contract with its route, spread from the route modules (one
// per resource), and the tables the app's middlewares take from them.
import type { RecordedWork } from "../../data/idempotency-keys.js";
import type { RebuiltReply } from "../idempotency.js";
import type { Handlers, Routes, StreamHandlers } from "../operation-types.js";
import { bankAccountRoutes } from "./bank-accounts.js";
import { binRoutes } from "./bins.js";
import type { RouteContext } from "./context.js";
import { downloadLinkRoutes } from "./download-links.js";
import { eventRoutes } from "./events.js";
import { fileShareRoutes } from "./file-shares.js";
import { fileRoutes } from "./files.js";
import { folderRoutes } from "./folders.js";
import { linkRoutes } from "./links.js";
import { searchRoutes } from "./search.js";
import { uploadRoutes } from "./uploads.js";
import { usageRoutes } from "./usage.js";
import { versionRoutes } from "./versions.js";
import { webhookEndpointRoutes } from "./webhook-endpoints.js";

/** The routes of every operation: the type fails the check while an operation has none. */
export function createRoutes(context: RouteContext): Routes {
  return {
    ...bankAccountRoutes(context),
    ...fileRoutes(context),
    ...folderRoutes(context),
    ...fileShareRoutes(context),
    ...linkRoutes(context),
    ...binRoutes(context),
    ...versionRoutes(context),
    ...downloadLinkRoutes(context),
    ...searchRoutes(context),
    ...uploadRoutes(context),
    ...eventRoutes(context),
    ...webhookEndpointRoutes(context),
    ...usageRoutes(context),
  };
}

type Recovery = (work: RecordedWork) => RebuiltReply | Promise<RebuiltReply>;

/** The routes as the dispatcher's tables (JSON handlers, streams) and the idempotency's replays by POST. */
export function routeTables(routes: Routes) {
  const handlers: Record<string, unknown> = {};
  const streams: Record<string, unknown> = {};
  const recoveries: Record<string, Recovery> = {};
  for (const [operationId, route] of Object.entries<Routes[keyof Routes]>(routes)) {
    if ("stream" in route) streams[operationId] = route.stream;
    else handlers[operationId] = route.handle;
    if ("replay" in route) recoveries[operationId] = route.replay as Recovery;
  }
  return { handlers: handlers as Handlers, streams: streams as StreamHandlers, recoveries };
}
