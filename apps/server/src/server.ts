import { createServer, type RequestListener, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { versions } from "@vault/spec/versions";
import { count } from "drizzle-orm";
import express from "express";
import { type App, type AppDeps, createApp } from "./app.js";
import type { Config } from "./config.js";
import { controlSocketPath, serveStoreCommands } from "./control-socket.js";
import { type Database, openDatabase, POOL_CONNECTIONS } from "./data/database.js";
import { sweepIdempotencyKeys } from "./data/idempotency-keys.js";
import { users } from "./data/schema.js";
import { createDemoUser, type DemoUser } from "./demo.js";
import { KEY_REVOKED_CHANNEL, KeyCache } from "./domain/api-keys.js";
import { purgeOldEvents } from "./domain/events.js";
import { setPasswordCost } from "./domain/passwords.js";
import { purgeExpired } from "./domain/vault/bins.js";
import { sweepOrphanBlobs } from "./domain/vault/blob-sweep.js";
import { linkOwner } from "./domain/vault/links.js";
import { sweepExpiredUploads } from "./domain/vault/resumable-uploads.js";
import { StoreNotBound } from "./domain/vault/store-binding.js";
import { startDeliveryWorker } from "./domain/webhooks/delivery-worker.js";
import { DELIVERIES_CHANNEL } from "./domain/webhooks/worker-wake.js";
import { adminRouter, createMetrics, type Metrics } from "./http/observability.js";
import { createRateLimiter } from "./http/rate-limit.js";
import { eventPresenter } from "./http/routes/events.js";
import type { Logger } from "./logger.js";
import { trimNativeHeapPeriodically } from "./native-heap.js";
import { openKeyRing } from "./secrets/key-check.js";
import type { BlobStore } from "./storage/blob-store.js";
import { BlobStoreUnavailable } from "./storage/blob-store.js";
import { deletingOnlyWhen } from "./storage/guarded-deletes.js";
import { openBlobStore } from "./storage/open-blob-store.js";
import { collectWarmUpGarbage } from "./warm-up-garbage.js";

const SWEEP_INTERVAL_MS = 60 * 60 * 1000;
/** How often the embedded database's statistics are checked (a read of its catalog; see embedded-statistics.ts). */
const STATISTICS_INTERVAL_MS = 5000;

export interface RunningServer {
  url: string;
  /**
   * The start's own work, done while the server already serves: its first sweep and, on
   * an empty store, the demo data. Resolves to the demo user this start created, if any.
   */
  settled: Promise<DemoUser | undefined>;
  /** Resolves once the start's warm-up has compiled every version's validators (at once with `LAZY_VALIDATORS=1`). */
  warmedUp: Promise<void>;
  /** The open storage, for in-process tools (the benchmark seeds through it). */
  database: Database;
  blobs: BlobStore;
  /** Stops accepting connections, lets in-flight requests finish, closes the database. */
  close(): Promise<void>;
}

type StartOptions = {
  demo?: boolean;
  /** The database, already opening (main.ts opens it while the server's modules load); opened here when absent. */
  database?: Promise<Database>;
} & Pick<AppDeps, "validate">;

/**
 * Opens storage, migrates and serves; the first sweep (the expired bin, idempotency keys,
 * orphan bytes), an empty store's demo data and the validators' warm-up run while it
 * serves (docs/decisions/start-work-while-serving.md).
 */
export async function startServer(config: Config, logger: Logger, options: StartOptions = {}): Promise<RunningServer> {
  const database = await migrateWithKeyRing(await (options.database ?? openDatabase(config)), config, logger);
  const statisticsTimer = refreshStatisticsPeriodically(database, logger);
  const { store, blobs, claim } = await openGuardedBlobStore(config, logger);
  const closeCommands = await serveCommandsIfEmbedded(config, database, blobs, logger);
  const keyCache = await cacheKeysUntilRevoked(database);
  const metrics = createMetrics(database);
  setPasswordCost(config.sharePasswordScryptLogN);
  const rateLimiter = await createRateLimiter(rateLimits(config, database));
  const validators = { compiled: config.lazyValidators };
  const validatorsCompiled = () => validators.compiled;
  const admin = listenAdmin(config, database, blobs, metrics, validatorsCompiled);
  const http = await listenHttp(config);
  const publicConfig = { ...config, publicBaseUrl: config.publicBaseUrl ?? http.url };
  const app = createApp({
    config: publicConfig,
    database,
    blobs,
    logger,
    metrics,
    rateLimiter,
    adminOnly: admin !== undefined,
    keyCache,
    validate: options.validate,
    validatorsCompiled,
  });
  http.serve(app.handle);
  // After serving: the database runs one statement at a time, and the start's own would wait behind these.
  const sweeps = startSweeps(config, database, { store, blobs, claim }, logger);
  const demo = seedEmptyStore(config, database, blobs, options.demo);
  const deliveries = startDeliveries(publicConfig, database, logger, http.requestsInFlight);
  // The events' trigger notifies when it made deliveries; the worker's poll covers a lost notification.
  const notified = database.listen(DELIVERIES_CHANNEL, {
    message: deliveries.wake,
    lost: () => {},
    listening: deliveries.wake,
  });
  const settled = Promise.all([sweeps.swept, demo, notified]).then(([, user]) => user);
  settled.catch(() => {}); // the caller awaits it, and reports its failure
  // After the demo data, whose key the person who started the server is waiting for.
  const warmedUp = config.lazyValidators
    ? Promise.resolve()
    : demo
        .catch(() => {})
        .then(() =>
          warmUpServing(app, logger, () => {
            validators.compiled = true;
          }),
        );
  // Once the start's work is done, whose compilations leave most of the C heap's free pages.
  const trimming = Promise.allSettled([warmedUp, settled]).then(() => trimNativeHeapPeriodically());
  return {
    url: http.url,
    settled,
    warmedUp,
    database,
    blobs,
    async close() {
      // Its loopback server would outlive the close by up to a second.
      await warmedUp;
      await settled.catch(() => {});
      clearInterval(await trimming);
      clearInterval(sweeps.timer);
      clearInterval(statisticsTimer);
      await Promise.all([http.server, admin].map(closeHttp));
      await app.close();
      await deliveries.stop();
      await closeCommands();
      await rateLimiter.close();
      await database.close();
    },
  };
}

/** The database, migrated, with its root key open; closed again if the key does not open it. */
async function migrateWithKeyRing(database: Database, config: Config, logger: Logger): Promise<Database> {
  await database.migrate();
  await openKeyRing(config, database, (message) => logger.info(message)).catch(async (error: unknown) => {
    await database.close();
    throw error;
  });
  return database;
}

function refreshStatisticsPeriodically(database: Database, logger: Logger): NodeJS.Timeout {
  const refreshStatistics = () =>
    database.refreshStatistics().catch((err: unknown) => logger.error({ err }, "refreshing statistics failed"));
  return setInterval(refreshStatistics, STATISTICS_INTERVAL_MS).unref();
}

/** Whether this database is known to be the blob store's only one (the orphan sweep's claim, see store-binding.ts). */
interface StoreClaim {
  ours: boolean;
}

interface GuardedBlobStore {
  store: BlobStore;
  /** The store, deleting bytes only while the claim holds. */
  blobs: BlobStore;
  claim: StoreClaim;
}

/** Bytes are deleted only while this database is known to be the store's only one; an in-memory database never is. */
async function openGuardedBlobStore(config: Config, logger: Logger): Promise<GuardedBlobStore> {
  const store = await openBlobStore(config, (err) =>
    logger.warn({ err }, "the blob store cannot be reached yet; file contents answer 503 until it does"),
  );
  const claim: StoreClaim = { ours: false };
  const blobs = deletingOnlyWhen(store, () => claim.ours);
  if (config.inMemoryDatabase) logger.info("in-memory database: no stored bytes are ever deleted (no orphan sweep)");
  return { store, blobs, claim };
}

/** Sweeps the orphan bytes when this database alone uses the store; says why not otherwise. */
async function sweepOrphansIfOurs(database: Database, store: BlobStore, logger: Logger): Promise<boolean> {
  try {
    await sweepOrphanBlobs(database.db, store);
    return true;
  } catch (err) {
    if (!(err instanceof StoreNotBound)) throw err;
    logger.warn(`orphan sweep refused, no stored bytes are deleted: ${err.message}`);
    return false;
  }
}

/**
 * Runs the sweeps now and every hour; the first (`swept`) runs while the server serves, as
 * every later one does.
 */
function startSweeps(config: Config, database: Database, storage: GuardedBlobStore, logger: Logger) {
  const { store, blobs, claim } = storage;
  // Rows first, bytes after: a crash in between leaves only orphan bytes, which the
  // next sweep removes (a row never points at missing bytes).
  const sweep = async () => {
    await sweepIdempotencyKeys(database.db);
    if (!config.inMemoryDatabase) claim.ours = await sweepOrphansIfOurs(database, store, logger);
    await purgeExpired(database.db, blobs, logger);
    await sweepExpiredUploads(database.db, (id) => blobs.deleteUploadParts(id));
    await blobs.sweepTemp();
    await purgeOldEvents(database.db, config.eventsRetentionDays);
  };
  const sweepLogged = () =>
    sweep().catch((err: unknown) => {
      if (err instanceof BlobStoreUnavailable)
        logger.warn({ err }, "bin sweep put off: the blob store cannot be reached");
      else logger.error({ err }, "sweep failed");
    });
  const swept = sweepLogged();
  const timer = setInterval(sweepLogged, SWEEP_INTERVAL_MS).unref();
  return { swept, timer };
}

/** Creates the demo user when asked to and the store has no user yet. */
async function seedEmptyStore(
  config: Config,
  database: Database,
  blobs: BlobStore,
  demo: boolean | undefined,
): Promise<DemoUser | undefined> {
  if (!demo) return undefined;
  const [{ value: userCount } = { value: 0 }] = await database.db.select({ value: count() }).from(users);
  return userCount === 0 ? await createDemoUser(database.db, blobs, "demo", config.binRetentionDays) : undefined;
}

/** PGlite admits one process: the command-line tools run their commands in this one. */
async function serveCommandsIfEmbedded(
  config: Config,
  database: Database,
  blobs: BlobStore,
  logger: Logger,
): Promise<() => Promise<void>> {
  const embedded = !config.databaseUrl && !config.inMemoryDatabase;
  if (!embedded) return async () => {};
  const store = { database, blobs, retentionDays: config.binRetentionDays };
  return serveStoreCommands(controlSocketPath(config.dataDir), store, logger);
}

/** Valid keys are kept until a revocation is notified; while notifications may be lost, none is trusted. */
async function cacheKeysUntilRevoked(database: Database): Promise<KeyCache> {
  const keyCache = new KeyCache();
  await database.listen(KEY_REVOKED_CHANNEL, {
    message: (hash) => keyCache.forget(hash),
    lost: () => keyCache.distrust(),
    listening: () => keyCache.trust(),
  });
  keyCache.trust();
  return keyCache;
}

const rateLimits = (config: Config, database: Database): Parameters<typeof createRateLimiter>[0] => ({
  perMinute: config.rateLimitPerMinute,
  failedAuthPerMinute: config.failedAuthPerMinute,
  linkPerMinute: config.linkPerMinute,
  unlockAddressPer15Minutes: config.unlockAddressPer15Minutes,
  unlockOwnerPerMinute: config.unlockOwnerPerMinute,
  windowMs: config.rateLimitWindowMs,
  unlockWindowMs: config.unlockWindowMs,
  linkOwner: (token) => linkOwner(database.db, token),
  redisUrl: config.redisUrl,
});

/** The admin routes on a port of their own, when one is configured. */
function listenAdmin(
  config: Config,
  database: Database,
  blobs: BlobStore,
  metrics: Metrics,
  validatorsCompiled: () => boolean,
): Server | undefined {
  if (config.adminPort === undefined) return undefined;
  const router = adminRouter(database, blobs, metrics, config.readinessCacheMs, validatorsCompiled);
  const admin = createServer(express().use(router));
  admin.listen(config.adminPort, config.host);
  return admin;
}

/**
 * The HTTP server, listening: a request that arrives while the app is built and warmed
 * up waits until `serve` hands it the app.
 */
async function listenHttp(config: Config) {
  const server = createServer({ requestTimeout: config.requestTimeoutMs });
  let appBuilt: (app: RequestListener) => void = () => {};
  const built = new Promise<RequestListener>((resolve) => {
    appBuilt = resolve;
  });
  const waitForApp: RequestListener = (req, res) => void built.then((app) => app(req, res));
  server.on("request", waitForApp);
  let inFlight = 0;
  server.on("request", (_req, res) => {
    inFlight++;
    res.once("close", () => inFlight--);
  });
  server.listen(config.port, config.host);
  await new Promise<void>((resolve, reject) => server.once("listening", resolve).once("error", reject));
  const { port } = server.address() as AddressInfo;
  const host = config.host.includes(":") ? `[${config.host}]` : config.host;
  return {
    server,
    url: `http://${host}:${port}`,
    requestsInFlight: () => inFlight,
    serve(app: RequestListener) {
      server.off("request", waitForApp).on("request", app);
      appBuilt(app);
    },
  };
}

/**
 * Compiles the validators while the server serves (docs/decisions/validator-warm-up.md):
 * the released version's first, then `compiled` (`/readyz` answers 200 from then on),
 * then the others' (each compiled version costs about a second and holds some 70 MiB).
 * A request that arrives meanwhile compiles its own operation's validators.
 */
async function warmUpServing(app: App, logger: Logger, compiled: () => void): Promise<void> {
  const [first, ...later] = versions.map(({ name }) => name);
  await warmUp(() => app.compileValidators([first as string]), logger);
  compiled();
  collectWarmUpGarbage();
  await warmUp(() => app.compileValidators(later), logger);
  collectWarmUpGarbage();
}

async function warmUp(compileValidators: () => Promise<string[]>, logger: Logger): Promise<void> {
  const refused = await compileValidators().catch((err: unknown) => [`the warm-up failed: ${String(err)}`]);
  if (refused.length > 0)
    logger.warn({ refused }, "warm-up requests the contract refused: their validators compile on first use");
}

function startDeliveries(
  config: Config & { publicBaseUrl: string },
  database: Database,
  logger: Logger,
  requestsInFlight: () => number,
) {
  return startDeliveryWorker({
    db: database.db,
    present: eventPresenter(config),
    allowHosts: config.webhookAllowHosts,
    logger,
    timeoutMs: config.webhookTimeoutMs,
    breakerTimeoutMs: config.webhookBreakerTimeoutMs,
    keepLimits: {
      disableAfterS: config.webhookDisableAfterSeconds,
      maxWaitS: config.webhookMaxWaitSeconds,
      retryDelaysMs: config.webhookRetryDelaysMs,
      leaseMs: config.webhookLeaseMs,
    },
    // More requests in flight than a pool has connections queue in the server (downloads and uploads count too;
    // PGlite runs one statement at a time, and the same number serves it).
    apiBusy: () => requestsInFlight() > POOL_CONNECTIONS,
  });
}

/** Stops accepting connections and resolves once the open requests have been answered. */
const closeHttp = (server: Server | undefined) =>
  new Promise<void>((resolve) => {
    if (!server) return resolve();
    server.close(() => resolve());
    server.closeIdleConnections();
  });
