// The embedded server's first start, as `npm start` makes it after the build: `node
// dist/main.js` with the service's Node flags on an empty DATA_DIR, timed to its
// "listening" line, to an answered /healthz, to the demo key's printout and to /readyz
// 200, with its RSS then.
// Usage: node bench/first-start.mjs [runs] [other-dist] (the build must be current: `npm
// run build`). Runs one after the other, read the median; with `other-dist` (another
// commit's apps/server/dist, copied beside it), each run of this build alternates with one of that.
import { spawn } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, relative, resolve } from "node:path";
import { createInterface } from "node:readline";
import { setTimeout as sleep } from "node:timers/promises";
import { ALLOCATOR_ENV, median, memory, NODE_FLAGS, stopChild } from "./processes.mjs";

const serverDir = resolve(import.meta.dirname, "../apps/server");
const runs = Number(process.argv[2] ?? 5);
/** The first line of the demo's printout, with its key (main.ts). */
const DEMO_PRINTED = "Demo data created";
const builds = ["dist", ...process.argv.slice(3).map((dir) => relative(serverDir, resolve(dir)))];

/** Resolves once `url` answers 200, polling every 5 ms. */
async function answered(url) {
  for (;;) {
    const status = await fetch(url).then(
      (response) => response.status,
      () => 0,
    );
    if (status === 200) return;
    await sleep(5);
  }
}

/** A promise with its resolve and reject (Node 20 has no `Promise.withResolvers`); unawaited, its rejection goes unreported. */
function deferred() {
  const handles = {};
  handles.promise = new Promise((resolve, reject) => Object.assign(handles, { resolve, reject }));
  handles.promise.catch(() => {});
  return handles;
}

/**
 * For each of `starts`: a promise of the first line `child` writes that starts so (a JSON
 * log line: its message), with `at`, the ms after `since`, and the log entry's fields.
 */
function linesStarting(child, starts, since) {
  const waiting = new Map(starts.map((start) => [start, deferred()]));
  createInterface({ input: child.stdout }).on("line", (line) => {
    const entry = line.startsWith("{") ? JSON.parse(line) : { msg: line.trim() };
    const start = starts.find((prefix) => String(entry.msg).startsWith(prefix));
    waiting.get(start)?.resolve({ ...entry, at: performance.now() - since });
  });
  child.once("exit", (code) => {
    for (const { reject } of waiting.values()) reject(new Error(`the server exited with ${code}`));
  });
  return Object.fromEntries([...waiting].map(([start, { promise }]) => [start, promise]));
}

/** One first start of the build in `dist`: milliseconds to each point, and the RSS once ready. */
async function firstStart(dist) {
  const dataDir = mkdtempSync(join(tmpdir(), "vault-first-start-"));
  const since = performance.now();
  const child = spawn(process.execPath, [...NODE_FLAGS, join(dist, "main.js")], {
    cwd: serverDir,
    env: { PATH: process.env.PATH, ...ALLOCATOR_ENV, DATA_DIR: dataDir, PORT: "0", LOG_LEVEL: "info" },
    stdio: ["ignore", "pipe", "inherit"],
  });
  try {
    const lines = linesStarting(child, ["listening", DEMO_PRINTED], since);
    const listening = await lines.listening;
    await answered(`${listening.url}/healthz`);
    const healthz = performance.now() - since;
    const demo = await lines[DEMO_PRINTED];
    await answered(`${listening.url}/readyz`);
    const readyz = performance.now() - since;
    return { listening: listening.at, healthz, demo: demo.at, readyz, rssMiB: memory(child.pid).rss / 2 ** 20 };
  } finally {
    await stopChild({ child });
    rmSync(dataDir, { recursive: true, force: true });
  }
}

const points = ["listening", "healthz", "demo", "readyz"];
const shown = (result) => points.map((point) => `${point} ${result[point].toFixed(0)} ms`).join(", ");
// This process's first fetch loads its HTTP client (tens of ms): not the server's time.
await fetch("http://127.0.0.1:9/").catch(() => {});
const results = new Map(builds.map((dist) => [dist, []]));
for (let i = 0; i < runs; i++) {
  for (const dist of builds) {
    const result = await firstStart(dist);
    results.get(dist).push(result);
    console.log(`${dist} run ${i + 1}: ${shown(result)}, RSS ${result.rssMiB.toFixed(0)} MiB`);
  }
}
for (const [dist, measured] of results) {
  const medians = Object.fromEntries(points.map((point) => [point, median(measured.map((result) => result[point]))]));
  const rss = measured.map((result) => result.rssMiB.toFixed(0));
  console.log(`${dist}, median of ${runs}: ${shown(medians)}; RSS ${Math.min(...rss)}–${Math.max(...rss)} MiB`);
}
