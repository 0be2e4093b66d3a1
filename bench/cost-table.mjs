// Where a server's CPU went, by the part of a request's work, from a V8 CPU profile
// (cpu-profile.mjs). Each sample goes to one part: walking its stack from the running
// function towards the root, the first frame a rule names decides; Node's own frames
// (streams, events, the HTTP parser) decide only when no frame above them is named, so
// a socket's data event that runs pg's parser counts as the database driver's.

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
  [/\/apps\/server\/dist\/(logger|logged-secrets|http\/request-log)\.js/, "logging"],
  [/node_modules\/prom-client\//, "metrics"],
  [/\/apps\/server\/dist\/http\/observability\.js/, "metrics"],
  [
    /express-openapi-validator\/dist\/(middlewares\/openapi\.response\.validator|framework\/modded\.express\.mung)/,
    "response validation",
  ],
  [/express-openapi-validator\/dist\/middlewares\/openapi\.metadata/, "routing"],
  [/express-openapi-validator\//, "request validation"],
  [/\/apps\/server\/dist\/http\/validator\.js/, "request validation"],
  [
    /node_modules\/(pg|pg-protocol|pg-pool|pg-types|postgres-array|postgres-date|postgres-interval|postgres-bytea|drizzle-orm)\//,
    "database driver",
  ],
  [/\/apps\/server\/dist\/data\//, "database driver"],
  [/\/apps\/server\/dist\/http\/idempotency\.js/, "idempotency"],
  [/node_modules\/express-rate-limit\/|\/apps\/server\/dist\/http\/rate-limit\.js/, "rate limiting"],
  [/\/apps\/server\/dist\/domain\/webhooks\//, "webhook deliveries"],
  [/node_modules\/(body-parser|raw-body|iconv-lite|content-type|busboy|cookie-parser)\//, "body parsing"],
  [/node_modules\/fastify\/lib\/contentTypeParser/, "body parsing"],
  [/node_modules\/(fast-json-stringify)\//, "serialisation"],
  [/node_modules\/fastify\/lib\/(reply|error-serializer)/, "serialisation"],
  [/node_modules\/express\/lib\/response\.js/, "serialisation"],
  [/node_modules\/(@fastify\/ajv-compiler)\//, "request validation"],
  [/node_modules\/fastify\/lib\/(validation|schemas)/, "request validation"],
  [/node_modules\/(express|router|path-to-regexp|find-my-way|fastify|avvio|light-my-request)\//, "routing"],
  [/\/apps\/server\/dist\//, "handler"],
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
  const byId = new Map(profile.nodes.map((node) => [node.id, node]));
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

/** A frame's file, short: its package and file name, or the server's path under dist/. */
const where = (url) => {
  const inPackage = /node_modules\/(?<name>(?:@[^/]+\/)?[^/]+)\/(?:.*\/)?(?<file>[^/]+)$/.exec(url)?.groups;
  if (inPackage) return `${inPackage.name}/${inPackage.file}`;
  return /\/dist\/(.+)$/.exec(url)?.[1] ?? url;
};

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
