// Benchmark server processes and the load that autocannon puts on them.
import { spawn } from "node:child_process";
import { randomBytes } from "node:crypto";
import { readFileSync } from "node:fs";
import { isAbsolute, join, resolve } from "node:path";
import autocannon from "autocannon";

const here = import.meta.dirname;
const root = resolve(here, "..");
export const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 50);
/**
 * The Node flags and allocator setting the service runs with (apps/server/package.json
 * `start`: a heap that grows by half its live size between full collections, and two
 * malloc arenas; see docs/deploy.md), given to every server process the benchmark
 * starts, the peers included, so that only the code differs.
 */
export const NODE_FLAGS = ["--heap-growing-percent=50"];
export const ALLOCATOR_ENV = { MALLOC_ARENA_MAX: "2" };
/** The root secret of every server of the run: on PostgreSQL in production each server must be given one, the same. */
const ROOT_SECRET = randomBytes(32).toString("hex");
/** Every server process still running, so that an interrupted run can stop them. */
export const children = new Set();

/** The environment of a server process of the run: production, quiet, two malloc arenas, the run's root secret, then `env`. */
export const serverEnv = (env) => ({
  ...process.env,
  ...ALLOCATOR_ENV,
  NODE_ENV: "production",
  LOG_LEVEL: "warn",
  RATE_LIMIT_PER_MINUTE: "1000000",
  MAX_UPLOAD_BYTES: String(1024 * 1024 * 1024),
  PORT: "0",
  VAULT_SECRET_KEY: ROOT_SECRET,
  ...env,
});

/**
 * Starts a server script (a path under bench/ or an absolute one) with `args`, in
 * production mode at log level warn; resolves with its pid, url and seeded users once
 * it printed them.
 */
export async function startChild(script, env, label, args = []) {
  const child = spawn(process.execPath, [...NODE_FLAGS, isAbsolute(script) ? script : join(here, script), ...args], {
    cwd: root,
    env: serverEnv(env),
    stdio: ["ignore", "pipe", "inherit"],
  });
  children.add(child);
  child.once("exit", () => children.delete(child));
  const line = await new Promise((resolveLine, reject) => {
    let buffered = "";
    child.stdout.on("data", (chunk) => {
      buffered += chunk;
      const end = buffered.indexOf("\n");
      if (end >= 0) resolveLine(buffered.slice(0, end));
    });
    child.once("exit", (code) => reject(new Error(`${label} exited with ${code} before it was ready`)));
  });
  return { label, child, pid: child.pid, dataDir: env.DATA_DIR, ...JSON.parse(line) };
}

export async function stopChild(server) {
  if (server.child.exitCode !== null || server.child.signalCode !== null) return;
  const exited = new Promise((r) => server.child.once("exit", r));
  server.child.kill("SIGTERM");
  await exited;
}

/** Resident set size of a process in bytes (and its peak), from /proc. */
export function memory(pid) {
  const status = readFileSync(`/proc/${pid}/status`, "utf8");
  const field = (name) => Number(new RegExp(`${name}:\\s+(\\d+) kB`).exec(status)?.[1] ?? 0) * 1024;
  return { rss: field("VmRSS"), peak: field("VmHWM") };
}

/** A progress line on stderr, with the time. */
export const log = (...args) => console.error(`[bench ${new Date().toISOString().slice(11, 19)}]`, ...args);
/** `a ÷ b` to two decimals; null when `b` is 0 or missing. */
export const ratio = (a, b) => (b ? +(a / b).toFixed(2) : null);
/** The middle value (the upper one of an even count): how rounds of a variant are summarised. */
export const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];

const CLOCK_TICKS_PER_SECOND = 100;

/**
 * CPU time (user + system, µs) a process and its children (a `node:cluster` primary's
 * workers) have used so far, from /proc. Unlike req/s it hardly moves when other work
 * shares the machine: time spent waiting for a CPU is not counted.
 */
export function cpuTime(pid) {
  const [, after] = readFileSync(`/proc/${pid}/stat`, "utf8").split(") ");
  const fields = after.split(" ");
  const own = ((Number(fields[11]) + Number(fields[12])) * 1e6) / CLOCK_TICKS_PER_SECOND;
  const children = readFileSync(`/proc/${pid}/task/${pid}/children`, "utf8").split(" ").filter(Boolean);
  return own + children.reduce((sum, child) => sum + cpuTime(Number(child)), 0);
}

/**
 * autocannon's options for connection i to send `scenario(i)` on every request. Its
 * `setRequest` changes only a connection's first request (every later one is the
 * options' own, i.e. `scenario(0)`: all connections then wrote one row); `setRequests`
 * replaces the list the connection cycles through.
 */
export function perConnection(server, scenario) {
  const first = scenario(0);
  let connection = 0;
  return {
    url: server.url + first.path,
    ...first,
    setupClient: (client) => client.setRequests([scenario(connection++)]),
  };
}

/**
 * `connections` connections send `scenario(i)` (one request per connection) for
 * `duration` seconds; `cpuPerRequest` is the server's CPU time per answered request (µs),
 * `pgCpuPerRequest` PostgreSQL's (when `database`, a `databaseCpu` sampler of the
 * server's database, is given; else null). With `amount`, it stops after that many
 * requests instead. With `rate`, the connections together offer that many requests per
 * second (autocannon's `overallRate`) instead of sending as fast as they are answered.
 */
export async function load(server, scenario, duration, { database, connections = CONNECTIONS, amount, rate } = {}) {
  const cpuBefore = cpuTime(server.pid);
  const pgCpu = await database?.start();
  const result = await autocannon({
    ...perConnection(server, scenario),
    connections,
    ...(amount ? { amount } : { duration }),
    ...(rate ? { overallRate: rate } : {}),
  });
  const pgUsed = await pgCpu?.();
  return {
    rps: Math.round(result.requests.average),
    p50: result.latency.p50,
    p99: result.latency.p99,
    errors: result.errors + result.timeouts + result.non2xx,
    requests: result.requests.total,
    cpuPerRequest: Math.round((cpuTime(server.pid) - cpuBefore) / Math.max(result.requests.total, 1)),
    pgCpuPerRequest: pgUsed === undefined ? null : Math.round(pgUsed / Math.max(result.requests.total, 1)),
  };
}
