import { pino } from "pino";
import { CENSOR, censorLinkTokens, secretRedaction } from "./logged-secrets.js";

/** An error as logged: what helps an operator, never the data a query carried. */
interface LoggedError {
  type: string;
  message: string;
  stack?: string;
  [field: string]: unknown;
}

/**
 * The fields of an error (or of a database error under it) that are logged. Everything
 * else is left out: drizzle's and PGlite's `params` (a share's scrypt hash, a key's
 * SHA-256) and PostgreSQL's `detail`/`where` ("Failing row contains (…)", "Key (…)=(…)"),
 * which quote the values of a row.
 */
const SAFE_FIELDS = [
  "code",
  "status",
  "statusCode",
  "errno",
  "syscall",
  "severity",
  "routine",
  "schema",
  "table",
  "column",
  "constraint",
] as const;

function isErrorLike(value: unknown): value is Error & Record<string, unknown> {
  return typeof value === "object" && value !== null && typeof (value as Error).message === "string";
}

/** Every SQL parameter of the error and its causes, to cut out of messages that quote them. */
function queryParams(err: unknown): string[] {
  const found: string[] = [];
  for (let e = err, depth = 0; isErrorLike(e) && depth < 10; e = e.cause, depth++) {
    if (Array.isArray(e.params)) {
      for (const p of e.params) if (p !== null && p !== undefined) found.push(String(p));
    }
  }
  // Longest first, so a parameter that contains another is cut out whole.
  return found.filter((p) => p.length >= 4).sort((a, b) => b.length - a.length);
}

function scrub(text: string, params: string[]): string {
  // drizzle's "Failed query: <sql>\nparams: <values>": the values go, the SQL stays.
  let clean = text.replace(/^params: .*$/m, `params: ${CENSOR}`);
  for (const p of params) clean = clean.replaceAll(p, CENSOR);
  // A message may quote a URL, and a link's URL holds its token.
  return censorLinkTokens(clean);
}

function serializeError(err: Error & Record<string, unknown>, params: string[], depth: number): LoggedError {
  const logged: LoggedError = {
    type: err.constructor?.name ?? err.name,
    message: scrub(err.message, params),
    ...(typeof err.stack === "string" ? { stack: scrub(err.stack, params) } : {}),
  };
  for (const field of SAFE_FIELDS) {
    const value = err[field];
    if (typeof value === "string" || typeof value === "number") logged[field] = value;
  }
  if (typeof err.query === "string") logged.query = scrub(err.query, params);
  if (depth < 10 && isErrorLike(err.cause)) logged.cause = serializeError(err.cause, params, depth + 1);
  return logged;
}

/**
 * pino's `err` serializer: the message, stack, cause
 * chain and a few diagnostic fields of an error, with SQL parameters cut out.
 */
export function errorSerializer(err: unknown): unknown {
  return isErrorLike(err) ? serializeError(err, queryParams(err), 0) : err;
}

/**
 * Structured logs, JSON or (for a person at a terminal) pino-pretty's lines; secrets are
 * redacted wherever they could appear, before either is written.
 */
/** A logger writing JSON lines to standard output, or to `destination` (an in-process server's tests read them). */
export function createLogger(level: string, format: "json" | "pretty" = "json", destination?: pino.DestinationStream) {
  const options: pino.LoggerOptions = {
    level,
    ...(format === "pretty"
      ? { transport: { target: "pino-pretty", options: { translateTime: "SYS:HH:MM:ss", ignore: "pid,hostname" } } }
      : {}),
    serializers: { err: errorSerializer, req: pino.stdSerializers.req, res: pino.stdSerializers.res },
    redact: secretRedaction(),
  };
  return destination ? pino(options, destination) : pino(options);
}

export type Logger = ReturnType<typeof createLogger>;
