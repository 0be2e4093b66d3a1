import type { components } from "@vault/spec/schema";
import type { ErrorRequestHandler, Request, Response } from "express";
import { causeChain, hasErrorCode } from "../data/database-errors.js";
import { DomainError, type DomainErrorKind, EXPECTED_VERSION, type FieldIssue } from "../domain/errors.js";
import { AllSlotsBusy, OwnerQueueFull } from "../domain/fair-slots.js";
import { BlobStoreFull, BlobStoreRefused, BlobStoreUnavailable } from "../storage/blob-store.js";
import { linkUrls, problemPage, sendPage, wantsPage } from "./link-pages.js";

export type Problem = components["schemas"]["Problem"];

/** Every kind of problem the service answers, by stable code. docs/errors.md lists the same table. */
export const problemTypes = {
  validation: { status: 400, title: "Request does not match the contract" },
  malformed_json: { status: 400, title: "Malformed JSON body" },
  bad_request: { status: 400, title: "Bad request" },
  unauthorized: { status: 401, title: "Missing or invalid api key" },
  not_found: { status: 404, title: "Not found" },
  share_expired: { status: 410, title: "Share expired" },
  method_not_allowed: { status: 405, title: "Method not allowed" },
  conflict: { status: 409, title: "Conflict with the current state" },
  offset_mismatch: { status: 409, title: "Upload offset mismatch" },
  too_many_uploads: { status: 403, title: "Too many unfinished uploads" },
  download_link_refused: { status: 403, title: "Download link refused" },
  idempotency_key_in_use: { status: 409, title: "Idempotency key in use" },
  precondition_failed: { status: 412, title: "Precondition failed" },
  tus_version: { status: 412, title: "Unsupported tus version" },
  payload_too_large: { status: 413, title: "Payload too large" },
  unsupported_media_type: { status: 415, title: "Unsupported media type" },
  range_not_satisfiable: { status: 416, title: "Range not satisfiable" },
  unprocessable: { status: 422, title: "Unprocessable reference" },
  upload_locked: { status: 423, title: "Upload locked" },
  idempotency_key_reused: { status: 422, title: "Idempotency key reused" },
  too_many_requests: { status: 429, title: "Too many requests" },
  checksum_mismatch: { status: 460, title: "Checksum mismatch" },
  internal: { status: 500, title: "Internal server error" },
  unavailable: { status: 503, title: "Service unavailable" },
  timeout: { status: 503, title: "Request ran into a time limit" },
  insufficient_storage: { status: 507, title: "Insufficient storage" },
  quota_exceeded: { status: 507, title: "Quota exceeded" },
} as const;

/** Seconds a client should wait before retrying, sent as `Retry-After`. */
const retryAfterSeconds: Partial<Record<ProblemCode, number>> = {
  unavailable: 5,
  timeout: 1,
  idempotency_key_in_use: 1,
  upload_locked: 1,
};

/** About what an owner's full queue of password hashes takes to drain while others hash too. */
const OWNER_QUEUE_RETRY_SECONDS = 5;

/**
 * A problem lists at most 20 fields at fault (with `error_count` for all of them) and
 * clips every text to 300 characters: 20 × 3 texts × 300 characters × 3 UTF-8 bytes
 * stays under 64 KiB, whatever a request puts into field names.
 */
const MAX_LISTED_ERRORS = 20;
const MAX_TEXT = 300;
const PROBLEM_TYPE = "urn:vault:problem:";

export type ProblemCode = keyof typeof problemTypes;

/** A part of the request at fault, located by a JSON pointer (`/body/users/1`, `/headers/if-match`). */
export interface RequestIssue {
  path: string;
  message: string;
  code: string;
}

/** A refusal of the HTTP layer itself (a body it cannot read, a limit): already a problem. */
export class ProblemError extends Error {
  constructor(
    readonly code: ProblemCode,
    message: string,
    readonly errors: RequestIssue[] = [],
  ) {
    super(message);
  }
}

/** Where in the request a domain error's field is: the expected version came as If-Match, a list's options in the query, the rest in the body. */
const locate = ({ field, in: where, message, code }: FieldIssue): RequestIssue => ({
  path: field === EXPECTED_VERSION ? "/headers/if-match" : `/${where ?? "body"}/${field}`,
  message,
  code,
});

