import type { NextFunction, Request, RequestHandler, Response } from "express";
import { stringify } from "safe-stable-stringify";
import type { Db } from "../data/database.js";
import {
  type ClaimedKey,
  claimKey,
  type KeptAnswer,
  type KeyOwner,
  type KeyTimes,
  keepAnswer,
  type RecordedWork,
  releaseKey,
} from "../data/idempotency-keys.js";
import { keyRing } from "../secrets/key-ring.js";
import { isLinkOperation } from "./operation-types.js";
import { answerProblem, type ProblemCode } from "./problems.js";
import { etag } from "./request-context.js";

declare global {
  namespace Express {
    interface Request {
      /** The `Idempotency-Key` this request holds: the work's statement records its answer under it. */
      idempotency?: ClaimedKey;
    }
  }
}

/** The answer a handler gave, rebuilt from what its work's statement recorded (see `recordedAnswer`). */
export interface RebuiltReply {
  status: number;
  body: unknown;
  version?: number;
  location?: string;
}

/** Per POST operation: its answer from the work's record, for a retry whose first answer was never kept. */
type Recoveries = Record<string, (work: RecordedWork) => RebuiltReply | Promise<RebuiltReply>>;

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
 *
 * The work's own statement marks the key committed (`recordedAnswer`), so a request
 * whose answer was never kept (the process died after the commit, or keeping it failed)
 * is not done again: its retry gets the answer rebuilt from that record (`recoveries`).
 */
export function idempotentPosts(
  db: Db,
  { times, recoveries, crashAfterWork }: { times: KeyTimes; recoveries: Recoveries; crashAfterWork: boolean },
): RequestHandler {
  return async (req: Request, res: Response, next: NextFunction) => {
    const key = req.get("idempotency-key");
    // A link's unlock changes nothing and its answer is a credential, which is not kept.
    const unlock = isLinkOperation(req.openapi?.schema?.operationId);
    // The contract marks the POSTs that take no key: a tus creation (the protocol's offsets
    // make its retries safe) and a download link's (it changes nothing).
    const keyless =
      (req.openapi?.schema as Record<string, unknown> | undefined)?.["x-vault-no-idempotency-key"] === true;
    if (req.method !== "POST" || key === undefined || !req.auth || unlock || keyless) return next();
    const owner = { userId: req.auth.userId, key };
    const claimed = await claimKey(db, owner, fingerprints(req), times);
    if (claimed.outcome === "kept") return replay(res, claimed.answer);
    if (claimed.outcome === "committed") return replayRebuilt(req, res, recoveries, claimed.work);
    if (claimed.outcome !== "claimed") {
      const { code, detail, issue } = refusals[claimed.outcome];
      return answerProblem(req, res, code, detail, [{ path: "/headers/idempotency-key", ...issue }]);
    }
    req.idempotency = { key, claim: claimed.claim };
    keepTheAnswer(req, res, db, owner, claimed.claim, times.ttlSeconds, crashAfterWork);
    next();
  };
}

/**
 * HMAC-SHA-256 of what the request asks: method, path, parsed body (keys sorted) and the
 * uploaded file, under each key of the ring (the current one first, which is kept), each
 * after its key's id. Keyed
 * with the root secret, so that a copy of the table cannot be searched for a guessed body
 * (a share's password is in its body).
 */
function fingerprints(req: Request): string[] {
  const upload = req.upload && { hash: req.upload.hash, filename: req.upload.filename };
  const asked = stringify({ method: req.method, url: req.originalUrl, body: req.body, upload }) ?? "";
  const ring = keyRing();
  return ring.macs("idempotency", asked).map((mac, i) => `${ring.keys[i]?.id}.${mac.toString("hex")}`);
}

/** The answer of a request whose work committed and whose answer was never kept, as its handler gave it. */
async function replayRebuilt(req: Request, res: Response, recoveries: Recoveries, work: RecordedWork): Promise<void> {
  const operationId = req.openapi?.schema?.operationId ?? "";
  const recover = recoveries[operationId];
  if (!recover) throw new Error(`${operationId} recorded its work under an Idempotency-Key but has no recovery`);
  const reply = await recover(work);
  if (reply.location !== undefined) res.setHeader("Location", reply.location);
  if (reply.version !== undefined) res.setHeader("ETag", etag(reply.version));
  res.setHeader("Idempotent-Replayed", "true");
  res.status(reply.status).json(reply.body);
}

function replay(res: Response, answer: KeptAnswer): void {
  for (const [name, value] of Object.entries(answer.headers)) res.setHeader(name, value);
  res.setHeader("Idempotent-Replayed", "true");
  res.status(answer.status).send(answer.body);
}

/**
 * The operations whose answer holds a credential (a link token, a webhook signing secret):
 * their success is never kept as sent; a replay rebuilds it from the sealed record the
 * work's statement wrote, so the kept answers hold nothing a copy of the database could use.
 */
const CREDENTIAL_ANSWERS = new Set([
  "createFileShare",
  "replaceFileShareLink",
  "createWebhookEndpoint",
  "rotateWebhookEndpointSecret",
]);

/**
 * Every answer leaves through `res.send` (`res.json` and the problem writer call it):
 * before it goes out, the answer is kept (below 500; a credential's success is recorded by
 * its work instead) or the key released (5xx), so a client that has the answer and
 * retries finds it kept, never "in flight".
 */
function keepTheAnswer(
  req: Request,
  res: Response,
  db: Db,
  owner: KeyOwner,
  claim: string,
  ttlSeconds: number,
  crashAfterWork: boolean,
) {
  const send = res.send;
  res.send = function keepThenSend(this: Response, body?: unknown) {
    res.send = send;
    const status = res.statusCode;
    if (crashAfterWork && status < 300) process.kill(process.pid, "SIGKILL");
    const recordedByWork = status < 300 && CREDENTIAL_ANSWERS.has(req.openapi?.schema?.operationId ?? "");
    const settled =
      status >= 500
        ? releaseKey(db, owner, claim)
        : recordedByWork
          ? Promise.resolve()
          : keepAnswer(db, owner, claim, answerOf(res, body), ttlSeconds);
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
