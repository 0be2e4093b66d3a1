// Issue 43 §1, search: the caller's vault of `items` files and folders among `others`
// items of 90 other users, named from a vocabulary of 300 words (each word in about 0.7 %
// of the names); then query shapes sent one at a time, interleaved, with a file GET as
// the same run's baseline: p50 and p99 of each, and (PostgreSQL) the plan of each shape's
// statements, which must read the search index. Then what a write costs with the index
// kept current: a create and a rename against the same on a database without it.
import { mkdtemp } from "node:fs/promises";
import { join } from "node:path";
import { performance } from "node:perf_hooks";
import { sql } from "drizzle-orm";
import pg from "pg";
import { createBenchDatabase } from "./database.mjs";
import { databaseCpu } from "./pg-cpu.mjs";
import { load, log, median, ratio, startChild, stopChild } from "./processes.mjs";
import { statementRelay } from "./statements.mjs";

const WORDS = `account agenda album annual archive audit backup badge bakery balance bank beach benefit bill birthday
  blueprint board brief budget bundle calendar camera campus canvas capital card career catalog certificate chart
  checklist claim class client clinic closing code college contract copy course cover credit customer daily dashboard
  data deadline deed delivery dental deposit design diagram diary diploma draft driver edition election email energy
  engine essay estimate event exam expense export family farm feedback festival figures final finance flight floor
  forecast form fuel fund garden gift grant guide harvest health history holiday hotel house income index insurance
  interview inventory invoice itinerary journal kitchen label landlord lease lecture ledger legal letter licence
  list loan logo lunch manual map march market medical meeting memo menu minutes mortgage movie museum music network
  newsletter notes notice offer office order outline painting passport payment payroll pension permit personal
  photo picture pitch plan policy portfolio poster practice premium presentation price print profile project
  proposal purchase quarterly quote receipt recipe record referral refund register rent report request research
  resume retreat review roadmap salary sales sample scan schedule school script season sketch slides software
  spreadsheet statement strategy study summary supplier survey syllabus tax team template tenancy thesis ticket
  timeline training transcript travel trip tuition utility vacation vendor video visa volunteer voucher wallet
  warranty wedding welcome workshop yearbook zoning alpha beta gamma delta north south east west spring summer
  autumn winter january february april may june july august september october november december monday friday
  weekend morning evening green blue red yellow orange purple silver golden river mountain island valley forest
  ocean desert city village harbour bridge castle tower garage studio library theatre stadium airport station
  hospital pharmacy bakery butcher grocer tailor`
  .split(/\s+/)
  .filter(Boolean);

const EXTENSIONS = ["pdf", "docx", "jpg", "png", "txt", "xlsx"];
/** Items written per statement: the server's statement timeout bounds each. */
const CHUNK = 25_000;
const OTHER_USERS = 90;

/** A name from the vocabulary for item `n`: two words (a hash picks each) and a number, and for a file an extension. */
const nameOf = (n, file) =>
  sql`(${sql.param(WORDS)}::text[])[1 + abs(hashint4(${n}) % ${WORDS.length})] || ' ' ||
    (${sql.param(WORDS)}::text[])[1 + abs(hashint4(${n} + 7919) % ${WORDS.length})] || ' ' || (${n} % 1000)::text${
      file ? sql` || '.' || (${sql.param(EXTENSIONS)}::text[])[1 + ${n} % ${EXTENSIONS.length}]` : sql``
    }`;

/**
 * Writes `items` items for `userId`: a tenth folders at the root, the rest files spread
 * over them, each naming one of the demo blobs (a PNG, two text files); a third of them
 * with a description. In the server's own process (an in-memory database cannot be
 * written from outside), CHUNK at a time.
 */
async function writeItems(db, userId, items) {
  const folders = Math.max(1, Math.round(items / 10));
  for (let done = 0; done < folders; done += CHUNK) {
    await db.execute(sql`insert into folders (id, user_id, name, description)
      select gen_random_uuid()::text, ${userId}, ${nameOf(sql`n`, false)}, case when n % 3 = 0 then 'kept for the ' ||
        (${sql.param(WORDS)}::text[])[1 + abs(hashint4(n + 31) % ${WORDS.length})] else '' end
      from generate_series(${done + 1}::int, ${Math.min(folders, done + CHUNK)}::int) n`);
  }
  const parents = (
    await db.execute(sql`select id from folders where user_id = ${userId} and parent_id is null`)
  ).rows.map((row) => row.id);
  for (let done = folders; done < items; done += CHUNK) {
    await db.execute(sql`insert into files (id, user_id, folder_id, name, description, hash, extension)
      select gen_random_uuid()::text, ${userId}, (${sql.param(parents)}::text[])[1 + n % ${parents.length}],
        ${nameOf(sql`n`, true)}, case when n % 3 = 0 then 'sent by the ' ||
          (${sql.param(WORDS)}::text[])[1 + abs(hashint4(n + 31) % ${WORDS.length})] end,
        (select array_agg(hash order by hash) from blobs)[1 + n % 3], (${sql.param(EXTENSIONS)}::text[])[1 + n % ${EXTENSIONS.length}]
      from generate_series(${done + 1}::int, ${Math.min(items, done + CHUNK)}::int) n`);
  }
}

