// npm run bench: load figures for every JSON operation against baselines measured in
// the same run, interleaved, on PGlite and PostgreSQL; then the scale figures.
// Writes results/latest.json and results/latest.md. See docs/performance.md.
// `npm run bench -- --profile <operation> [seconds] [--peer] …` runs profile.mjs instead:
// where one operation's CPU goes.
import { spawn } from "node:child_process";
import { createReadStream, createWriteStream } from "node:fs";
import { mkdtemp, open, rm, writeFile } from "node:fs/promises";
import { createServer } from "node:http";
import { cpus, loadavg, tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { pipeline } from "node:stream/promises";
import pg from "pg";
import { archiveFigures } from "./archives.mjs";
import { createBenchBucket } from "./bucket.mjs";
import { createBenchDatabase } from "./database.mjs";
import { idempotencyCost } from "./idempotency-cost.mjs";
import { mixedLoad } from "./mixed.mjs";
import { databaseCpu } from "./pg-cpu.mjs";
import {
  CONNECTIONS,
  children,
  cpuTime,
  load,
  log,
  median,
  memory,
  NODE_FLAGS,
  ratio,
  serverEnv,
  startChild,
  stopChild,
} from "./processes.mjs";
import { roundTripsPerOperation } from "./round-trips.mjs";
import { scaleFigures } from "./scale.mjs";
import { MIX, scenarios } from "./scenarios.mjs";
import { searchFigures } from "./search.mjs";
import { publicLinkContent, randomFile, timed, timedUpload } from "./transfers.mjs";
import { tusFigures } from "./tus.mjs";
import { versionListPages, versionPutCost } from "./versions.mjs";
import { webhookFigures } from "./webhooks.mjs";

if (process.argv.includes("--profile")) {
  await import("./profile.mjs");
  process.exit(0);
}

const here = import.meta.dirname;
const root = resolve(here, "..");
const DURATION = Number(process.env.BENCH_DURATION ?? 5);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 1);
const WARMUP = Number(process.env.BENCH_WARMUP ?? 1);
const UPLOAD_MIB = (process.env.BENCH_UPLOAD_MIB ?? "0,1,64,512").split(",").filter(Boolean).map(Number);
const TREE_SIZES = (process.env.BENCH_TREE_SIZES ?? "100,1000,10000,100000").split(",").map(Number);
const SCALE_ITEMS = (process.env.BENCH_SCALE_ITEMS ?? "0,10000,100000,1000000").split(",").filter(Boolean).map(Number);
const BACKENDS = (process.env.BENCH_BACKENDS ?? "pglite,postgres").split(",").filter(Boolean);
const OPERATIONS = (process.env.BENCH_OPERATIONS ?? "").split(",").filter(Boolean);
const MIX_DURATION = Number(process.env.BENCH_MIX_DURATION ?? 5);
const MIX_RATE = Number(process.env.BENCH_MIX_RATE ?? 200);
const IDEMPOTENCY_COST = process.env.BENCH_IDEMPOTENCY !== "0";
// Issue 27 §4: tus against one request, content PUTs with versions kept against none, the version list's pages.
const FILE_BACKENDS = (process.env.BENCH_FILE_BACKENDS ?? "pglite,postgres").split(",").filter(Boolean);
/** The databases of the upload and download table (postgres, pglite). */
const UPLOAD_DATABASES = (process.env.BENCH_UPLOAD_DATABASES ?? "postgres").split(",").filter(Boolean);
const TUS_MIB = Number(process.env.BENCH_TUS_MIB ?? 512);
const TUS = {
  mib: TUS_MIB,
  chunk: Number(process.env.BENCH_TUS_PATCH_MIB ?? 8) * 2 ** 20,
  rounds: Number(process.env.BENCH_TUS_ROUNDS ?? 3),
};
const VERSION_PUTS = {
  rounds: Number(process.env.BENCH_VERSIONS_ROUNDS ?? 3),
  duration: DURATION,
  connections: Number(process.env.BENCH_VERSIONS_CONNECTIONS ?? 10),
};
const VERSION_LIST = {
  count: Number(process.env.BENCH_VERSIONS_LIST ?? 10_000),
  passes: Number(process.env.BENCH_VERSIONS_PASSES ?? 5),
  edge: 20,
};

// Issue 43 §1: searches of a caller with 100,000 items among 1,000,000 (PostgreSQL; PGlite: the caller's only).
const SEARCH = {
  items: Number(process.env.BENCH_SEARCH_ITEMS ?? 100_000),
  others: Number(process.env.BENCH_SEARCH_OTHERS ?? 900_000),
  requests: Number(process.env.BENCH_SEARCH_REQUESTS ?? 100),
  writeRounds: Number(process.env.BENCH_SEARCH_WRITE_ROUNDS ?? 3),
  duration: DURATION,
  backends: (process.env.BENCH_SEARCH_BACKENDS ?? "pglite,postgres").split(",").filter(Boolean),
};

// Issue 43 §2: a folder of 1,000 files, 2 GiB in all, as one archive against its files one by one.
const ARCHIVES = {
  files: Number(process.env.BENCH_ARCHIVE_FILES ?? 1000),
  mib: Number(process.env.BENCH_ARCHIVE_MIB ?? 2048),
  rounds: Number(process.env.BENCH_ARCHIVE_ROUNDS ?? 3),
};

