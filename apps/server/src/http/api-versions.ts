// The API's versions at the edge (docs/versioning.md): one contract gate per version
// chosen by the path, a later version's bodies mapped to and from the shapes the domain
// speaks (v1's), and the deprecation of a version announced on each of its answers.
import { toV1, toV2, versionOfPath, versions } from "@vault/spec/versions";
import type { Request, RequestHandler, Response } from "express";

/** The version a request's path names; a path of no version (or of none served) is v1's, whose gate answers it. */
function servedVersion(req: Request, served: Record<string, unknown>): string {
  const named = versionOfPath(req.path);
  return named !== undefined && named in served ? named : "v1";
}

/** The middleware of the version the request's path names, picked from each version's. */
export function byVersion(middlewares: Record<string, RequestHandler>): RequestHandler {
  return (req, res, next) => (middlewares[servedVersion(req, middlewares)] as RequestHandler)(req, res, next);
}

/**
 * Maps a v2 request to v1's shapes before its handler runs, and its answer back: a JSON
 * body both ways (`toV1`, `toV2`), and the service's own URLs in the answer (a `Location`,
 * a file's content, a share's link) moved to v2's paths. Other versions pass untouched.
 */
export function versionEdge(publicBaseUrl: string): RequestHandler {
  const v1Paths = ["evault", "banking"].map((area) => `${publicBaseUrl}/${area}/v1/`);
  /** The URL on v2's path when it is one of the service's v1 URLs; a webhook endpoint's `url` is its owner's receiver. */
  const moved = (value: unknown, field?: string, holder?: Record<string, unknown>) => {
    if (typeof value !== "string" || (field === "url" && holder !== undefined && "events" in holder)) return value;
    const prefix = v1Paths.find((path) => value.startsWith(path));
    return prefix === undefined ? value : `${prefix.slice(0, -"v1/".length)}v2/${value.slice(prefix.length)}`;
  };
  return (req, res, next) => {
    if (versionOfPath(req.path) !== "v2") return next();
    if (req.is("application/json")) req.body = toV1(req.body);
    const json = res.json.bind(res);
    res.json = (body: unknown) => json(toV2(body, moved));
    const setHeader = res.setHeader.bind(res);
    res.setHeader = (name: string, value: Parameters<Response["setHeader"]>[1]) =>
      setHeader(name, name.toLowerCase() === "location" ? (moved(value) as typeof value) : value);
    next();
  };
}

/** An RFC 9651 Date: `@` and the Unix time in seconds. */
const structuredDate = (at: Date) => `@${Math.floor(at.getTime() / 1000)}`;

/**
 * The answers of a deprecated version carry `Deprecation` (RFC 9745, when it was
 * deprecated) and a `Link` to the migration guide, and once its sunset is configured
 * `Sunset` (RFC 8594, when it stops answering) and its own `Link`.
 */
export function deprecationHeaders(sunsets: Record<string, Date>): RequestHandler {
  const headers: Record<string, [string, string][]> = {};
  for (const { name, deprecated, migration } of versions) {
    if (deprecated === undefined) continue;
    const links = migration === undefined ? [] : [`<${migration}>; rel="deprecation"; type="text/html"`];
    const sunset = sunsets[name];
    const list: [string, string][] = [["Deprecation", structuredDate(new Date(deprecated))]];
    if (sunset !== undefined) {
      list.push(["Sunset", sunset.toUTCString()]);
      if (migration !== undefined) links.push(`<${migration}>; rel="sunset"; type="text/html"`);
    }
    if (links.length > 0) list.push(["Link", links.join(", ")]);
    headers[name] = list;
  }
  return (req, res, next) => {
    const version = versionOfPath(req.path);
    for (const [name, value] of (version !== undefined && headers[version]) || []) res.setHeader(name, value);
    next();
  };
}
