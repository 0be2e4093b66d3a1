import type { RequestHandler } from "express";
import { ProblemError, type RequestIssue } from "./problems.js";

const JSON_TYPE = /^application\/([\w.+-]*\+)?json\b/i;

/**
 * An empty body is not a JSON document: body-parser would turn it into `{}` (or leave
 * no body at all), so an operation that takes a JSON body and is sent JSON with nothing in
 * it is refused here, after routing (an unknown path stays a 404) and the key check.
 */
export const refuseEmptyJson: RequestHandler = (req, _res, next) => {
  const takesJson = req.openapi?.schema?.requestBody?.content?.["application/json"] !== undefined;
  const declaresJson = JSON_TYPE.test(req.headers["content-type"] ?? "");
  const empty = req.headers["transfer-encoding"] === undefined && Number(req.headers["content-length"] ?? 0) === 0;
  if (!takesJson || !declaresJson || !empty) return next();
  next(
    new ProblemError("bad_request", "The body is empty; this operation takes a JSON document.", [
      { path: "/body", message: "is empty", code: "required" },
    ]),
  );
};

/**
 * Refuses a JSON body of more values than any body the contract admits, before the
 * validator meets it (a million wrong items would cost a million error objects), and
 * one with text PostgreSQL cannot store faithfully (see `bodyIssue`).
 */
export const refuseUnboundedBody: RequestHandler = (req, _res, next) => {
  const issue = req.body === undefined ? undefined : bodyIssue(req.body, "/body");
  next(issue ? badBody(issue) : undefined);
};

export const badBody = (issue: RequestIssue) =>
  new ProblemError("bad_request", "The body holds text or values the service cannot take; see errors.", [issue]);

/** The most values (items, property names and values, scalars together) one JSON body may hold: 10,000. */
const MAX_BODY_VALUES = 10_000;

const pointer = (path: string, key: string | number) =>
  `${path}/${String(key).replaceAll("~", "~0").replaceAll("/", "~1")}`;

const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

/**
 * What is wrong with a parsed body, located by a JSON pointer: more than
 * `MAX_BODY_VALUES` values (at the array or object that passes the bound), or a string
 * (value or key) holding a NUL character, which PostgreSQL text cannot hold, or a lone
 * UTF-16 surrogate, which is not Unicode and would be stored as U+FFFD or refused.
 */
export function bodyIssue(value: unknown, path: string): RequestIssue | undefined {
  const pending: [unknown, string][] = [[value, path]];
  let values = 1;
  for (let next = pending.pop(); next; next = pending.pop()) {
    const [item, at] = next;
    if (typeof item === "string") {
      if (item.includes("\u0000")) return { path: at, message: "contains a NUL (U+0000) character", code: "nul" };
      if (LONE_SURROGATE.test(item)) {
        return { path: at, message: "contains a lone UTF-16 surrogate (not Unicode)", code: "surrogate" };
      }
    } else if (item !== null && typeof item === "object") {
      // Counted before anything is allocated per child, so a huge container costs nothing more.
      values += Array.isArray(item) ? item.length : 2 * Object.keys(item).length;
      if (values > MAX_BODY_VALUES) {
        return { path: at, message: `makes the body hold more than ${MAX_BODY_VALUES} values`, code: "maxValues" };
      }
      for (const [key, child] of Object.entries(item)) {
        const childPath = pointer(at, key);
        if (!Array.isArray(item)) pending.push([key, childPath]);
        pending.push([child, childPath]);
      }
    }
  }
  return undefined;
}

const RFC3339 = /^(\d{4})-(\d{2})-(\d{2})[Tt](\d{2}):(\d{2}):(\d{2})(?:\.\d{1,9})?(?:[Zz]|[+-](\d{2}):(\d{2}))$/;

const daysIn = (year: number, month: number) =>
  month === 2
    ? year % 4 === 0 && (year % 100 !== 0 || year % 400 === 0)
      ? 29
      : 28
    : [4, 6, 9, 11].includes(month)
      ? 30
      : 31;

/**
 * Refuses a `date-time` the validator's format check lets through but no calendar has
 * (February 30, 25:00, year 0, an offset of +24:00), which PostgreSQL would refuse with
 * a 500: a 400 naming the field, as for any other format.
 */
export function checkInstant(value: string | null | undefined, path: string): void {
  if (value == null) return;
  const [, ...parts] = RFC3339.exec(value) ?? [];
  // `Z` leaves the offset's groups undefined: a zero offset.
  const [year = 0, month = 0, day = 0, hour = 0, minute = 0, second = 0, offsetHours = 0, offsetMinutes = 0] =
    parts.map((part) => Number(part ?? 0));
  const real =
    parts.length > 0 &&
    year >= 1 &&
    month >= 1 &&
    month <= 12 &&
    day >= 1 &&
    day <= daysIn(year, month) &&
    hour <= 23 &&
    minute <= 59 &&
    second <= 59 &&
    offsetHours <= 23 &&
    offsetMinutes <= 59;
  if (!real)
    throw badBody({ path, message: "must be an RFC 3339 date-time with a time zone that exists", code: "format" });
}
