import type { Express, Request, RequestHandler } from "express";
import * as OpenApiValidator from "express-openapi-validator";
import type { Db } from "../data/database.js";
import { authenticate, type KeyCache } from "../domain/api-keys.js";
import type { SchemaObject } from "./contract-document.js";

/** A key that could not be checked is not a wrong key: the error handler answers from the cause. */
function uncheckedKey(req: Request, err: unknown): Error {
  req.keyCheckFailure = err;
  return new Error("The api key could not be checked.");
}

/** How the validator matches paths: exactly as the contract writes them. */
export function matchPathsExactly(app: Express): void {
  app.set("query parser", "simple");
  // `/EVAULT/…`, a missing or an extra trailing slash are no route (express-openapi-validator reads these).
  app.set("case sensitive routing", true);
  app.set("strict routing", true);
}

/**
 * The contract gate, in the order the app mounts it with its own body readers between
 * `authenticate` and `validate`: `route` matches every request to a documented operation
 * (undocumented paths, including a documented path without its trailing slash, are never
 * routed), `authenticate` checks its security, `validate` validates the request before a
 * handler runs and every JSON response before it is sent.
 */
export interface ContractGate {
  route: RequestHandler;
  authenticate: RequestHandler;
  validate: RequestHandler[];
}

/** Where the gate's api-key check looks keys up: the app's own database and key cache (`app.locals.keyLookup`). */
export interface KeyLookup {
  db: Db;
  keys: KeyCache | undefined;
}

/** Gives `app`'s requests the database and key cache its gates' api-key check reads. */
export function useKeyLookup(app: Express, lookup: KeyLookup): void {
  app.locals.keyLookup = lookup;
}

type ValidationOptions = { validateRequests: boolean; validateResponses: boolean };

/** Gates by document and options (see `contractGate`). */
export type GateCache = WeakMap<SchemaObject, Map<string, ContractGate>>;

/**
 * The gates made in this process: express-openapi-validator compiles an operation's
 * validators once per gate, so every app of the process (the test suites start
 * hundreds) shares what one has compiled. A gate holds nothing of an app: its api-key
 * check reads the request's app (`useKeyLookup`).
 */
const processGates: GateCache = new WeakMap();

/** The gate of one version's document (`contract`): the one `cache` holds for these options, else a new one it keeps. */
export function contractGate(
  options: ValidationOptions,
  contract: SchemaObject,
  cache: GateCache = processGates,
): ContractGate {
  const byOptions = cache.get(contract) ?? new Map<string, ContractGate>();
  cache.set(contract, byOptions);
  const key = `${options.validateRequests}/${options.validateResponses}`;
  const gate = byOptions.get(key) ?? newContractGate(options, contract);
  byOptions.set(key, gate);
  return gate;
}

function newContractGate(options: ValidationOptions, contract: SchemaObject): ContractGate {
  const middlewares = OpenApiValidator.middleware({
    // The document parsed once: the validator copies it (patches/: with structuredClone,
    // not lodash's cloneDeep) before it adds its keywords in place.
    apiSpec: contract as Parameters<typeof OpenApiValidator.middleware>[0]["apiSpec"],
    // The document is checked where it is made (Redocly and Spectral in `npm run check`);
    // checking it again against OpenAPI's own schema cost every start about half a second.
    validateApiSpec: false,
    ignoreUndocumented: false,
    validateRequests: options.validateRequests
      ? { allowUnknownQueryParameters: false, coerceTypes: false, allErrors: true }
      : false,
    validateResponses: options.validateResponses ? { removeAdditional: false } : false,
    validateFormats: true,
    fileUploader: false,
    // `$ref`s stay: each component compiles once and every schema that uses it calls it
    // (docs/decisions/validator-refs.md). Dereferenced, the events' union was inlined
    // into each response that lists or shows one: most of the validators' memory.
    $refParser: { mode: "bundle" },
    validateSecurity: {
      handlers: {
        ApiKeyAuth: async (req) => {
          const key = req.headers["api-key"];
          const { db, keys } = req.app.locals.keyLookup as KeyLookup;
          const found =
            typeof key === "string" && key !== ""
              ? await authenticate(db, key, keys).catch((err: unknown) => {
                  throw uncheckedKey(req, err);
                })
              : undefined;
          if (found === undefined) return false;
          req.auth = found;
          return true;
        },
      },
    },
  }) as unknown as RequestHandler[];
  const named = (name: string) => {
    const found = middlewares.find((mw) => mw.name === name);
    if (!found) throw new Error(`express-openapi-validator has no ${name}: the gate needs updating`);
    return found;
  };
  // Its `pathParamsMiddleware` is left out: it only installs `app.param` handlers, which
  // serve routes declared with `:params`; this app declares none (handlers read
  // `req.openapi.pathParams`).
  return {
    route: named("metadataMiddleware"),
    authenticate: named("securityMiddleware"),
    validate: [
      ...(options.validateRequests ? [named("requestMiddleware")] : []),
      ...(options.validateResponses ? [named("responseMiddleware")] : []),
    ],
  };
}
