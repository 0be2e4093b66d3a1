// Issue 27 §4, resumable uploads: a large upload with tus (8 MiB PATCHes) against the
// same bytes in one multipart PUT, on the same server and store, in interleaved rounds
// (the order rotates). Each upload replaces the first user's file with fresh random
// bytes; each is checked afterwards (the file's hash is the bytes'). Two tus clients:
// tus-js-client (what a user's uploader runs) and raw PATCHes from node:http (the
// protocol with no client of its own, to show what the client adds).
import { createHash } from "node:crypto";
import { createReadStream } from "node:fs";
import { mkdtemp, rm, stat } from "node:fs/promises";
import { join } from "node:path";
import { pipeline } from "node:stream/promises";
import { Upload } from "tus-js-client";
import { onEveryStore } from "./bucket.mjs";
import { log, median, ratio, startChild, stopChild } from "./processes.mjs";
import { randomFile, streamed, timed, timedUpload } from "./transfers.mjs";

const MiB = 2 ** 20;
const TUS = { "tus-resumable": "1.0.0" };

/** `Upload-Metadata` replacing the first user's file, as `PUT files/{id}/` does. */
const replacing = (user) => ({ filename: "upload.bin", file: user.file_id });
const metadataHeader = (fields) =>
  Object.entries(fields)
    .map(([key, value]) => `${key} ${Buffer.from(value).toString("base64")}`)
    .join(",");

/** tus-js-client uploads `source` in `chunk`-byte PATCHes (the file read slice by slice); resolves with the last status. */
function tusClient(server, source, chunk) {
  const user = server.users[0];
  return new Promise((resolveStatus, reject) => {
    const upload = new Upload(createReadStream(source), {
      endpoint: `${server.url}/evault/v1/uploads/`,
      headers: { "api-key": user.api_key },
      metadata: replacing(user),
      chunkSize: chunk,
      retryDelays: [],
      storeFingerprintForResuming: false,
      onError: reject,
      onSuccess: ({ lastResponse }) => resolveStatus(lastResponse.getStatus()),
    });
    upload.start();
  });
}

/**
 * The same protocol from node:http: the creation, then PATCHes of `chunk` bytes streamed
 * from the file. `patches` gets each PATCH's ms: the last one includes the file's making.
 */
async function rawPatches(server, source, chunk, patches = []) {
  const user = server.users[0];
  const { size } = await stat(source);
  const headers = { ...TUS, "api-key": user.api_key };
  const created = await fetch(`${server.url}/evault/v1/uploads/`, {
    method: "POST",
    headers: { ...headers, "upload-length": String(size), "upload-metadata": metadataHeader(replacing(user)) },
  });
  if (created.status !== 201) throw new Error(`the tus creation answered ${created.status}`);
  const location = created.headers.get("location");
  let status = created.status;
  for (let offset = 0; offset < size; offset += chunk) {
    const length = Math.min(chunk, size - offset);
    const patch = {
      method: "PATCH",
      headers: { ...headers, "content-type": "application/offset+octet-stream", "upload-offset": String(offset) },
      size: length,
    };
    const t = performance.now();
    const res = await streamed(location, patch, createReadStream(source, { start: offset, end: offset + length - 1 }));
    patches.push(performance.now() - t);
    status = res.statusCode;
    if (status !== 204) throw new Error(`the PATCH at ${offset} answered ${status}`);
  }
  return status;
}

const sha256Of = async (path) => {
  const hash = createHash("sha256");
  await pipeline(createReadStream(path), hash);
  return hash.digest("hex");
};

/** Throws unless the first user's file now holds the bytes of `source`. */
async function checkContent(server, source) {
  const user = server.users[0];
  const res = await fetch(`${server.url}/evault/v1/files/${user.file_id}/`, { headers: { "api-key": user.api_key } });
  const { hash } = await res.json();
  const expected = await sha256Of(source);
  if (hash !== expected) throw new Error(`the file's hash is ${hash}, not its bytes' ${expected}`);
}

