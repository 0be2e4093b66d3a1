// Issue 25: what a request that shows a folder costs as the folder grows. For each size
// (items below one folder, a tenth of them folders), a folder "items-<size>" inside a
// folder "scale-<size>" of its own, written by set-based inserts straight into
// PostgreSQL; then, requests sent one at a time and interleaved across the sizes, the
// folder GET, the favourite PATCH and the list page showing it (`?parent=` its container):
// p50 and the server's and PostgreSQL's CPU per request, each against the empty
// folder's. Then uploads into a folder 20 levels deep against its top, and the plans of
// the three requests' statements on the largest folder.
import { randomUUID } from "node:crypto";
import { mkdtemp } from "node:fs/promises";
import { join } from "node:path";
import pg from "pg";
import { databaseCpu } from "./pg-cpu.mjs";
import { cpuTime, median, startChild, stopChild } from "./processes.mjs";
import { multipart } from "./scenarios.mjs";
import { explain, statementRelay } from "./statements.mjs";

const REQUESTS = Number(process.env.BENCH_SCALE_REQUESTS ?? 100);
const ROUNDS = Number(process.env.BENCH_SCALE_ROUNDS ?? 3);
const UPLOADS = Number(process.env.BENCH_SCALE_UPLOADS ?? 30);
const DEPTH = 20;

const log = (...args) => console.error(`[bench ${new Date().toISOString().slice(11, 19)}]`, ...args);
const ratio = (a, b) => (b ? +(a / b).toFixed(2) : null);

/** Items written per statement: one statement's cost grows faster than its rows beyond a few 100,000. */
const CHUNK = 100_000;

/**
 * Writes `items` items below a new folder of `user` (in a container folder of its own):
 * items / 10 subfolders of nine files each, every file naming the user's demo blob with
 * its size (`content_size` given, so no row trigger looks it up), CHUNK items per
 * statement. Returns the ids.
 */
async function buildFolder(client, user, items) {
  const { rows } = await client.query(
    `with container as (
       insert into folders (id, user_id, name) values (gen_random_uuid()::text, $1, 'scale-' || $2::int) returning id
     )
     insert into folders (id, user_id, parent_id, name)
     select gen_random_uuid()::text, $1, container.id, 'items-' || $2::int from container
     returning id as folder_id, parent_id as container_id`,
    [user.id, items],
  );
  const [{ folder_id: folderId, container_id: containerId }] = rows;
  for (let done = 0; done < items; done += CHUNK) {
    await client.query(
      `with subfolders as (
         insert into folders (id, user_id, parent_id, name)
         select gen_random_uuid()::text, $1, $2, 'folder-' || n from generate_series($3::int + 1, $3::int + $4::int / 10) n
         returning id
       )
       insert into files (id, user_id, folder_id, name, hash, extension, content_size)
       select gen_random_uuid()::text, $1, subfolders.id, 'file-' || n || '.txt', blob.hash, 'txt', blob.size
       from subfolders, generate_series(1, 9) n,
         (select f.hash, f.content_size as size from files f where f.id = $5) blob`,
      [user.id, folderId, done / 10, Math.min(CHUNK, items - done), user.file_id],
    );
  }
  return { folderId, containerId };
}

/** A chain of DEPTH folders, each in the one before: [top, ..., the deepest]. */
async function buildChain(client, user) {
  const ids = Array.from({ length: DEPTH }, () => randomUUID());
  await client.query(
    `insert into folders (id, user_id, parent_id, name)
     select ($2::text[])[k], $1, ($2::text[])[k - 1], 'level ' || k from generate_series(1, ${DEPTH}) k`,
    [user.id, ids],
  );
  return ids;
}

