#!/usr/bin/env node
import cluster from "node:cluster";
import { type Config, ConfigError, loadConfig } from "./config.js";
import { openDatabase } from "./data/database.js";
import { createLogger, type Logger } from "./logger.js";
import { type RunningServer, startServer } from "./server.js";

function configOrExit(): Config {
  try {
    const config = loadConfig();
    if (config.workers > 1 && !config.databaseUrl) {
      throw new ConfigError("WORKERS > 1 needs DATABASE_URL: the embedded database admits one process");
    }
    return config;
  } catch (error) {
    if (!(error instanceof ConfigError)) throw error;
    console.error(`Configuration error: ${error.message}`);
    process.exit(1);
  }
}

function printDemo(server: RunningServer) {
  if (!server.demo) return;
  const { api_key, bank_account_id } = server.demo;
  console.log(`
Demo data created for user "demo". Its API key (shown only now):

  ${api_key}

Try it:

  curl -sS -X PUT ${server.url}/banking/v1/ng/bank_accounts/${bank_account_id}/ \\
    -H 'api-key: ${api_key}' -H 'Content-Type: application/json' \\
    -d '{"account_number": "0123456789", "classification": "PERSONAL", "status": "ACTIVE"}'

API reference: ${server.url}/docs/
More ids to try: npm run -s seed -- --json (with the server stopped); keys: npm run -s keys -- list
`);
}

/** Stops on SIGTERM/SIGINT: no new connections, in-flight requests finish, then the database closes. */
function onShutdown(logger: Logger, stop: () => Promise<void>) {
  let stopping = false;
  for (const signal of ["SIGTERM", "SIGINT"] as const) {
    process.on(signal, () => {
      if (stopping) return;
      stopping = true;
      logger.info({ signal }, "shutting down: finishing in-flight requests");
      setTimeout(() => process.exit(1), 10_000).unref();
      stop().then(
        () => process.exit(0),
        (err) => {
          logger.error({ err }, "shutdown failed");
          process.exit(1);
        },
      );
    });
  }
}

const config = configOrExit();
const logger = createLogger(config.logLevel);

if (config.workers > 1 && cluster.isPrimary) {
  // Migrate once, then fork workers that share the port; a worker that dies is replaced.
  const database = await openDatabase(config);
  await database.migrate();
  await database.close();
  let stopping = false;
  for (let i = 0; i < config.workers; i++) cluster.fork();
  cluster.on("exit", (worker, code, signal) => {
    if (stopping) return;
    logger.error({ pid: worker.process.pid, code, signal }, "worker died; starting another");
    cluster.fork();
  });
  onShutdown(logger, async () => {
    stopping = true;
    await Promise.all(
      Object.values(cluster.workers ?? {}).map(
        (worker) =>
          new Promise((resolve) => {
            worker?.once("exit", resolve);
            worker?.kill("SIGTERM");
          }),
      ),
    );
  });
  logger.info({ workers: config.workers }, "cluster started");
} else {
  const server = await startServer(config, logger, { demo: config.workers === 1 });
  logger.info({ url: server.url, database: config.databaseUrl ? "postgres" : "pglite", pid: process.pid }, "listening");
  printDemo(server);
  onShutdown(logger, () => server.close());
}
