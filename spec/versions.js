// The API's versions (versions.json) and the one mapping between their shapes. A
// version is a mapping at the edge: the server's domain speaks v1's shape, and a v2
// request is mapped to it before its handler runs and its answer back after.
//
// v2 changed two things (docs/versioning.md): a user's id is a string (`User.id`, a
// share's `users`), and a share's `emails` is a list of addresses. The mapping finds
// them by name, wherever they sit (a resource, a page, an event's `data` and
// `previous_attributes`): `id` beside a `username` (a User), `users` and `emails`.
import { readFileSync } from "node:fs";
import { fastFormats } from "ajv-formats/dist/formats.js";

/** Every version of versions.json, oldest first. */
export const versions = JSON.parse(readFileSync(new URL("./versions.json", import.meta.url), "utf8")).versions;

/** The version a path belongs to (`/evault/v2/files/` is v2), or undefined for a path of no version. */
export function versionOfPath(path) {
  const match = /^\/(?:evault|banking)\/(v[0-9]+)\//.exec(path);
  return match?.[1];
}

/** `text` with every path of the API in it (`/evault/v1/files/`, a link in a description) moved to `version`'s. */
export function textIn(version, text) {
  return text.replace(/\/(evault|banking)\/v[0-9]+\b/g, `/$1/${version}`);
}

const { email } = fastFormats;
const isAddress = (value) => typeof value === "string" && value.length <= 254 && email.test(value);
/** v1's `emails` (any scalar, object or list of those, or null) as v2's list: the addresses among them, in order. */
function addresses(emails) {
  const items = Array.isArray(emails) ? emails : emails === null || emails === undefined ? [] : [emails];
  return items.flatMap((item) => {
    const text = typeof item === "object" && item !== null ? item.email : item;
    return isAddress(text) ? [text] : [];
  });
}

/** `value` with each field `change` names replaced, depth first, in objects and arrays. */
function mapped(value, change) {
  if (Array.isArray(value)) return value.map((item) => mapped(item, change));
  if (typeof value !== "object" || value === null) return value;
  const out = {};
  for (const [key, field] of Object.entries(value)) {
    const by = Object.hasOwn(change, key) ? change[key] : undefined;
    out[key] = by === undefined ? mapped(field, change) : by(field, value);
  }
  return out;
}

const userId = (to) => (id, holder) => ("username" in holder && id !== null ? to(id) : id);
const idList = (to) => (list) => (Array.isArray(list) ? list.map(to) : list);

const toV2Fields = { id: userId(String), users: idList(String), emails: addresses };
const toV1Fields = { id: userId(Number), users: idList(Number) };
/** The fields that hold a URL of the service (a file's content, a share's link, a download, a page). */
const URL_FIELDS = ["file", "link", "content", "url", "next"];

/**
 * A body in v1's shape (an answer, a recorded event) as v2 shows it; `url(value, field,
 * holder)` rewrites the value of each field that may hold one of the service's URLs (the
 * server moves its own to v2's paths).
 */
export function toV2(value, url) {
  if (url === undefined) return mapped(value, toV2Fields);
  const fields = { ...toV2Fields };
  for (const name of URL_FIELDS) {
    fields[name] = (field, holder) => (typeof field === "string" ? url(field, name, holder) : mapped(field, fields));
  }
  return mapped(value, fields);
}

/** A body in v2's shape (a request, an example) as v1 takes it: v2's addresses are a valid v1 `emails`. */
export function toV1(value) {
  return mapped(value, toV1Fields);
}
