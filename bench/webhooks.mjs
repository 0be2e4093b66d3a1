// Issue 28 §4, webhooks: what a subscribed endpoint costs the write it is told of, how
// fast a backlog of deliveries drains, and what a draining backlog does to the API's
// latency, each against a baseline measured in the same run.
//
// One server per backend (PostgreSQL on a scratch database of its own), started with
// WEBHOOK_ALLOW_HOSTS=127.0.0.1, and one receiver process (bench/webhook-receiver.mjs)
// counting unique `webhook-id`s. The first seeded user has one endpoint, subscribed to
// `bank_account.updated`, pointing at the receiver.
//
// 1. The bank account PUT (the load scenario `updateNgnBankAccount`, 50 connections)
//    with the endpoint enabled (every PUT makes a delivery, the server's worker POSTs it
//    to the receiver, answering 200 at once) against the same PUT with it disabled
//    (PATCH `disabled`: the events' trigger then makes no delivery; the event is still
//    written), interleaved rounds, the order alternating. After each round with the
//    endpoint, the wait until the receiver has every delivery: "sustained" is the
//    round's PUTs over the round and that wait.
// 2. A backlog of `events` deliveries (the receiver holding every delivery while that
//    many PUTs are written, so that the deliveries pile up as they do behind a slow
//    receiver), then the receiver answers at once: deliveries per second from then to
//    the last one, against the rate the PUTs were written at.
// 3. The second user's bank account PUT at an offered rate (`rate` req/s, 10
//    connections; that user has no endpoint) during the drain of a backlog of `backlog`
//    deliveries, started as the receiver starts answering, against the same load with
//    nothing pending; interleaved rounds, the order alternating.
//
// On PostgreSQL the webhook tables are analyzed after the first figure's warm-up and
// before the backlogs (unless `analyzeTables` is false), as autovacuum has them on a service
// that has run for a while: the server runs its statements on generic plans, made at
// their first execution per connection, and a plan made while `webhook_deliveries` was
// empty reads the whole table where it should read a few rows by key, until the
// table's first autoanalyze replans it (see docs/performance.md, Webhooks).
import { mkdtemp } from "node:fs/promises";
import { join } from "node:path";
import pg from "pg";
import { createBenchDatabase } from "./database.mjs";
import { databaseCpu } from "./pg-cpu.mjs";
import { cpuTime, load, log, median, ratio, startChild, stopChild } from "./processes.mjs";
import { scenarios } from "./scenarios.mjs";

const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

/** The receiver's control operations: `stats`, `hold`, `answer`; each answers its clock and counts. */
async function control(receiver, what) {
  const res = await fetch(`${receiver.control}/${what}`, { method: what === "stats" ? "GET" : "POST" });
  return res.json();
}

/**
 * Waits until the receiver has `target` unique deliveries and then none new for 300 ms
 * (requests autocannon sent but did not count still make deliveries); gives up after 10 s
 * with none new. Resolves with the receiver's last stats.
 */
async function deliveredUpTo(receiver, target) {
  let last = await control(receiver, "stats");
  let changedAt = performance.now();
  for (;;) {
    await sleep(25);
    const now = await control(receiver, "stats");
    if (now.unique !== last.unique) changedAt = performance.now();
    last = now;
    const quiet = performance.now() - changedAt;
    if ((now.unique >= target && quiet > 300) || quiet > 10_000) return now;
  }
}

async function call(server, method, path, body, expected) {
  const res = await fetch(`${server.url}${path}`, {
    method,
    headers: { "api-key": server.users[0].api_key, "content-type": "application/json" },
    body: JSON.stringify(body),
  });
  if (res.status !== expected) throw new Error(`${method} ${path} answered ${res.status}: ${await res.text()}`);
  return res.json();
}

/** Per backend: the three figures (the drain ones on `drainBackends` only). */
export async function webhookFigures(scratch, options) {
  const { backends, drainBackends } = options;
  const receiver = await startChild("webhook-receiver.mjs", {}, "webhook-receiver");
  const results = { putCost: [], delivery: [], drainLoad: [] };
  try {
    for (const backend of [...new Set([...backends, ...drainBackends])]) {
      const database = backend === "postgres" ? await createBenchDatabase() : undefined;
      const server = await startChild(
        "serve.mjs",
        {
          ...(database && { DATABASE_URL: database.url }),
          DATA_DIR: await mkdtemp(join(scratch, `webhooks-${backend}-`)),
          WEBHOOK_ALLOW_HOSTS: "127.0.0.1",
        },
        `webhooks-${backend}`,
      );
      const sampler = database ? await databaseCpu(database.url) : undefined;
      try {
        const endpoint = await call(
          server,
          "POST",
          "/evault/v1/webhook_endpoints/",
          { url: receiver.url, events: ["bank_account.updated"], description: "bench receiver" },
          201,
        );
        const analyze = async () => {
          if (!database || !options.analyzeTables) return;
          const client = new pg.Client(database.url);
          await client.connect();
          await client.query("analyze webhook_deliveries, webhook_endpoints, events");
          await client.end();
        };
        const context = { backend, server, receiver, sampler, endpoint, analyze, ...options };
        if (backends.includes(backend)) results.putCost.push(await putCost(context));
        if (drainBackends.includes(backend)) {
          await analyze();
          results.delivery.push(await deliveryRate(context));
          results.drainLoad.push(await drainUnderLoad(context));
        }
      } finally {
        await sampler?.close();
        await stopChild(server);
        await database?.drop();
      }
    }
  } finally {
    await stopChild(receiver);
  }
  return results;
}