const SPECIFIC_CODES = new Set<ProblemCode>([
  "malformed_json",
  "bad_request",
  "timeout",
  "idempotency_key_in_use",
  "idempotency_key_reused",
  "offset_mismatch",
  "tus_version",
  "too_many_uploads",
  "download_link_refused",
  "upload_locked",
  "checksum_mismatch",
  "quota_exceeded",
]);

const codeByStatus = new Map<number, ProblemCode>(
  (Object.entries(problemTypes) as [ProblemCode, { status: number }][])
    // A 400 from the validator is always a contract violation; the rest share a status with a general code.
    .filter(([code]) => !SPECIFIC_CODES.has(code))
    .map(([code, { status }]) => [status, code]),
);

const domainCodes: Record<DomainErrorKind, ProblemCode> = {
  not_found: "not_found",
  conflict: "conflict",
  precondition_failed: "precondition_failed",
  unprocessable: "unprocessable",
  payload_too_large: "payload_too_large",
  quota_exceeded: "quota_exceeded",
  bad_request: "bad_request",
};

const clip = (text: string) => (text.length > MAX_TEXT ? `${text.slice(0, MAX_TEXT - 1)}…` : text);

export function problem(code: ProblemCode, detail?: string, errors?: RequestIssue[], instance?: string): Problem {
  const { status, title } = problemTypes[code];
  const listed = (errors ?? [])
    .slice(0, MAX_LISTED_ERRORS)
    .map((issue) => ({ path: clip(issue.path), message: clip(issue.message), code: clip(issue.code) }));
  return {
    type: `${PROBLEM_TYPE}${code.replaceAll("_", "-")}`,
    title,
    status,
    ...(detail ? { detail: clip(detail) } : {}),
    ...(instance ? { instance: clip(instance) } : {}),
    ...(listed.length ? { errors: listed } : {}),
    ...(errors && errors.length > listed.length ? { error_count: errors.length } : {}),
  };
}

/** The `instance` of a problem: the request it answers. */
const instanceOf = (req: Request) => `urn:vault:request:${req.id}`;

/** Answers the request with a problem of this kind. */
export function answerProblem(
  req: Request,
  res: Response,
  code: ProblemCode,
  detail?: string,
  errors?: RequestIssue[],
) {
  sendProblem(res, code, problem(code, detail, errors, instanceOf(req)));
}

/**
 * Writes a problem without `res.json`, which response validation wraps (an error inside
 * it would loop); to a browser opening a link, as a page.
 */
function sendProblem(res: Response, code: ProblemCode, body: Problem): void {
  const retryAfter = retryAfterSeconds[code];
  if (retryAfter !== undefined) res.setHeader("Retry-After", String(retryAfter));
  if (wantsPage(res.req)) sendPage(res, body.status, problemPage(body, linkUrls(res)?.unlock));
  else res.status(body.status).type("application/problem+json").send(JSON.stringify(body));
}

interface ValidatorIssue {
  path?: string;
  message?: string;
  errorCode?: string;
}

