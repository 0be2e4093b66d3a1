import type { Request, RequestHandler } from "express";
import * as OpenApiValidator from "express-openapi-validator";
import type { Db } from "../data/database.js";
import { authenticate, type KeyCache } from "../domain/api-keys.js";
import { contract } from "./contract-document.js";
import { WARM_UP_USER, type WarmUp } from "./warm-up.js";

/** A key that could not be checked is not a wrong key: the error handler answers from the cause. */
function uncheckedKey(req: Request, err: unknown): Error {
  req.keyCheckFailure = err;
  return new Error("The api key could not be checked.");
}

/**
 * The contract gate: every request is matched to a documented operation and
 * validated (path, headers, body, security) before a handler runs, and every JSON
 * response is validated before it is sent. `afterSecurity` runs, in order, between the
 * security check and request validation. Undocumented paths, including a documented
 * path without its trailing slash, are never routed.
 */
export function contractValidator(
  db: Db,
  keys: KeyCache | undefined,
  afterSecurity: RequestHandler[],
  options: { validateRequests: boolean; validateResponses: boolean; warmUp?: WarmUp },
): RequestHandler[] {
  const middlewares = OpenApiValidator.middleware({
    // A copy of the document parsed once: the validator dereferences it in place.
    apiSpec: structuredClone(contract) as Parameters<typeof OpenApiValidator.middleware>[0]["apiSpec"],
    validateApiSpec: true,
    ignoreUndocumented: false,
    validateRequests: options.validateRequests
      ? { allowUnknownQueryParameters: false, coerceTypes: false, allErrors: true }
      : false,
    validateResponses: options.validateResponses ? { removeAdditional: false } : false,
    validateFormats: true,
    fileUploader: false,
    $refParser: { mode: "dereference" },
    validateSecurity: {
      handlers: {
        ApiKeyAuth: async (req) => {
          const key = req.headers["api-key"];
          if (typeof key === "string" && options.warmUp?.accepts(key)) {
            req.auth = { userId: WARM_UP_USER };
            return true;
          }
          const userId =
            typeof key === "string" && key !== ""
              ? await authenticate(db, key, keys).catch((err: unknown) => {
                  throw uncheckedKey(req, err);
                })
              : undefined;
          if (userId === undefined) return false;
          req.auth = { userId };
          return true;
        },
      },
    },
  }) as unknown as RequestHandler[];
  // After the security check and before request validation: the per-key budget (only
  // an authenticated key has one), the multipart parser, which streams the body in the
  // slot the validator's own multer-in-memory uploader would take, and the empty-body check.
  const security = middlewares.findIndex((mw) => mw.name === "securityMiddleware");
  if (security < 0) throw new Error("express-openapi-validator has no securityMiddleware to put body readers after");
  middlewares.splice(security + 1, 0, ...afterSecurity);
  return middlewares;
}
