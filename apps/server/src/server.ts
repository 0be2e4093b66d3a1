import { createServer, type RequestListener } from "node:http";
import type { AddressInfo } from "node:net";
import { count } from "drizzle-orm";
import express from "express";
import { type AppDeps, createApp } from "./app.js";
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
import { adminRouter, createMetrics } from "./http/observability.js";
import { createRateLimiter } from "./http/rate-limit.js";
import { eventPresenter } from "./http/routes/events.js";
import type { Logger } from "./logger.js";
import { openKeyRing } from "./secrets/key-check.js";
import type { BlobStore } from "./storage/blob-store.js";
import { BlobStoreUnavailable } from "./storage/blob-store.js";
import { deletingOnlyWhen } from "./storage/guarded-deletes.js";
import { openBlobStore } from "./storage/open-blob-store.js";
import { collectWarmUpGarbage } from "./warm-up-garbage.js";

const SWEEP_INTERVAL_MS = 60 * 60 * 1000;
/** How often the embedded database's statistics are checked (a read of its catalog; see embedded-statistics.ts). */
const STATISTICS_INTERVAL_MS = 5000;

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

export interface RunningServer {
  url: string;
  /** The demo user created on an empty store, if this start created one. */
  demo: DemoUser | undefined;
  /** The open storage, for in-process tools (the benchmark seeds through it). */
  database: Database;
  blobs: BlobStore;
  /** Stops accepting connections, lets in-flight requests finish, closes the database. */
  close(): Promise<void>;
}