// Issue 28 §4: the bank account PUT with a subscribed endpoint against none, a backlog's drain rate, the API's p99 during a drain.
const WEBHOOKS = process.env.BENCH_WEBHOOKS !== "0" && {
  backends: (process.env.BENCH_WEBHOOKS_BACKENDS ?? "pglite,postgres").split(",").filter(Boolean),
  drainBackends: (process.env.BENCH_WEBHOOKS_DRAIN_BACKENDS ?? "postgres").split(",").filter(Boolean),
  rounds: Number(process.env.BENCH_WEBHOOKS_ROUNDS ?? 3),
  duration: DURATION,
  warmup: WARMUP,
  events: Number(process.env.BENCH_WEBHOOKS_EVENTS ?? 5000),
  backlog: Number(process.env.BENCH_WEBHOOKS_BACKLOG ?? 10_000),
  rate: Number(process.env.BENCH_WEBHOOKS_RATE ?? 200),
  drainRounds: Number(process.env.BENCH_WEBHOOKS_DRAIN_ROUNDS ?? 2),
  analyzeTables: process.env.BENCH_WEBHOOKS_ANALYZE !== "0",
};

const started = Date.now();
const scratch = await mkdtemp(join(tmpdir(), "vault-bench-"));

/** One request, timed: the first request each operation gets after start-up. */
async function once(server, scenario) {
  const { method, path, headers, body } = scenario(0);
  const t = performance.now();
  const res = await fetch(server.url + path, { method, headers, body });
  await res.arrayBuffer();
  return { ms: +(performance.now() - t).toFixed(1), status: res.status };
}

// ---- load figures ---------------------------------------------------------------

/** The operations the peers (bare node:http, Fastify) implement. */
const PEER_OPS = ["updateNgnBankAccount", "updateFavouriteFolder"];
const PEERS = ["fastify", "bare"];

/** Every operation on one backend, against its baselines; `inMemory` is shared by both backends. */
async function loadBlock(backend, databaseUrl, inMemory) {
  const env = backend === "postgres" ? { DATABASE_URL: databaseUrl } : {};
  log(`${backend}: starting servers`);
  const start = async (script, name, args = [], extra = {}) =>
    startChild(script, { ...env, DATA_DIR: await mkdtemp(join(scratch, `${backend}-${name}-`)), ...extra }, name, args);
  // One at a time on PostgreSQL: the first migrates the empty database (concurrent
  // migrations race), and a server's start-up blob sweep must not meet another's seeding.
  const together =
    backend === "postgres"
      ? (starts) => starts.reduce(async (all, next) => [...(await all), await next()], [])
      : (starts) => Promise.all(starts.map((next) => next()));
  const [validated, noValidation, bare, fastify, twoProcesses] = await together([
    () => start("serve.mjs", "validated"),
    () => start("serve.mjs", "noValidation", ["--no-validation"]),
    () => start("peers/bare.mjs", "bare"),
    () => start("peers/fastify.mjs", "fastify"),
    // Scale-out: the validated server as two processes sharing one port and the database (PGlite admits one).
    async () => (backend === "postgres" ? start("serve.mjs", "twoProcesses", [], { BENCH_WORKERS: "2" }) : undefined),
  ]);
  const peers = { bare, fastify };
  const ops = Object.keys(scenarios(validated)).filter((op) => OPERATIONS.length === 0 || OPERATIONS.includes(op));
  // Before any load reaches it: the first request of each operation.
  const first = {};
  for (const op of ops) first[op] = await once(validated, scenarios(validated)[op]);
  const roundTrips =
    backend === "postgres"
      ? await roundTripsPerOperation(databaseUrl, await mkdtemp(join(scratch, "round-trips-")), ops)
      : {};
  const variants = { validated, noValidation, inMemory, ...(twoProcesses && { twoProcesses }) };
  // PostgreSQL's CPU per request, for the servers on it (the in-memory one is not).
  const database = backend === "postgres" ? await databaseCpu(databaseUrl) : undefined;
  const onDatabase = (name) => (name === "inMemory" ? undefined : database);
  const rows = {};
  let mixed;
  let idempotency;
  try {
    for (const [i, op] of ops.entries()) {
      const row = {};
      // Interleaved, and the order rotates so no variant always runs first.
      const names = [...Object.keys(variants), ...(PEER_OPS.includes(op) ? PEERS : [])];
      const order = [...names.slice(i % names.length), ...names.slice(0, i % names.length)];
      const servers = Object.fromEntries(order.map((name) => [name, variants[name] ?? peers[name]]));
      const request = (name) => scenarios(servers[name])[op];
      log(`${backend} ${op}: ${order.join(", ")}`);
      if (WARMUP > 0) for (const name of order) await load(servers[name], request(name), WARMUP);
      // Short rounds, each running every variant in turn: a burst of load from elsewhere
      // on this machine then hits one round of every variant, not all of one variant.
      const rounds = [];
      for (let r = 0; r < ROUNDS; r++) {
        const round = {};
        for (const name of [...order.slice(r % order.length), ...order.slice(0, r % order.length)]) {
          round[name] = await load(servers[name], request(name), DURATION, { database: onDatabase(name) });
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
          cpuPerRequest: median(runs.map((f) => f.cpuPerRequest)),
          pgCpuPerRequest: database && onDatabase(name) ? median(runs.map((f) => f.pgCpuPerRequest)) : null,
          rssMiB: Math.round(memory(servers[name].pid).rss / 2 ** 20),
        };
      }
      // Each ratio is the median of the per-round ratios.
      const ratioTo = (name) =>
        row[name] ? median(rounds.map((round) => ratio(round.validated.rps, round[name].rps) ?? 0)) : null;
      row.ratios = {
        toFastify: ratioTo("fastify"),
        toBare: ratioTo("bare"),
        toNoValidation: ratioTo("noValidation"),
        toInMemory: ratioTo("inMemory"),
        twoProcessesToOne: row.twoProcesses
          ? median(rounds.map((round) => ratio(round.twoProcesses.rps, round.validated.rps) ?? 0))
          : null,
      };
      row.roundTrips = roundTrips[op] ?? null;
      row.firstRequestMs = first[op].ms;
      row.firstToP50 = ratio(first[op].ms, Math.max(row.validated.p50, 1));
      rows[op] = row;
    }
    if (IDEMPOTENCY_COST) {
      log(`${backend} folder creates with and without an Idempotency-Key`);
      idempotency = await idempotencyCost(validated, { warmup: WARMUP, rounds: ROUNDS, duration: DURATION });
      log(`${backend} Idempotency-Key cost`, idempotency);
    }
    if (MIX_DURATION > 0) {
      log(`${backend} mixed load: ${MIX_RATE} req/s offered, then saturation`);
      await mixedLoad(validated, WARMUP || 1, MIX_RATE);
      mixed = [];
      for (const rate of [MIX_RATE, undefined]) mixed.push(await measuredMix(validated, database, rate));
    }
  } finally {
    await database?.close();
    await Promise.all([validated, noValidation, bare, fastify, twoProcesses].filter(Boolean).map(stopChild));
  }
  return { rows, mixed, idempotency, validated };
}

