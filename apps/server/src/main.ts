#!/usr/bin/env -S MALLOC_ARENA_MAX=2 node --heap-growing-percent=50
import cluster from "node:cluster";
import { type Config, ConfigError, loadConfig } from "./config.js";
import { openEmbeddedStore } from "./data/open-embedded-store.js";
import { StoreInUse } from "./data/pglite-lock.js";
import type { DemoUser } from "./demo.js";
import { createLogger, type Logger } from "./logger.js";

function configOrExit(): Config {
  try {
    const config = loadConfig();
    if (config.workers > 1 && !config.databaseUrl) {
      throw new ConfigError("WORKERS > 1 needs DATABASE_URL: the embedded database admits one process");
    }
    return config;
  } catch (error) {
    return exitOnStartError(error);
  }
}

/**
 * A configuration that cannot work (a bad variable, a missing bucket) or an embedded
 * database another process has open ends the process with its message, no stack.
 */
function exitOnStartError(error: unknown): never {
  if (error instanceof ConfigError) console.error(`Configuration error: ${error.message}`);
  else if (error instanceof StoreInUse) console.error(error.message);
  else throw error;
  process.exit(1);
}

/** The first thing a person sees on an empty store: the demo key, its ids, a curl line per operation of the service spec and a few of the rest. */
function printDemo(url: string, demo: DemoUser | undefined) {
  if (!demo) return;
  const auth = `-H 'api-key: ${demo.api_key}'`;
  const json = `${auth} -H 'Content-Type: application/json'`;
  const at = (path: string) => `${url}${path}`;
  console.log(`
Demo data created for user "demo". Its API key (shown only now):

  ${demo.api_key}

Ids: bank account ${demo.bank_account_id}, file ${demo.file_id}, folder ${demo.folder_id},
     folder tree ${demo.projects_folder_id}, file share ${demo.file_share_id},
     bin entries ${demo.bin_id} (a file) and ${demo.folder_bin_id} (a folder).

Try the service spec's six operations:

  curl -sS -X PUT ${at(`/banking/v1/ng/bank_accounts/${demo.bank_account_id}/`)} ${json} \\
    -d '{"account_number": "0123456789", "classification": "PERSONAL", "status": "ACTIVE"}'
  curl -sS -X PATCH ${at(`/evault/v1/file_shares/${demo.file_share_id}/`)} ${json} -d '{"access": "public"}'
  curl -sS -X PUT ${at(`/evault/v1/files/${demo.file_id}/`)} ${auth} -F 'file=@README.md' -F 'name=Readme'
  curl -sS ${at(`/evault/v1/files/${demo.file_id}/content/`)} ${auth}
  curl -sS -X POST ${at(`/evault/v1/bins/${demo.bin_id}/restore/`)} ${json} -d '{"tags": [{"name": "recovered"}]}'
  curl -sS -X POST ${at(`/evault/v1/folders/${demo.projects_folder_id}/duplicate_folder/`)} ${json} -d '{"name": "Projects 2"}'
  curl -sS -X PATCH ${at(`/evault/v1/favourite/folders/${demo.folder_id}/`)} ${json} -d '{"is_starred": true}'

Read, list, create and delete (every operation: the API reference):

  curl -sS ${at(`/evault/v1/folders/${demo.folder_id}/`)} ${auth}
  curl -sS '${at(`/evault/v1/files/?folder=${demo.folder_id}&page_size=1`)}' ${auth}
  curl -sS -X POST ${at("/evault/v1/folders/")} ${json} -d '{"name": "Taxes"}'
  curl -sS -X DELETE ${at(`/evault/v1/files/${demo.file_id}/`)} ${auth}

Open the shared folder "Projects" in a browser, as anyone with its link would:

  ${at(`/evault/v1/links/${demo.public_link_token}/`)}

API reference: ${at("/docs/")} (try-it console: ${at("/docs/try/")})
More ids to try: npm run -s seed -- --json (it runs in this server); keys: npm run -s keys -- list
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
const logger = createLogger(config.logLevel, config.logFormat);

if (config.workers > 1 && cluster.isPrimary) {
  // Migrate once, then fork workers that share the port; a worker that dies is replaced.
  const { openDatabase } = await import("./data/database.js");
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
  // The embedded database boots on its thread while the server's modules load (the
  // database module alone takes a fifth of a second): both are imported after it starts.
  const embedded = config.databaseUrl ? undefined : openEmbeddedStore(config);
  embedded?.catch(() => {}); // startServer awaits it, and reports its failure
  const [{ openDatabase }, { startServer }] = await Promise.all([import("./data/database.js"), import("./server.js")]);
  const database = openDatabase(config, embedded);
  database.catch(() => {});
  // Demo data is the embedded quick start's: a deployment on PostgreSQL gets no user and no key it did not ask for.
  const server = await startServer(config, logger, { demo: !config.databaseUrl, database }).catch(exitOnStartError);
  logger.info({ url: server.url, database: config.databaseUrl ? "postgres" : "pglite", pid: process.pid }, "listening");
  onShutdown(logger, () => server.close());
  printDemo(server.url, await server.settled.catch(exitOnStartError));
  logger.info("started: the first sweep is done");
}
