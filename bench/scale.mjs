// Issue 25: what a request that shows a folder costs as the folder grows. For each size
// (items below one folder, a tenth of them folders), a folder "items-<size>" inside a
// folder "scale-<size>" of its own, written by set-based inserts straight into
// PostgreSQL; then, requests sent one at a time and interleaved across the sizes, the
// folder GET, the favourite PATCH and the list page showing it (`?parent=` its container):
// p50 and the server's and PostgreSQL's CPU per request, each against the empty
// folder's. Then uploads into a folder 20 levels deep against its top, and the plans of
// the statements of the three requests and of every other operation around the largest
// folder (its files, shares, bin entries, subfolders; the bank account beside them).
import { randomUUID } from "node:crypto";
import { mkdtemp } from "node:fs/promises";
import { join } from "node:path";
import pg from "pg";
import { databaseCpu } from "./pg-cpu.mjs";
import { cpuTime, log, median, ratio, startChild, stopChild } from "./processes.mjs";
import { multipart } from "./scenarios.mjs";
import { explain, statementRelay } from "./statements.mjs";

const REQUESTS = Number(process.env.BENCH_SCALE_REQUESTS ?? 100);
const ROUNDS = Number(process.env.BENCH_SCALE_ROUNDS ?? 3);
const UPLOADS = Number(process.env.BENCH_SCALE_UPLOADS ?? 30);
const DEPTH = 20;

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

