// Issue 27 §4, file versions: what keeping versions costs a content PUT, and whether the
// version list costs the same per page at its end as at its start.
//
// The PUT: two servers of one backend (on PostgreSQL each on a database of its own), one keeping versions (FILE_VERSIONS_KEEP=50, the
// default) and one keeping none (FILE_VERSIONS_KEEP=1, the lowest the config admits: the
// content a PUT replaces is dropped, as before versions existed), take the same load of
// 1 KiB content PUTs, each request other bytes (autocannon's `[<id>]`), each connection on
// a file of its own, in interleaved rounds. Before the rounds each file has been replaced
// more than 50 times, so on the server that keeps versions every PUT keeps one and prunes
// the oldest (the steady state; checked through the version list), and on both every PUT
// frees the blob of the content that leaves.
//
// The list: a server keeping 10,000 versions whose first user's file has that many
// (seeded by set-based inserts, bench/seed.mjs), walked page by page following `next`
// (the default page size, 50) several times: the first pages against the last ones, by
// p50 and by the server's and PostgreSQL's CPU per page.
import { mkdtemp } from "node:fs/promises";
import { join } from "node:path";
import { createBenchDatabase } from "./database.mjs";
import { databaseCpu } from "./pg-cpu.mjs";
import { cpuTime, load, log, median, ratio, startChild, stopChild } from "./processes.mjs";
import { multipart } from "./scenarios.mjs";

const KEPT = 50;
const CONTENT_BYTES = 1024;
/** autocannon's `[<id>]` becomes a 33-character id: the content is CONTENT_BYTES after it. */
const ID_LENGTH = 33;

/** A 1 KiB content PUT of file `i` of the first user's pool, other bytes in every request. */
const contentPut = (server) => (i) => {
  const user = server.users[0];
  const form = multipart({}, { name: "versioned.txt", type: "text/plain" });
  return {
    method: "PUT",
    path: `/evault/v1/files/${server.pool.file_ids[i % server.pool.file_ids.length]}/`,
    headers: { "api-key": user.api_key, "content-type": form.contentType },
    body: `${form.head}[<id>]${"v".repeat(CONTENT_BYTES - ID_LENGTH)}${form.tail}`,
    idReplacement: true,
  };
};

/** How many versions the first user's file `fileId` lists (up to `max`). */
async function versionCount(server, fileId, max = 100) {
  const res = await fetch(`${server.url}/evault/v1/files/${fileId}/versions/?page_size=${max}`, {
    headers: { "api-key": server.users[0].api_key },
  });
  if (!res.ok) throw new Error(`the version list answered ${res.status}`);
  return (await res.json()).results.length;
}

/**
 * Content PUTs with versions kept (50) against none kept (1), on `backend` (PostgreSQL at
 * `databaseUrl`, or PGlite): per variant req/s, p50, p99, server and PostgreSQL CPU µs per
 * request (medians of the rounds); kept ÷ none of p50 and of each CPU (medians of the
 * rounds' ratios; target ≤ 1.1).
 */
export async function versionPutCost(backend, databaseUrl, scratch, { rounds, duration, connections }) {
  // On PostgreSQL each server has a database of its own (the other a scratch one), so
  // neither's churn (autovacuum, autoanalyze, plans) reaches the other's figures.
  const second = backend === "postgres" ? await createBenchDatabase() : undefined;
  const databases = { kept: databaseUrl, none: second?.url };
  const servers = {};
  const samplers = {};
  try {
    for (const [name, keep] of [
      ["kept", KEPT],
      ["none", 1],
    ]) {
      const dataDir = await mkdtemp(join(scratch, `versions-${backend}-${name}-`));
      const env = backend === "postgres" ? { DATABASE_URL: databases[name] } : {};
      servers[name] = await startChild(
        "serve.mjs",
        { ...env, DATA_DIR: dataDir, FILE_VERSIONS_KEEP: String(keep) },
        `versions-${name}`,
      );
      if (second) samplers[name] = await databaseCpu(databases[name]);
    }
    // The steady state: every connection's file replaced more than KEPT times.
    for (const server of Object.values(servers)) {
      await load(server, contentPut(server), 0, { connections, amount: connections * (KEPT + 10) });
    }
    const lists = { kept: await versionCount(servers.kept, servers.kept.pool.file_ids[0]) };
    lists.none = await versionCount(servers.none, servers.none.pool.file_ids[0]);
    if (lists.kept !== KEPT || lists.none !== 1) {
      throw new Error(`after the warm-up a file lists ${lists.kept} and ${lists.none} versions, not ${KEPT} and 1`);
    }
    const runs = [];
    for (let r = 0; r < rounds; r++) {
      const round = {};
      for (const name of r % 2 ? ["none", "kept"] : ["kept", "none"]) {
        const database = samplers[name];
        round[name] = await load(servers[name], contentPut(servers[name]), duration, { database, connections });
      }
      runs.push(round);
      log(`${backend} content PUT round ${r + 1}`, round);
    }
    const summary = (name) => ({
      rps: median(runs.map((round) => round[name].rps)),
      p50: median(runs.map((round) => round[name].p50)),
      p99: Math.max(...runs.map((round) => round[name].p99)),
      errors: runs.reduce((sum, round) => sum + round[name].errors, 0),
      cpuPerRequest: median(runs.map((round) => round[name].cpuPerRequest)),
      pgCpuPerRequest: second ? median(runs.map((round) => round[name].pgCpuPerRequest)) : null,
    });
    const keptToNone = (key) =>
      runs[0].kept[key] === null ? null : median(runs.map((round) => ratio(round.kept[key], round.none[key]) ?? 0));
    return {
      backend,
      connections,
      kept: summary("kept"),
      none: summary("none"),
      p50KeptToNone: keptToNone("p50"),
      cpuKeptToNone: keptToNone("cpuPerRequest"),
      pgCpuKeptToNone: keptToNone("pgCpuPerRequest"),
      rounds: runs.map((round) => ({
        p50: ratio(round.kept.p50, round.none.p50),
        cpu: ratio(round.kept.cpuPerRequest, round.none.cpuPerRequest),
        pgCpu: second ? ratio(round.kept.pgCpuPerRequest, round.none.pgCpuPerRequest) : null,
      })),
    };
  } finally {
    for (const sampler of Object.values(samplers)) await sampler.close();
    for (const server of Object.values(servers)) await stopChild(server);
    await second?.drop();
  }
}

