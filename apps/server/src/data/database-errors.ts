/** PostgreSQL's unique_violation. */
const UNIQUE_VIOLATION = "23505";

/**
 * Whether a database error (drizzle wraps the driver's error as its `cause`) is a
 * violation of the named unique constraint.
 */
export function violates(err: unknown, constraint: string): boolean {
  for (
    let e = err as { code?: unknown; constraint?: unknown; cause?: unknown } | undefined;
    e;
    e = e.cause as typeof e
  ) {
    if (e.code === UNIQUE_VIOLATION && e.constraint === constraint) return true;
  }
  return false;
}