/** Each built folder's kept figures, against what was written below it; throws on a difference. */
async function checkFigures(client, user, folders) {
  const [blob] = (await client.query("select content_size from files where id = $1", [user.file_id])).rows;
  const blobSize = Number(blob.content_size ?? 0);
  for (const { items, folderId } of folders) {
    const query = "select files_count, folders_count, file_size from folders where id = $1";
    const [row] = (await client.query(query, [folderId])).rows;
    const kept = Object.fromEntries(Object.entries(row).map(([name, value]) => [name, Number(value)]));
    const files = (items / 10) * 9;
    const expected = { files_count: files, folders_count: items / 10, file_size: files * blobSize };
    if (JSON.stringify(kept) !== JSON.stringify(expected)) {
      throw new Error(`folder of ${items} items keeps ${JSON.stringify(kept)}, expected ${JSON.stringify(expected)}`);
    }
  }
  // Every folder of the database against a recount from scratch (what `repair --check` runs).
  const t = performance.now();
  const { rows } = await client.query(
    `select count(*) as n from folders f join folder_figures_recount() r on r.id = f.id
     where (f.files_count, f.folders_count, f.file_size) is distinct from (r.files_count, r.folders_count, r.file_size)`,
  );
  if (Number(rows[0].n) !== 0) throw new Error(`${rows[0].n} folders' kept figures differ from a recount`);
  return Math.round(performance.now() - t);
}

/** The three requests measured per size, as `user` sends them on the folder `folderId` in `containerId`. */
function requests(user, { folderId, containerId }) {
  const headers = { "api-key": user.api_key };
  const json = { ...headers, "content-type": "application/json" };
  return {
    getFolder: () => ({ method: "GET", path: `/evault/v1/folders/${folderId}/`, headers }),
    updateFavouriteFolder: (i) => ({
      method: "PATCH",
      path: `/evault/v1/favourite/folders/${folderId}/`,
      headers: json,
      body: JSON.stringify({ is_starred: i % 2 === 0 }),
    }),
    listFolders: () => ({ method: "GET", path: `/evault/v1/folders/?parent=${containerId}`, headers }),
  };
}

async function send(url, { method, path, headers, body }) {
  const res = await fetch(url + path, { method, headers, body });
  await res.arrayBuffer();
  if (!res.ok) throw new Error(`${method} ${path} answered ${res.status}`);
}

/**
 * `count` requests of `request(i)`, one at a time: every latency (ms), the server's and
 * PostgreSQL's CPU µs over them.
 */
async function timedRequests(server, database, request, count) {
  const latencies = [];
  const cpuBefore = cpuTime(server.pid);
  const pgCpu = await database.start();
  for (let i = 0; i < count; i++) {
    const t = performance.now();
    await send(server.url, request(i));
    latencies.push(performance.now() - t);
  }
  const pgUsed = await pgCpu();
  return { latencies, cpu: cpuTime(server.pid) - cpuBefore, pgCpu: pgUsed };
}

/** Per operation and size: p50 ms, server and PostgreSQL CPU µs per request over every round. */
async function measureSizes(server, database, user, folders) {
  const figures = {};
  const ops = Object.keys(requests(user, folders[0]));
  for (const op of ops) {
    // Warm-up: each folder's first requests (plans, caches) are not the steady state.
    for (const folder of folders) await timedRequests(server, database, requests(user, folder)[op], 10);
    const runs = folders.map(() => ({ latencies: [], cpu: 0, pgCpu: 0 }));
    for (let r = 0; r < ROUNDS; r++) {
      // Interleaved, the order rotating: a burst from elsewhere hits every size alike.
      for (let k = 0; k < folders.length; k++) {
        const i = (k + r) % folders.length;
        const run = await timedRequests(server, database, requests(user, folders[i])[op], REQUESTS);
        runs[i].latencies.push(...run.latencies);
        runs[i].cpu += run.cpu;
        runs[i].pgCpu += run.pgCpu;
      }
    }
    figures[op] = folders.map((folder, i) => ({
      items: folder.items,
      p50: +median(runs[i].latencies).toFixed(2),
      cpuPerRequest: Math.round(runs[i].cpu / (ROUNDS * REQUESTS)),
      pgCpuPerRequest: Math.round(runs[i].pgCpu / (ROUNDS * REQUESTS)),
    }));
    const empty = figures[op][0];
    for (const size of figures[op]) {
      size.p50ToEmpty = ratio(size.p50, empty.p50);
      size.pgCpuToEmpty = ratio(size.pgCpuPerRequest, empty.pgCpuPerRequest);
    }
    log(`scale ${op}`, figures[op]);
  }
  return figures;
}

