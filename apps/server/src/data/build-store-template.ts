// `node dist/data/build-store-template.js` (the build's last step): makes
// dist/store-template/ and dist/store-template.tar, the migrated empty store a first start
// copies and a store in memory loads (store-template.ts).
import { mkdtempSync, renameSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { openDatabase } from "./database.js";
import { openEmbedded } from "./open-pglite.js";
import { STORE_TEMPLATE_DIR, STORE_TEMPLATE_TAR } from "./store-template.js";

rmSync(STORE_TEMPLATE_DIR, { recursive: true, force: true });
rmSync(STORE_TEMPLATE_TAR, { force: true });
// Beside its place, so the finished store is renamed into it, never seen half made.
const dataDir = mkdtempSync(join(STORE_TEMPLATE_DIR, "..", ".store-template-"));
try {
  const database = await openDatabase({ dataDir, databaseStatementTimeoutMs: 600_000, databaseLockTimeoutMs: 600_000 });
  await database.migrate();
  // The migrations' legacy secrets (server_secrets) guard nothing in an empty store: gone
  // from the template, and from its files, a first start has none to seal and scrub
  // (secrets/key-check.ts), and no two stores of one build begin with the same ones.
  for (const statement of [
    "delete from server_secrets",
    "vacuum full server_secrets",
    "update pg_database set datistemplate = false where datname in ('template0', 'template1')",
    "drop database template0",
    "drop database template1",
    "checkpoint",
  ]) {
    await database.runScript(statement);
  }
  await database.close();
  const store = await openEmbedded(join(dataDir, "pg"));
  const archive = await store.dumpDataDir("none");
  await store.close();
  writeFileSync(STORE_TEMPLATE_TAR, Buffer.from(await archive.arrayBuffer()));
  renameSync(join(dataDir, "pg"), STORE_TEMPLATE_DIR);
} finally {
  rmSync(dataDir, { recursive: true, force: true });
}
