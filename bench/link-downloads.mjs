// A download through a public link against the owner's own (issue 45: link ÷ owner ≥ 0.9):
// sequential downloads of the first user's file, alternating owner and link on one
// server, median latency of each. Alone: `node bench/link-downloads.mjs` on PGlite, with
// BENCH_DATABASE=postgres on a scratch PostgreSQL database, with BENCH_STORE=s3 on a scratch
// bucket of the S3 server TEST_S3_ENDPOINT names (bucket.mjs); BENCH_LINK_MIB=1 replaces the
// demo file with 1 MiB of random bytes first; BENCH_ROUNDS (200).
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { createBenchBucket } from "./bucket.mjs";
import { createBenchDatabase } from "./database.mjs";
import { log, median, ratio, startChild, stopChild } from "./processes.mjs";
import { publicLinkContent, randomFile, timedUpload } from "./transfers.mjs";

/** Milliseconds to download `path` whole. */
async function downloadMs(server, path, headers) {
  const started = performance.now();
  const res = await fetch(`${server.url}${path}`, { headers });
  for await (const _ of res.body);
  if (res.status !== 200) throw new Error(`${path}: ${res.status}`);
  return performance.now() - started;
}

/** Median ms of the owner's and the link's downloads over `rounds` alternating rounds (after 30 untimed). */
async function linkDownloads(server, rounds) {
  const user = server.users[0];
  const owner = [`/evault/v1/files/${user.file_id}/content/`, { "api-key": user.api_key }];
  const link = [await publicLinkContent(server), {}];
  const times = { owner: [], link: [] };
  for (let round = 0; round < rounds + 30; round++) {
    const ownerMs = await downloadMs(server, ...owner);
    const linkMs = await downloadMs(server, ...link);
    if (round < 30) continue;
    times.owner.push(ownerMs);
    times.link.push(linkMs);
  }
  const ownerMs = median(times.owner);
  const linkMs = median(times.link);
  return { ownerMs: +ownerMs.toFixed(2), linkMs: +linkMs.toFixed(2), linkToOwner: ratio(ownerMs, linkMs) };
}

if (import.meta.main ?? process.argv[1] === import.meta.filename) {
  // First, so that nothing is left behind when the S3 server's variables are missing.
  const s3 = process.env.BENCH_STORE === "s3";
  const bucket = s3 ? await createBenchBucket() : undefined;
  if (s3 && !bucket) throw new Error("BENCH_STORE=s3 needs TEST_S3_ENDPOINT and its keys");
  const scratch = await mkdtemp(join(tmpdir(), "vault-link-downloads-"));
  const database = process.env.BENCH_DATABASE === "postgres" ? await createBenchDatabase() : undefined;
  const server = await startChild(
    "serve.mjs",
    {
      DATA_DIR: scratch,
      LINK_RATE_LIMIT_PER_MINUTE: "1000000",
      ...(database && { DATABASE_URL: database.url }),
      ...bucket?.env,
    },
    "linkDownloads",
  );
  try {
    const mib = Number(process.env.BENCH_LINK_MIB ?? 0);
    if (mib > 0) {
      const source = join(scratch, "source.bin");
      await randomFile(source, mib);
      const { status } = await timedUpload(server, source);
      if (status !== 200) throw new Error(`the ${mib} MiB upload answered ${status}`);
    }
    const figures = await linkDownloads(server, Number(process.env.BENCH_ROUNDS ?? 200));
    log(
      `link downloads on ${database ? "PostgreSQL" : "PGlite"}${bucket ? " and S3" : ""}${mib ? `, ${mib} MiB` : ""}`,
    );
    console.log(JSON.stringify(figures));
  } finally {
    await stopChild(server);
    await database?.drop();
    await bucket?.drop();
    await rm(scratch, { recursive: true, force: true });
  }
}
