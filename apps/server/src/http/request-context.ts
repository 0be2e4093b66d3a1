import { createHash } from "node:crypto";
import type { Authenticated } from "../domain/api-keys.js";
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
      auth?: Authenticated;
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

/**
 * `If-Match: "3"` (a write's tag) or `"3.<digest>"` (a read's tag) -> 3; absent or `*`
 * -> undefined; anything else can never match (-1). Only the version counts: a write
 * conflicts over the resource's own fields, not over what is derived from others.
 */
export function parseIfMatch(header: string | undefined): number | undefined {
  if (header === undefined || header.trim() === "*") return undefined;
  const match = /^\s*(?:W\/)?"(\d+)(?:\.[0-9a-f]+)?"\s*$/.exec(header);
  const version = match ? Number(match[1]) : -1;
  return version <= MAX_VERSION ? version : -1;
}

export const etag = (version: number) => `"${version}"`;

/**
 * The tag of a representation that is read: the version and a digest of the body, so
 * it changes with anything the body shows (a folder's counts, a file's share), not
 * only with the resource's own fields.
 */
export const representationTag = (version: number, body: unknown) =>
  `"${version}.${createHash("sha256").update(JSON.stringify(body)).digest("hex").slice(0, 16)}"`;

/** If-None-Match (weak comparison, RFC 9110 §13.1.2): `*` or any listed tag equal to ours. */
export function noneMatch(ifNoneMatch: string | undefined, tag: string): boolean {
  if (!ifNoneMatch) return false;
  return ifNoneMatch.split(",").some((listed) => {
    const trimmed = listed.trim();
    return trimmed === "*" || trimmed.replace(/^W\//, "") === tag;
  });
}
