// node bench/profile.mjs [operation] [seconds] [--no-validation] [--webhook]: runs one operation against a validated
// (or, with --no-validation, an unvalidated) PostgreSQL server (with --webhook, its first user has an endpoint
// subscribed to every event, at a local receiver: the delivery worker's time is in the profile) with the CPU profiler on after a 1 s warm-up (see serve.mjs; the same
// profiler as `node --cpu-prof`, without start-up in it), then prints where the server's time went
// (self time by function and by package). Profiles land in bench/results/profiles/.
import { mkdir, mkdtemp, readFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import autocannon from "autocannon";
import { createBenchDatabase } from "./database.mjs";
import { perConnection, startChild, stopChild } from "./processes.mjs";

const noValidation = process.argv.includes("--no-validation");
const receiver = process.argv.includes("--webhook")
  ? await startChild("webhook-receiver.mjs", {}, "receiver")
  : undefined;
const [op = "updateNgnBankAccount", secondsArg = "5"] = process.argv.slice(2).filter((arg) => !arg.startsWith("--"));
const seconds = Number(secondsArg);
const dir = join(import.meta.dirname, "results/profiles");
const database = await createBenchDatabase();
try {
  const file = join(dir, `${op}-${noValidation ? "novalidation-" : ""}${Date.now()}.cpuprofile`);
  await mkdir(dir, { recursive: true });
  const server = await startChild(
    "serve.mjs",
    {
      DATABASE_URL: database.url,
      BENCH_CPU_PROFILE: file,
      DATA_DIR: await mkdtemp(join(tmpdir(), "vault-profile-")),
      WEBHOOK_ALLOW_HOSTS: "127.0.0.1",
    },
    "server",
    noValidation ? ["--no-validation"] : [],
  );
  if (receiver) {
    const res = await fetch(`${server.url}/evault/v1/webhook_endpoints/`, {
      method: "POST",
      headers: { "api-key": server.users[0].api_key, "content-type": "application/json" },
      body: JSON.stringify({ url: receiver.url, events: ["*"] }),
    });
    if (res.status !== 201) throw new Error(`the endpoint was not made: ${res.status} ${await res.text()}`);
  }
  const { scenarios } = await import("./scenarios.mjs");
  const s = scenarios(server)[op];
  const run = (duration) => autocannon({ ...perConnection(server, s), connections: 50, duration });
  await run(1);
  server.child.kill("SIGUSR2");
  const result = await run(seconds);
  console.log(
    `${op}: ${Math.round(result.requests.average)} req/s, p50 ${result.latency.p50} ms, p99 ${result.latency.p99} ms, non2xx ${result.non2xx}`,
  );
  await stopChild(server);
  const profile = JSON.parse(await readFile(file, "utf8"));
  const byFn = new Map();
  const byPkg = new Map();
  const dt = new Map();
  for (let i = 0; i < profile.samples.length; i++)
    dt.set(profile.samples[i], (dt.get(profile.samples[i]) ?? 0) + (profile.timeDeltas[i] ?? 0));
  let total = 0;
  for (const node of profile.nodes) {
    const us = dt.get(node.id) ?? 0;
    total += us;
    const { functionName, url, lineNumber } = node.callFrame;
    const pkg =
      /node_modules\/((@[^/]+\/)?[^/]+)/.exec(url)?.[1] ??
      (url.includes("/apps/server/") ? "server" : url.startsWith("node:") ? "node" : url || functionName || "(native)");
    const key = `${functionName || "(anonymous)"} ${url.split("/").slice(-2).join("/")}:${lineNumber}`;
    byFn.set(key, (byFn.get(key) ?? 0) + us);
    byPkg.set(pkg, (byPkg.get(pkg) ?? 0) + us);
  }
  // Per request: the server's CPU time (idle left out) divided by the requests answered.
  const requests = result.requests.total;
  const idle = byFn.get("(idle) :-1") ?? 0;
  const perRequest = (us) => `${(us / requests).toFixed(1).padStart(6)} µs`;
  const top = (m, n) =>
    [...m]
      .filter(([k]) => !k.startsWith("(idle)"))
      .sort((a, b) => b[1] - a[1])
      .slice(0, n)
      .map(([k, us]) => `${((us / (total - idle)) * 100).toFixed(1).padStart(5)}% ${perRequest(us)}  ${k}`)
      .join("\n");
  console.log(
    `${file}\nserver CPU per request: ${perRequest(total - idle)} (${requests} requests)\n-- by package --\n${top(byPkg, 15)}\n-- by function (self) --\n${top(byFn, 25)}`,
  );
} finally {
  if (receiver) await stopChild(receiver);
  await database.drop();
}
