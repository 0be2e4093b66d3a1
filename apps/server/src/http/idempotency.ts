import { createHash } from "node:crypto";
import type { NextFunction, Request, RequestHandler, Response } from "express";
import { stringify } from "safe-stable-stringify";
import type { Db } from "../data/database.js";
import {
  claimKey,
  type KeptAnswer,
  type KeyOwner,
  type KeyTimes,
  keepAnswer,
  releaseKey,
} from "../data/idempotency-keys.js";
import { answerProblem, type ProblemCode } from "./problems.js";

/** The response headers a replay repeats; the rest (request id, rate limit, dates) belong to each request. */
const KEPT_HEADERS = ["content-type", "etag", "location"] as const;

/** Why a key cannot serve this request: 409 while its first request runs, 422 when it served another request. */
const refusals = {
  in_flight: {
    code: "idempotency_key_in_use",
    detail: "A request with this Idempotency-Key is still being processed; retry later.",
    issue: { message: "is in use by a request still being processed", code: "in_use" },
  },
  reused: {
    code: "idempotency_key_reused",
    detail: "This Idempotency-Key was used for a different request.",
    issue: { message: "was used for a different request (path or body)", code: "reused" },
  },
} as const satisfies Record<string, { code: ProblemCode; detail: string; issue: object }>;

/**
 * `Idempotency-Key` on every POST (the IETF draft's semantics): the first answer to a
 * caller's key is kept and replayed to a retry with the same request, without doing the
 * work again. It runs after request validation, so the key is known to be 1–255
 * characters, the body is parsed, and an upload's bytes are already hashed: the request
 * is fingerprinted by its method, path, parsed body and the file's SHA-256, never by
 * buffering the upload. A refusal before it (401, 429, a 400 or 413 of the contract) is
 * never kept. Answers below 500 are kept; a 5xx frees the key at once, and a holder that
 * crashed loses it when its lease ends.
 */
export function idempotentPosts(db: Db, times: KeyTimes): RequestHandler {
  return async (req: Request, res: Response, next: NextFunction) => {
    const key = req.get("idempotency-key");
    if (req.method !== "POST" || key === undefined || !req.auth) return next();
    const owner = { userId: req.auth.userId, key };
    const claimed = await claimKey(db, owner, fingerprint(req), times);
    if (claimed.outcome === "kept") return replay(res, claimed.answer);
    if (claimed.outcome !== "claimed") {
      const { code, detail, issue } = refusals[claimed.outcome];
      return answerProblem(req, res, code, detail, [{ path: "/headers/idempotency-key", ...issue }]);
    }
    keepTheAnswer(req, res, db, owner, claimed.claim, times.ttlSeconds);
    next();
  };
}

/** SHA-256 of what the request asks: method, path, parsed body (keys sorted) and the uploaded file. */
function fingerprint(req: Request): string {
  const upload = req.upload && { hash: req.upload.hash, filename: req.upload.filename };
  return createHash("sha256")
    .update(stringify({ method: req.method, url: req.originalUrl, body: req.body, upload }) ?? "")
    .digest("hex");
}

function replay(res: Response, answer: KeptAnswer): void {
  for (const [name, value] of Object.entries(answer.headers)) res.setHeader(name, value);
  res.setHeader("Idempotent-Replayed", "true");
  res.status(answer.status).send(answer.body);
}

/**
 * Every answer leaves through `res.send` (`res.json` and the problem writer call it):
 * before it goes out, the answer is kept (below 500) or the key released (5xx), so a
 * client that has the answer and retries finds it kept, never "in flight".
 */
function keepTheAnswer(req: Request, res: Response, db: Db, owner: KeyOwner, claim: string, ttlSeconds: number) {
  const send = res.send;
  res.send = function keepThenSend(this: Response, body?: unknown) {
    res.send = send;
    const status = res.statusCode;
    const settled =
      status >= 500 ? releaseKey(db, owner, claim) : keepAnswer(db, owner, claim, answerOf(res, body), ttlSeconds);
    settled
      .catch((err: unknown) => {
        req.log.error({ err }, "the answer to an Idempotency-Key could not be kept");
        return releaseKey(db, owner, claim).catch(() => {});
      })
      .finally(() => send.call(res, body));
    return res;
  };
}

function answerOf(res: Response, body: unknown): KeptAnswer {
  const headers: Record<string, string> = {};
  for (const name of KEPT_HEADERS) {
    const value = res.getHeader(name);
    if (value !== undefined) headers[name] = String(value);
  }
  const text =
    typeof body === "string" ? body : Buffer.isBuffer(body) ? body.toString("utf8") : (stringify(body) ?? "");
  return { status: res.statusCode, headers, body: text };
}
