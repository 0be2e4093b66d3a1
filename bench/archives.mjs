// Issue 43 §2, a folder as one ZIP: a folder of `files` random files (`mib` MiB in all)
// downloaded as one archive against the same files downloaded one by one, on the same
// server and store, in interleaved rounds (the order alternates). Each download is read
// to its end and its bytes counted; the server's RSS is sampled throughout (transfers.mjs).
import { randomBytes } from "node:crypto";
import { mkdtemp } from "node:fs/promises";
import { get } from "node:http";
import { join } from "node:path";
import { onEveryStore } from "./bucket.mjs";
import { log, median, ratio, startChild, stopChild } from "./processes.mjs";
import { timed } from "./transfers.mjs";

const MiB = 2 ** 20;
const UPLOADS_AT_ONCE = 4;

/** GETs `path` with the first user's key and reads the answer to its end; resolves with the bytes read. */
function drained(server, path) {
  return new Promise((resolveBytes, rejectBytes) => {
    const reject = (err) => rejectBytes(new Error(`GET ${path}: ${err.message}`, { cause: err }));
    get(`${server.url}${path}`, { headers: { "api-key": server.users[0].api_key } }, (res) => {
      if (res.statusCode !== 200) reject(new Error(`answered ${res.statusCode}`));
      let bytes = 0;
      res.on("data", (chunk) => {
        bytes += chunk.length;
      });
      res.once("end", () => resolveBytes(bytes)).on("error", reject);
    }).on("error", reject);
  });
}

/** A new folder of the first user holding `files` files of random bytes, `size` bytes each; resolves with their ids. */
async function fillFolder(server, files, size) {
  const user = server.users[0];
  const headers = { "api-key": user.api_key };
  const made = await fetch(`${server.url}/evault/v1/folders/`, {
    method: "POST",
    headers: { ...headers, "content-type": "application/json" },
    body: JSON.stringify({ name: "Archive bench" }),
  });
  const folder = (await made.json()).id;
  const ids = [];
  for (let next = 0; next < files; next += UPLOADS_AT_ONCE) {
    const batch = Array.from({ length: Math.min(UPLOADS_AT_ONCE, files - next) }, async (_, i) => {
      const form = new FormData();
      form.append("folder", folder);
      form.append("file", new Blob([randomBytes(size)]), `part-${String(next + i).padStart(5, "0")}.bin`);
      const res = await fetch(`${server.url}/evault/v1/files/`, { method: "POST", headers, body: form });
      if (res.status !== 201) throw new Error(`an upload answered ${res.status}`);
      return (await res.json()).id;
    });
    ids.push(...(await Promise.all(batch)));
  }
  return { folder, ids };
}

const VARIANTS = {
  archive: (server, { folder }) => drained(server, `/evault/v1/folders/${folder}/archive/`),
  oneByOne: async (server, { ids }) => {
    let bytes = 0;
    for (const id of ids) bytes += await drained(server, `/evault/v1/files/${id}/content/`);
    return bytes;
  },
};

/** One server of `backend` on `store` (env `storeEnv`): both variants per round, the order alternating. */
async function storeFigures(backend, store, storeEnv, databaseUrl, scratch, { files, mib, rounds }) {
  const server = await startChild(
    "serve.mjs",
    {
      ...(backend === "postgres" && { DATABASE_URL: databaseUrl }),
      DATA_DIR: await mkdtemp(join(scratch, `archive-${backend}-${store}-`)),
      ...storeEnv,
    },
    `archive-${backend}-${store}`,
  );
  try {
    const folder = await fillFolder(server, files, Math.round((mib * MiB) / files));
    const names = Object.keys(VARIANTS);
    // Untimed: each variant once (connections, code paths, the file cache), as a user's second download.
    for (const name of names) await VARIANTS[name](server, folder);
    const runs = [];
    for (let r = 0; r < rounds; r++) {
      const round = {};
      for (const name of r % 2 ? [...names].reverse() : names) {
        round[name] = await timed(server, () => VARIANTS[name](server, folder));
      }
      runs.push(round);
      log(
        `archive ${backend} ${store} round ${r + 1}`,
        Object.fromEntries(
          names.map((n) => [n, `${Math.round(round[n].ms)} ms, +${Math.round(round[n].growth / MiB)} MiB`]),
        ),
      );
    }
    // `timed` answers with what the transfer resolved: here the bytes read.
    const of = (name) => ({
      ms: Math.round(median(runs.map((run) => run[name].ms))),
      mibPerSecond: Math.round(runs[0][name].status / MiB / (median(runs.map((run) => run[name].ms)) / 1000)),
      cpuMs: Math.round(median(runs.map((run) => run[name].cpuMs))),
      rssGrowthMiB: Math.round(Math.max(...runs.map((run) => run[name].growth)) / MiB),
    });
    // The archive's throughput ÷ one by one's: bytes per ms of each, per round (the archive adds its headers).
    const toOneByOne = runs.map((run) =>
      ratio(run.archive.status / run.archive.ms, run.oneByOne.status / run.oneByOne.ms),
    );
    return {
      backend,
      store,
      files,
      mib,
      rounds,
      archive: of("archive"),
      oneByOne: of("oneByOne"),
      archiveToOneByOne: median(toOneByOne),
      perRound: toOneByOne,
    };
  } finally {
    await stopChild(server);
  }
}

/** The archive figures on each backend, on the disk store and (when TEST_S3_ENDPOINT names one) the S3 store. */
export function archiveFigures(backends, databaseUrl, scratch, settings) {
  return onEveryStore(backends, "archives", (backend, store, storeEnv) =>
    storeFigures(backend, store, storeEnv, databaseUrl, scratch, settings),
  );
}
