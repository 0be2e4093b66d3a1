import { setFlagsFromString } from "node:v8";
import { ConfigError, loadConfig } from "../config.js";
import { controlSocketPath, sendStoreCommand } from "../control-socket.js";
import { openDatabase } from "../data/database.js";
import { StoreInUse } from "../data/pglite-lock.js";
import { openKeyRing } from "../secrets/key-check.js";
import { openBlobStore } from "../storage/open-blob-store.js";
import { runStoreCommand, type StoreCommand } from "../store-commands.js";

// A command holds the embedded store for a moment: V8's optimising tier for PGlite's
// WebAssembly would spend more CPU compiling than it saves. A server keeps that tier,
// which pays off under load (docs/decisions/server-runtime-tuning.md).
setFlagsFromString("--liftoff-only");

/**
 * Runs a store command: in the server that has the embedded database open, if one
 * runs, so what it creates is usable there at once; otherwise on the configured store,
 * opened (and migrated) here.
 */
export async function runCli(command: StoreCommand, args: string[]): Promise<never> {
  let config: ReturnType<typeof loadConfig>;
  try {
    config = loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) finish(1, `Configuration error: ${error.message}\n`);
    throw error;
  }
  if (!config.databaseUrl) {
    const sent = await sendStoreCommand(controlSocketPath(config.dataDir), command, args);
    if (sent) finish(sent.code, sent.output);
  }
  const database = await openDatabase(config).catch((error: unknown) => {
    if (error instanceof StoreInUse) finish(1, `${error.message}\n`);
    throw error;
  });
  try {
    await database.migrate();
    await openKeyRing(config, database, () => {});
    const blobs = await openBlobStore(config);
    const { code, output } = await runStoreCommand(
      { database, blobs, retentionDays: config.binRetentionDays },
      command,
      args,
    );
    await database.close();
    finish(code, output);
  } catch (error) {
    await database.close();
    if (error instanceof ConfigError) finish(1, `Configuration error: ${error.message}\n`);
    throw error;
  }
}

function finish(code: number, output: string): never {
  (code === 0 ? process.stdout : process.stderr).write(output);
  process.exit(code);
}
