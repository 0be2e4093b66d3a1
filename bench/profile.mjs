// node bench/profile.mjs [operation] [seconds] [--no-validation] [--webhook] [--peer]
// (also `npm run bench -- --profile <operation> …`): one operation under load (50
// connections) on PostgreSQL, and where a request's CPU went.
// - The server: the validated one (--no-validation: without request and response
//   validation; --webhook: its first user has an endpoint subscribed to every event, at
//   a local receiver, so the delivery worker's time is in it), or with --peer the Fastify
//   peer (bench/peers/fastify.mjs; bank PUT and favourite PATCH only).
// - Its CPU per request from /proc, and the V8 profile (cpu-profile.mjs, after a 1 s
//   warm-up) split into the parts of a request's work (cost-table.mjs).
// - PostgreSQL's CPU per request (its backends, from /proc) and, where pg_stat_statements
//   is loaded (shared_preload_libraries), each statement's calls and time per request.
// The profile lands in bench/results/profiles/.
import { mkdir, mkdtemp, readFile } from "node:fs/promises";
import { loadavg, tmpdir } from "node:os";
import { join } from "node:path";
import autocannon from "autocannon";
import pg from "pg";
import { costByPart, PARTS } from "./cost-table.mjs";
import { createBenchDatabase } from "./database.mjs";
import { databaseCpu } from "./pg-cpu.mjs";
import { cpuTime, perConnection, startChild, stopChild } from "./processes.mjs";
import { scenarios } from "./scenarios.mjs";

const flags = process.argv.slice(2).filter((arg) => arg.startsWith("--"));
const noValidation = flags.includes("--no-validation");
const peer = flags.includes("--peer");
const [op = "updateNgnBankAccount", secondsArg = "5"] = process.argv.slice(2).filter((arg) => !arg.startsWith("--"));
const seconds = Number(secondsArg);
const dir = join(import.meta.dirname, "results/profiles");
const us = (value) => value.toFixed(0).padStart(6);

/** pg_stat_statements of `url`'s database, when the cluster loads it: reset, then read per request. */
async function statementStats(url) {
  const client = new pg.Client(url);
  await client.connect();
  try {
    await client.query("create extension if not exists pg_stat_statements");
    await client.query("select pg_stat_statements_reset()");
  } catch {
    await client.end();
    return undefined;
  }
  return {
    async perRequest(requests) {
      const { rows } = await client.query(
        `select calls, total_exec_time, total_plan_time, query from pg_stat_statements
         where dbid = (select oid from pg_database where datname = current_database())
           and query not like '%pg_stat_statements%' and query not like '%pg_stat_activity%'
         order by total_exec_time + total_plan_time desc limit 12`,
      );
      await client.end();
      return rows.map((row) => ({
        calls: row.calls / requests,
        us: ((row.total_exec_time + row.total_plan_time) * 1000) / requests,
        planUs: (row.total_plan_time * 1000) / requests,
        query: row.query.replace(/\s+/g, " ").slice(0, 110),
      }));
    },
  };
}

const receiver = flags.includes("--webhook") ? await startChild("webhook-receiver.mjs", {}, "receiver") : undefined;
const database = await createBenchDatabase();
try {
  const file = join(
    dir,
    `${op}-${peer ? "fastify-" : ""}${noValidation ? "novalidation-" : ""}${Date.now()}.cpuprofile`,
  );
  await mkdir(dir, { recursive: true });
  const server = await startChild(
    peer ? "peers/fastify.mjs" : "serve.mjs",
    {
      DATABASE_URL: database.url,
      BENCH_CPU_PROFILE: file,
      DATA_DIR: await mkdtemp(join(tmpdir(), "vault-profile-")),
      WEBHOOK_ALLOW_HOSTS: "127.0.0.1",
    },
    peer ? "fastify" : "server",
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
  const scenario = scenarios(server)[op];
  if (!scenario) throw new Error(`no scenario ${op} in scenarios.mjs`);
  const run = (duration) => autocannon({ ...perConnection(server, scenario), connections: 50, duration });
  await run(1);
  const statements = await statementStats(database.url);
  const pgCpu = await databaseCpu(database.url);
  const pgUsed = await pgCpu.start();
  const cpuBefore = cpuTime(server.pid);
  server.child.kill("SIGUSR2");
  const result = await run(seconds);
  const serverCpu = cpuTime(server.pid) - cpuBefore;
  const pgCpuUsed = await pgUsed();
  await pgCpu.close();
  const requests = result.requests.total;
  const statementRows = await statements?.perRequest(requests);
  await stopChild(server);

  const { totals, frames } = costByPart(JSON.parse(await readFile(file, "utf8")));
  const profiled = [...totals.values()].reduce((sum, value) => sum + value, 0);
  console.log(
    `${peer ? "fastify " : ""}${op}: ${Math.round(result.requests.average)} req/s, p50 ${result.latency.p50} ms, p99 ${result.latency.p99} ms, non-2xx ${result.non2xx}, load average ${loadavg()[0].toFixed(1)}`,
  );
  console.log(`server CPU per request (/proc): ${us(serverCpu / requests)} µs`);
  console.log(`PostgreSQL CPU per request:     ${us(pgCpuUsed / requests)} µs`);
  console.log(
    `profiled per request:           ${us(profiled / requests)} µs (the profiler counts a system call's wall time)`,
  );
  console.log("\n| part | µs per request | share of the profile | its costliest functions (µs per request) |");
  console.log("|---|---:|---:|---|");
  for (const part of PARTS) {
    const value = totals.get(part);
    const costliest = [...frames.get(part)]
      .sort((a, b) => b[1] - a[1])
      .slice(0, part === "other" ? 6 : 3)
      .map(([frame, time]) => `${frame} (${(time / requests).toFixed(0)})`)
      .join(", ");
    if (value > 0) {
      console.log(`| ${part} | ${us(value / requests)} | ${((100 * value) / profiled).toFixed(1)} % | ${costliest} |`);
    }
  }
  if (statementRows) {
    console.log(
      "\n| statement (pg_stat_statements) | calls per request | µs per request | of it planning |\n|---|---:|---:|---:|",
    );
    for (const row of statementRows) {
      console.log(`| ${row.query} | ${row.calls.toFixed(2)} | ${us(row.us)} | ${us(row.planUs)} |`);
    }
  } else {
    console.log("\npg_stat_statements is not loaded (shared_preload_libraries): no statement times");
  }
  console.log(`\n${file}`);
} finally {
  if (receiver) await stopChild(receiver);
  await database.drop();
}