/** Opens storage, migrates, purges the expired bin and idempotency keys, seeds an empty store and listens; serves once all that is done. */
export async function startServer(
  config: Config,
  logger: Logger,
  options: { demo?: boolean } & Pick<AppDeps, "validate"> = {},
): Promise<RunningServer> {
  const database = await openDatabase(config);
  await database.migrate();
  await openKeyRing(config, database, (message) => logger.info(message)).catch(async (error: unknown) => {
    await database.close();
    throw error;
  });
  const refreshStatistics = () =>
    database.refreshStatistics().catch((err: unknown) => logger.error({ err }, "refreshing statistics failed"));
  const statisticsTimer = setInterval(refreshStatistics, STATISTICS_INTERVAL_MS);
  statisticsTimer.unref();
  const store = await openBlobStore(config, (err) =>
    logger.warn({ err }, "the blob store cannot be reached yet; file contents answer 503 until it does"),
  );
  // Bytes are deleted only while this database is known to be the store's only one
  // (the orphan sweep's claim, see store-binding.ts); an in-memory database never is.
  let storeIsOurs = false;
  const blobs = deletingOnlyWhen(store, () => storeIsOurs);
  if (config.inMemoryDatabase) logger.info("in-memory database: no stored bytes are ever deleted (no orphan sweep)");

  // Rows first, bytes after: a crash in between leaves only orphan bytes, which the
  // next sweep removes (a row never points at missing bytes).
  const sweep = async () => {
    await sweepIdempotencyKeys(database.db);
    if (!config.inMemoryDatabase) storeIsOurs = await sweepOrphansIfOurs(database, store, logger);
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
  // Done before anyone is served, but beside the rest of the start: the sweep mostly
  // waits for the disk and the database, the validators' warm-up for the processor.
  const swept = sweepLogged();
  const timer = setInterval(sweepLogged, SWEEP_INTERVAL_MS);
  timer.unref();

  const [{ value: userCount } = { value: 0 }] = await database.db.select({ value: count() }).from(users);
  const demo =
    options.demo && userCount === 0
      ? await createDemoUser(database.db, blobs, "demo", config.binRetentionDays)
      : undefined;

  // PGlite admits one process: the command-line tools run their commands in this one.
  const embedded = !config.databaseUrl && !config.inMemoryDatabase;
  const closeCommands = embedded
    ? await serveStoreCommands(
        controlSocketPath(config.dataDir),
        { database, blobs, retentionDays: config.binRetentionDays },
        logger,
      )
    : async () => {};

  const keyCache = new KeyCache();
  await database.listen(KEY_REVOKED_CHANNEL, {
    message: (hash) => keyCache.forget(hash),
    lost: () => keyCache.distrust(),
    listening: () => keyCache.trust(),
  });
  keyCache.trust();

  const metrics = createMetrics(database);
  setPasswordCost(config.sharePasswordScryptLogN);
  const rateLimiter = await createRateLimiter({
    perMinute: config.rateLimitPerMinute,
    failedAuthPerMinute: config.failedAuthPerMinute,
    linkPerMinute: config.linkPerMinute,
    unlockAddressPer15Minutes: config.unlockAddressPer15Minutes,
    unlockOwnerPerMinute: config.unlockOwnerPerMinute,
    linkOwner: (token) => linkOwner(database.db, token),
    redisUrl: config.redisUrl,
  });
  const admin =
    config.adminPort === undefined ? undefined : createServer(express().use(adminRouter(database, blobs, metrics)));
  admin?.listen(config.adminPort, config.host);

  const server = createServer({ requestTimeout: config.requestTimeoutMs });
  // A request that arrives while the app is built and warmed up waits for it.
  let appBuilt: (app: RequestListener) => void = () => {};
  const built = new Promise<RequestListener>((resolve) => {
    appBuilt = resolve;
  });
  const waitForApp: RequestListener = (req, res) => void built.then((app) => app(req, res));
  server.on("request", waitForApp);
  let requestsInFlight = 0;
  server.on("request", (_req, res) => {
    requestsInFlight++;
    res.once("close", () => requestsInFlight--);
  });
  server.listen(config.port, config.host);
  await new Promise<void>((resolve, reject) => server.once("listening", resolve).once("error", reject));
  const { port } = server.address() as AddressInfo;
  const host = config.host.includes(":") ? `[${config.host}]` : config.host;
  const url = `http://${host}:${port}`;
  const publicConfig = { ...config, publicBaseUrl: config.publicBaseUrl ?? url };
  const { handle: app, compileValidators } = createApp({
    config: publicConfig,
    database,
    blobs,
    logger,
    metrics,
    rateLimiter,
    adminOnly: admin !== undefined,
    keyCache,
    validate: options.validate,
  });
  const refused = await compileValidators();
  if (refused.length > 0)
    logger.warn({ refused }, "warm-up requests the contract refused: their validators compile on first use");
  await swept;
  server.off("request", waitForApp).on("request", app);
  appBuilt(app);

  const deliveries = startDeliveryWorker({
    db: database.db,
    present: eventPresenter(publicConfig),
    allowHosts: config.webhookAllowHosts,
    logger,
    timeoutMs: config.webhookTimeoutMs,
    breakerTimeoutMs: config.webhookBreakerTimeoutMs,
    keepLimits: { disableAfterS: config.webhookDisableAfterSeconds, maxWaitS: config.webhookMaxWaitSeconds },
    // More requests in flight than a pool has connections queue in the server (downloads and uploads count too;
    // PGlite runs one statement at a time, and the same number serves it).
    apiBusy: () => requestsInFlight > POOL_CONNECTIONS,
  });
  // The events' trigger notifies when it made deliveries; the worker's poll covers a lost notification.
  await database.listen(DELIVERIES_CHANNEL, { message: deliveries.wake, lost: () => {}, listening: deliveries.wake });
  collectWarmUpGarbage();

  return {
    url,
    demo,
    database,
    blobs,
    async close() {
      clearInterval(timer);
      clearInterval(statisticsTimer);
      await Promise.all(
        [server, admin].map(
          (s) =>
            new Promise<void>((resolve) => {
              if (!s) return resolve();
              s.close(() => resolve());
              s.closeIdleConnections();
            }),
        ),
      );
      await deliveries.stop();
      await closeCommands();
      await rateLimiter.close();
      await database.close();
    },
  };
}