const VARIANTS = {
  single: (server, source) => timedUpload(server, source),
  tusJsClient: (server, source, chunk) => timed(server, () => tusClient(server, source, chunk)),
  rawPatches: async (server, source, chunk) => {
    const patches = [];
    const run = await timed(server, () => rawPatches(server, source, chunk, patches));
    return { ...run, patchMs: median(patches.slice(0, -1)), lastPatchMs: patches.at(-1) };
  },
};

/** One server of `backend` on `store` (env `storeEnv`): every variant per round, the order rotating. */
async function storeFigures(backend, store, storeEnv, databaseUrl, scratch, { mib, chunk, rounds }) {
  const server = await startChild(
    "serve.mjs",
    {
      ...(backend === "postgres" && { DATABASE_URL: databaseUrl }),
      DATA_DIR: await mkdtemp(join(scratch, `tus-${backend}-${store}-`)),
      // The content each upload replaces is freed (no version keeps 512 MiB per upload), alike for every variant.
      FILE_VERSIONS_KEEP: "1",
      ...storeEnv,
    },
    `tus-${backend}-${store}`,
  );
  const source = join(scratch, "tus-source.bin");
  const names = Object.keys(VARIANTS);
  try {
    // Untimed: each variant's first upload (connections, code paths), of one PATCH's size.
    for (const name of names) {
      await randomFile(source, Math.min(mib, chunk / MiB));
      await VARIANTS[name](server, source, chunk);
    }
    const runs = [];
    for (let r = 0; r < rounds; r++) {
      const round = {};
      for (const name of [...names.slice(r % names.length), ...names.slice(0, r % names.length)]) {
        await randomFile(source, mib);
        round[name] = await VARIANTS[name](server, source, chunk);
        if (round[name].status >= 300) throw new Error(`${name} answered ${round[name].status}`);
        await checkContent(server, source);
      }
      runs.push(round);
      log(
        `tus ${backend} ${store} round ${r + 1}`,
        Object.fromEntries(
          names.map((n) => [
            n,
            `${Math.round(round[n].ms)} ms, ${Math.round(round[n].cpuMs)} cpu, +${Math.round(round[n].growth / MiB)} MiB`,
          ]),
        ),
      );
    }
    const of = (name) => ({
      ms: Math.round(median(runs.map((run) => run[name].ms))),
      mibPerSecond: Math.round(mib / (median(runs.map((run) => run[name].ms)) / 1000)),
      cpuMs: Math.round(median(runs.map((run) => run[name].cpuMs))),
      rssGrowthMiB: Math.round(Math.max(...runs.map((run) => run[name].growth)) / MiB),
      rssPeakMiB: Math.round(Math.max(...runs.map((run) => run[name].peak)) / MiB),
      // Raw PATCHes: a PATCH's ms (the median of all but the last) and the last one's, which makes the file.
      ...(name === "rawPatches" && {
        patchMs: Math.round(median(runs.map((run) => run[name].patchMs))),
        lastPatchMs: Math.round(median(runs.map((run) => run[name].lastPatchMs))),
      }),
    });
    // Throughput ÷ the single request's: the single request's time ÷ this one's, per round.
    const toSingle = (name) => runs.map((run) => ratio(run.single.ms, run[name].ms));
    return {
      backend,
      store,
      mib,
      patchMiB: chunk / MiB,
      rounds,
      ...Object.fromEntries(names.map((name) => [name, of(name)])),
      tusJsClientToSingle: median(toSingle("tusJsClient")),
      rawPatchesToSingle: median(toSingle("rawPatches")),
      perRound: { tusJsClientToSingle: toSingle("tusJsClient"), rawPatchesToSingle: toSingle("rawPatches") },
    };
  } finally {
    await rm(source, { force: true });
    await stopChild(server);
  }
}

/** The tus figures on each backend, on the disk store and (when TEST_S3_ENDPOINT names one) the S3 store. */
export function tusFigures(backends, databaseUrl, scratch, settings) {
  return onEveryStore(backends, "tus", (backend, store, storeEnv) =>
    storeFigures(backend, store, storeEnv, databaseUrl, scratch, settings),
  );
}
