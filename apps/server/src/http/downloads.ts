import { pipeline } from "node:stream/promises";
import type { NextFunction, Request, Response } from "express";
import rangeParser from "range-parser";
import type { Db } from "../data/database.js";
import { storedContent } from "../domain/vault/files.js";
import { versionContent } from "../domain/vault/versions.js";
import { BlobMissing, type BlobStore } from "../storage/blob-store.js";
import { answerProblem } from "./problems.js";
import { noneMatch } from "./request-context.js";

/** A file is its owner's: no shared cache may keep it, and a private one revalidates with the ETag. */
const CACHE_CONTROL = "private, no-cache";

/**
 * `downloadFile` (GET) and `headFileContent` (HEAD, the same status and headers
 * without the body): the stored bytes with their sniffed type, length, the SHA-256 as
 * a strong ETag, the name in `Content-Disposition` (RFC 6266: ASCII fallback plus
 * `filename*=UTF-8''…`), and Range, If-Range and If-None-Match per RFC 9110.
 */
export function downloadFile(db: Db, store: BlobStore) {
  return (req: Request, res: Response, next: NextFunction) =>
    serveContent(req, res, next, store, {
      find: () => storedContent(db, req.auth?.userId ?? -1, req.openapi?.pathParams?.id ?? ""),
      cacheControl: CACHE_CONTROL,
    });
}

/** `downloadFileVersion`: a version's bytes, served as the file's download serves its current ones. */
export function downloadFileVersion(db: Db, store: BlobStore) {
  return (req: Request, res: Response, next: NextFunction) => {
    const { id = "", version_id = "" } = req.openapi?.pathParams ?? {};
    return serveContent(req, res, next, store, {
      find: () => versionContent(db, req.auth?.userId ?? -1, id, version_id),
      cacheControl: CACHE_CONTROL,
    });
  };
}

/** The content to send: its name, hash, size and sniffed type. */
export type Content = Awaited<ReturnType<typeof storedContent>>;

export interface ContentSource<C extends Content> {
  /** Reads the row naming the content (again after a concurrent replace took its bytes); throws when it is gone. */
  find(): Promise<C>;
  cacheControl: string;
  /** Called once the whole content was sent with 200 (not a range, a 304 or a HEAD). */
  sentWhole?(found: C): void;
}

/**
 * Answers the content `source.find` names. A replace or delete that commits between
 * reading the row and opening its bytes may have taken the bytes: the row is read
 * again, and answers 404 or the new content.
 */
export async function serveContent<C extends Content>(
  req: Request,
  res: Response,
  next: NextFunction,
  store: BlobStore,
  source: ContentSource<C>,
): Promise<void> {
  for (let attempt = 1; ; attempt++) {
    const found = await source.find();
    try {
      const { sentWhole } = source;
      return await answerContent(
        req,
        res,
        next,
        store,
        found,
        source.cacheControl,
        sentWhole && (() => sentWhole(found)),
      );
    } catch (error) {
      if (!(error instanceof BlobMissing) || attempt === MAX_READS) throw error;
    }
  }
}

/** Reads of a file's row per download: a row that still names missing bytes after that many is a fault (500). */
const MAX_READS = 3;