/** serve.mjs's part: the first user's `items` and `others` more for 90 new users, then fresh statistics. */
export async function seedSearch(database, users, items, others) {
  const { db } = database;
  await writeItems(db, users[0].id, items);
  if (others > 0) {
    const made = await db.execute(sql`insert into users (username, email, first_name, last_name)
      select 'searcher-' || n || '-' || ${process.pid}, 'searcher-' || n || '-' || ${process.pid} || '@example.com', 'S', 'U'
      from generate_series(1, ${OTHER_USERS}::int) n returning id`);
    for (const { id } of made.rows) await writeItems(db, id, Math.round(others / OTHER_USERS));
  }
  await db.execute(sql`vacuum analyze files`);
  await db.execute(sql`vacuum analyze folders`);
}

/** The query shapes, each the query string of a search of the first user. */
const shapes = (folderId) => ({
  word: "q=invoice",
  prefix: "q=invo",
  twoWords: "q=tax%20invoice",
  typo: "q=invoise",
  accentsAndCase: "q=R%C3%89SUM%C3%89",
  filesOfAType: "q=photo&kind=file&content_type=image/*",
  inAFolder: `q=notes&folder=${folderId}`,
  broad: "q=a",
});

/** One GET's time (ms), failing on anything but a 200. */
async function timedGet(server, path) {
  const started = performance.now();
  const res = await fetch(`${server.url}${path}`, { headers: { "api-key": server.users[0].api_key } });
  await res.arrayBuffer();
  if (res.status !== 200) throw new Error(`GET ${path} answered ${res.status}`);
  return performance.now() - started;
}

const percentile = (values, p) =>
  [...values].sort((a, b) => a - b)[Math.min(values.length - 1, Math.floor(values.length * p))];

async function latencies(server, requests, folderId) {
  const paths = {
    baseline: `/evault/v1/files/${server.users[0].file_id}/`,
    ...Object.fromEntries(
      Object.entries(shapes(folderId)).map(([name, query]) => [name, `/evault/v1/search/?${query}`]),
    ),
  };
  const times = Object.fromEntries(Object.keys(paths).map((name) => [name, []]));
  for (const path of Object.values(paths)) await timedGet(server, path);
  for (let i = 0; i < requests; i++) {
    for (const [name, path] of Object.entries(paths)) times[name].push(await timedGet(server, path));
  }
  const round = (ms) => +ms.toFixed(2);
  const figures = Object.fromEntries(
    Object.entries(times).map(([name, ms]) => [
      name,
      {
        p50: round(median(ms)),
        p99: round(percentile(ms, 0.99)),
        toBaseline: ratio(median(ms), median(times.baseline)),
      },
    ]),
  );
  const targeted = Object.entries(times).filter(([name]) => name !== "baseline" && name !== "broad");
  const all = targeted.flatMap(([, ms]) => ms);
  return { ...figures, allButBroad: { p50: round(median(all)), p99: round(percentile(all, 0.99)) } };
}

/**
 * Each shape's band statements on PostgreSQL, as the server sends them, explained
 * (ANALYZE) as the server runs them (`enable_indexscan` off in their transaction): their
 * time, and whether each reads a search index.
 */
async function plans(server, relay, databaseUrl, folderId) {
  const client = new pg.Client(databaseUrl);
  await client.connect();
  try {
    const out = {};
    for (const [name, query] of Object.entries(shapes(folderId))) {
      relay.take();
      await timedGet(server, `/evault/v1/search/?${query}`);
      const bands = relay.take().filter((s) => /search_text/.test(s.text) && /<%|like/.test(s.text));
      const explained = [];
      for (const band of bands) {
        await client.query("begin; set local enable_indexscan = off");
        try {
          const { rows } = await client.query({ text: `explain (analyze) ${band.text}`, values: band.values });
          explained.push(rows.map((row) => row["QUERY PLAN"]).join("\n"));
        } finally {
          await client.query("rollback");
        }
      }
      out[name] = {
        ms: explained.map((plan) => Number(/Execution Time: ([\d.]+)/.exec(plan)?.[1])),
        usesSearchIndex: explained.length > 0 && explained.every((plan) => /(files|folders)_search_idx/.test(plan)),
        seqScans: explained.flatMap((plan) => plan.match(/Seq Scan on \w+/g) ?? []),
      };
    }
    return out;
  } finally {
    await client.end();
  }
}

