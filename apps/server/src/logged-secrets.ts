// What is secret, wherever a log line could carry it: the one list the logger's redaction
// is built from, for requests and answers alike, and how each kind is censored.

export const CENSOR = "[redacted]";

/** The characters of a link token a log line keeps, to tell links apart. */
const TOKEN_PREFIX = 6;

/** Headers (of a request or an answer) whose whole value is a credential. */
const CREDENTIAL_HEADERS = ["api-key", "x-api-key", "authorization", "proxy-authorization"];

/** Headers of cookies: a cookie's name and attributes are kept, its value (a link's unlock) is not. */
const COOKIE_HEADERS = ["cookie", "set-cookie"];

/** Headers holding a URL, which may name a link by its token (a form unlock's `Location`, a proxy's original URL). */
const URL_HEADERS = ["location", "content-location", "referer", "x-forwarded-uri", "x-original-url"];

/** The request's own URL and query, which may name a link by its token or carry a key (`?api-key=…`). */
const REQUEST_URL = ["req.url", "req.query.*"];

/** Path parameters that are credentials: a link's token (`/links/{token}/…`). */
const TOKEN_PARAMS = ["token"];

/** Fields of a body, or of anything else logged, whose value is a credential or its hash. */
const SECRET_FIELDS = ["password", "api_key", "key_hash", "password_hash", "access_token", "secret"];

/** A link token in a path, absolute URL or message: `…/links/{token}`, `…/downloads/{token}`. */
const LINK_TOKEN = new RegExp(`(/(?:links|downloads)/+)([^/?#\\s"]{1,${TOKEN_PREFIX}})[^/?#\\s"]*`, "g");

/** Every link token in `text` cut to its first characters. */
export const censorLinkTokens = (text: string) => text.replace(LINK_TOKEN, "$1$2…");

/** A token (a path parameter) cut to its first characters. */
const tokenPrefix = (token: string) => `${token.slice(0, TOKEN_PREFIX)}…`;

/**
 * A URL as logged: link tokens cut to their first characters, and every query-string
 * value censored (a list's filters, cursor and page size are ids and numbers the log does
 * not need; anything else there is a mistake or a key sent as `?api-key=…`).
 */
function censorUrl(url: string): string {
  const clean = censorLinkTokens(url);
  const at = clean.indexOf("?");
  if (at < 0) return clean;
  const query = clean
    .slice(at + 1)
    .split("&")
    .map((pair) => {
      const eq = pair.indexOf("=");
      return eq < 0 ? pair : `${pair.slice(0, eq)}=${CENSOR}`;
    })
    .join("&");
  return `${clean.slice(0, at)}?${query}`;
}

/** A cookie's `name=value` with its value censored; a value without a name is censored whole. */
function censorPair(pair: string): string {
  const eq = pair.indexOf("=");
  return eq < 0 ? pair.replace(/\S.*/, CENSOR) : `${pair.slice(0, eq)}=${CENSOR}`;
}

/**
 * A `Cookie` or `Set-Cookie` value with each cookie's value censored, and the link token
 * of a `Path` attribute cut (`link_access=[redacted]; Path=/evault/v1/links/AbCdEf…/`).
 */
function censorCookies(header: string, set: boolean): string {
  // A Set-Cookie holds one cookie, then its attributes; a Cookie holds pairs only.
  const [cookie = "", ...attributes] = header.split(";");
  if (set) return censorLinkTokens([censorPair(cookie), ...attributes].join(";"));
  return header.split(";").map(censorPair).join(";");
}

const eachValue = (value: unknown, censor: (text: string) => string): unknown =>
  Array.isArray(value) ? value.map((v) => eachValue(v, censor)) : typeof value === "string" ? censor(value) : CENSOR;

/**
 * pino's `redact` option: every position of the list above in a logged request (`req`)
 * or answer (`res`), and the secret fields of a logged object, of one nested one level
 * down or of a request's body (pino's paths reach no deeper), each censored as its kind says (a URL keeps its path, a cookie its name, a token its first characters).
 */
export function secretRedaction() {
  const headers = (names: string[]) =>
    ["req", "res"].flatMap((at) => names.map((name) => `${at}.headers[${JSON.stringify(name)}]`));
  return {
    paths: [
      ...REQUEST_URL,
      ...headers([...CREDENTIAL_HEADERS, ...COOKIE_HEADERS, ...URL_HEADERS]),
      ...TOKEN_PARAMS.map((name) => `req.params.${name}`),
      ...SECRET_FIELDS.flatMap((field) => [field, `*.${field}`, `req.body.${field}`]),
    ],
    censor(value: unknown, [, group, name = ""]: string[]): unknown {
      if (group === "url" || (group === "headers" && URL_HEADERS.includes(name))) return eachValue(value, censorUrl);
      if (group === "headers" && COOKIE_HEADERS.includes(name)) {
        return eachValue(value, (text) => censorCookies(text, name === "set-cookie"));
      }
      if (group === "params" && TOKEN_PARAMS.includes(name)) return eachValue(value, tokenPrefix);
      return CENSOR;
    },
  };
}