/** Small uploads (POST /evault/v1/files/) into the chain's top and its deepest folder, interleaved. */
async function measureDepth(server, database, user, chain) {
  const upload = (folderId) => (i) => {
    const form = multipart({ folder: folderId }, { name: `upload-${i}.txt`, type: "text/plain" });
    return {
      method: "POST",
      path: "/evault/v1/files/",
      headers: { "api-key": user.api_key, "content-type": form.contentType },
      body: `${form.head}upload ${i} ${randomUUID()}${form.tail}`,
    };
  };
  const at = { top: upload(chain[0]), deep: upload(chain.at(-1)) };
  for (const place of Object.keys(at)) await timedRequests(server, database, at[place], 5);
  const runs = { top: { latencies: [], pgCpu: 0 }, deep: { latencies: [], pgCpu: 0 } };
  for (let i = 0; i < UPLOADS; i++) {
    for (const place of i % 2 ? ["deep", "top"] : ["top", "deep"]) {
      const run = await timedRequests(server, database, at[place], 1);
      runs[place].latencies.push(...run.latencies);
      runs[place].pgCpu += run.pgCpu;
    }
  }
  const of = (place) => ({
    p50: +median(runs[place].latencies).toFixed(2),
    pgCpuPerRequest: Math.round(runs[place].pgCpu / UPLOADS),
  });
  const figures = { depth: DEPTH, top: of("top"), deep: of("deep") };
  figures.deepToTop = ratio(figures.deep.p50, figures.top.p50);
  figures.pgCpuDeepToTop = ratio(figures.deep.pgCpuPerRequest, figures.top.pgCpuPerRequest);
  log("scale uploads by depth", figures);
  return figures;
}

/**
 * The plans of the statements each request sends for the largest folder: a server of
 * its own, on the same database behind a relay that records what it sends, takes each
 * request once to warm up and once recorded (as the measured user: its key is valid on
 * any server of this database).
 */
async function explainLargest(databaseUrl, dataDir, client, user, folder) {
  const relay = await statementRelay(databaseUrl);
  const server = await startChild("serve.mjs", { DATABASE_URL: relay.url, DATA_DIR: dataDir }, "explain");
  try {
    const plans = {};
    for (const [op, request] of Object.entries(requests(user, folder))) {
      await send(server.url, request(1));
      relay.take();
      await send(server.url, request(1));
      plans[op] = await explain(client, relay.take());
    }
    return { items: folder.items, plans };
  } finally {
    await stopChild(server);
    await relay.close();
  }
}

/** The scale figures of issue 25 on the PostgreSQL of `databaseUrl`, for each of `sizes` (items). */
export async function scaleFigures(databaseUrl, scratch, sizes) {
  const server = await startChild(
    "serve.mjs",
    { DATABASE_URL: databaseUrl, DATA_DIR: await mkdtemp(join(scratch, "scale-")) },
    "scale",
  );
  const client = new pg.Client(databaseUrl);
  await client.connect();
  const database = await databaseCpu(databaseUrl);
  try {
    const user = server.users[0];
    const folders = [];
    const build = {};
    for (const items of [...new Set([0, ...sizes])].sort((a, b) => a - b)) {
      const t = performance.now();
      folders.push({ items, ...(await buildFolder(client, user, items)) });
      build[items] = Math.round(performance.now() - t);
      log(`scale: ${items} items written in ${build[items]} ms`);
    }
    const chain = await buildChain(client, user);
    await client.query("analyze folders, files");
    const recountMs = await checkFigures(client, user, folders);
    log(`scale: kept figures equal a recount (${recountMs} ms)`);
    const requestsFigures = await measureSizes(server, database, user, folders);
    const depth = await measureDepth(server, database, user, chain);
    const explained = await explainLargest(
      databaseUrl,
      await mkdtemp(join(scratch, "explain-")),
      client,
      user,
      folders.at(-1),
    );
    return { buildMs: build, recountMs, requests: requestsFigures, depth, explained };
  } finally {
    await database.close();
    await client.end();
    await stopChild(server);
  }
}
