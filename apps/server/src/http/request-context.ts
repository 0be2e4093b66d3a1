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

/** One element of an entity-tag list (RFC 9110 §8.8.3): an optional `W/`, then a quoted tag. */
const LISTED_TAG = /[\s,]*(W\/)?"([\x21\x23-\x7e\x80-\xff]*)"\s*(?:,|$)/y;
/** Our tags: a write's `"3"` or a read's `"3.<digest>"`; only the version counts. */
const OUR_TAG = /^(\d+)(?:\.[0-9a-f]+)?$/;

/**
 * The versions `If-Match` lets a write go over (RFC 9110 §13.1.1): absent or `*` ->
 * undefined (no condition: a missing resource is a 404 either way, §13.2.1); else the
 * version of each strong tag of the list (a weak tag never matches: the comparison is
 * strong), so `"2", "3"` matches when either is current. Tags that are not ours or
 * beyond the integer version column, and a header that is no list of tags, leave
 * nothing to match (412). Only the version counts: a write conflicts over the
 * resource's own fields, not over what is derived from others.
 */
export function parseIfMatch(header: string | undefined): number[] | undefined {
  if (header === undefined || header.trim() === "*") return undefined;
  const versions: number[] = [];
  LISTED_TAG.lastIndex = 0;
  while (LISTED_TAG.lastIndex < header.length) {
    const element = LISTED_TAG.exec(header);
    if (!element) return [];
    const [, weak, tag = ""] = element;
    const version = Number(OUR_TAG.exec(tag)?.[1] ?? Number.NaN);
    if (!weak && version <= MAX_VERSION) versions.push(version);
  }
  return versions;
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