/**
 * The mixed load, with the server's and PostgreSQL's CPU µs per answered request over all
 * of it, and the server's RSS at its end (MiB; issue 45 bounds the embedded server's).
 */
async function measuredMix(server, database, rate) {
  const cpuBefore = cpuTime(server.pid);
  const pgCpu = await database?.start();
  const mix = await mixedLoad(server, MIX_DURATION, rate);
  const pgUsed = await pgCpu?.();
  const requests = Math.max(mix.total.rps * MIX_DURATION, 1);
  mix.total.cpuPerRequest = Math.round((cpuTime(server.pid) - cpuBefore) / requests);
  mix.total.pgCpuPerRequest = pgUsed === undefined ? null : Math.round(pgUsed / requests);
  mix.total.rssMiB = Math.round(memory(server.pid).rss / 2 ** 20);
  return mix;
}

// ---- scale figures ----------------------------------------------------------------

/** Downloads `path` (the first user's file content by default, with their key), reading it as it comes. */
function timedDownload(server, path = `/evault/v1/files/${server.users[0].file_id}/content/`) {
  const headers = path.startsWith("/evault/v1/links/") ? {} : { "api-key": server.users[0].api_key };
  return timed(server, async () => {
    const res = await fetch(`${server.url}${path}`, { headers });
    for await (const _ of res.body);
    return res.status;
  });
}

/**
 * On PostgreSQL, where the targets are, and on each other database of
 * `BENCH_UPLOAD_DATABASES` (pglite); the bytes go to the disk store under DATA_DIR,
 * then (when TEST_S3_ENDPOINT names an S3 server) to the S3 store. Each upload is
 * downloaded back, timed as well. The 0-byte upload is the fixed cost of an upload:
 * the 1 MiB one is set against it, and it against `bankPutP50` (the bank account
 * PUT's p50 from this run's PostgreSQL load block, when it ran).
 */
async function uploadFigures(databaseUrl, bankPutP50) {
  const figures = [];
  const bucket = await createBenchBucket();
  if (!bucket) log("TEST_S3_ENDPOINT is not set: the S3 store is not measured");
  try {
    for (const database of UPLOAD_DATABASES) {
      const url = database === "postgres" ? databaseUrl : undefined;
      for (const [store, env] of [["disk", {}], ...(bucket ? [["s3", bucket.env]] : [])]) {
        const sizes = await storeFigures(url, store, env);
        const empty = sizes.find((u) => u.mib === 0);
        for (const u of sizes) {
          if (u.mib === 1) u.toEmptyUpload = ratio(u.uploadMs, empty?.uploadMs);
          if (u.mib === 0 && url) u.toBankPutP50 = ratio(u.uploadMs, bankPutP50);
        }
        figures.push(...sizes.map((u) => ({ database, ...u })));
      }
    }
  } finally {
    await bucket?.drop();
  }
  return figures;
}

async function storeFigures(databaseUrl, store, env) {
  const server = await startChild(
    "serve.mjs",
    { ...(databaseUrl && { DATABASE_URL: databaseUrl }), DATA_DIR: await mkdtemp(join(scratch, "upload-")), ...env },
    `upload-${store}`,
  );
  const figures = [];
  const source = join(scratch, "source.bin");
  const copy = join(scratch, "copy.bin");
  const linkContent = await publicLinkContent(server);
  try {
    for (const mib of UPLOAD_MIB) {
      // One untimed upload of this size first (the server's steady state, not its first
      // request of the kind), then the median of three (of fifteen up to 1 MiB, where a
      // few milliseconds of noise from elsewhere on the machine would otherwise decide
      // the ratios); each run sends fresh bytes.
      await randomFile(source, mib);
      await timedUpload(server, source);
      const runs = [];
      for (let i = 0; i < (mib <= 1 ? 15 : 3); i++) {
        await randomFile(source, mib);
        const t = performance.now();
        await pipeline(createReadStream(source), createWriteStream(copy));
        const copyMs = performance.now() - t;
        const syncMs = await timedSync(copy);
        await rm(copy);
        const upload = await timedUpload(server, source);
        // The owner's download and the same bytes through a public link, each first in every other run.
        let download;
        let linkDownload;
        if (i % 2 === 0) {
          download = await timedDownload(server);
          linkDownload = await timedDownload(server, linkContent);
        } else {
          linkDownload = await timedDownload(server, linkContent);
          download = await timedDownload(server);
        }
        runs.push({ copyMs, syncMs, ...upload, download, linkDownload });
      }
      const uploadMs = median(runs.map((r) => r.ms));
      const copyMs = median(runs.map((r) => r.copyMs));
      const downloadMs = median(runs.map((r) => r.download.ms));
      const linkDownloadMs = median(runs.map((r) => r.linkDownload.ms));
      const statuses = runs.flatMap((r) => [r.status, r.download.status, r.linkDownload.status]);
      figures.push({
        store,
        mib,
        status: statuses.find((s) => s !== 200) ?? 200,
        uploadMs: +uploadMs.toFixed(1),
        fsCopyMs: +copyMs.toFixed(1),
        fsyncMs: +median(runs.map((r) => r.syncMs)).toFixed(1),
        uploadMiBps: Math.round(mib / (uploadMs / 1000)),
        fsCopyMiBps: Math.round(mib / (copyMs / 1000)),
        throughputToFsCopy: ratio(copyMs, uploadMs),
        rssGrowthMiB: Math.round(Math.max(...runs.map((r) => r.growth)) / 2 ** 20),
        downloadMs: +downloadMs.toFixed(1),
        downloadMiBps: Math.round(mib / (downloadMs / 1000)),
        downloadRssGrowthMiB: Math.round(Math.max(...runs.map((r) => r.download.growth)) / 2 ** 20),
        linkDownloadMs: +linkDownloadMs.toFixed(1),
        // Throughput through the link ÷ the owner's (target ≥ 0.9).
        linkToOwnerDownload: ratio(downloadMs, linkDownloadMs),
      });
      log(`${store}: upload and download ${mib} MiB`, figures.at(-1));
    }
  } finally {
    await rm(source, { force: true });
    await stopChild(server);
  }
  return figures;
}

