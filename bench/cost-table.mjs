// Where a server's CPU went, by the part of a request's work, from a V8 CPU profile
// (cpu-profile.mjs). Each sample goes to one part: walking its stack from the running
// function towards the root, the first frame a rule names decides; Node's own frames
// (streams, events, the HTTP parser) decide only when no frame above them is named, so
// a socket's data event that runs pg's parser counts as the database driver's. The
// server runs bundles (apps/server/scripts/bundle.mjs): each of their frames is first
// named by the file it came from, through the bundle's source map.
import { existsSync, readFileSync } from "node:fs";
import { SourceMap } from "node:module";
import { fileURLToPath } from "node:url";

/** The parts, in the order the table lists them. */
export const PARTS = [
  "HTTP parsing and Node internals",
  "socket writes, HTTP",
  "socket writes, database",
  "body parsing",
  "routing",
  "request validation",
  "handler",
  "database driver",
  "idempotency",
  "rate limiting",
  "webhook deliveries",
  "response validation",
  "serialisation",
  "logging",
  "metrics",
  "garbage collection",
  "V8 and native, unattributed",
  "other",
];

/** Native calls that hand bytes to the kernel: V8 counts the system call's time as theirs. */
const SOCKET_WRITES = new Set(["writev", "writeBuffer", "writeUtf8String", "writeLatin1String", "writeAsciiString"]);

/** [pattern on a frame's url, part]: the first that matches a frame names its part. */
const RULES = [
  [/node_modules\/(pino|pino-http|pino-std-serializers|sonic-boom|thread-stream|fast-redact)\//, "logging"],
  [/\/apps\/server\/src\/(logger|logged-secrets|http\/request-log)\.ts/, "logging"],
  [/node_modules\/prom-client\//, "metrics"],
  [/\/apps\/server\/src\/http\/observability\.ts/, "metrics"],
  [
    /express-openapi-validator\/(dist|src)\/(middlewares\/openapi\.response\.validator|framework\/modded\.express\.mung)/,
    "response validation",
  ],
  [/express-openapi-validator\/(dist|src)\/middlewares\/openapi\.metadata/, "routing"],
  [/express-openapi-validator\//, "request validation"],
  [/\/apps\/server\/src\/http\/validator\.ts/, "request validation"],
  [
    /node_modules\/(pg|pg-protocol|pg-pool|pg-types|postgres-array|postgres-date|postgres-interval|postgres-bytea|drizzle-orm)\//,
    "database driver",
  ],
  [/\/apps\/server\/src\/data\//, "database driver"],
  [/\/apps\/server\/src\/http\/idempotency\.ts/, "idempotency"],
  [/node_modules\/express-rate-limit\/|\/apps\/server\/src\/http\/rate-limit\.ts/, "rate limiting"],
  [/\/apps\/server\/src\/domain\/webhooks\//, "webhook deliveries"],
  [/node_modules\/(body-parser|raw-body|iconv-lite|content-type|busboy|cookie-parser)\//, "body parsing"],
  [/node_modules\/fastify\/lib\/contentTypeParser/, "body parsing"],
  [/node_modules\/(fast-json-stringify)\//, "serialisation"],
  [/node_modules\/fastify\/lib\/(reply|error-serializer)/, "serialisation"],
  [/node_modules\/express\/lib\/response\.js/, "serialisation"],
  [/node_modules\/(@fastify\/ajv-compiler)\//, "request validation"],
  [/node_modules\/fastify\/lib\/(validation|schemas)/, "request validation"],
  [/node_modules\/(express|router|path-to-regexp|find-my-way|fastify|avvio|light-my-request)\//, "routing"],
  [/\/apps\/server\/src\//, "handler"],
  [/\/bench\/peers\//, "handler"],
];

/** The part a frame names, or undefined. */
function ruled(frame) {
  if (!frame.url) return undefined;
  return RULES.find(([pattern]) => pattern.test(frame.url))?.[1];
}

/**
 * The profile's CPU time per part, in µs (idle and the profiler's own start left out),
 * and per part the time of each running function (its self time): what to look at in a
 * part, and in "other" what the rules do not name yet.
 */
export function costByPart(profile) {
  const byId = new Map(profile.nodes.map((node) => [node.id, sourceNamed(node)]));
  const parent = new Map();
  for (const node of profile.nodes) for (const child of node.children ?? []) parent.set(child, node.id);
  const selfTime = new Map();
  for (let i = 0; i < profile.samples.length; i++) {
    selfTime.set(profile.samples[i], (selfTime.get(profile.samples[i]) ?? 0) + (profile.timeDeltas[i] ?? 0));
  }
  const totals = new Map(PARTS.map((part) => [part, 0]));
  const frames = new Map(PARTS.map((part) => [part, new Map()]));
  for (const [id, us] of selfTime) {
    const leaf = byId.get(id).callFrame;
    if (leaf.functionName === "(idle)") continue;
    const part = partOf(id, byId, parent);
    if (part === undefined) continue;
    totals.set(part, totals.get(part) + us);
    const key = `${leaf.functionName || "(anonymous)"} ${where(leaf.url)}:${leaf.lineNumber + 1}`;
    frames.get(part).set(key, (frames.get(part).get(key) ?? 0) + us);
  }
  return { totals, frames };
}

/** A frame's file, short: its package and file name, or the server's path under src/. */
const where = (url) => {
  const inPackage = /node_modules\/(?<name>(?:@[^/]+\/)?[^/]+)\/(?:.*\/)?(?<file>[^/]+)$/.exec(url)?.groups;
  if (inPackage) return `${inPackage.name}/${inPackage.file}`;
  return /\/server\/src\/(.+)$/.exec(url)?.[1] ?? url;
};

/** Each bundle's source map, read once (none for a file without one). */
const sourceMaps = new Map();

function sourceMapOf(url) {
  if (!sourceMaps.has(url)) {
    const file = url.startsWith("file:") ? `${fileURLToPath(url)}.map` : undefined;
    sourceMaps.set(url, file && existsSync(file) ? new SourceMap(JSON.parse(readFileSync(file, "utf8"))) : undefined);
  }
  return sourceMaps.get(url);
}

/** `node` with its frame named by its source file and line, where its script has a source map. */
function sourceNamed(node) {
  const { url, lineNumber, columnNumber } = node.callFrame;
  const entry = url ? sourceMapOf(url)?.findEntry(lineNumber, columnNumber) : undefined;
  if (!entry?.originalSource) return node;
  const original = { ...node.callFrame, url: entry.originalSource, lineNumber: entry.originalLine };
  return { ...node, callFrame: original };
}

/**
 * The part of the sample at node `id` (see the module's comment), or undefined for the
 * profiler's own start (its `Profiler.start` call), which is not the server's work.
 */
function partOf(id, byId, parent) {
  const leaf = byId.get(id).callFrame;
  if (leaf.functionName === "(garbage collector)") return "garbage collection";
  if (leaf.functionName === "(program)") return "V8 and native, unattributed";
  const write = SOCKET_WRITES.has(leaf.functionName) && !leaf.url;
  let nodeInternal = false;
  for (let at = id; at !== undefined; at = parent.get(at)) {
    const frame = byId.get(at).callFrame;
    if (frame.url.endsWith("/bench/cpu-profile.mjs")) return undefined;
    const part = ruled(frame);
    if (write) {
      if (part === "database driver") return "socket writes, database";
      continue;
    }
    if (part) return part;
    if (frame.url.startsWith("node:")) nodeInternal = true;
  }
  if (write) return "socket writes, HTTP";
  return nodeInternal ? "HTTP parsing and Node internals" : "other";
}
