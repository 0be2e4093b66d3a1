// A database of its own for a test: PGlite in memory, or a fresh PostgreSQL database on
// TEST_DATABASE_URL (and how to drop it).
import { randomBytes } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { sql } from "drizzle-orm";
import pg from "pg";
import { type Database, openDatabase } from "../src/data/database.js";
import { KeyRing, RootKey, useKeyRing } from "../src/secrets/key-ring.js";

const adminUrl = process.env.TEST_DATABASE_URL;

/** The kinds of database the plan tests run on: PGlite, and PostgreSQL when TEST_DATABASE_URL is set. */
export const scratchKinds = ["pglite", ...(adminUrl ? ["postgres" as const] : [])] as const;

/**
 * A data directory of its own: an in-memory store still holds the lock on `<dataDir>/pg`,
 * so test files sharing one could not run at once.
 */
export const scratchDataDir = () => mkdtempSync(join(tmpdir(), "vault-unit-"));

export async function scratchDatabase(
  kind: "pglite" | "postgres",
): Promise<{ database: Database; drop(): Promise<void> }> {
  const dataDir = scratchDataDir();
  const removeDataDir = () => rmSync(dataDir, { recursive: true, force: true });
  const timeouts = { dataDir, databaseStatementTimeoutMs: 60_000, databaseLockTimeoutMs: 10_000 };
  if (kind === "pglite") {
    const database = await openDatabase({ ...timeouts, inMemoryDatabase: true });
    return { database, drop: () => database.close().finally(removeDataDir) };
  }
  const name = `vault_plan_${randomBytes(6).toString("hex")}`;
  const admin = async (text: string) => {
    const client = new pg.Client({ connectionString: adminUrl });
    await client.connect();
    await client.query(text);
    await client.end();
  };
  await admin(`create database ${name}`);
  const url = new URL(adminUrl as string);
  url.pathname = `/${name}`;
  const database = await openDatabase({ ...timeouts, databaseUrl: url.toString() });
  return {
    database,
    async drop() {
      await database.close();
      await admin(`drop database if exists ${name} with (force)`);
      removeDataDir();
    },
  };
}

/** A migrated scratch database (see `scratchDatabase`) with one user, `name`, and that user's id. */
export async function scratchUser(kind: "pglite" | "postgres", name: string) {
  // As a server holds one: cursors and sealed values need the process's root key.
  useKeyRing(new KeyRing(new RootKey(randomBytes(32))));
  const scratch = await scratchDatabase(kind);
  await scratch.database.migrate();
  const result = await scratch.database.db.execute(sql`insert into users (username, email, first_name, last_name)
    values (${name}, ${`${name}@example.com`}, ${name}, 'User') returning id`);
  const userId = (result as unknown as { rows: { id: number }[] }).rows[0]?.id as number;
  return { scratch, userId };
}