/**
 * The version list of a file with `count` versions, walked `passes` times page by page:
 * per page its latency; for the first and the last `edge` pages of each pass the p50 and
 * the server's and PostgreSQL's CPU per page; last ÷ first (target: near 1).
 */
export async function versionListPages(backend, databaseUrl, scratch, { count, passes, edge: wanted }) {
  const total = Math.ceil(count / 50);
  const edge = Math.min(wanted, Math.floor(total / 2));
  const env = backend === "postgres" ? { DATABASE_URL: databaseUrl } : {};
  const t = performance.now();
  const server = await startChild(
    "serve.mjs",
    {
      ...env,
      DATA_DIR: await mkdtemp(join(scratch, `version-list-${backend}-`)),
      FILE_VERSIONS_KEEP: String(count),
      BENCH_SEED_VERSIONS: String(count),
    },
    "version-list",
  );
  const startMs = Math.round(performance.now() - t);
  const database = backend === "postgres" ? await databaseCpu(databaseUrl) : undefined;
  const user = server.users[0];
  const headers = { "api-key": user.api_key };
  try {
    /** One walk: each page's ms; the server's and PostgreSQL's CPU µs over the first and the last `edge` pages. */
    const walk = async () => {
      const pages = [];
      const cpu = { first: { server: 0, pg: 0 }, last: { server: 0, pg: 0 } };
      let url = `${server.url}/evault/v1/files/${user.file_id}/versions/`;
      let listed = 0;
      while (url) {
        const at = pages.length;
        const edgeOf = at < edge ? "first" : at >= total - edge ? "last" : undefined;
        const cpuBefore = edgeOf && cpuTime(server.pid);
        const pgCpu = edgeOf && (await database?.start());
        const started = performance.now();
        const res = await fetch(url, { headers });
        const body = await res.json();
        pages.push(performance.now() - started);
        if (edgeOf) {
          cpu[edgeOf].server += cpuTime(server.pid) - cpuBefore;
          cpu[edgeOf].pg += (await pgCpu?.()) ?? 0;
        }
        if (!res.ok) throw new Error(`version page ${at} answered ${res.status}`);
        listed += body.results.length;
        url = body.next;
      }
      if (listed !== count || pages.length !== total) {
        throw new Error(`the walk listed ${listed} versions in ${pages.length} pages, not ${count} in ${total}`);
      }
      return { pages, cpu };
    };
    await walk(); // warm-up: plans, caches
    const walks = [];
    for (let p = 0; p < passes; p++) walks.push(await walk());
    const at = (edgeOf) => {
      const ms = walks.flatMap((w) => (edgeOf === "first" ? w.pages.slice(0, edge) : w.pages.slice(-edge)));
      const per = (key) => Math.round(walks.reduce((sum, w) => sum + w.cpu[edgeOf][key], 0) / (edge * passes));
      return { p50: +median(ms).toFixed(2), cpuPerPage: per("server"), pgCpuPerPage: database ? per("pg") : null };
    };
    const figures = {
      backend,
      versions: count,
      pages: total,
      edge,
      seedAndStartMs: startMs,
      walkMs: Math.round(median(walks.map((w) => w.pages.reduce((a, b) => a + b, 0)))),
      first: at("first"),
      last: at("last"),
    };
    figures.p50LastToFirst = ratio(figures.last.p50, figures.first.p50);
    figures.cpuLastToFirst = ratio(figures.last.cpuPerPage, figures.first.cpuPerPage);
    figures.pgCpuLastToFirst = database ? ratio(figures.last.pgCpuPerPage, figures.first.pgCpuPerPage) : null;
    log(`${backend} version list`, figures);
    return figures;
  } finally {
    await database?.close();
    await stopChild(server);
  }
}
