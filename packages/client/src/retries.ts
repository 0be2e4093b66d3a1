// Retries that cannot do the work twice: which answers are worth another attempt, how
// long to wait before it, and how each attempt gets a body, a key and a deadline.

export interface RetryOptions {
  /** Retries after the first attempt (2 by default); 0 sends every request once, as given. */
  max?: number;
  /** The first backoff's ceiling; each retry doubles it (full jitter: a random wait below it). 500 ms by default. */
  baseDelayMs?: number;
  /**
   * The longest wait before a retry (20 s by default): the backoff's ceiling, and the
   * longest `Retry-After` honoured. An answer asking for a longer wait is returned as it is.
   */
  maxDelayMs?: number;
}

interface Settings {
  max: number;
  baseDelayMs: number;
  maxDelayMs: number;
  timeoutMs: number;
}

const RETRIED_STATUSES = new Set([429, 503]);
const KEY_IN_USE = "urn:vault:problem:idempotency-key-in-use";
/** Idempotent by the contract (RFC 9110 §9.2.2): done twice, the effect is the effect of once. */
const IDEMPOTENT_METHODS = new Set(["GET", "HEAD", "OPTIONS", "PUT", "PATCH", "DELETE"]);

/**
 * The body and signal a request was built from: a `Request` keeps only a one-shot stream
 * of its body and a signal derived from the caller's, and a retry needs the originals.
 */
const origins = new WeakMap<Request, RequestInit>();

/** The `Request` openapi-fetch builds, remembering what it was built from. */
export class RememberedRequest extends Request {
  constructor(input: RequestInfo | URL, init?: RequestInit) {
    super(input, init);
    origins.set(this, init ?? {});
  }
}

/** A body that can be sent again as it was: anything but a stream or an iterable. */
function isReplayable(body: RequestInit["body"]): boolean {
  return (
    body === undefined ||
    body === null ||
    typeof body === "string" ||
    body instanceof Blob ||
    body instanceof FormData ||
    body instanceof URLSearchParams ||
    body instanceof ArrayBuffer ||
    ArrayBuffer.isView(body)
  );
}

/** Full jitter (AWS's "Exponential Backoff And Jitter"): a random wait below the doubled ceiling. */
function backoffDelay(retry: number, settings: Pick<Settings, "baseDelayMs" | "maxDelayMs">): number {
  return Math.floor(Math.random() * Math.min(settings.maxDelayMs, settings.baseDelayMs * 2 ** retry));
}

/** `Retry-After` in milliseconds: delay-seconds or an HTTP date; undefined when absent or unreadable. */
function retryAfterMs(header: string | null, now = Date.now()): number | undefined {
  if (header === null) return undefined;
  if (/^\d+$/.test(header.trim())) return Number(header.trim()) * 1000;
  const date = Date.parse(header);
  return Number.isNaN(date) ? undefined : Math.max(0, date - now);
}

async function isRetriedAnswer(response: Response): Promise<boolean> {
  if (RETRIED_STATUSES.has(response.status)) return true;
  if (response.status !== 409) return false;
  const problem = await response
    .clone()
    .json()
    .catch(() => undefined);
  return (problem as { type?: unknown } | undefined)?.type === KEY_IN_USE;
}

function sleep(ms: number, signal: AbortSignal | undefined): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) return reject(signal.reason);
    const abort = () => {
      clearTimeout(timer);
      reject(signal?.reason);
    };
    const timer = setTimeout(() => {
      signal?.removeEventListener("abort", abort);
      resolve();
    }, ms);
    signal?.addEventListener("abort", abort, { once: true });
  });
}

/**
 * One attempt: a fresh request from the original's replayable body (a `FormData` gets a
 * new boundary, so the old `Content-Type` goes; any other body is the request's own, sent
 * once) under the caller's signal, or else a timeout that runs until the answer's headers
 * arrive.
 */
async function attempt(
  fetch: (request: Request) => Promise<Response>,
  request: Request,
  origin: RequestInit,
  headers: Headers,
  timeoutMs: number,
): Promise<Response> {
  const attemptHeaders = new Headers(headers);
  if (origin.body instanceof FormData) attemptHeaders.delete("content-type");
  const timeout = origin.signal ? undefined : new AbortController();
  const timer = timeout && setTimeout(() => timeout.abort(timeoutError(timeoutMs)), timeoutMs);
  try {
    const body = origin.body !== undefined && isReplayable(origin.body) ? { body: origin.body } : {};
    return await fetch(
      new Request(request, { ...body, headers: attemptHeaders, signal: origin.signal ?? timeout?.signal }),
    );
  } finally {
    clearTimeout(timer);
  }
}

function timeoutError(timeoutMs: number): Error {
  return new DOMException(`No answer within ${timeoutMs} ms (timeoutMs)`, "TimeoutError");
}

/**
 * A fetch that retries what is safe to retry: network failures (a timeout included),
 * 429, 503 and a 409 `idempotency-key-in-use`, with exponential backoff and full
 * jitter, or the answer's `Retry-After`. A POST gets an `Idempotency-Key` (UUID v4)
 * unless it has one, the same on every attempt, so the service does its work once;
 * PUT, PATCH and DELETE are idempotent by the contract. A body that cannot be sent
 * again (a stream) is sent once. The caller's abort is never retried.
 */
export function retryingFetch(fetch: (request: Request) => Promise<Response>, settings: Settings) {
  return async (input: Request): Promise<Response> => {
    const origin = origins.get(input) ?? { signal: input.signal, body: input.body };
    const headers = new Headers(input.headers);
    const method = input.method.toUpperCase();
    const retriable =
      settings.max > 0 && (method === "POST" || IDEMPOTENT_METHODS.has(method)) && isReplayable(origin.body);
    if (retriable && method === "POST" && !headers.has("idempotency-key"))
      headers.set("idempotency-key", crypto.randomUUID());
    for (let retry = 0; ; retry++) {
      const last = !retriable || retry >= settings.max;
      let response: Response;
      try {
        response = await attempt(fetch, input, origin, headers, settings.timeoutMs);
      } catch (error) {
        if (last || origin.signal?.aborted) throw error;
        await sleep(backoffDelay(retry, settings), origin.signal ?? undefined);
        continue;
      }
      if (last || !(await isRetriedAnswer(response))) return response;
      const asked = retryAfterMs(response.headers.get("retry-after"));
      if (asked !== undefined && asked > settings.maxDelayMs) return response;
      await response.body?.cancel();
      await sleep(asked ?? backoffDelay(retry, settings), origin.signal ?? undefined);
    }
  };
}

export function retrySettings(retries: RetryOptions | undefined, timeoutMs: number | undefined): Settings {
  return {
    max: retries?.max ?? 2,
    baseDelayMs: retries?.baseDelayMs ?? 500,
    maxDelayMs: retries?.maxDelayMs ?? 20_000,
    timeoutMs: timeoutMs ?? 30_000,
  };
}
