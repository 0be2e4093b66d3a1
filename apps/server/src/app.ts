import { versions } from "@vault/spec/versions";
import cookieParser from "cookie-parser";
import cors from "cors";
import express, { type Express, type Request, type RequestHandler, type Response } from "express";
import helmet from "helmet";
import type { Config } from "./config.js";
import type { Database } from "./data/database.js";
import type { KeyCache } from "./domain/api-keys.js";
import { roomLeft } from "./domain/vault/usage.js";
import { byVersion, deprecationHeaders, versionEdge } from "./http/api-versions.js";
import { refuseEmptyJson, refuseUnboundedBody } from "./http/body-checks.js";
import { contracts, type SchemaObject } from "./http/contract-document.js";
import { dispatch } from "./http/dispatch.js";
import { docsRouter } from "./http/docs.js";
import { idempotentPosts } from "./http/idempotency.js";
import { inSequence } from "./http/in-sequence.js";
import { multipartUploads } from "./http/multipart-uploads.js";
import { adminRouter, type Metrics } from "./http/observability.js";
import type { Handlers } from "./http/operation-types.js";
import { answerProblem, errorHandler } from "./http/problems.js";
import type { RateLimiter } from "./http/rate-limit.js";
import { requestLogging } from "./http/request-log.js";
import { routeContext } from "./http/routes/context.js";
import { createRoutes, routeTables } from "./http/routes/index.js";
import { linkAnswers } from "./http/routes/links.js";
import { type ContractGate, contractGate, type GateCache, matchPathsExactly, useKeyLookup } from "./http/validator.js";
import { compileValidators } from "./http/warm-up.js";
import type { Logger } from "./logger.js";
import type { BlobStore } from "./storage/blob-store.js";

export interface AppDeps {
  config: Config & { publicBaseUrl: string };
  database: Database;
  blobs: BlobStore;
  logger: Logger;
  /** Replaces handlers (tests inject faulty ones to prove response validation). */
  handlers?: Partial<Handlers>;
  /** The failed-authentication and per-key budgets (see rate-limit.ts); none when absent. */
  rateLimiter?: Pick<RateLimiter, "failedAuth" | "perKey" | "unlock">;
  /** Request metrics; `/healthz`, `/readyz` and `/metrics` are mounted here unless `adminOnly`. */
  metrics?: Metrics;
  /** The admin routes are served on a separate admin port instead. */
  adminOnly?: boolean;
  /** Whether the start's warm-up has compiled the validators: `/readyz` is 503 until it has (always true when absent). */
  validatorsCompiled?: () => boolean;
  /** Keys found valid, kept while revocations are notified (see KeyCache); every lookup reads the database without it. */
  keyCache?: KeyCache;
  /**
   * Validate requests and responses against the contract (the default). false leaves
   * routing and the api-key check in place: the benchmark builds its "no validation"
   * variant with it, to measure what the contract costs.
   */
  validate?: boolean;
  /** Where its compiled validators are kept: the process's by default, shared by its apps (validator.ts); a test that watches them compile gives a new one. */
  gates?: GateCache;
}

export interface App {
  handle: Express;
  /** Compiles every operation's validators of these versions (see warm-up.ts); until then the first request of each pays for it. */
  compileValidators(versions: string[]): Promise<string[]>;
  /** Writes what the app keeps in memory (the link download counts); once it serves no more requests. */
  close(): Promise<void>;
}

/**
 * Helmet's headers, worked out once: with fixed options its middlewares set the same
 * headers on every response, so one loop sets them instead of a dozen middlewares.
 */
function fixedHeaders(
  middleware: (req: Request, res: Response, next: (err?: unknown) => void) => void,
): RequestHandler {
  const headers: [string, string][] = [];
  let called = false;
  const recorder = { setHeader: (name: string, value: string) => headers.push([name, value]), removeHeader() {} };
  middleware({} as Request, recorder as unknown as Response, (err) => {
    if (err) throw err;
    called = true;
  });
  if (!called) throw new Error("helmet did not set its headers at once: they cannot be fixed");
  return (_req, res, next) => {
    for (const [name, value] of headers) res.setHeader(name, value);
    next();
  };
}

