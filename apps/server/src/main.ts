#!/usr/bin/env node
import { ConfigError, loadConfig } from "./config.js";
import { createLogger } from "./logger.js";
import { startServer } from "./server.js";

let config: ReturnType<typeof loadConfig>;
try {
  config = loadConfig();
} catch (error) {
  if (!(error instanceof ConfigError)) throw error;
  console.error(`Configuration error: ${error.message}`);
  process.exit(1);
}

const logger = createLogger(config.logLevel);
const server = await startServer(config, logger, { demo: true });
logger.info(
  { url: server.url, database: config.databaseUrl ? "postgres" : "pglite", dataDir: config.dataDir },
  "listening",
);

if (server.demo) {
  const { api_key, bank_account_id } = server.demo;
  console.log(`
Demo data created for user "demo". Its API key (shown only now):

  ${api_key}

Try it:

  curl -sS -X PUT ${server.url}/banking/v1/ng/bank_accounts/${bank_account_id}/ \\
    -H 'api-key: ${api_key}' -H 'Content-Type: application/json' \\
    -d '{"account_number": "0123456789", "classification": "PERSONAL", "status": "ACTIVE"}'

More ids to try: npm run -s seed -- --json (with the server stopped); keys: npm run -s keys -- list
`);
}

let stopping = false;
for (const signal of ["SIGTERM", "SIGINT"] as const) {
  process.on(signal, () => {
    if (stopping) return;
    stopping = true;
    logger.info({ signal }, "shutting down: finishing in-flight requests");
    const force = setTimeout(() => process.exit(1), 10_000);
    force.unref();
    server.close().then(
      () => process.exit(0),
      (err) => {
        logger.error({ err }, "shutdown failed");
        process.exit(1);
      },
    );
  });
}
