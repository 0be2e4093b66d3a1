// The embedded server's first start, as `npm start` makes it after the build: `node
// dist/main.js` with the service's Node flags on an empty DATA_DIR, timed to its
// "listening" line, to an answered /healthz and to /readyz 200, with its RSS then.
// Usage: node bench/first-start.mjs [runs] (the build must be current: `npm run build`).
// Runs one after the other; read the median.
import { spawn } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { createInterface } from "node:readline";
import { setTimeout as sleep } from "node:timers/promises";
import { NODE_FLAGS } from "./processes.mjs";

const serverDir = resolve(import.meta.dirname, "../apps/server");
const runs = Number(process.argv[2] ?? 5);

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

/** One first start: milliseconds to each point, and the RSS once ready. */
async function firstStart() {
  const dataDir = mkdtempSync(join(tmpdir(), "vault-first-start-"));
  const started = performance.now();
  const child = spawn(process.execPath, [...NODE_FLAGS, "dist/main.js"], {
    cwd: serverDir,
    env: { PATH: process.env.PATH, DATA_DIR: dataDir, PORT: "0", LOG_LEVEL: "info" },
    stdio: ["ignore", "pipe", "inherit"],
  });
  try {
    const url = await new Promise((resolveUrl, reject) => {
      createInterface({ input: child.stdout }).on("line", (line) => {
        const entry = line.startsWith("{") ? JSON.parse(line) : undefined;
        if (entry?.msg === "listening") resolveUrl(entry.url);
      });
      child.once("exit", (code) => reject(new Error(`the server exited with ${code}`)));
    });
    const listening = performance.now() - started;
    await answered(`${url}/healthz`);
    const healthz = performance.now() - started;
    await answered(`${url}/readyz`);
    const readyz = performance.now() - started;
    const rssKiB = Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${child.pid}/status`, "utf8"))?.[1]);
    return { listening, healthz, readyz, rssMiB: rssKiB / 1024 };
  } finally {
    child.kill("SIGTERM");
    if (child.exitCode === null && child.signalCode === null)
      await new Promise((resolveExit) => child.once("exit", resolveExit));
    rmSync(dataDir, { recursive: true, force: true });
  }
}

const results = [];
for (let i = 0; i < runs; i++) {
  const result = await firstStart();
  results.push(result);
  console.log(
    `run ${i + 1}: listening ${result.listening.toFixed(0)} ms, /healthz ${result.healthz.toFixed(0)} ms, ` +
      `/readyz ${result.readyz.toFixed(0)} ms, RSS ${result.rssMiB.toFixed(0)} MiB`,
  );
}
const median = (values) => values.sort((a, b) => a - b)[Math.floor(values.length / 2)];
console.log(
  `median of ${runs}: listening ${median(results.map((r) => r.listening)).toFixed(0)} ms, ` +
    `/healthz ${median(results.map((r) => r.healthz)).toFixed(0)} ms, /readyz ${median(results.map((r) => r.readyz)).toFixed(0)} ms`,
);
