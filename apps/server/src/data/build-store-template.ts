// `node dist/data/build-store-template.js` (the build's last step): makes
// dist/store-template/, the migrated empty store a first start copies (store-template.ts).
import { mkdtempSync, renameSync, rmSync } from "node:fs";
import { join } from "node:path";
import { openDatabase } from "./database.js";
import { STORE_TEMPLATE_DIR } from "./store-template.js";

rmSync(STORE_TEMPLATE_DIR, { recursive: true, force: true });
// Beside its place, so the finished store is renamed into it, never seen half made.
const dataDir = mkdtempSync(join(STORE_TEMPLATE_DIR, "..", ".store-template-"));
try {
  const database = await openDatabase({ dataDir, databaseStatementTimeoutMs: 600_000, databaseLockTimeoutMs: 600_000 });
  await database.migrate();
  await database.close();
  renameSync(join(dataDir, "pg"), STORE_TEMPLATE_DIR);
} finally {
  rmSync(dataDir, { recursive: true, force: true });
}