/**
 * What the disk store's durability costs at this size on this disk: an fsync of the
 * copy and then of its folder, as the store does before a row names the bytes.
 */
async function timedSync(path) {
  const t = performance.now();
  for (const target of [path, scratch]) {
    const handle = await open(target, "r");
    await handle.sync();
    await handle.close();
  }
  return performance.now() - t;
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

/**
 * `node dist/main.js` as a user starts it, on the data a load block left, until it
 * first serves a bank account PUT (200) with that block's seeded key: start-up,
 * validation, authentication and a database write.
 */
async function coldStart(env, seeded, label) {
  // A port nobody uses now (a fixed one may be another benchmark's server, answering 401 for ever).
  const port = await new Promise((resolvePort) => {
    const probe = createServer().listen(0, "127.0.0.1", () => {
      const { port } = probe.address();
      probe.close(() => resolvePort(port));
    });
  });
  const url = `http://127.0.0.1:${port}`;
  const { method, path, headers, body } = scenarios({ ...seeded, url }).updateNgnBankAccount(0);
  const t = performance.now();
  const child = spawn(process.execPath, [...NODE_FLAGS, "apps/server/dist/main.js"], {
    cwd: root,
    env: serverEnv({ PORT: String(port), ...env }),
    stdio: "ignore",
  });
  children.add(child);
  try {
    for (;;) {
      if (child.exitCode !== null) throw new Error(`${label} exited with ${child.exitCode}`);
      if (performance.now() - t > 60_000) throw new Error(`${label} served no bank account PUT within 60 s`);
      const ok = await fetch(`${url}${path}`, {
        method,
        headers,
        body,
        signal: AbortSignal.timeout(2000),
      }).then(
        (r) => r.ok,
        () => false,
      );
      if (ok) return Math.round(performance.now() - t);
      await new Promise((r) => setTimeout(r, 5));
    }
  } finally {
    await stopChild({ child });
    children.delete(child);
  }
}

// ---- report ---------------------------------------------------------------------

function markdown(results) {
  const fixed = (value) => value ?? "–";
  const lines = [
    `Run ${results.date}: ${results.machine}; ${CONNECTIONS} connections, ${ROUNDS} interleaved rounds of ${DURATION} s per variant after ${WARMUP} s warm-up (figures: medians, p99: worst round); took ${results.tookSeconds} s.`,
    "",
    "| backend | operation | round trips | req/s | p50 ms | p99 ms | errors | RSS MiB | CPU µs per request (Fastify / bare) | PostgreSQL CPU µs per request (Fastify / bare) | ÷ Fastify | ÷ bare node:http | p99 ms Fastify / bare | ÷ no validation | ÷ in-memory | 2 processes ÷ 1 | first request ms (× p50) |",
    "|---|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|",
  ];
  for (const [backend, rows] of Object.entries(results.load)) {
    for (const [op, row] of Object.entries(rows)) {
      const v = row.validated;
      const r = row.ratios;
      const peerP99 = row.fastify ? `${row.fastify.p99} / ${row.bare.p99}` : "–";
      const cpuOf = (key) =>
        v[key] == null ? "–" : `${v[key]}${row.fastify ? ` (${row.fastify[key]} / ${row.bare[key]})` : ""}`;
      lines.push(
        `| ${backend} | ${op} | ${fixed(row.roundTrips)} | ${v.rps} | ${v.p50} | ${v.p99} | ${v.errors} | ${v.rssMiB} | ${cpuOf("cpuPerRequest")} | ${cpuOf("pgCpuPerRequest")} | ${fixed(r.toFastify)} | ${fixed(r.toBare)} | ${peerP99} | ${r.toNoValidation} | ${r.toInMemory} | ${fixed(r.twoProcessesToOne)} | ${row.firstRequestMs} (${row.firstToP50}×) |`,
      );
    }
  }
  lines.push(
    "",
    "Baselines (req/s, p99 ms, errors):",
    "",
    "| backend | operation | Fastify | bare node:http | no validation | in-memory | 2 processes |",
    "|---|---|---|---|---|---|---|",
  );
  const cell = (f) => (f ? `${f.rps} / ${f.p99} / ${f.errors}` : "–");
  for (const [backend, rows] of Object.entries(results.load)) {
    for (const [op, row] of Object.entries(rows)) {
      lines.push(
        `| ${backend} | ${op} | ${cell(row.fastify)} | ${cell(row.bare)} | ${cell(row.noValidation)} | ${cell(row.inMemory)} | ${cell(row.twoProcesses)} |`,
      );
    }
  }
  if (Object.keys(results.mixed).length > 0) {
    lines.push(
      "",
      `Mixed load: both users, each running ${MIX.join(", ")} at once, ${process.env.BENCH_MIX_CONNECTIONS ?? 4} connections each (${MIX_DURATION} s; req/s, p50 ms, p99 ms, errors):`,
      "",
      `| backend | offered req/s | ${MIX.join(" | ")} | total | CPU µs per request: server / PostgreSQL | server RSS MiB after |`,
      `|---|---:|${MIX.map(() => "---|").join("")}---|---:|---:|`,
    );
    for (const [backend, runs] of Object.entries(results.mixed)) {
      for (const run of runs) {
        const cellOf = (f) => `${f.rps} / ${f.p50} / ${f.p99} / ${f.errors}`;
        lines.push(
          `| ${backend} | ${run.offered ?? "saturation"} | ${MIX.map((op) => cellOf(run.operations[op])).join(" | ")} | ${cellOf(run.total)} | ${run.total.cpuPerRequest} / ${run.total.pgCpuPerRequest ?? "–"} | ${run.total.rssMiB} |`,
        );
      }
    }
  }
  if (Object.keys(results.idempotency).length > 0) {
    lines.push(
      "",
      "Idempotency-Key cost: folder creates (POST) with a key of their own each, and without (req/s, p50 ms, p99 ms, errors)",
      "",
      "| backend | without a key | with a key | with ÷ without |",
      "|---|---|---|---:|",
    );
    const cellOf = (f) => `${f.rps} / ${f.p50} / ${f.p99} / ${f.errors}`;
    for (const [backend, cost] of Object.entries(results.idempotency)) {
      lines.push(`| ${backend} | ${cellOf(cost.without)} | ${cellOf(cost.withKey)} | ${cost.withKeyToWithout} |`);
    }
  }
  if (results.uploads) {
    lines.push(
      "",
      "| database | store | upload | server ms | fs copy ms | fsync ms (file, folder) | MiB/s | ÷ fs copy | ÷ 0-byte upload | ÷ bank PUT p50 | server RSS growth MiB | download ms | download MiB/s | download RSS growth MiB | link download ms | link ÷ owner download (throughput) |",
      "|---|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|",
    );
    const blank = (value) => value ?? "";
    for (const u of results.uploads) {
      lines.push(
        `| ${u.database} | ${u.store} | ${u.mib} MiB | ${u.uploadMs} | ${u.fsCopyMs} | ${u.fsyncMs} | ${u.uploadMiBps} | ${u.throughputToFsCopy} | ${blank(u.toEmptyUpload)} | ${blank(u.toBankPutP50)} | ${u.rssGrowthMiB} | ${u.downloadMs} | ${u.downloadMiBps} | ${u.downloadRssGrowthMiB} | ${u.linkDownloadMs} | ${u.linkToOwnerDownload} |`,
      );
    }
  }
  if (results.duplicates) {
    lines.push("", "| folder duplicate (PostgreSQL) | ms | ms per 1,000 items |", "|---:|---:|---:|");
    for (const d of results.duplicates) lines.push(`| ${d.items} items | ${d.ms} | ${d.msPer1000} |`);
  }
  if (results.scale) lines.push("", ...scaleMarkdown(results.scale));
  if (results.search) lines.push(...searchMarkdown(results.search));
  lines.push(...fileMarkdown(results));
  if (results.webhooks) lines.push(...webhookMarkdown(results.webhooks));
  if (results.coldStart) {
    lines.push("", "| cold start to the first served bank account PUT | ms |", "|---|---:|");
    for (const [k, ms] of Object.entries(results.coldStart)) lines.push(`| ${k} | ${ms} |`);
  }
  return `${lines.join("\n")}\n`;
}

/** The table of issue 43 §1: each search shape's latency against a file GET, the plans, the write cost. */
function searchMarkdown(search) {
  const s0 = search[0];
  const lines = [
    "",
    `Search (issue 43 §1): the caller's ${s0.items} files and folders named from a 300-word vocabulary (PostgreSQL: among ${search.find((s) => s.others)?.others ?? 0} more of 90 other users), ${s0.requests} sequential requests of each shape, interleaved, with a file GET as the baseline (ms). Targets: PostgreSQL p50 ≤ 15, p99 ≤ 50; PGlite p50 ≤ 50; each shape's statements read the search index; a write with the index ÷ without ≤ 1.15.`,
    "",
    "| backend | shape | p50 | p99 | p50 ÷ file GET | plan reads the search index |",
    "|---|---|---:|---:|---:|---|",
  ];
  for (const s of search) {
    for (const [shape, f] of Object.entries(s.latency)) {
      const plan = s.plans?.[shape];
      lines.push(
        `| ${s.backend} | ${shape} | ${f.p50} | ${f.p99} | ${f.toBaseline ?? ""} | ${plan ? (plan.usesSearchIndex ? "yes" : "**no**") : ""} |`,
      );
    }
    if (s.writeCost) {
      lines.push(
        `| ${s.backend} | write CPU (server + PostgreSQL) with the index ÷ without | ${Object.entries(s.writeCost)
          .map(([name, r]) => `${name} **${r}**`)
          .join(", ")} | | | |`,
      );
    }
  }
  return lines;
}

/** The tables of issue 43 §2 (a folder's archive against its files one by one) and issue 27 §4 (tus against one request, versions kept against none, the version list's pages). */
function fileMarkdown({ tus, versionPuts, versionLists, archives }) {
  const lines = [];
  if (archives) {
    const a0 = archives[0];
    lines.push(
      "",
      `Folder archives (issue 43 §2): a folder of ${a0.files} files of random bytes, ${a0.mib} MiB in all, downloaded as one ZIP against its files one by one (sequential GETs of their content), on the same server, ${a0.rounds} interleaved rounds (ms, MiB/s, server CPU ms: medians; RSS growth: the worst round's peak over the RSS at the download's start). Targets: archive ÷ one by one ≥ 0.8, RSS growth < 64 MiB.`,
      "",
      "| backend | store | archive ms (MiB/s) | one by one ms (MiB/s) | server CPU ms: archive / one by one | RSS growth MiB: archive / one by one | archive ÷ one by one (rounds) |",
      "|---|---|---:|---:|---:|---:|---:|",
    );
    for (const a of archives) {
      const cell = (v) => `${v.ms} (${v.mibPerSecond})`;
      lines.push(
        `| ${a.backend} | ${a.store} | ${cell(a.archive)} | ${cell(a.oneByOne)} | ${a.archive.cpuMs} / ${a.oneByOne.cpuMs} | ${a.archive.rssGrowthMiB} / ${a.oneByOne.rssGrowthMiB} | **${a.archiveToOneByOne}** (${a.perRound.join(", ")}) |`,
      );
    }
  }
  if (tus) {
    lines.push(
      "",
      `tus (issue 27 §4): ${tus[0].mib} MiB in ${tus[0].patchMiB} MiB PATCHes against the same size in one multipart PUT, each replacing a file with fresh random bytes, ${tus[0].rounds} interleaved rounds (ms, MiB/s, server CPU ms: medians; RSS growth: the worst round's peak over the RSS at the upload's start). Targets: tus ÷ one request ≥ 0.7, RSS growth < 64 MiB.`,
      "",
      "| backend | store | one request ms (MiB/s) | tus-js-client ms (MiB/s) | raw PATCHes ms (MiB/s) | server CPU ms: one / tus-js-client / raw | RSS growth MiB: one / tus-js-client / raw | tus-js-client ÷ one (rounds) | raw PATCHes ÷ one (rounds) | raw: a PATCH ms / the last (makes the file) ms |",
      "|---|---|---:|---:|---:|---:|---:|---:|---:|---:|",
    );
    for (const t of tus) {
      const cell = (v) => `${v.ms} (${v.mibPerSecond})`;
      lines.push(
        `| ${t.backend} | ${t.store} | ${cell(t.single)} | ${cell(t.tusJsClient)} | ${cell(t.rawPatches)} | ${t.single.cpuMs} / ${t.tusJsClient.cpuMs} / ${t.rawPatches.cpuMs} | ${t.single.rssGrowthMiB} / ${t.tusJsClient.rssGrowthMiB} / ${t.rawPatches.rssGrowthMiB} | **${t.tusJsClientToSingle}** (${t.perRound.tusJsClientToSingle.join(", ")}) | ${t.rawPatchesToSingle} (${t.perRound.rawPatchesToSingle.join(", ")}) | ${t.rawPatches.patchMs} / ${t.rawPatches.lastPatchMs} |`,
      );
    }
  }
  if (versionPuts) {
    lines.push(
      "",
      `1 KiB content PUTs (issue 27 §4), other bytes each, ${versionPuts[0].connections} connections each on a file of its own, after every file was replaced over 50 times: versions kept (FILE_VERSIONS_KEEP=50) against none kept (FILE_VERSIONS_KEEP=1); ${VERSION_PUTS.rounds} interleaved rounds of ${DURATION} s. Target: kept ÷ none ≤ 1.1.`,
      "",
      "| backend | kept: req/s / p50 / p99 / errors | none: req/s / p50 / p99 / errors | CPU µs per request kept / none (server; PostgreSQL) | p50 kept ÷ none | server CPU kept ÷ none | PostgreSQL CPU kept ÷ none | per round (p50, CPU, PostgreSQL CPU) |",
      "|---|---|---|---|---:|---:|---:|---|",
    );
    for (const v of versionPuts) {
      const cell = (f) => `${f.rps} / ${f.p50} / ${f.p99} / ${f.errors}`;
      const pg = v.kept.pgCpuPerRequest === null ? "" : `; ${v.kept.pgCpuPerRequest} / ${v.none.pgCpuPerRequest}`;
      lines.push(
        `| ${v.backend} | ${cell(v.kept)} | ${cell(v.none)} | ${v.kept.cpuPerRequest} / ${v.none.cpuPerRequest}${pg} | **${v.p50KeptToNone}** | **${v.cpuKeptToNone}** | ${v.pgCpuKeptToNone ?? "–"} | ${v.rounds.map((r) => `${r.p50}, ${r.cpu}, ${r.pgCpu ?? "–"}`).join("; ")} |`,
      );
    }
  }
  if (versionLists) {
    const l0 = versionLists[0];
    lines.push(
      "",
      `Version list (issue 27 §4): a file with ${l0.versions} versions walked page by page (${l0.pages} pages of 50, following \`next\`) ${VERSION_LIST.passes} times after one untimed walk; the first ${l0.edge} pages of each walk against its last ${l0.edge}. Target: last ÷ first near 1.`,
      "",
      "| backend | walk ms | first pages: p50 ms / CPU µs per page (server; PostgreSQL) | last pages: p50 ms / CPU µs per page | p50 last ÷ first | server CPU last ÷ first | PostgreSQL CPU last ÷ first |",
      "|---|---:|---|---|---:|---:|---:|",
    );
    for (const v of versionLists) {
      const cell = (f) => `${f.p50} / ${f.cpuPerPage}${f.pgCpuPerPage === null ? "" : `; ${f.pgCpuPerPage}`}`;
      lines.push(
        `| ${v.backend} | ${v.walkMs} | ${cell(v.first)} | ${cell(v.last)} | **${v.p50LastToFirst}** | ${v.cpuLastToFirst} | ${v.pgCpuLastToFirst ?? "–"} |`,
      );
    }
  }
  return lines;
}

/** The tables of issue 28 §4: a subscribed endpoint's cost to the PUT, a backlog's drain rate, the API during a drain. */
function webhookMarkdown({ putCost, delivery, drainLoad }) {
  const lines = [];
  const cell = (f) => `${f.rps} / ${f.p50} / ${f.p99} / ${f.errors}`;
  if (putCost.length > 0) {
    lines.push(
      "",
      `Webhooks (issue 28 §4): the bank account PUT, ${CONNECTIONS} connections, with one endpoint subscribed to it (a local receiver answering 200) against with it disabled, ${WEBHOOKS.rounds} interleaved rounds of ${DURATION} s; sustained = the round's PUTs over the round and the wait for its last delivery. Target: with ÷ without ≥ 0.9.`,
      "",
      "| backend | with: req/s / p50 / p99 / errors | without | **req/s with ÷ without** (rounds) | sustained with ÷ without (rounds) | wait for the last delivery ms | CPU µs per PUT with / without: server; PostgreSQL; receiver | delivered / PUTs |",
      "|---|---|---|---:|---:|---:|---|---:|",
    );
    for (const w of putCost) {
      const pg = w.with.pgCpuPerWrite === null ? "" : `; ${w.with.pgCpuPerWrite} / ${w.without.pgCpuPerWrite}`;
      lines.push(
        `| ${w.backend} | ${cell(w.with)} | ${cell(w.without)} | **${w.rpsWithToWithout}** (${w.rounds.map((r) => r.rps).join(", ")}) | ${w.sustainedWithToWithout} (${w.rounds.map((r) => r.sustained).join(", ")}) | ${w.with.drainMs} | ${w.with.cpuPerWrite} / ${w.without.cpuPerWrite}${pg}; ${w.with.receiverCpuPerWrite} | ${w.with.delivered} / ${w.with.written} |`,
      );
    }
  }
  if (delivery.length > 0) {
    lines.push(
      "",
      "Delivery rate: a backlog built by bank account PUTs while the receiver held every delivery, then drained with the receiver answering at once. Target: ≥ 500 events/s.",
      "",
      "| backend | PUTs written (req/s) | pending at release | **delivered per s** | ÷ the PUTs' rate | drain ms | CPU µs per delivery: server / PostgreSQL / receiver | missing |",
      "|---|---:|---:|---:|---:|---:|---|---:|",
    );
    for (const d of delivery) {
      lines.push(
        `| ${d.backend} | ${d.written} (${d.writeRate}) | ${d.pending} | **${d.perSecond}** | ${d.toWriteRate} | ${d.drainMs} | ${d.cpuPerDelivery} / ${d.pgCpuPerDelivery ?? "–"} / ${d.receiverCpuPerDelivery} | ${d.missing} |`,
      );
    }
  }
  if (drainLoad.length > 0) {
    lines.push(
      "",
      `The API during a drain: the second user's bank account PUT offered at ${drainLoad[0].rate} req/s (10 connections, ${DURATION} s) as a backlog of ${drainLoad[0].backlog} deliveries starts draining, against the same load with nothing pending; ${WEBHOOKS.drainRounds} interleaved rounds (medians). Target: p99 draining ÷ without < 2.`,
      "",
      "| backend | without: req/s / p50 / p99 / errors | draining | **p99 draining ÷ without** (rounds) | p50 draining ÷ without | delivered during the load | backlog outlasted the load | drain ms |",
      "|---|---|---|---:|---:|---:|---|---:|",
    );
    for (const d of drainLoad) {
      lines.push(
        `| ${d.backend} | ${cell(d.baseline)} | ${cell(d.draining)} | **${d.p99DrainingToBaseline}** (${d.rounds.map((r) => r.p99).join(", ")}) | ${d.p50DrainingToBaseline} | ${d.draining.deliveredDuringLoad} | ${d.draining.drainingThroughout ? "yes" : "no"} | ${d.draining.drainMs} |`,
      );
    }
  }
  return lines;
}

/** The scale table of issue 25: per size, each request's figures and their ratio to the empty folder's. */
function scaleMarkdown({ buildMs, recountMs, requests, depth, explained }) {
  const lines = [
    `Scale (issue 25, PostgreSQL): requests one at a time on a folder with n items below it (a tenth of them folders), interleaved across the sizes; p50 ms and CPU µs per request (server / PostgreSQL), × the empty folder's (target ≤ 1.5). Written in ${Object.entries(
      buildMs,
    )
      .map(([items, ms]) => `${ms} ms (${items})`)
      .join(", ")}; kept figures checked against a recount (${recountMs} ms).`,
    "",
    "| operation | items | p50 ms | CPU µs server / PostgreSQL | p50 × empty | PostgreSQL CPU × empty |",
    "|---|---:|---:|---:|---:|---:|",
  ];
  for (const [op, sizes] of Object.entries(requests)) {
    for (const s of sizes) {
      lines.push(
        `| ${op} | ${s.items} | ${s.p50} | ${s.cpuPerRequest} / ${s.pgCpuPerRequest} | ${s.p50ToEmpty} | ${s.pgCpuToEmpty} |`,
      );
    }
  }
  lines.push(
    "",
    `| upload (POST /evault/v1/files/) | p50 ms | PostgreSQL CPU µs per request |`,
    "|---|---:|---:|",
    `| top-level folder | ${depth.top.p50} | ${depth.top.pgCpuPerRequest} |`,
    `| folder ${depth.depth} levels deep | ${depth.deep.p50} | ${depth.deep.pgCpuPerRequest} |`,
    `| deep ÷ top (target ≤ 1.5) | ${depth.deepToTop} | ${depth.pgCpuDeepToTop} |`,
    "",
    `EXPLAIN (ANALYZE, BUFFERS) of each statement the server sent, around the folder of ${explained.items} items (passes: no sequential scan over ${1000} rows, no recursion beyond the walk up the ancestors but the subtree walk an operation is about, named beside it):`,
    "",
    "| operation (the recorded request's ms) | statement | ms | shared buffers | sequential scans (rows read) | index scans over 1000 rows | recursive CTE rows | triggers (ms) | passes |",
    "|---|---|---:|---:|---|---|---|---|---|",
  );
  for (const [op, plans] of Object.entries(explained.plans)) {
    const walk = explained.walks?.[op];
    const took = explained.requestMs?.[op];
    const name = `${op}${walk ? ` (walks ${walk})` : ""}${took === undefined ? "" : ` (${took} ms)`}`;
    for (const p of plans) {
      const statement = `\`${p.statement.replaceAll("|", "\\|")}…\``;
      if (p.error) {
        lines.push(`| ${name} | ${statement} | – | – | – | – | – | – | **no**: ${p.error.replaceAll("|", "\\|")} |`);
        continue;
      }
      const scans = p.seqScans.map((scan) => `${scan.table} (${scan.rowsRead})`).join(", ") || "none";
      const large = p.largeScans.map((scan) => `**${scan.table} (${scan.rowsRead})**`).join(", ") || "none";
      const recursions = p.recursions.map((r) => `${r.cte} ${r.rows}`).join(", ") || "none";
      const triggers = p.triggers.map((t) => `${t.name} (${t.ms})`).join(", ") || "none";
      // The rule passed, but a read of thousands of rows by an index is a cost that grows too.
      const grows = p.largeScans.length ? ", **but an index scan grows**" : "";
      const passes = p.passes ? `${p.recursionOk ? "yes" : "yes (its walk)"}${grows}` : "**no**";
      // Where a statement takes more than a millisecond: its JIT compilation, its slowest node.
      const hot =
        p.hottest.ms > 1 ? `; ${p.hottest.node}: ${p.hottest.ms} ms, ${p.hottest.rows} rows × ${p.hottest.loops}` : "";
      const ms = `${p.ms}${p.jitMs ? ` (JIT ${p.jitMs})` : ""}${hot}`;
      lines.push(
        `| ${name} | ${statement} | ${ms} | ${p.sharedBuffers} | ${scans} | ${large} | ${recursions} | ${triggers} | ${passes} |`,
      );
    }
  }
  return lines;
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
  mixed: {},
  idempotency: {},
};
try {
  const inMemory = await startChild(
    "serve.mjs",
    { DATA_DIR: await mkdtemp(join(scratch, "memory-")), DATABASE_IN_MEMORY: "1" },
    "inMemory",
  );
  const seeded = {};
  for (const backend of BACKENDS) {
    const block = await loadBlock(backend, benchUrl, inMemory);
    results.load[backend] = block.rows;
    if (block.mixed) results.mixed[backend] = block.mixed;
    if (block.idempotency) results.idempotency[backend] = block.idempotency;
    seeded[backend] = block.validated;
  }
  await stopChild(inMemory);
  // Restarts on existing, migrated data (a fresh PGlite directory first runs initdb, see docs).
  results.coldStart = {};
  for (const [backend, server] of Object.entries(seeded)) {
    const env = { DATA_DIR: server.dataDir, ...(backend === "postgres" && { DATABASE_URL: benchUrl }) };
    results.coldStart[backend] = await coldStart(env, server, backend);
  }
  if (TREE_SIZES.length && TREE_SIZES[0] > 0) results.duplicates = await duplicateFigures(benchUrl);
  if (SCALE_ITEMS.length > 0) results.scale = await scaleFigures(benchUrl, scratch, SCALE_ITEMS);
  if (UPLOAD_MIB.length > 0) {
    results.uploads = await uploadFigures(benchUrl, results.load.postgres?.updateNgnBankAccount?.validated.p50);
  }
  if (TUS.mib > 0 && FILE_BACKENDS.length > 0) results.tus = await tusFigures(FILE_BACKENDS, benchUrl, scratch, TUS);
  if (VERSION_PUTS.rounds > 0 && FILE_BACKENDS.length > 0) {
    results.versionPuts = [];
    for (const backend of FILE_BACKENDS) {
      results.versionPuts.push(await versionPutCost(backend, benchUrl, scratch, VERSION_PUTS));
    }
  }
  if (VERSION_LIST.count > 1 && FILE_BACKENDS.length > 0) {
    results.versionLists = [];
    for (const backend of FILE_BACKENDS) {
      results.versionLists.push(await versionListPages(backend, benchUrl, scratch, VERSION_LIST));
    }
  }
  if (ARCHIVES.rounds > 0 && FILE_BACKENDS.length > 0) {
    results.archives = await archiveFigures(FILE_BACKENDS, benchUrl, scratch, ARCHIVES);
  }
  if (SEARCH.items > 0 && SEARCH.backends.length > 0)
    results.search = await searchFigures(SEARCH.backends, scratch, SEARCH);
  if (WEBHOOKS) results.webhooks = await webhookFigures(scratch, WEBHOOKS);
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
