import type { SchemaObject } from "./contract-document.js";

declare global {
  namespace Express {
    interface Request {
      /** Set by express-openapi-validator once it has matched the request to a documented operation. */
      openapi?: {
        schema?: { operationId?: string; requestBody?: { content?: Record<string, { schema?: SchemaObject }> } };
        pathParams?: Record<string, string>;
      };
      /** Set by the api-key security handler. */
      auth?: { userId: number };
      /**
       * Why the api key could not be checked (the database failed). The validator
       * replaces a security handler's exception with a bare 500, so the error handler
       * answers from this instead.
       */
      keyCheckFailure?: unknown;
    }
  }
}

/** Versions are PostgreSQL integers: a larger entity tag can never be current. */
const MAX_VERSION = 2 ** 31 - 1;

/** `If-Match: "3"` -> 3; absent or `*` -> undefined; anything else can never match (-1). */
export function parseIfMatch(header: string | undefined): number | undefined {
  if (header === undefined || header.trim() === "*") return undefined;
  const match = /^\s*(?:W\/)?"(\d+)"\s*$/.exec(header);
  const version = match ? Number(match[1]) : -1;
  return version <= MAX_VERSION ? version : -1;
}

export const etag = (version: number) => `"${version}"`;
