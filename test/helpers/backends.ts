import { randomBytes } from "node:crypto";
import pg from "pg";

export interface Backend {
  name: "pglite" | "postgres";
  /** A fresh, empty database for one test file (PostgreSQL), or undefined for embedded PGlite. */
  createDatabase(): Promise<{ url: string | undefined; drop(): Promise<void> }>;
}

const adminUrl = process.env.TEST_DATABASE_URL;

const pglite: Backend = {
  name: "pglite",
  createDatabase: async () => ({ url: undefined, drop: async () => {} }),
};

const postgres: Backend = {
  name: "postgres",
  async createDatabase() {
    if (!adminUrl) throw new Error("TEST_DATABASE_URL is not set");
    const name = `vault_e2e_${randomBytes(6).toString("hex")}`;
    const admin = new pg.Client({ connectionString: adminUrl });
    await admin.connect();
    await admin.query(`create database ${name}`);
    await admin.end();
    const url = new URL(adminUrl);
    url.pathname = `/${name}`;
    return {
      url: url.toString(),
      async drop() {
        const client = new pg.Client({ connectionString: adminUrl });
        await client.connect();
        await client.query(`drop database if exists ${name} with (force)`);
        await client.end();
      },
    };
  },
};

if (!adminUrl) {
  console.warn("\n[e2e] TEST_DATABASE_URL is not set: the PostgreSQL runs are SKIPPED (CI sets it).\n");
}

/** The backends every end-to-end suite runs on: PGlite always, PostgreSQL when TEST_DATABASE_URL is given. */
export const backends: Backend[] = adminUrl ? [pglite, postgres] : [pglite];
