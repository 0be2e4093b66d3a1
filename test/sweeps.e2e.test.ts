// Sweeps and bin deletes that stay cheap as the data grows (issue 23 section 5, issue 24):
// freeing a big bin entry's bytes, the hourly purge over a large blob table, and a
// failure to free bytes after the commit.
import { randomUUID } from "node:crypto";
import { mkdirSync, renameSync, rmSync, utimesSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { setTimeout as sleep } from "node:timers/promises";
import { loadConfig, openBlobStore, openDatabase, sweepOrphanBlobs } from "@vault/server";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { roundTripRelay } from "../bench/round-trips.mjs";
import { backends } from "./helpers/backends.js";
import { relayTo } from "./helpers/relay.js";
import { type Harness, serverOutput, startHarness } from "./helpers/server.js";
import { sha256 } from "./helpers/vault.js";

const until = async (condition: () => Promise<boolean>, what: string, ms = 120_000) => {
  for (let waited = 0; !(await condition()); waited += 200) {
    if (waited > ms) throw new Error(`timed out waiting until ${what}`);
    await sleep(200);
  }
};

/** SQL that gives user `userId` a binned folder of `count` files of distinct contents `<tag>-<i>`, with their blob rows. */
const binnedFolderSql = (userId: number, tag: string, count: number, expired: boolean) => {
  const folder = randomUUID();
  const bin = randomUUID();
  const expires = expired ? "now() - interval '1 day'" : "now() + interval '30 days'";
  return {
    bin,
    sql: `insert into folders (id, user_id, name, is_deleted) values ('${folder}', ${userId}, '${tag}', true);
      insert into blobs (hash, size, mimetype)
        select encode(sha256(('${tag}-' || i)::bytea), 'hex'), length('${tag}-' || i), 'text/plain' from generate_series(1, ${count}) i;
      insert into files (id, user_id, folder_id, name, hash)
        select '${tag}-' || i, ${userId}, '${folder}', 'f' || i, encode(sha256(('${tag}-' || i)::bytea), 'hex') from generate_series(1, ${count}) i;
      insert into bins (id, user_id, folder_id, expires_at) values ('${bin}', ${userId}, '${folder}', ${expires});`,
  };
};

/** Writes the bytes of `<tag>-1` … `<tag>-<count>` where the store keeps them, as an upload would have. */
async function storeContents(h: Harness, tag: string, count: number) {
  for (let i = 1; i <= count; i++) {
    const content = `${tag}-${i}`;
    const hash = sha256(content);
    if (h.bucket) await h.bucket.put(hash, content);
    else {
      mkdirSync(join(h.dataDir, "blobs", hash.slice(0, 2)), { recursive: true });
      writeFileSync(join(h.dataDir, "blobs", hash.slice(0, 2), hash), content);
    }
  }
}

const anHourOn = () => new Date(Date.now() + 61 * 60 * 1000);

/** Runs the orphan sweep of the harness's store an hour on, beside its server (PostgreSQL only), with the database at `databaseUrl`. */
async function sweepAnHourOn(h: Harness, databaseUrl = h.env.DATABASE_URL as string): Promise<number> {
  const config = loadConfig({ ...h.env, DATABASE_URL: databaseUrl, LOG_LEVEL: "silent" });
  // The SDK reads its credentials from the environment, as the server does.
  process.env.AWS_ACCESS_KEY_ID = h.env.AWS_ACCESS_KEY_ID;
  process.env.AWS_SECRET_ACCESS_KEY = h.env.AWS_SECRET_ACCESS_KEY;
  const database = await openDatabase(config);
  try {
    return await sweepOrphanBlobs(database.db, await openBlobStore(config), anHourOn());
  } finally {
    await database.close();
  }
}

/** Makes the store's deletes of `hashes` fail (their shard folders replaced by files) until the returned function puts them back. */
function breakDiskDeletes(h: Harness, hashes: string[]): () => void {
  const shards = [...new Set(hashes.map((hash) => join(h.dataDir, "blobs", hash.slice(0, 2))))];
  for (const shard of shards) {
    renameSync(shard, `${shard}.aside`);
    writeFileSync(shard, "not a folder");
  }
  return () => {
    for (const shard of shards) {
      rmSync(shard);
      renameSync(`${shard}.aside`, shard);
    }
  };
}

describe.each(backends)("sweeps and bin deletes on $name", (backend) => {
  let h: Harness;
  beforeAll(async () => {
    h = await startHarness(backend);
  });
  afterAll(() => h?.stop());

  test("when a bin entry of 5,000 distinct files is deleted, then it answers 204 within 10 s while another user's reads keep answering", async () => {
    const [owner, other] = h.users;
    const big = binnedFolderSql(owner.id, "big", 5000, false);
    await h.query(big.sql);
    // On S3 the objects are not written (5,000 PUTs): a delete of an absent key costs the same request.
    if (!h.bucket) await storeContents(h, "big", 5000);
    const reader = h.client(other.api_key);
    const latencies: number[] = [];
    const statuses = new Set<number>();
    let deleting = true;
    const reads = (async () => {
      while (deleting) {
        const started = performance.now();
        const { response } = await reader.GET("/evault/v1/folders/{id}/", {
          params: { path: { id: other.folder_id } },
        });
        latencies.push(performance.now() - started);
        statuses.add(response.status);
      }
    })();
    const started = performance.now();
    const { response } = await h.client().DELETE("/evault/v1/bins/{id}/", { params: { path: { id: big.bin } } });
    const took = performance.now() - started;
    deleting = false;
    await reads;
    const slowest = Math.max(...latencies);
    console.log(
      `[sweeps ${backend.name}] bin delete of 5,000 files: ${took.toFixed(0)} ms; another user's ${latencies.length} reads meanwhile, slowest ${slowest.toFixed(0)} ms`,
    );
    expect(response.status).toBe(204);
    expect(took).toBeLessThan(10_000);
    expect([...statuses]).toEqual([200]);
    // PGlite runs one statement at a time: there the reads wait for the delete's statement itself.
    if (backend.name !== "pglite") expect(slowest).toBeLessThan(2_000);
    // The first 100 contents are freed before the answer, the rest right after it: all of
    // them before the next test breaks the store's deletes, or a late batch's failure is
    // logged as if it were that test's.
    const bigHashes = new Set(Array.from({ length: 5000 }, (_, i) => sha256(`big-${i + 1}`)));
    await until(
      async () => (await h.storedBlobs()).every((hash) => !bigHashes.has(hash)),
      "the entry's bytes are freed",
    );
    const [rows] = await h.query<{ n: number }>("select count(*)::int as n from files where id like 'big-%'");
    expect(rows?.n).toBe(0);
  }, 300_000);

  test("when 20,000 blobs are stored, then the purge deletes an expired entry and frees its bytes, and every other blob stays", async () => {
    const [owner, other] = h.users;
    // The dead rows of the previous test's 5,000 deleted files made this insert's triggers take
    // 28 s instead of 3.5 s on PGlite (a statement timeout in CI): the server's vacuum runs
    // every 5 s (embedded-statistics.ts), this one now.
    await h.query("vacuum analyze");
    // 20,000 contents another user keeps, in 200 folders, and one expired entry of 3 files.
    await h.query(`insert into folders (id, user_id, name) select 'kept-' || d, ${other.id}, 'kept' from generate_series(1, 200) d;
      insert into blobs (hash, size, mimetype)
        select encode(sha256(('kept-' || i)::bytea), 'hex'), 1, 'text/plain' from generate_series(1, 20000) i;
      insert into files (id, user_id, folder_id, name, hash)
        select 'kept-' || i, ${other.id}, 'kept-' || (i % 200 + 1), 'f', encode(sha256(('kept-' || i)::bytea), 'hex')
        from generate_series(1, 20000) i;`);
    // The purge runs at start, before the server answers.
    await storeContents(h, "expired", 3);
    const expired = binnedFolderSql(owner.id, "expired", 3, true);
    await h.query(expired.sql);
    await h.restart();
    const entry = await h.client().GET("/evault/v1/bins/{id}/", { params: { path: { id: expired.bin } } });
    expect(entry.response.status).toBe(404);
    const stored = new Set(await h.storedBlobs());
    expect([1, 2, 3].filter((i) => stored.has(sha256(`expired-${i}`)))).toEqual([]);
    const [kept] = await h.query<{ n: number }>(
      "select count(*)::int as n from blobs where hash in (select hash from files where id like 'kept-%')",
    );
    expect(kept?.n).toBe(20_000);
  }, 180_000);

  test("when the store's delete fails after the commit, then the bin delete answers 204 and the sweep frees the bytes later", async () => {
    const [owner] = h.users;
    await storeContents(h, "cut", 3);
    const entry = binnedFolderSql(owner.id, "cut", 3, false);
    await h.query(entry.sql);
    const hashes = [1, 2, 3].map((i) => sha256(`cut-${i}`));
    const relay = h.bucket ? await relayTo(h, "S3_ENDPOINT") : undefined;
    const repair = relay ? () => relay.restore() : breakDiskDeletes(h, hashes);
    await relay?.cut();
    const logged = serverOutput.length;
    const deleted = await h.client().DELETE("/evault/v1/bins/{id}/", { params: { path: { id: entry.bin } } });
    // The store is repaired only once the server gave this delete's three up (the S3 client retries).
    const gaveUp = () =>
      serverOutput
        .slice(logged)
        .some((line) => line.includes("bytes not freed after the commit") && line.includes(`"blobs":${hashes.length}`));
    await expect.poll(gaveUp, { timeout: 30_000 }).toBe(true);
    await repair();
    expect(deleted.response.status).toBe(204);
    const listed = hashes.map((hash) => `'${hash}'`).join(",");
    const [rows] = await h.query<{ n: number }>(`select count(*)::int as n from blobs where hash in (${listed})`);
    expect(rows?.n).toBe(0);
    // On S3 a delete sent before the cut may still land; at least the ones refused stay for the sweep.
    const kept = (await h.storedBlobs()).filter((hash) => hashes.includes(hash));
    if (!h.bucket) expect(kept).toEqual([...hashes].sort());
    expect(kept.length).toBeGreaterThan(0);
    if (h.bucket) {
      // A delete the server gave up on may still land after the listing (seen in CI: 3
      // listed, 2 swept); the sweep frees whatever is left, and nothing may stay.
      expect(await sweepAnHourOn(h)).toBeLessThanOrEqual(kept.length);
    } else {
      const anHourAgo = new Date(Date.now() - 61 * 60 * 1000);
      for (const hash of hashes) utimesSync(join(h.dataDir, "blobs", hash.slice(0, 2), hash), anHourAgo, anHourAgo);
      // The sweep runs at start.
      await h.restart();
    }
    expect((await h.storedBlobs()).filter((hash) => hashes.includes(hash))).toEqual([]);
  }, 120_000);
});

const onPostgres = backends.filter((backend) => backend.name.startsWith("postgres"));

describe.each(onPostgres)("the orphan sweep on $name", (backend) => {
  let h: Harness;
  beforeAll(async () => {
    h = await startHarness(backend);
  });
  afterAll(() => h?.stop());

  test("when 50 stored blobs have no row, then the sweep removes them in a bounded number of round trips", async () => {
    await storeContents(h, "orphan", 50);
    const relay = await roundTripRelay(h.env.DATABASE_URL as string);
    try {
      const before = relay.roundTrips;
      expect(await sweepAnHourOn(h, relay.url)).toBe(50);
      const trips = relay.roundTrips - before;
      console.log(`[sweeps ${backend.name}] orphan sweep of 50 objects: ${trips} round trips`);
      // The store binding's claim (4: the database's id made and read, its generation
      // read and bumped), one query for the page of stored blobs, one transaction (3)
      // for the batch of orphans: nothing per object.
      expect(trips).toBeLessThanOrEqual(8);
    } finally {
      await relay.close();
    }
    const orphans = new Set(Array.from({ length: 50 }, (_, i) => sha256(`orphan-${i + 1}`)));
    expect((await h.storedBlobs()).filter((hash) => orphans.has(hash))).toEqual([]);
  }, 120_000);
});