/** Answers the content; calls `sentWhole` once all of it was sent with 200. */
async function answerContent(
  req: Request,
  res: Response,
  next: NextFunction,
  store: BlobStore,
  found: Content,
  cacheControl: string,
  sentWhole?: () => void,
): Promise<void> {
  const etag = `"${found.hash}"`;
  // Decided here rather than by `fresh`, which ignores If-None-Match when the request
  // says `Cache-Control: no-cache`, as fetch() adds to every conditional request.
  if (noneMatch(req.get("if-none-match"), etag)) {
    res.setHeader("ETag", etag).setHeader("Cache-Control", cacheControl).status(304).end();
    return;
  }
  const size = Number(found.size);
  // Range is defined for GET only (RFC 9110 §14.2).
  const range = req.method === "GET" ? byteRange(req.get("range"), req.get("if-range"), etag, size) : undefined;
  if (range === "unsatisfiable") {
    res.setHeader("Content-Range", `bytes */${size}`);
    const detail = `The Range header asks for bytes outside the content (${size} bytes).`;
    answerProblem(req, res, "range_not_satisfiable", detail);
    return;
  }
  // Opened before any header is set, so missing bytes reject with `BlobMissing` (for
  // HEAD too) and a store that is down is a 503.
  const blob = req.method === "HEAD" ? undefined : await store.read(found.hash, range);
  if (!blob && !(await store.exists(found.hash))) throw new BlobMissing(found.hash);
  res.attachment(found.name ?? "download");
  res.setHeader("Content-Type", found.mimetype);
  res.setHeader("ETag", etag);
  res.setHeader("Cache-Control", cacheControl);
  res.setHeader("Accept-Ranges", "bytes");
  if (range) {
    res.status(206);
    res.setHeader("Content-Range", `bytes ${range.start}-${range.end}/${size}`);
  }
  res.setHeader("Content-Length", String(range ? range.end - range.start + 1 : size));
  if (!blob) {
    res.end();
    return;
  }
  if (!range && sentWhole) onFinished200(res, sentWhole);
  return pipeline(blob, res).then(
    () => {},
    (err: unknown) => {
      // The client went away mid-body, or the store failed after the headers: only the
      // connection can say so now.
      if (!res.headersSent) next(err);
      else {
        req.log.debug({ err }, "download interrupted");
        res.destroy();
      }
    },
  );
}

/**
 * Calls `sent` once the last byte of a 200 answer is handed to the connection: an
 * answer cut short is destroyed and never finishes, a failure before the body is a
 * problem's status. Before the connection can close, so before the server has stopped.
 */
export function onFinished200(res: Response, sent: () => void): void {
  res.once("finish", () => res.statusCode === 200 && sent());
}

/** One range-spec of RFC 9110 §14.1.2: `first-last`, `first-` or `-suffix`. */
const RANGE_SPEC = /^(?:(\d+)-(\d*)|-(\d+))$/;

/**
 * The one range to send (206), "unsatisfiable" (416) or undefined for the whole
 * content (200), by RFC 9110 §14: a Range that is not valid syntax, or has a
 * `first-last` with last < first, is ignored; a suffix longer than the content is
 * the whole content; an If-Range that is not our strong ETag (a weak tag never
 * matches, §13.1.5; a date cannot match, as no Last-Modified is sent) sends it all.
 * Several ranges that do not merge into one answer the whole content, which §14.2
 * allows. range-parser does the arithmetic once the syntax is known to be valid.
 */
function byteRange(
  header: string | undefined,
  ifRange: string | undefined,
  etag: string,
  size: number,
): { start: number; end: number } | "unsatisfiable" | undefined {
  const set = header === undefined ? undefined : /^bytes=(.*)$/is.exec(header)?.[1];
  if (set === undefined || (ifRange !== undefined && ifRange.trim() !== etag)) return undefined;
  // Empty list elements are allowed and ignored (RFC 9110 §5.6.1.2).
  const specs = set
    .split(",")
    .map((spec) => spec.trim())
    .filter((spec) => spec !== "");
  const normalised: string[] = [];
  for (const spec of specs) {
    const [, first, last, suffix] = RANGE_SPEC.exec(spec) ?? [];
    if (suffix !== undefined) {
      // range-parser refuses a suffix longer than the content; RFC 9110 says it is all of it.
      normalised.push(BigInt(suffix) > BigInt(size) ? "0-" : spec);
    } else if (first === undefined || (last !== "" && BigInt(last ?? "") < BigInt(first))) {
      return undefined;
    } else {
      normalised.push(spec);
    }
  }
  if (normalised.length === 0) return undefined;
  const ranges = rangeParser(size, `bytes=${normalised.join(",")}`, { combine: true });
  if (ranges === -1) return "unsatisfiable";
  if (ranges === -2 || ranges.length !== 1) return undefined;
  return ranges[0];
}
