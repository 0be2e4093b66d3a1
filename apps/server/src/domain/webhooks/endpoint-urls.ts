// Where a webhook may be sent: never to the service's own network (server-side request
// forgery). An endpoint's URL is checked when it is set, and the address a delivery
// connects to is checked again as it connects (a name may resolve elsewhere by then).
import { lookup } from "node:dns";
import type { LookupFunction } from "node:net";
import ipaddr from "ipaddr.js";
import { unprocessable } from "../errors.js";

/** How long a name's resolution may take when an endpoint's URL is set. */
const RESOLVE_TIMEOUT_MS = 5000;

/** IPv6's global unicast block: every address outside it is special-purpose or unassigned. */
const GLOBAL_UNICAST_IPV6 = ipaddr.parseCIDR("2000::/3");

/**
 * Why a delivery may not connect to `address`, or undefined when it may: only global
 * unicast addresses are allowed. The reason names the kind of address, never the
 * address: what a name resolves to inside the service's network is not the caller's to learn.
 */
export function forbiddenAddress(address: string): string | undefined {
  if (!ipaddr.isValid(address)) return "not an IP address";
  let parsed = ipaddr.parse(address);
  if (parsed instanceof ipaddr.IPv6 && parsed.isIPv4MappedAddress()) parsed = parsed.toIPv4Address();
  const range = parsed.range();
  // Loopback, private, link-local (169.254.169.254, the cloud metadata address), carrier-grade NAT,
  // documentation, NAT64, 6to4 and Teredo (which carry an IPv4 address), reserved…
  if (range !== "unicast") return `a ${range} address`;
  // The rest of IPv6 outside 2000::/3: IPv4-compatible (`::127.0.0.1`) and unassigned addresses.
  if (parsed instanceof ipaddr.IPv6 && !parsed.match(GLOBAL_UNICAST_IPV6)) return "a non-global IPv6 address";
  return undefined;
}

/** A URL's host as a name or a bare IP address (`[::1]` → `::1`). */
export const hostOf = (url: URL) => url.hostname.replace(/^\[(.*)\]$/, "$1").toLowerCase();

/** Whether `WEBHOOK_ALLOW_HOSTS` names the URL's host: then any address, and `http`, are allowed. */
export const isAllowedHost = (url: URL, allowHosts: string[]) => allowHosts.includes(hostOf(url));

/**
 * A `lookup` for the delivery's connection that refuses a forbidden address: the one
 * the connection uses is the one checked, so a name that resolves to a public address
 * when the endpoint is set and to a private one later (DNS rebinding) is refused then.
 */
export const checkedLookup: LookupFunction = (hostname, options, callback) => {
  lookup(hostname, { ...options, all: true }, (err, addresses) => {
    if (err) return callback(err, "", 0);
    const refused = addresses.map(({ address }) => forbiddenAddress(address)).find(Boolean);
    if (refused) return callback(Object.assign(new Error(`refused: ${refused}`), { code: "EFORBIDDEN" }), "", 0);
    if (options.all) return (callback as unknown as (e: null, a: typeof addresses) => void)(null, addresses);
    const [first] = addresses;
    if (!first) return callback(Object.assign(new Error(`${hostname} has no address`), { code: "ENOTFOUND" }), "", 0);
    callback(null, first.address, first.family);
  });
};

function resolveAll(host: string): Promise<string[]> {
  if (ipaddr.isValid(host)) return Promise.resolve([host]);
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error("timed out")), RESOLVE_TIMEOUT_MS);
    lookup(host, { all: true }, (err, addresses) => {
      clearTimeout(timer);
      if (err) reject(err);
      else resolve(addresses.map(({ address }) => address));
    });
  });
}

/**
 * Refuses (422 naming `url`) an endpoint URL a delivery may not go to: not `https`,
 * carrying credentials, or a host that does not resolve or resolves to a forbidden
 * address; a host of `WEBHOOK_ALLOW_HOSTS` may be `http` and any address.
 */
export async function checkEndpointUrl(text: string, allowHosts: string[]): Promise<void> {
  const refuse = (message: string) => unprocessable("url", message, "forbidden_url");
  const url = new URL(text);
  const allowed = isAllowedHost(url, allowHosts);
  if (url.protocol !== "https:" && !(allowed && url.protocol === "http:"))
    throw refuse("must be an https URL (http only for a host of WEBHOOK_ALLOW_HOSTS)");
  if (url.username || url.password) throw refuse("must not carry a user name or password");
  if (allowed) return;
  const addresses = await resolveAll(hostOf(url)).catch((err: Error) => {
    throw refuse(`names a host that does not resolve (${err.message})`);
  });
  const forbidden = addresses.map(forbiddenAddress).find(Boolean);
  if (forbidden) throw refuse(`names a host that may not be sent to: ${forbidden}`);
}
