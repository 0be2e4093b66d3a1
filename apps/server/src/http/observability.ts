import { setTimeout as sleep } from "node:timers/promises";
import type { RequestHandler } from "express";
import { Router } from "express";
import type pg from "pg";
import { Counter, collectDefaultMetrics, Gauge, Histogram, Registry } from "prom-client";
import type { Database } from "../data/database.js";
import { passwordHashesWaiting } from "../domain/passwords.js";
import type { BlobStore } from "../storage/blob-store.js";

export interface Metrics {
  registry: Registry;
  /** Records the count and latency of every request by operationId and status. */
  middleware: RequestHandler;
  /** File parts being streamed into the blob store right now. */
  uploadsReceiving: Gauge;
}

export function createMetrics(database: Database): Metrics {
  const poolSum = (count: (pool: pg.Pool) => number) =>
    (database.pools ?? []).reduce((sum, pool) => sum + count(pool), 0);
  const registry = new Registry();
  collectDefaultMetrics({ register: registry });
  const labelNames = ["operation", "method", "status"] as const;
  const requests = new Counter({
    name: "vault_http_requests_total",
    help: "HTTP requests",
    labelNames,
    registers: [registry],
  });
  const duration = new Histogram({
    name: "vault_http_request_duration_seconds",
    help: "HTTP request latency",
    labelNames,
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 10],
    registers: [registry],
  });
  for (const [name, help, read] of [
    ["vault_db_pool_total", "Database connections open", () => poolSum((p) => p.totalCount)],
    ["vault_db_pool_idle", "Database connections idle", () => poolSum((p) => p.idleCount)],
    ["vault_db_pool_waiting", "Requests waiting for a database connection", () => poolSum((p) => p.waitingCount)],
    ["vault_password_hashes_waiting", "Password hashes waiting for a slot", passwordHashesWaiting],
  ] as const) {
    new Gauge({
      name,
      help,
      registers: [registry],
      collect() {
        this.set(read() ?? 0);
      },
    });
  }
  const middleware: RequestHandler = (req, res, next) => {
    const stop = duration.startTimer();
    res.once("finish", () => {
      const operationId = req.openapi?.schema?.operationId;
      const labels = { operation: operationId ?? "none", method: req.method, status: String(res.statusCode) };
      requests.inc(labels);
      stop(labels);
    });
    next();
  };
  const uploadsReceiving = new Gauge({
    name: "vault_uploads_receiving",
    help: "File uploads being streamed into the blob store",
    registers: [registry],
  });
  return { registry, middleware, uploadsReceiving };
}

const READY_DEADLINE_MS = 1000;

interface Readiness {
  database: boolean;
  blob_store: boolean;
}

/**
 * The readiness check (the database answers and is migrated, the blob store answers),
 * each part within its deadline: a pool with no free connection counts as not ready,
 * rather than leaving the probe waiting.
 */
async function checkReadiness(database: Database, blobs: BlobStore): Promise<Readiness> {
  const [answered, stored] = await Promise.all([
    Promise.race([database.ping(), sleep(READY_DEADLINE_MS, false)]),
    Promise.race([
      blobs.check().then(
        () => true,
        () => false,
      ),
      sleep(READY_DEADLINE_MS, false),
    ]),
  ]);
  return { database: answered && database.migrated, blob_store: stored };
}

/**
 * `check`, run at most once per `cacheMs`: hits that arrive while a check runs,
 * or within that time of its start, share its answer. `/readyz` is anonymous, so
 * without this every hit cost a database round trip and a request to the blob store; a
 * failure is still seen within the cache time plus the check's deadline.
 */
function sharedCheck<T>(check: () => Promise<T>, cacheMs: number): () => Promise<T> {
  let last: { startedAt: number; answer: Promise<T> } | undefined;
  return () => {
    const now = Date.now();
    if (!last || now - last.startedAt >= cacheMs) last = { startedAt: now, answer: check() };
    return last.answer;
  };
}

/**
 * `/healthz` (the process answers), `/readyz` (the database answers and is migrated,
 * the blob store answers, and the start's validator warm-up is done: `validators`),
 * `/metrics` (Prometheus). One readiness check answers every `/readyz` hit within
 * `readinessCacheMs` of its start.
 */
export function adminRouter(
  database: Database,
  blobs: BlobStore,
  metrics: Metrics,
  readinessCacheMs: number,
  validatorsCompiled: () => boolean = () => true,
): Router {
  const router = Router({ strict: true, caseSensitive: true });
  const readiness = sharedCheck(() => checkReadiness(database, blobs), readinessCacheMs);
  router.get("/healthz", (_req, res) => {
    res.json({ status: "ok" });
  });
  router.get("/readyz", async (_req, res) => {
    const { database: ready, blob_store: stored } = await readiness();
    const validators = validatorsCompiled();
    const all = ready && stored && validators;
    res
      .status(all ? 200 : 503)
      .json({ status: all ? "ready" : "unavailable", database: ready, blob_store: stored, validators });
  });
  router.get("/metrics", async (_req, res) => {
    res.type(metrics.registry.contentType).send(await metrics.registry.metrics());
  });
  return router;
}
