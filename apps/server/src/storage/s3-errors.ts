import { BlobStoreRefused, BlobStoreUnavailable } from "./blob-store.js";

/** The HTTP status the store answered, if it answered. */
export function statusOf(error: unknown): number | undefined {
  return (error as { $metadata?: { httpStatusCode?: number } }).$metadata?.httpStatusCode;
}

/**
 * No answer at all (refused, reset, timed out) or a 5xx: the store is down, not the
 * request wrong. Missing credentials are a configuration error, not an outage.
 */
export function unavailableOr(error: unknown): unknown {
  if (error instanceof BlobStoreUnavailable || (error as Error).name === "CredentialsProviderError") return error;
  const status = statusOf(error);
  return status === undefined || status >= 500 ? new BlobStoreUnavailable(error) : error;
}

/** A failure to store bytes: unavailable as above, or refused (AccessDenied, a missing bucket, any 4xx). */
export function storingFailure(error: unknown): unknown {
  const failure = unavailableOr(error);
  return failure === error && statusOf(error) !== undefined ? new BlobStoreRefused(error) : failure;
}
