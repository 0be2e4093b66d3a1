// npm run bench: load figures for every JSON operation against baselines measured in
// the same run, interleaved, on PGlite and PostgreSQL; then the scale figures.
// Writes results/latest.json and results/latest.md. See docs/performance.md.
import { spawn } from "node:child_process";
import { randomBytes } from "node:crypto";
import { createReadStream, createWriteStream, readFileSync } from "node:fs";
import { mkdtemp, rm, stat, writeFile } from "node:fs/promises";
import { request } from "node:http";
import { cpus, loadavg, tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { Readable } from "node:stream";
import { pipeline } from "node:stream/promises";
import autocannon from "autocannon";
import pg from "pg";
import { createBenchDatabase } from "./database.mjs";
import { multipart, scenarios } from "./scenarios.mjs";

const here = import.meta.dirname;
const root = resolve(here, "..");
const DURATION = Number(process.env.BENCH_DURATION ?? 5);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 1);
const WARMUP = Number(process.env.BENCH_WARMUP ?? 1);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 50);
const UPLOAD_MIB = (process.env.BENCH_UPLOAD_MIB ?? "1,64,512").split(",").map(Number);
const TREE_SIZES = (process.env.BENCH_TREE_SIZES ?? "100,1000,10000").split(",").map(Number);
const BACKENDS = (process.env.BENCH_BACKENDS ?? "pglite,postgres").split(",").filter(Boolean);

const log = (...args) => console.error(`[bench ${new Date().toISOString().slice(11, 19)}]`, ...args);
const started = Date.now();
const scratch = await mkdtemp(join(tmpdir(), "vault-bench-"));
const children = new Set();

// ---- processes ----------------------------------------------------------------