const setEnabled = ({ server, endpoint }, enabled) =>
  call(server, "PATCH", `/evault/v1/webhook_endpoints/${endpoint.id}/`, { disabled: !enabled }, 200);

/** Figure 1: the bank account PUT with the endpoint enabled against disabled. */
async function putCost(context) {
  const { backend, server, receiver, sampler, rounds, duration, warmup } = context;
  const put = scenarios(server).updateNgnBankAccount;
  /** One round of one variant: its load figures, and with the endpoint the wait for its deliveries. */
  const measure = async (variant) => {
    await setEnabled(context, variant === "with");
    const before = await control(receiver, "stats");
    const cpuBefore = cpuTime(server.pid);
    const receiverCpuBefore = cpuTime(receiver.pid);
    const pgCpu = await sampler?.start();
    const f = await load(server, put, duration);
    const end = await control(receiver, "stats");
    const written = f.requests - f.errors;
    const done = variant === "with" ? await deliveredUpTo(receiver, before.unique + written) : end;
    const drainMs = variant === "with" ? Math.max(0, Math.round(done.lastNewAt - end.now)) : 0;
    const pgUsed = await pgCpu?.();
    return {
      ...f,
      delivered: done.unique - before.unique,
      drainMs,
      sustainedRps: Math.round(written / (duration + drainMs / 1000)),
      // Over the round and the wait for its deliveries.
      cpuPerWrite: Math.round((cpuTime(server.pid) - cpuBefore) / Math.max(written, 1)),
      pgCpuPerWrite: pgUsed === undefined ? null : Math.round(pgUsed / Math.max(written, 1)),
      // The receiver runs on the same two cores: its share is the machine's, not the server's.
      receiverCpuPerWrite: Math.round((cpuTime(receiver.pid) - receiverCpuBefore) / Math.max(written, 1)),
    };
  };
  if (warmup > 0) for (const variant of ["with", "without"]) await measureWarm(context, variant, put, warmup);
  await context.analyze();
  const runs = [];
  for (let r = 0; r < rounds; r++) {
    const round = {};
    for (const variant of r % 2 ? ["without", "with"] : ["with", "without"]) round[variant] = await measure(variant);
    runs.push(round);
    log(`${backend} bank account PUT with and without an endpoint, round ${r + 1}`, round);
  }
  await setEnabled(context, true);
  const summary = (variant) => ({
    rps: median(runs.map((round) => round[variant].rps)),
    p50: median(runs.map((round) => round[variant].p50)),
    p99: Math.max(...runs.map((round) => round[variant].p99)),
    errors: runs.reduce((sum, round) => sum + round[variant].errors, 0),
    cpuPerWrite: median(runs.map((round) => round[variant].cpuPerWrite)),
    pgCpuPerWrite: sampler ? median(runs.map((round) => round[variant].pgCpuPerWrite)) : null,
    receiverCpuPerWrite: median(runs.map((round) => round[variant].receiverCpuPerWrite)),
  });
  const figures = {
    backend,
    with: {
      ...summary("with"),
      drainMs: median(runs.map((round) => round.with.drainMs)),
      sustainedRps: median(runs.map((round) => round.with.sustainedRps)),
      written: runs.reduce((sum, round) => sum + round.with.requests - round.with.errors, 0),
      delivered: runs.reduce((sum, round) => sum + round.with.delivered, 0),
    },
    without: summary("without"),
    rounds: runs.map((round) => ({
      rps: ratio(round.with.rps, round.without.rps),
      sustained: ratio(round.with.sustainedRps, round.without.rps),
      drainMs: round.with.drainMs,
    })),
  };
  figures.rpsWithToWithout = median(figures.rounds.map((r) => r.rps));
  figures.sustainedWithToWithout = median(figures.rounds.map((r) => r.sustained));
  log(`${backend} bank account PUT with ÷ without an endpoint`, figures);
  return figures;
}

/** Untimed load of one variant (and, with the endpoint, its deliveries). */
async function measureWarm(context, variant, put, seconds) {
  await setEnabled(context, variant === "with");
  const before = await control(context.receiver, "stats");
  const f = await load(context.server, put, seconds);
  if (variant === "with") await deliveredUpTo(context.receiver, before.unique + f.requests - f.errors);
}