/** A create and a rename on `server` for `duration` s: server and PostgreSQL CPU per request (µs). */
async function writeCost(server, databaseUrl, duration) {
  const user = server.users[0];
  const json = (method, path, body) => ({
    method,
    path,
    headers: { "api-key": user.api_key, "content-type": "application/json" },
    body: JSON.stringify(body),
  });
  const folderIds = server.pools?.[0]?.folder_ids ?? [user.folder_id];
  const writes = {
    create: () => json("POST", "/evault/v1/folders/", { name: "Quarterly invoice folder", description: "one of many" }),
    rename: (i) =>
      json("PATCH", `/evault/v1/favourite/folders/${folderIds[i % folderIds.length]}/`, {
        name: `Renamed budget ${i}`,
      }),
  };
  const out = {};
  const database = await databaseCpu(databaseUrl);
  try {
    for (const [name, scenario] of Object.entries(writes)) {
      const result = await load(server, scenario, duration, { database, connections: 10 });
      if (result.errors > 0) throw new Error(`${name} had ${result.errors} errors`);
      out[name] = result.cpuPerRequest + result.pgCpuPerRequest;
    }
    return out;
  } finally {
    await database.close();
  }
}

/**
 * The search figures on each backend (PostgreSQL also with others' items, the plans and
 * the write cost). Latencies are measured on a server straight to its database; the
 * plans on a second server of the same database behind the statement relay (the
 * relay's decoding would count in the latencies).
 */
export async function searchFigures(backends, scratch, { items, others, requests, writeRounds, duration }) {
  const figures = [];
  for (const backend of backends) {
    const database = backend === "postgres" ? await createBenchDatabase() : undefined;
    const theirs = database ? others : 0;
    const server = await startChild(
      "serve.mjs",
      {
        ...(database && { DATABASE_URL: database.url }),
        DATA_DIR: await mkdtemp(join(scratch, `search-${backend}-`)),
        SEED_SEARCH_ITEMS: String(items),
        SEED_SEARCH_OTHERS: String(theirs),
      },
      `search-${backend}`,
    );
    try {
      const folderId = await firstFolder(server);
      log(`search ${backend}: ${items} items of the caller, ${theirs} of others`);
      const figure = { backend, items, others: theirs, requests };
      figure.latency = await latencies(server, requests, folderId);
      log(`search ${backend}`, figure.latency.allButBroad);
      if (database) {
        figure.plans = await plansOnAnotherServer(server, database, scratch, folderId);
        figure.writeCost = await writeCostAgainstNoIndex(server, database, scratch, writeRounds, duration);
      }
      figures.push(figure);
    } finally {
      await stopChild(server);
      await database?.drop();
    }
  }
  return figures;
}

/** `plans` on a second server of `server`'s database, behind a statement relay, searching as `server`'s first user. */
async function plansOnAnotherServer(server, database, scratch, folderId) {
  const relay = await statementRelay(database.url);
  const other = await startChild(
    "serve.mjs",
    { DATABASE_URL: relay.url, DATA_DIR: await mkdtemp(join(scratch, "search-plans-")) },
    "search-plans",
  );
  try {
    return await plans({ ...other, users: server.users }, relay, database.url, folderId);
  } finally {
    await stopChild(other);
    await relay.close();
  }
}

/** The caller's first folder by name: a folder the `inAFolder` shape searches in. */
async function firstFolder(server) {
  const res = await fetch(`${server.url}/evault/v1/folders/?page_size=1`, {
    headers: { "api-key": server.users[0].api_key },
  });
  return (await res.json()).results[0].id;
}

/**
 * The write cost with the search index against a second server on a database without
 * it (search's column and indexes dropped after the migrations), interleaved by round.
 */
async function writeCostAgainstNoIndex(server, database, scratch, rounds, duration) {
  const bare = await createBenchDatabase();
  const other = await startChild(
    "serve.mjs",
    { DATABASE_URL: bare.url, DATA_DIR: await mkdtemp(join(scratch, "search-noindex-")) },
    "search-noindex",
  );
  const client = new pg.Client(bare.url);
  await client.connect();
  try {
    await client.query("alter table files drop column search_text; alter table folders drop column search_text");
    const runs = [];
    for (let r = 0; r < rounds; r++) {
      const withIndex = await writeCost(server, database.url, duration);
      const without = await writeCost(other, bare.url, duration);
      runs.push(
        Object.fromEntries(Object.keys(withIndex).map((name) => [name, ratio(withIndex[name], without[name])])),
      );
      log(`search write cost round ${r + 1} (with index ÷ without)`, runs.at(-1));
    }
    return Object.fromEntries(Object.keys(runs[0]).map((name) => [name, median(runs.map((run) => run[name]))]));
  } finally {
    await client.end();
    await stopChild(other);
    await bare.drop();
  }
}