/** Helmet's defaults, with what the Redoc page needs: its workers run from blob: URLs and it inlines styles. */
const securityHeaders = fixedHeaders(
  helmet({
    contentSecurityPolicy: {
      directives: {
        "script-src": ["'self'"],
        "worker-src": ["'self'", "blob:"],
        "style-src": ["'self'", "'unsafe-inline'"],
        "img-src": ["'self'", "data:"],
      },
    },
  }),
);

/**
 * Above the largest body the contract admits (100 tags of 600 characters, each
 * written as a six-byte `\\u` escape, is about 360 KB); what it costs to reject is
 * bounded by the problem's own limits (problems.ts).
 */
const JSON_BODY_LIMIT = "1mb";

const ADMIN_PATHS = new Set(["/healthz", "/readyz", "/metrics"]);

/** Where a link page's unlock cookie is sent: its link's paths, in every version. */
const linkPaths = versions.map(({ name }) => `/evault/${name}/links/`);

/**
 * `router` for the requests whose path `wanted` says, the others past it at once: a
 * router mounted for every path tries each of its routes on every API request.
 */
const onlyFor =
  (wanted: (path: string) => boolean, router: RequestHandler): RequestHandler =>
  (req, res, next) =>
    wanted(req.path) ? router(req, res, next) : next();

/** The request metrics, and `/healthz`, `/readyz` and `/metrics` unless the admin port serves them. */
function observability({ database, blobs, metrics, config, adminOnly, validatorsCompiled }: AppDeps): RequestHandler[] {
  if (!metrics) return [];
  if (adminOnly) return [metrics.middleware];
  const admin = adminRouter(database, blobs, metrics, config.readinessCacheMs, validatorsCompiled);
  return [metrics.middleware, onlyFor((path) => ADMIN_PATHS.has(path), admin)];
}

/**
 * What every request passes through before the contract's gate, in order: the request
 * log, the fixed headers, metrics and the admin and docs routes, the body readers and a
 * link page's cookie.
 */
function beforeTheContract(app: Express, deps: AppDeps): RequestHandler[] {
  return [
    requestLogging(app, deps.logger),
    securityHeaders,
    deprecationHeaders(deps.config.sunsets),
    ...(deps.config.corsOrigins.length > 0 ? [corsHeaders(deps.config.corsOrigins)] : []),
    ...observability(deps),
    onlyFor((path) => path.startsWith("/docs") || path.startsWith("/openapi."), docsRouter(deps.config.publicBaseUrl)),
    // The one form is a link page's password: `password=` and up to 1024 characters, each up to 12 bytes once encoded.
    express.json({ limit: JSON_BODY_LIMIT }),
    express.urlencoded({ extended: false, limit: "16kb", parameterLimit: 10 }),
    refuseUnboundedBody,
    // The one cookie is a link page's unlock (link-pages.ts), sent to its link's paths only.
    onlyFor((path) => linkPaths.some((prefix) => path.startsWith(prefix)), cookieParser()),
  ];
}