/**
 * A backlog of `count` deliveries: the receiver holds what it gets while `count` PUTs
 * of the first user are written (50 connections); resolves with the PUTs' figures and
 * the receiver's stats before.
 */
async function buildBacklog({ server, receiver }, count) {
  await control(receiver, "hold");
  const before = await control(receiver, "stats");
  const t = performance.now();
  const f = await load(server, scenarios(server).updateNgnBankAccount, 0, { amount: count });
  const ms = performance.now() - t;
  return { before, written: f.requests - f.errors, writeRate: Math.round((f.requests - f.errors) / (ms / 1000)), ms };
}

/** Figure 2: deliveries per second while a backlog drains, nothing else running. */
async function deliveryRate(context) {
  const { backend, server, receiver, sampler, events } = context;
  const backlog = await buildBacklog(context, events);
  const cpuBefore = cpuTime(server.pid);
  const receiverCpuBefore = cpuTime(receiver.pid);
  const pgCpu = await sampler?.start();
  const released = await control(receiver, "answer");
  const done = await deliveredUpTo(receiver, backlog.before.unique + backlog.written);
  const pgUsed = await pgCpu?.();
  const delivered = done.unique - released.unique;
  const ms = done.lastNewAt - released.now;
  const figures = {
    backend,
    written: backlog.written,
    writeRate: backlog.writeRate,
    pending: backlog.before.unique + backlog.written - released.unique,
    delivered,
    missing: backlog.before.unique + backlog.written - done.unique,
    drainMs: Math.round(ms),
    perSecond: Math.round(delivered / (ms / 1000)),
    cpuPerDelivery: Math.round((cpuTime(server.pid) - cpuBefore) / Math.max(delivered, 1)),
    pgCpuPerDelivery: pgUsed === undefined ? null : Math.round(pgUsed / Math.max(delivered, 1)),
    receiverCpuPerDelivery: Math.round((cpuTime(receiver.pid) - receiverCpuBefore) / Math.max(delivered, 1)),
  };
  figures.toWriteRate = ratio(figures.perSecond, figures.writeRate);
  log(`${backend} delivery rate`, figures);
  return figures;
}

/** Figure 3: the second user's PUTs at an offered rate during a backlog's drain against with nothing pending. */
async function drainUnderLoad(context) {
  const { backend, server, receiver, backlog: size, rate, drainRounds, duration } = context;
  const steady = scenarios(server, 1).updateNgnBankAccount;
  const steadyLoad = () => load(server, steady, duration, { connections: 10, rate });
  const measure = {
    baseline: async () => ({ ...(await steadyLoad()), pendingAtStart: 0 }),
    draining: async () => {
      const backlog = await buildBacklog(context, size);
      const released = await control(receiver, "answer");
      const f = await steadyLoad();
      const end = await control(receiver, "stats");
      const target = backlog.before.unique + backlog.written;
      const done = await deliveredUpTo(receiver, target);
      return {
        ...f,
        pendingAtStart: target - released.unique,
        deliveredDuringLoad: end.unique - released.unique,
        // Whether the backlog lasted the whole load window.
        drainingThroughout: end.unique < target,
        drainMs: Math.round(done.lastNewAt - released.now),
      };
    },
  };
  // Warm: the steady load's own first requests (plans, connections) are not the baseline's.
  await steadyLoad();
  const runs = [];
  for (let r = 0; r < drainRounds; r++) {
    const round = {};
    for (const variant of r % 2 ? ["draining", "baseline"] : ["baseline", "draining"]) {
      round[variant] = await measure[variant]();
    }
    runs.push(round);
    log(`${backend} steady load with and without a draining backlog, round ${r + 1}`, round);
  }
  const figures = {
    backend,
    rate,
    backlog: size,
    baseline: {
      rps: median(runs.map((round) => round.baseline.rps)),
      p50: median(runs.map((round) => round.baseline.p50)),
      p99: median(runs.map((round) => round.baseline.p99)),
      errors: runs.reduce((sum, round) => sum + round.baseline.errors, 0),
    },
    draining: {
      rps: median(runs.map((round) => round.draining.rps)),
      p50: median(runs.map((round) => round.draining.p50)),
      p99: median(runs.map((round) => round.draining.p99)),
      errors: runs.reduce((sum, round) => sum + round.draining.errors, 0),
      deliveredDuringLoad: median(runs.map((round) => round.draining.deliveredDuringLoad)),
      drainingThroughout: runs.every((round) => round.draining.drainingThroughout),
      drainMs: median(runs.map((round) => round.draining.drainMs)),
    },
    rounds: runs.map((round) => ({
      p99: ratio(round.draining.p99, round.baseline.p99),
      p50: ratio(round.draining.p50, round.baseline.p50),
    })),
  };
  figures.p99DrainingToBaseline = median(figures.rounds.map((r) => r.p99));
  figures.p50DrainingToBaseline = median(figures.rounds.map((r) => r.p50));
  log(`${backend} steady load during a drain ÷ without`, figures);
  return figures;
}