/** express-openapi-validator's errors carry `status` and `errors[]`; body-parser's carry `type`. */
function classify(err: unknown): { code: ProblemCode; detail?: string; errors?: RequestIssue[]; retryAfter?: number } {
  if (err instanceof DomainError)
    return { code: domainCodes[err.kind], detail: err.message, errors: err.errors.map(locate) };
  if (err instanceof ProblemError) return { code: err.code, detail: err.message, errors: err.errors };
  const e = err as { status?: number; type?: string; message?: string; errors?: ValidatorIssue[] };
  if (e.type === "entity.parse.failed") return { code: "malformed_json", detail: "The body is not valid JSON." };
  if (e.type === "entity.too.large") return { code: "payload_too_large", detail: "The body is larger than the limit." };
  if (err instanceof BlobStoreUnavailable) {
    return { code: "unavailable", detail: "The file store cannot be reached; retry later." };
  }
  if (err instanceof BlobStoreRefused) {
    return { code: "unavailable", detail: "The file store cannot store files right now; retry later." };
  }
  if (err instanceof BlobStoreFull) {
    return { code: "insufficient_storage", detail: "The file store is full; nothing was stored." };
  }
  if (err instanceof OwnerQueueFull) {
    return {
      code: "too_many_requests",
      detail: "Too many passwords of this link's owner are being checked right now; retry after Retry-After seconds.",
      retryAfter: OWNER_QUEUE_RETRY_SECONDS,
    };
  }
  if (err instanceof AllSlotsBusy) {
    return { code: "unavailable", detail: "Too many passwords are being checked right now; retry later." };
  }
  if (hasCode(err, OVER_QUOTA)) {
    return { code: "quota_exceeded", detail: "This would store more than your quota; nothing was stored." };
  }
  if (isDatabaseUnreachable(err)) {
    return { code: "unavailable", detail: "The database cannot be reached; retry later." };
  }
  if (hasCode(err, TIME_LIMITS, /timeout exceeded when trying to connect/)) {
    return {
      code: "timeout",
      detail: "The request ran into a time limit of the database; nothing changed. Retry later.",
    };
  }
  if (hasCode(err, NUL_IN_TEXT))
    return { code: "bad_request", detail: "Text must not contain NUL (U+0000) characters." };
  const code = e.status === undefined ? undefined : codeByStatus.get(e.status);
  if (!code || code === "internal") return { code: "internal" };
  if (code === "validation") {
    const errors = (e.errors ?? []).map((issue) => ({
      path: issue.path ?? "",
      message: issue.message ?? "is invalid",
      code: (issue.errorCode ?? "invalid").replace(/\.openapi\.(validation|requestValidation)$/, ""),
    }));
    return { code, detail: "One or more fields break the contract; see errors.", errors };
  }
  return { code, detail: validatorDetails[code] ?? e.message };
}

/** Connection-level failures (node errors, PostgreSQL classes 08 and 57P) anywhere in the cause chain. */
const UNREACHABLE = /^(ECONNREFUSED|ECONNRESET|ETIMEDOUT|EPIPE|08\d{3}|57P0[1-3])$/;

/**
 * A statement over `statement_timeout` (57014), a lock not had within `lock_timeout`
 * (55P03), a deadlock or serialization failure that outlived its retries (40P01, 40001).
 */
const TIME_LIMITS = /^(57014|55P03|40P01|40001)$/;

/** A write whose transaction would leave its user over `USER_QUOTA_BYTES` (migration 0015). */
const OVER_QUOTA = /^VQ507$/;

/** PostgreSQL cannot store U+0000 in text (22021, and 22P05 from the JSON types). */
const NUL_IN_TEXT = /^(22021|22P05)$/;

function hasCode(err: unknown, codes: RegExp, message?: RegExp): boolean {
  if (hasErrorCode(err, codes)) return true;
  if (!message) return false;
  for (const e of causeChain(err)) {
    if (typeof e.message === "string" && message.test(e.message)) return true;
  }
  return false;
}

const isDatabaseUnreachable = (err: unknown) =>
  hasCode(err, UNREACHABLE, /Connection terminated|connection error and is not queryable/);

const validatorDetails: Partial<Record<ProblemCode, string>> = {
  unauthorized: "Send a valid key in the api-key header.",
  not_found: 'No operation has this path. Every path of this API ends with "/".',
};

/** The one error handler: every failure becomes an RFC 9457 problem; internals are logged, never sent. */
export const errorHandler: ErrorRequestHandler = (err, req, res, _next) => {
  const { code, detail, errors, retryAfter } = classify(req.keyCheckFailure ?? err);
  const body = problem(code, detail, errors, instanceOf(req));
  if (body.status >= 500) req.log.error({ err: req.keyCheckFailure ?? err }, "request failed");
  if (res.headersSent) {
    res.destroy();
    return;
  }
  // Every 405 names the path's methods (RFC 9110 §15.5.6); the validator's MethodNotAllowed lists them.
  const allow = (err as { headers?: { Allow?: unknown } } | undefined)?.headers?.Allow;
  if (body.status === 405 && typeof allow === "string") res.setHeader("Allow", allow);
  if (retryAfter !== undefined) res.setHeader("Retry-After", String(retryAfter));
  sendProblem(res, code, body);
};