/** Starts a server script; resolves with its pid, url and seeded users once it printed them. */
async function startChild(script, env, label) {
  const child = spawn(process.execPath, [join(here, script)], {
    cwd: root,
    env: {
      ...process.env,
      NODE_ENV: "production",
      LOG_LEVEL: "warn",
      RATE_LIMIT_PER_MINUTE: "1000000",
      MAX_UPLOAD_BYTES: String(1024 * 1024 * 1024),
      PORT: "0",
      ...env,
    },
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

async function stopChild(server) {
  if (server.child.exitCode !== null) return;
  const exited = new Promise((r) => server.child.once("exit", r));
  server.child.kill("SIGTERM");
  await exited;
}

/** Resident set size of a process in bytes (and its peak), from /proc. */
function memory(pid) {
  const status = readFileSync(`/proc/${pid}/status`, "utf8");
  const field = (name) => Number(new RegExp(`${name}:\\s+(\\d+) kB`).exec(status)?.[1] ?? 0) * 1024;
  return { rss: field("VmRSS"), peak: field("VmHWM") };
}

// ---- scenarios ------------------------------------------------------------------

async function load(server, scenario, duration) {
  const first = scenario(0);
  let connection = 0;
  const result = await autocannon({
    url: server.url + first.path,
    ...first,
    connections: CONNECTIONS,
    duration,
    setupClient: (client) => client.setRequest(scenario(connection++)),
  });
  return {
    rps: Math.round(result.requests.average),
    p50: result.latency.p50,
    p99: result.latency.p99,
    errors: result.errors + result.timeouts + result.non2xx,
    requests: result.requests.total,
  };
}

/** One request, timed: the first request each operation gets after start-up. */
async function once(server, scenario) {
  const { method, path, headers, body } = scenario(0);
  const t = performance.now();
  const res = await fetch(server.url + path, { method, headers, body });
  await res.arrayBuffer();
  return { ms: +(performance.now() - t).toFixed(1), status: res.status };
}

// ---- load figures ---------------------------------------------------------------

const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];
const ratio = (a, b) => (b ? +(a / b).toFixed(2) : null);

/** Every operation on one backend, against its baselines; `inMemory` is shared by both backends. */
async function loadBlock(backend, databaseUrl, inMemory) {
  const env = backend === "postgres" ? { DATABASE_URL: databaseUrl } : {};
  log(`${backend}: starting servers`);
  const start = async (script, name, extra = {}) =>
    startChild(script, { ...env, DATA_DIR: await mkdtemp(join(scratch, `${backend}-${name}-`)), ...extra }, name);
  // One at a time on PostgreSQL: the first migrates the empty database (concurrent
  // migrations race), and a server's start-up blob sweep must not meet another's seeding.
  const together =
    backend === "postgres"
      ? (starts) => starts.reduce(async (all, next) => [...(await all), await next()], [])
      : (starts) => Promise.all(starts.map((next) => next()));
  const [validated, noValidation, bare, unoptimised] = await together([
    () => start("serve.mjs", "validated"),
    () => start("serve.mjs", "noValidation", { VAULT_BENCH_VALIDATION: "off" }),
    () => start("bare.mjs", "bare"),
    // The targets are on PostgreSQL: the before/after of the switchable optimisations is measured there.
    async () =>
      backend === "postgres" ? start("serve.mjs", "unoptimised", { VAULT_BENCH_OPTIMISATIONS: "off" }) : undefined,
  ]);
  const ops = Object.keys(scenarios(validated));
  // Before any load reaches them: the first request of each operation (with and without the warm-up).
  const first = {};
  const firstUnoptimised = {};
  for (const op of ops) {
    first[op] = await once(validated, scenarios(validated)[op]);
    if (unoptimised) firstUnoptimised[op] = await once(unoptimised, scenarios(unoptimised)[op]);
  }
  const variants = { validated, noValidation, inMemory, ...(unoptimised && { unoptimised }) };
  const rows = {};
  try {
    for (const [i, op] of ops.entries()) {
      const row = {};
      // Interleaved, and the order rotates so no variant always runs first.
      const names = Object.keys(variants);
      const order = [...names.slice(i % names.length), ...names.slice(0, i % names.length)];
      if (op === "updateNgnBankAccount") order.push("bare");
      const servers = Object.fromEntries(order.map((name) => [name, name === "bare" ? bare : variants[name]]));
      const request = (name) => scenarios(servers[name])[op];
      log(`${backend} ${op}: ${order.join(", ")}`);
      if (WARMUP > 0) for (const name of order) await load(servers[name], request(name), WARMUP);
      // Short rounds, each running every variant in turn: a burst of load from elsewhere
      // on this machine then hits one round of every variant, not all of one variant.
      const rounds = [];
      for (let r = 0; r < ROUNDS; r++) {
        const round = {};
        for (const name of [...order.slice(r % order.length), ...order.slice(0, r % order.length)]) {
          round[name] = await load(servers[name], request(name), DURATION);
        }
        rounds.push(round);
      }
      for (const name of order) {
        const runs = rounds.map((round) => round[name]);
        row[name] = {
          rps: median(runs.map((f) => f.rps)),
          p50: median(runs.map((f) => f.p50)),
          p99: Math.max(...runs.map((f) => f.p99)),
          errors: runs.reduce((sum, f) => sum + f.errors, 0),
          requests: runs.reduce((sum, f) => sum + f.requests, 0),
          rssMiB: Math.round(memory(servers[name].pid).rss / 2 ** 20),
        };
      }
      // Each ratio is the median of the per-round ratios.
      const ratioTo = (name) =>
        row[name] ? median(rounds.map((round) => ratio(round.validated.rps, round[name].rps) ?? 0)) : null;
      row.ratios = {
        toNoValidation: ratioTo("noValidation"),
        toInMemory: ratioTo("inMemory"),
        toBare: ratioTo("bare"),
        optimisedToUnoptimised: ratioTo("unoptimised"),
      };
      const v = row.validated;
      row.firstRequestMs = first[op].ms;
      row.firstRequestUnoptimisedMs = firstUnoptimised[op]?.ms ?? null;
      row.firstToP50 = ratio(first[op].ms, Math.max(v.p50, 1));
      rows[op] = row;
    }
  } finally {
    await Promise.all([validated, noValidation, bare, unoptimised].filter(Boolean).map(stopChild));
  }
  return { rows, dataDir: validated.dataDir };
}

// ---- scale figures ----------------------------------------------------------------

/** Random bytes (nothing deduplicates or compresses) in a file. */
async function randomFile(path, mib) {
  const chunks = function* () {
    for (let i = 0; i < mib; i++) yield randomBytes(2 ** 20);
  };
  await pipeline(Readable.from(chunks()), createWriteStream(path));
}

/** Streams `source` as the file part of a file PUT; times it and samples the server's RSS. */
async function timedUpload(server, source) {
  const user = server.users[0];
  const form = multipart({ name: "upload.bin" }, { name: "upload.bin", type: "application/octet-stream" });
  const size = (await stat(source)).size + Buffer.byteLength(form.head) + Buffer.byteLength(form.tail);
  const before = memory(server.pid).rss;
  let peak = before;
  const sampler = setInterval(() => {
    peak = Math.max(peak, memory(server.pid).rss);
  }, 5);
  const t = performance.now();
  try {
    const status = await new Promise((resolveStatus, reject) => {
      const req = request(`${server.url}/evault/v1/files/${user.file_id}/`, {
        method: "PUT",
        headers: { "api-key": user.api_key, "content-type": form.contentType, "content-length": size },
      });
      req.once("response", (res) => res.resume().once("end", () => resolveStatus(res.statusCode)));
      req.once("error", reject);
      req.write(form.head);
      pipeline(createReadStream(source), req, { end: false }).then(() => req.end(form.tail), reject);
    });
    return { status, ms: performance.now() - t, growth: peak - before };
  } finally {
    clearInterval(sampler);
  }
}

async function uploadFigures() {
  const server = await startChild("serve.mjs", { DATA_DIR: await mkdtemp(join(scratch, "upload-")) }, "upload");
  const figures = [];
  const source = join(scratch, "source.bin");
  const copy = join(scratch, "copy.bin");
  try {
    await randomFile(source, 0);
    await timedUpload(server, source); // steady state, not the first request
    for (const mib of UPLOAD_MIB) {
      // Small files are timed five times (the median counts); large ones once.
      const runs = [];
      for (let i = 0; i < (mib <= 8 ? 5 : 1); i++) {
        await randomFile(source, mib);
        const t = performance.now();
        await pipeline(createReadStream(source), createWriteStream(copy));
        const copyMs = performance.now() - t;
        await rm(copy);
        runs.push({ copyMs, ...(await timedUpload(server, source)) });
      }
      const uploadMs = median(runs.map((r) => r.ms));
      const copyMs = median(runs.map((r) => r.copyMs));
      figures.push({
        mib,
        status: runs.every((r) => r.status === 200) ? 200 : runs.find((r) => r.status !== 200).status,
        uploadMs: Math.round(uploadMs),
        fsCopyMs: Math.round(copyMs),
        uploadMiBps: Math.round(mib / (uploadMs / 1000)),
        fsCopyMiBps: Math.round(mib / (copyMs / 1000)),
        throughputToFsCopy: ratio(copyMs, uploadMs),
        rssGrowthMiB: Math.round(Math.max(...runs.map((r) => r.growth)) / 2 ** 20),
      });
      log(`upload ${mib} MiB`, figures.at(-1));
    }
  } finally {
    await rm(source, { force: true });
    await stopChild(server);
  }
  return figures;
}

async function duplicateFigures(databaseUrl) {
  const server = await startChild(
    "serve.mjs",
    { DATABASE_URL: databaseUrl, DATA_DIR: await mkdtemp(join(scratch, "tree-")) },
    "tree",
  );
  const client = new pg.Client(databaseUrl);
  await client.connect();
  const figures = [];
  try {
    const user = server.users[0];
    const duplicate = async (folderId) => {
      const t = performance.now();
      const res = await fetch(`${server.url}/evault/v1/folders/${folderId}/duplicate_folder/`, {
        method: "POST",
        headers: { "api-key": user.api_key, "content-type": "application/json" },
        body: "{}",
      });
      await res.arrayBuffer();
      return { status: res.status, ms: Math.round(performance.now() - t) };
    };
    await duplicate(user.projects_folder_id); // steady state, not the first request
    for (const items of TREE_SIZES) {
      // A root folder with folders of ten files each: a tenth of the items are folders.
      const { rows } = await client.query(
        `with root as (
           insert into folders (id, user_id, name) values (gen_random_uuid()::text, $1, 'tree-' || $2::int) returning id
         ), subfolders as (
           insert into folders (id, user_id, parent_id, name)
           select gen_random_uuid()::text, $1, root.id, 'folder-' || n from root, generate_series(1, $2::int / 10) n
           returning id
         ), inserted as (
           insert into files (id, user_id, folder_id, name, hash, extension)
           select gen_random_uuid()::text, $1, subfolders.id, 'file-' || n || '.txt',
                  (select hash from files where id = $3), 'txt'
           from subfolders, generate_series(1, 9) n
           returning id
         )
         select (select id from root) as id, (select count(*) from inserted) as files`,
        [user.id, items, user.file_id],
      );
      const { status, ms } = await duplicate(rows[0].id);
      figures.push({ items, status, ms, msPer1000: +((ms / items) * 1000).toFixed(1) });
      log(`duplicate ${items} items`, figures.at(-1));
    }
  } finally {
    await client.end();
    await stopChild(server);
  }
  return figures;
}

/** `node dist/main.js` as a user starts it, until /healthz first answers 200. */
async function coldStart(env, label) {
  const t = performance.now();
  const child = spawn(process.execPath, ["apps/server/dist/main.js"], {
    cwd: root,
    env: { ...process.env, NODE_ENV: "production", LOG_LEVEL: "warn", PORT: "18931", ...env },
    stdio: "ignore",
  });
  children.add(child);
  try {
    for (;;) {
      if (child.exitCode !== null) throw new Error(`${label} exited with ${child.exitCode}`);
      const ok = await fetch("http://127.0.0.1:18931/healthz", { signal: AbortSignal.timeout(2000) }).then(
        (r) => r.ok,
        () => false,
      );
      if (ok) return Math.round(performance.now() - t);
      await new Promise((r) => setTimeout(r, 5));
    }
  } finally {
    const exited = new Promise((r) => child.once("exit", r));
    child.kill("SIGTERM");
    await exited;
    children.delete(child);
  }
}

// ---- report ---------------------------------------------------------------------

function markdown(results) {
  const lines = [
    `Run ${results.date}: ${results.machine}; ${CONNECTIONS} connections, ${ROUNDS} interleaved rounds of ${DURATION} s per variant after ${WARMUP} s warm-up (figures: medians, p99: worst round); took ${results.tookSeconds} s.`,
    "",
    "| backend | operation | req/s | p50 ms | p99 ms | errors | RSS MiB | ÷ no validation | ÷ in-memory | ÷ bare node:http | ÷ unoptimised | first request ms (× p50) |",
    "|---|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|",
  ];
  for (const [backend, rows] of Object.entries(results.load)) {
    for (const [op, row] of Object.entries(rows)) {
      const v = row.validated;
      const r = row.ratios;
      lines.push(
        `| ${backend} | ${op} | ${v.rps} | ${v.p50} | ${v.p99} | ${v.errors} | ${v.rssMiB} | ${r.toNoValidation} | ${r.toInMemory} | ${r.toBare ?? "–"} | ${r.optimisedToUnoptimised ?? "–"} | ${row.firstRequestMs} (${row.firstToP50}×) |`,
      );
    }
  }
  lines.push(
    "",
    "Baselines (req/s, p99 ms, errors):",
    "",
    "| backend | operation | no validation | in-memory | unoptimised | bare node:http |",
    "|---|---|---|---|---|---|",
  );
  const cell = (f) => (f ? `${f.rps} / ${f.p99} / ${f.errors}` : "–");
  for (const [backend, rows] of Object.entries(results.load)) {
    for (const [op, row] of Object.entries(rows)) {
      lines.push(
        `| ${backend} | ${op} | ${cell(row.noValidation)} | ${cell(row.inMemory)} | ${cell(row.unoptimised)} | ${cell(row.bare)} |`,
      );
    }
  }
  if (results.uploads) {
    lines.push(
      "",
      "| upload | server ms | fs copy ms | MiB/s | ÷ fs copy | server RSS growth MiB |",
      "|---:|---:|---:|---:|---:|---:|",
    );
    for (const u of results.uploads) {
      lines.push(
        `| ${u.mib} MiB | ${u.uploadMs} | ${u.fsCopyMs} | ${u.uploadMiBps} | ${u.throughputToFsCopy} | ${u.rssGrowthMiB} |`,
      );
    }
  }
  if (results.duplicates) {
    lines.push("", "| folder duplicate (PostgreSQL) | ms | ms per 1,000 items |", "|---:|---:|---:|");
    for (const d of results.duplicates) lines.push(`| ${d.items} items | ${d.ms} | ${d.msPer1000} |`);
  }
  if (results.coldStart) {
    lines.push("", "| cold start to first served request | ms |", "|---|---:|");
    for (const [k, ms] of Object.entries(results.coldStart)) lines.push(`| ${k} | ${ms} |`);
  }
  return `${lines.join("\n")}\n`;
}

const benchDb = await createBenchDatabase();
const benchUrl = benchDb.url;
for (const signal of ["SIGINT", "SIGTERM"]) {
  process.once(signal, async () => {
    for (const child of children) child.kill("SIGTERM");
    await benchDb.drop().catch(() => {});
    await rm(scratch, { recursive: true, force: true });
    process.exit(1);
  });
}
const results = {
  date: new Date().toISOString(),
  machine: `node ${process.version}, ${cpus().length} cores, load average ${loadavg()[0].toFixed(1)} at start`,
  load: {},
};
try {
  const inMemory = await startChild(
    "serve.mjs",
    { DATA_DIR: await mkdtemp(join(scratch, "memory-")), DATABASE_IN_MEMORY: "1" },
    "inMemory",
  );
  const dataDirs = {};
  for (const backend of BACKENDS) {
    const block = await loadBlock(backend, benchUrl, inMemory);
    results.load[backend] = block.rows;
    dataDirs[backend] = block.dataDir;
  }
  await stopChild(inMemory);
  // Restarts on existing, migrated data (a fresh PGlite directory first runs initdb, see docs).
  results.coldStart = {};
  if (dataDirs.pglite) results.coldStart.pglite = await coldStart({ DATA_DIR: dataDirs.pglite }, "pglite");
  results.coldStart.postgres = await coldStart(
    { DATABASE_URL: benchUrl, DATA_DIR: dataDirs.postgres ?? scratch },
    "postgres",
  );
  if (TREE_SIZES.length && TREE_SIZES[0] > 0) results.duplicates = await duplicateFigures(benchUrl);
  if (UPLOAD_MIB.length && UPLOAD_MIB[0] > 0) results.uploads = await uploadFigures();
  results.tookSeconds = Math.round((Date.now() - started) / 1000);
  results.machine += ` and ${loadavg()[0].toFixed(1)} at the end`;
  await writeFile(join(here, "results/latest.json"), `${JSON.stringify(results, null, 2)}\n`);
  await writeFile(join(here, "results/latest.md"), markdown(results));
  process.stdout.write(markdown(results));
} finally {
  for (const child of children) child.kill("SIGTERM");
  await benchDb.drop().catch((e) => log("drop failed", e.message));
  await rm(scratch, { recursive: true, force: true });
}
