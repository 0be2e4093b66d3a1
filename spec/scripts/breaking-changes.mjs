// Finds the changes between two OpenAPI 3.0 documents that break a client of the
// first. api-smart-diff classifies each change per operation (request changes are
// breaking when they narrow, response changes when they widen); the rules below
// cover what it lets through, and are listed in docs/decisions/breaking-change-gate.md.
import { apiCompare } from "api-smart-diff";

const METHODS = new Set(["get", "put", "post", "delete", "options", "head", "patch", "trace"]);

/**
 * Our own rules, applied to api-smart-diff's changes under `paths` (where every $ref is
 * resolved, so a change to a shared schema shows once per operation that uses it).
 * Each answers "breaking", "non-breaking" or undefined (api-smart-diff's verdict stands).
 */
const rules = [
  // A response field removed, optional ones included: a client reading it gets nothing
  // (api-smart-diff flags only required ones).
  (d, where) => where.response && d.action === "remove" && d.path.at(-2) === "properties" && "breaking",
  // An enum value removed from a response: a client handling it no longer compiles.
  (d, where) => where.response && d.action === "remove" && d.path.at(-2) === "enum" && "breaking",
  // A response field's type changed.
  (d, where) => where.response && d.path.at(-1) === "type" && d.action !== "add" && "breaking",
  // A response field made nullable: a client receives null where it never did.
  (d, where) => where.response && d.path.at(-1) === "nullable" && d.after === true && "breaking",
  // A request field made nullable is a widening: old requests stay valid.
  (d, where) => where.request && d.path.at(-1) === "nullable" && d.after === true && "non-breaking",
];

/** @returns {{ key: string, description: string }[]} every breaking change, described */
export function breakingChanges(before, after) {
  const { diffs } = apiCompare(before, after);
  const found = new Map();
  for (const diff of diffs) {
    if (diff.path[0] !== "paths") continue;
    const where = locate(diff.path);
    const verdict = rules.map((rule) => rule(diff, where)).find(Boolean) ?? diff.type;
    if (verdict !== "breaking") continue;
    const description = describe(diff, where);
    found.set(description, { key: description, description });
  }
  return [...found.values()];
}

function locate(path) {
  const [, route, method, section, ...rest] = path;
  const operation = METHODS.has(method) ? `${method.toUpperCase()} ${route}` : route;
  if (!METHODS.has(method)) return { operation, place: "", rest: path.slice(2) };
  if (section === "responses") {
    const [status, kind, media, schema, ...field] = rest;
    if (kind === "content" && schema === "schema")
      return { operation, response: true, place: `response ${status} (${media})`, rest: field };
    if (kind === "headers")
      return { operation, response: true, place: `response ${status} header ${media}`, rest: rest.slice(3) };
    return { operation, response: true, place: `response ${status ?? ""}`.trim(), rest: rest.slice(1) };
  }
  if (section === "requestBody") {
    const [kind, media, schema, ...field] = rest;
    if (kind === "content" && schema === "schema")
      return { operation, request: true, place: `request body (${media})`, rest: field };
    return { operation, request: true, place: "request body", rest };
  }
  if (section === "parameters") return { operation, request: true, place: "parameter", rest };
  return { operation, place: section ?? "", rest };
}

/** `a.b[]` from the schema path segments before the changed keyword. */
function fieldName(segments) {
  const names = [];
  for (let i = 0; i < segments.length; i++) {
    if (segments[i] === "properties" && i + 1 < segments.length) names.push(segments[++i]);
    else if (segments[i] === "items" && names.length > 0) names[names.length - 1] += "[]";
  }
  return names.join(".");
}

const show = (value) => (typeof value === "object" ? JSON.stringify(value) : String(value));

function describe(diff, where) {
  const { rest } = where;
  const prefix = [where.operation, where.place].filter(Boolean).join(" ");
  const last = rest.at(-1);
  const parent = rest.at(-2);
  let what;
  if (rest.length === 0) {
    what = diff.action === "remove" ? "removed" : `${diff.action}d`;
  } else if (parent === "properties") {
    what = `field \`${fieldName(rest)}\` ${diff.action === "remove" ? "removed" : `${diff.action}ed`}`;
  } else if (parent === "enum") {
    const field = fieldName(rest.slice(0, -2)) || "the value";
    what =
      diff.action === "remove"
        ? `enum value "${show(diff.before)}" removed from \`${field}\``
        : `enum value "${show(diff.after)}" added to \`${field}\``;
  } else if (parent === "required") {
    const owner = fieldName(rest.slice(0, -2));
    const field = [owner, show(diff.action === "remove" ? diff.before : diff.after)].filter(Boolean).join(".");
    what = `field \`${field}\` made ${diff.action === "remove" ? "optional" : "required"}`;
  } else if (where.place === "parameter") {
    what = diff.description ?? `${rest.join("/")} ${diff.action}`;
  } else {
    const field = fieldName(rest.slice(0, -1));
    const change =
      diff.action === "replace"
        ? `${show(diff.before)} → ${show(diff.after)}`
        : diff.action === "add"
          ? `added (${show(diff.after)})`
          : `removed (was ${show(diff.before)})`;
    what = `${field ? `\`${field}\` ` : ""}${last} ${change}`;
  }
  return `${prefix}: ${what}`;
}
