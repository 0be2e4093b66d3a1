// The client of one version's paths: openapi-fetch with the retries, the body encoding
// and the list iterator every version shares. index.ts types it for v1, v2.ts for v2.
import * as openapiFetch from "openapi-fetch";
import { type Client, type ClientOptions, defaultBodySerializer } from "openapi-fetch";
import { RememberedRequest, type RetryOptions, retryingFetch, retrySettings } from "./retries.js";

// biome-ignore lint/suspicious/noExplicitAny: any version's generated `paths`
type AnyPaths = Record<string, any>;

/**
 * openapi-fetch's `createClient`, its default export. In the CommonJS build the bundler
 * reads `require("openapi-fetch")` the way Node's ESM reads a CommonJS module: its default
 * is the whole `exports` object, whose own `default` is the function.
 */
const createClient: typeof openapiFetch.default =
  typeof openapiFetch.default === "function"
    ? openapiFetch.default
    : (openapiFetch.default as unknown as { default: typeof openapiFetch.default }).default;

/** The RFC 9457 problem document every error response carries (the same in every version). */
interface ProblemDocument {
  type: string;
  title: string;
  status: number;
  detail?: string;
}

/** The paths whose GET answers a page `{ results, next }`: the lists. */
export type ListPathOf<Paths extends AnyPaths> = {
  [P in keyof Paths]: Paths[P] extends {
    get: { responses: { 200: { content: { "application/json": { results: unknown[]; next: string | null } } } } };
  }
    ? P
    : never;
}[keyof Paths];

type ListGet<Paths extends AnyPaths, P extends ListPathOf<Paths>> = Paths[P]["get"];
/** The items of a list's pages. */
export type ListItemOf<Paths extends AnyPaths, P extends ListPathOf<Paths>> = ListGet<
  Paths,
  P
>["responses"][200]["content"]["application/json"]["results"][number];
/** A list's query: its filters and `page_size` (the `cursor` is the iterator's business). */
export type ListQueryOf<Paths extends AnyPaths, P extends ListPathOf<Paths>> = Omit<
  NonNullable<ListGet<Paths, P>["parameters"]["query"]>,
  "cursor"
>;

/** A page of a list answered an error: the problem document and the response. */
export class VaultProblemError extends Error {
  constructor(
    readonly problem: ProblemDocument | undefined,
    readonly response: Response,
  ) {
    super(`${response.status} ${problem?.type ?? "error"}: ${problem?.detail ?? response.statusText}`);
    this.name = "VaultProblemError";
  }
}

export type VaultClientOf<Paths extends AnyPaths> = Client<Paths> & {
  /**
   * Every item of a list, page after page, following each page's `next` until it is
   * null: `for await (const file of vault.paginate("/evault/v1/files/", { folder }))`.
   * A page that answers an error throws a `VaultProblemError`.
   */
  paginate<P extends ListPathOf<Paths>>(
    path: P,
    query?: ListQueryOf<Paths, P>,
  ): AsyncGenerator<ListItemOf<Paths, P>, void, undefined>;
};

export type { RetryOptions };

export interface VaultClientOptions {
  /** The service root, e.g. `http://127.0.0.1:8080`. */
  baseUrl: string;
  /** The api key, sent in the `api-key` header of every request. */
  apiKey?: string;
  /** A fetch implementation (tests pass a stub); the global fetch by default. */
  fetch?: ClientOptions["fetch"];
  /** Extra headers for every request. */
  headers?: Record<string, string>;
  /**
   * Retries of network failures, 429, 503 and 409 `idempotency-key-in-use` (on by
   * default: `{ max: 2 }`; `{ max: 0 }` sends every request once and adds no key).
   */
  retries?: RetryOptions;
  /**
   * Milliseconds an attempt may wait for its answer's headers (sending the body
   * included) before it fails as a `TimeoutError` (30 s by default). A request given a
   * `signal` has no timeout of the client's: the caller's signal decides.
   */
  timeoutMs?: number;
}

/**
 * A typed client for every operation of one version of the contract (its paths carry
 * the version, so the requests are the same code). Bodies that hold a `Blob`
 * (the file update) are sent as `multipart/form-data`, a `Blob` body as its bytes (a
 * tus PATCH); all others as JSON. Every POST
 * carries an `Idempotency-Key`, so a retried create is never a duplicate.
 */
export function createClientOf<Paths extends AnyPaths>(options: VaultClientOptions): VaultClientOf<Paths> {
  const fetch = options.fetch ?? ((request: Request) => globalThis.fetch(request));
  const client = createClient<Paths>({
    baseUrl: options.baseUrl,
    Request: RememberedRequest,
    fetch: retryingFetch(fetch, retrySettings(options.retries, options.timeoutMs)),
    headers: { ...options.headers, ...(options.apiKey === undefined ? {} : { "api-key": options.apiKey }) },
    bodySerializer: serializeBody,
  });
  return Object.assign(client, {
    paginate: <P extends ListPathOf<Paths>>(path: P, query?: ListQueryOf<Paths, P>) =>
      pages<Paths, P>(client, path, query),
  });
}

type PageAnswer = { data?: { results: unknown[]; next: string | null }; error?: ProblemDocument; response: Response };

/**
 * Follows `next` links through this client (its base URL, key and fetch): each `next`
 * is read for its query (filters, `page_size`, `cursor`) and sent to the same path.
 */
async function* pages<Paths extends AnyPaths, P extends ListPathOf<Paths>>(
  client: Client<Paths>,
  path: P,
  query?: ListQueryOf<Paths, P>,
) {
  const get = client.GET as unknown as (path: string, init: { params: { query?: object } }) => Promise<PageAnswer>;
  let params: object | undefined = query;
  for (;;) {
    const { data, error, response } = await get(String(path), { params: { query: params } });
    if (!data) throw new VaultProblemError(error, response);
    for (const item of data.results) yield item as ListItemOf<Paths, P>;
    if (data.next === null) return;
    params = Object.fromEntries(new URL(data.next).searchParams);
  }
}

/** A `Blob` body is the bytes themselves (a tus PATCH); one holding a `Blob` is a form; the rest JSON. */
function serializeBody(body: unknown) {
  if (body instanceof Blob) return body;
  return isMultipartBody(body) ? toFormData(body) : defaultBodySerializer(body);
}

function isMultipartBody(body: unknown): body is Record<string, unknown> {
  return typeof body === "object" && body !== null && Object.values(body).some((value) => value instanceof Blob);
}

/**
 * Encodes a multipart body the way the contract reads it: a `Blob` as a file part
 * (a `File` keeps its name), an array as one part per item, booleans and numbers as
 * their text; `undefined` and `null` parts are left out.
 */
export function toFormData(body: Record<string, unknown>): FormData {
  const form = new FormData();
  for (const [name, value] of Object.entries(body)) {
    for (const item of Array.isArray(value) ? value : [value]) {
      if (item === undefined || item === null) continue;
      if (item instanceof Blob) form.append(name, item, item instanceof File ? item.name : "blob");
      else form.append(name, typeof item === "object" ? JSON.stringify(item) : String(item));
    }
  }
  return form;
}
