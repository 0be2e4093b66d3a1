// Rewrites the tables that keep sealed or old secrets so that no earlier version of a
// row stays in their files: an UPDATE or DELETE leaves the old version behind until a
// vacuum, and the embedded database never vacuums on its own.
import { sql } from "drizzle-orm";
import type { Db } from "../data/database.js";

const TABLES = "file_shares, webhook_endpoints, idempotency_keys, events, server_secrets";

/** VACUUM FULL of the secret-keeping tables, then a checkpoint; whether the checkpoint ran (PostgreSQL may refuse it to a role without pg_checkpoint). */
export async function scrubOldRowVersions(db: Db): Promise<boolean> {
  await db.execute(sql.raw(`vacuum full ${TABLES}`));
  return db.execute(sql`checkpoint`).then(
    () => true,
    () => false,
  );
}
