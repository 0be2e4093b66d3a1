/** A database error's fields, on the error itself or on one of its causes. */
export interface ErrorLink {
  code?: unknown;
  constraint?: unknown;
  message?: unknown;
}

/** The error and every `cause` under it: drizzle wraps the driver's error as its cause. */
export function* causeChain(err: unknown): Generator<ErrorLink> {
  for (let e = err as (ErrorLink & { cause?: unknown }) | undefined; e; e = e.cause as typeof e) yield e;
}

/** Whether the error or one of its causes carries a code (a SQLSTATE or a node error code) that `codes` matches. */
export function hasErrorCode(err: unknown, codes: RegExp): boolean {
  for (const e of causeChain(err)) {
    if (typeof e.code === "string" && codes.test(e.code)) return true;
  }
  return false;
}

/** PostgreSQL's unique_violation and foreign_key_violation. */
const UNIQUE_VIOLATION = "23505";
export const FOREIGN_KEY_VIOLATION = "23503";

/** Whether a database error is a violation of the named constraint (a unique one unless `code` says otherwise). */
export function violates(err: unknown, constraint: string, code = UNIQUE_VIOLATION): boolean {
  for (const e of causeChain(err)) {
    if (e.code === code && e.constraint === constraint) return true;
  }
  return false;
}

/** A SQLSTATE: five digits or capitals. Node's own errors' codes (`EPIPE`) only look like one: they have an errno. */
const SQLSTATE = /^[0-9A-Z]{5}$/;

/**
 * What the database said when it refused a statement, as psql prints it (message, detail
 * and hint); undefined for an error that is not the database's answer.
 */
export function databaseRefusal(err: unknown): string | undefined {
  const { code, message, detail, hint, errno } = err as Record<string, unknown>;
  if (typeof code !== "string" || !SQLSTATE.test(code) || errno !== undefined) return undefined;
  const lines = [`ERROR:  ${message}`, detail && `DETAIL:  ${detail}`, hint && `HINT:  ${hint}`];
  return lines.filter(Boolean).join("\n");
}