/** Builds the HTTP app; it never listens (main.ts and tests do). */
export function createApp(deps: AppDeps): App {
  const app = express();
  app.disable("x-powered-by");
  app.set("etag", false);
  // The client's address (`req.ip`, which the address budgets count) as the trusted proxies forward it.
  app.set("trust proxy", deps.config.trustProxy);
  matchPathsExactly(app);

  useKeyLookup(app, { db: deps.database.db, keys: deps.keyCache });
  const validate = deps.validate ?? true;
  const options = { validateRequests: validate, validateResponses: validate };
  // One gate per version, each on its own document, shared with the process's other apps
  // (validator.ts); the path picks it (api-versions.ts).
  const gates = Object.fromEntries(
    Object.entries(contracts).map(([name, document]) => [name, contractGate(options, document, deps.gates)]),
  );
  const perGate = (pick: (gate: ContractGate) => RequestHandler) =>
    byVersion(Object.fromEntries(Object.entries(gates).map(([name, gate]) => [name, pick(gate)])));
  // After the security check and before request validation: the per-key budget (only
  // an authenticated key has one), the multipart parser, which streams the body in the
  // slot the validator's own multer-in-memory uploader would take, and the empty-body check.
  const uploads = multipartReader(deps);
  const bodyReaders = [uploads, refuseEmptyJson];
  const perKey = deps.rateLimiter ? [deps.rateLimiter.perKey, deps.rateLimiter.unlock] : [];
  // Everything up to the handler as one layer, then the handler's own (in-sequence.ts).
  app.use(
    inSequence([
      ...beforeTheContract(app, deps),
      perGate((gate) => gate.route),
      linkAnswers(deps.config.publicBaseUrl),
      perGate((gate) => gate.authenticate),
      ...perKey,
      ...bodyReaders,
      ...(gates.v1 as ContractGate).validate.map((_, index) =>
        perGate((gate) => gate.validate[index] as RequestHandler),
      ),
      // Inside the response validation: a v2 answer is validated in v2's shape.
      versionEdge(deps.config.publicBaseUrl),
    ]),
  );
  // A 401 from the validator's security check spends the address's failed-authentication budget.
  if (deps.rateLimiter) app.use(deps.rateLimiter.failedAuth);
  const context = routeContext(deps.database.db, deps.blobs, deps.config, deps.logger);
  const { handlers, streams, recoveries } = routeTables(createRoutes(context));
  app.use(
    inSequence([
      idempotentPosts(deps.database.db, {
        times: { ttlSeconds: deps.config.idempotencyTtlSeconds, leaseSeconds: deps.config.idempotencyLeaseSeconds },
        recoveries,
        crashAfterWork: deps.config.idempotencyTestCrashAfterWork,
      }),
      dispatch({ ...handlers, ...deps.handlers }, streams, deps.config.publicBaseUrl),
      (req, res) => answerProblem(req, res, "not_found", `No route for ${req.method} ${req.path}.`),
    ]),
  );
  app.use(errorHandler);
  const compile = async (names: string[]) => {
    const refused = [];
    for (const name of names) {
      const gate = gates[name] as ContractGate;
      refused.push(...(await compileValidators(gate, bodyReaders, contracts[name] as SchemaObject)));
    }
    return refused;
  };
  return { handle: app, compileValidators: compile, close: () => context.linkDownloads.close() };
}

/**
 * The headers a browser may read besides the safelisted ones: a download's name and
 * range (the api-key header makes every download a fetch(), never a plain navigation),
 * whether a retried POST got a replay and where a creation is, tus's own, and a
 * deprecated version's announcement.
 */
const EXPOSED_HEADERS = [
  "ETag",
  "X-Request-Id",
  "RateLimit",
  "RateLimit-Policy",
  "Retry-After",
  "Content-Disposition",
  "Content-Range",
  "Accept-Ranges",
  "Idempotent-Replayed",
  "Location",
  "Tus-Resumable",
  "Tus-Version",
  "Tus-Extension",
  "Tus-Max-Size",
  "Tus-Checksum-Algorithm",
  "Upload-Offset",
  "Upload-Length",
  "Upload-Metadata",
  "Upload-Expires",
  "Vault-File-Id",
  "Deprecation",
  "Sunset",
  "Link",
];

/**
 * CORS for the configured origins. cors answers every OPTIONS as a preflight: a tus
 * client's own OPTIONS (no Access-Control-Request-Method) goes on to the contract's
 * `describeUploads`.
 */
function corsHeaders(origins: string[]): RequestHandler {
  const headers = cors({ origin: origins, exposedHeaders: EXPOSED_HEADERS });
  return (req, res, next) =>
    req.method === "OPTIONS" && req.get("access-control-request-method") === undefined
      ? next()
      : headers(req, res, next);
}

/** The multipart parser, which holds a new file to the owner's quota when one is set. */
function multipartReader(deps: AppDeps): RequestHandler {
  const quota = deps.config.userQuotaBytes;
  return multipartUploads(
    deps.blobs,
    deps.config.maxUploadBytes,
    deps.metrics?.uploadsReceiving,
    quota === undefined
      ? undefined
      : {
          bytes: quota,
          roomFor: (userId) => roomLeft(deps.database.db, userId, quota),
          heldBeforeStoring: (operationId) => operationId === "createFile",
        },
  );
}
