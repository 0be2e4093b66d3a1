/** A field at fault, located by a JSON pointer into the request (e.g. `/body/users/1`). */
export interface FieldIssue {
  path: string;
  message: string;
  code: string;
}

export type DomainErrorKind =
  | "not_found"
  | "conflict"
  | "precondition_failed"
  | "unprocessable"
  | "payload_too_large"
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

export const unprocessable = (path: string, message: string, code = "invalid_reference") =>
  new DomainError("unprocessable", message, [{ path, message, code }]);

export const staleVersion = () =>
  new DomainError("precondition_failed", "The resource changed since the version given in If-Match.", [
    { path: "/headers/if-match", message: "does not match the current ETag", code: "stale_version" },
  ]);