/** Sends one request; throws unless it succeeds. Returns the status and the JSON body (null if none). */
async function send(url, { method, path, headers, body }) {
  const res = await fetch(url + path, { method, headers, body });
  const text = await res.text();
  if (!res.ok) throw new Error(`${method} ${path} answered ${res.status}: ${text.slice(0, 200)}`);
  return { status: res.status, body: res.headers.get("content-type")?.includes("json") ? JSON.parse(text) : null };
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

/** Subfolders of the largest folder the EXPLAIN section uses, each for one role (nine files each). */
const ROLES = [
  "read",
  "duplicate",
  "duplicate2",
  "binRead",
  "bin",
  "bin2",
  "bin3",
  "restore",
  "restore2",
  "restore3",
  "purge",
  "purge2",
  "purge3",
  "move",
  "move2",
  "move3",
];

/**
 * The fixtures around the largest folder `folderId` (in `containerId`) that the other
 * operations need, made through `url`'s server: subfolders by role and their files, a
 * share of the folder to read and update and three to delete, bin entries of subfolders (to read, restore,
 * purge), the container and a subfolder starred (the favourites list shows them).
 */
async function explainFixtures(url, client, user, { folderId, containerId }) {
  const headers = { "api-key": user.api_key };
  const json = { ...headers, "content-type": "application/json" };
  const post = async (path, body, method = "POST") =>
    (await send(url, { method, path, headers: json, body: JSON.stringify(body) })).body;
  const { rows } = await client.query("select id from folders where parent_id = $1 limit $2", [folderId, ROLES.length]);
  const sub = Object.fromEntries(ROLES.map((role, i) => [role, rows[i].id]));
  const files = (await client.query("select id from files where folder_id = $1 order by id", [sub.read])).rows.map(
    (r) => r.id,
  );
  const share = async () => (await post("/evault/v1/file_shares/", { folder: folderId, access: "private" })).id;
  const bin = async (role) =>
    (await send(url, { method: "DELETE", path: `/evault/v1/folders/${sub[role]}/`, headers })).body.id;
  const fixtures = {
    folderId,
    containerId,
    sub,
    files,
    share: await share(),
    shares: [await share(), await share(), await share()],
  };
  fixtures.bins = {};
  for (const role of ["binRead", "restore", "restore2", "restore3", "purge", "purge2", "purge3"]) {
    fixtures.bins[role] = await bin(role);
  }
  for (const id of [containerId, sub.read])
    await post(`/evault/v1/favourite/folders/${id}/`, { is_starred: true }, "PATCH");
  return fixtures;
}

/**
 * Every other operation of the contract that reads or writes around the largest folder,
 * each as `request(k)`: k = 0 warms up, k = 1 is recorded. A write that cannot run twice
 * on the same row (a bin, a restore, a purge, a move, a delete) is recorded on one row and
 * explained on an untouched twin (`twins`: [recorded id, id to explain on] pairs),
 * so its plan runs on the state the request saw. `creates`: the answer's `id` is a new
 * row, replaced by a fresh id in the explained statements. `walks`: the subtree walk the
 * operation is about (allowed, and labelled).
 */
function explainOperations(user, f) {
  const headers = { "api-key": user.api_key };
  const json = (method, path, body) => ({
    method,
    path,
    headers: { ...headers, "content-type": "application/json" },
    body: JSON.stringify(body),
  });
  const get = (path) => () => ({ method: "GET", path, headers });
  const upload = (folder) => {
    const form = multipart({ folder }, { name: "explain.txt", type: "text/plain" });
    return {
      method: "POST",
      path: "/evault/v1/files/",
      headers: { ...headers, "content-type": form.contentType },
      body: `${form.head}explain ${randomUUID()}${form.tail}`,
    };
  };
  // The row of the warm-up (k = 0) or of the recorded request (k = 1).
  const roles = (warm, recorded) => (k) => (k ? recorded : warm);
  const file = f.files[0];
  return {
    getFile: { request: get(`/evault/v1/files/${file}/`) },
    downloadFile: { request: get(`/evault/v1/files/${file}/content/`) },
    headFileContent: { request: () => ({ method: "HEAD", path: `/evault/v1/files/${file}/content/`, headers }) },
    listFilesOfSubfolder: { request: get(`/evault/v1/files/?folder=${f.sub.read}`) },
    listFilesOfFolder: { request: get(`/evault/v1/files/?folder=${f.folderId}`) },
    listFoldersOfFolder: { request: get(`/evault/v1/folders/?parent=${f.folderId}`) },
    listFavouriteFolders: { request: get("/evault/v1/favourite/folders/") },
    createFileShare: { request: () => json("POST", "/evault/v1/file_shares/", { folder: f.folderId }), creates: true },
    getFileShare: { request: get(`/evault/v1/file_shares/${f.share}/`) },
    updateFileShare: {
      request: (k) => json("PATCH", `/evault/v1/file_shares/${f.share}/`, { access: k ? "public" : "private" }),
    },
    listFileShares: { request: get("/evault/v1/file_shares/") },
    deleteFileShare: {
      request: (k) => ({ method: "DELETE", path: `/evault/v1/file_shares/${f.shares[k]}/`, headers }),
      twins: [[f.shares[1], f.shares[2]]],
    },
    getBin: { request: get(`/evault/v1/bins/${f.bins.binRead}/`) },
    listBins: { request: get("/evault/v1/bins/") },
    getNgnBankAccount: { request: get(`/banking/v1/ng/bank_accounts/${user.bank_account_id}/`) },
    updateNgnBankAccount: {
      request: () =>
        json("PUT", `/banking/v1/ng/bank_accounts/${user.bank_account_id}/`, {
          account_number: "explain-0001",
          account_name: "Explained account",
          classification: "PERSONAL",
          status: "ACTIVE",
          business_name: "Explain Ltd",
          reference: "REF-EXPLAIN",
        }),
    },
    createFolder: {
      request: () => json("POST", "/evault/v1/folders/", { name: `explain ${randomUUID()}`, folder: f.folderId }),
      creates: true,
    },
    createFile: { request: () => upload(f.folderId), creates: true },
    updateFile: {
      request: () => {
        const form = multipart({}, { name: "explain.txt", type: "text/plain" });
        return {
          method: "PUT",
          path: `/evault/v1/files/${f.files[1]}/`,
          headers: { ...headers, "content-type": form.contentType },
          body: `${form.head}explained bytes${form.tail}`,
        };
      },
    },
    deleteFile: {
      request: (k) => ({ method: "DELETE", path: `/evault/v1/files/${f.files[2 + k]}/`, headers }),
      twins: [[f.files[3], f.files[4]]],
      creates: true,
    },
    moveFolder: {
      request: (k) =>
        json("PATCH", `/evault/v1/favourite/folders/${f.sub[roles("move", "move2")(k)]}/`, { folder: f.containerId }),
      twins: [[f.sub.move2, f.sub.move3]],
    },
    duplicateFolder: {
      request: (k) =>
        json("POST", `/evault/v1/folders/${f.sub[roles("duplicate", "duplicate2")(k)]}/duplicate_folder/`, {
          name: `copy ${randomUUID()}`,
        }),
      creates: true,
      walks: "the copied subfolder (10 items)",
    },
    binFolder: {
      request: (k) => ({ method: "DELETE", path: `/evault/v1/folders/${f.sub[roles("bin", "bin2")(k)]}/`, headers }),
      twins: [[f.sub.bin2, f.sub.bin3]],
      creates: true,
      walks: "the binned subfolder (10 items)",
    },
    restoreBin: {
      request: (k) => json("POST", `/evault/v1/bins/${f.bins[roles("restore", "restore2")(k)]}/restore/`, { tags: [] }),
      twins: [
        [f.bins.restore2, f.bins.restore3],
        [f.sub.restore2, f.sub.restore3],
      ],
      walks: "the restored subfolder (10 items)",
    },
    deleteBin: {
      request: (k) => ({ method: "DELETE", path: `/evault/v1/bins/${f.bins[roles("purge", "purge2")(k)]}/`, headers }),
      twins: [
        [f.bins.purge2, f.bins.purge3],
        [f.sub.purge2, f.sub.purge3],
      ],
      walks: "the purged subfolder (10 items)",
    },
  };
}

/**
 * The plans of the statements each request sends around the largest folder: a server of
 * its own (on the measuring server's data directory: the folder's files name its demo
 * blob), on the same database behind a relay that records what it sends, takes each
 * request once to warm up and once recorded (as the measured user: its key is valid on
 * any server of this database): the three measured requests, then every other operation
 * around the folder (explainOperations).
 */
async function explainLargest(databaseUrl, dataDir, client, user, folder) {
  const relay = await statementRelay(databaseUrl);
  const server = await startChild("serve.mjs", { DATABASE_URL: relay.url, DATA_DIR: dataDir }, "explain");
  try {
    const plans = {};
    const walks = {};
    const requestMs = {};
    for (const [op, request] of Object.entries(requests(user, folder))) {
      await send(server.url, request(1));
      relay.take();
      await send(server.url, request(1));
      plans[op] = await explain(client, relay.take());
    }
    const fixtures = await explainFixtures(server.url, client, user, folder);
    for (const [op, { request, twins, creates, walks: walk }] of Object.entries(explainOperations(user, fixtures))) {
      await send(server.url, request(0));
      relay.take();
      const t = performance.now();
      const answer = await send(server.url, request(1));
      requestMs[op] = +(performance.now() - t).toFixed(1);
      const substitutes = new Map(twins);
      if (creates && typeof answer.body?.id === "string") substitutes.set(answer.body.id, randomUUID());
      const explained = await explain(client, relay.take(), substitutes);
      // The walk the operation is about passes; a sequential scan still does not.
      plans[op] = explained.map((p) => (walk && !p.error ? { ...p, passes: p.seqScanOk } : p));
      if (walk) walks[op] = walk;
    }
    return { items: folder.items, plans, walks, requestMs };
  } finally {
    await stopChild(server);
    await relay.close();
  }
}

/** The scale figures of issue 25 on the PostgreSQL of `databaseUrl`, for each of `sizes` (items). */
export async function scaleFigures(databaseUrl, scratch, sizes) {
  // Shared with the EXPLAIN server: the scale folders' files name this server's demo blob.
  const dataDir = await mkdtemp(join(scratch, "scale-"));
  const server = await startChild("serve.mjs", { DATABASE_URL: databaseUrl, DATA_DIR: dataDir }, "scale");
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
    const explained = await explainLargest(databaseUrl, dataDir, client, user, folders.at(-1));
    return { buildMs: build, recountMs, requests: requestsFigures, depth, explained };
  } finally {
    await database.close();
    await client.end();
    await stopChild(server);
  }
}
