/**
 * An input at fault: a field of the operation's input as a path (`folder`, `users/1`),
 * or `EXPECTED_VERSION`, the version the caller said it last saw. The HTTP layer turns
 * it into a JSON pointer into the request.
 */
export interface FieldIssue {
  field: string;
  /** The field is a list's option (a filter, its cursor), the path's id, or a header, rather than part of the input written. */
  in?: "query" | "path" | "headers";
  message: string;
  code: string;
}

/** The field of a `FieldIssue` that stands for the version the caller expected. */
export const EXPECTED_VERSION = "expected_version";

export type DomainErrorKind =
  | "not_found"
  | "conflict"
  | "precondition_failed"
  | "unprocessable"
  | "payload_too_large"
  | "quota_exceeded"
  | "bad_request";

/** A rule of the domain was broken. Knows no HTTP; the HTTP layer maps `kind` to a status. */
export class DomainError extends Error {
  constructor(
    readonly kind: DomainErrorKind,
    message: string,
    readonly errors: FieldIssue[] = [],
  ) {
    super(message);
  }
}

export const notFound = (what: string) => new DomainError("not_found", `No ${what} with this id belongs to you.`);

export const unprocessable = (field: string, message: string, code = "invalid_reference") =>
  new DomainError("unprocessable", message, [{ field, message, code }]);

/** Whether a write that expects `expected` (the `If-Match` versions, if any) may go over the version `current`. */
export const isExpected = (expected: number[] | undefined, current: number | null) =>
  expected === undefined || (current !== null && expected.includes(current));

export const staleVersion = () =>
  new DomainError("precondition_failed", "The resource changed since the version the caller expected.", [
    { field: EXPECTED_VERSION, message: "is not the current version", code: "stale_version" },
  ]);
