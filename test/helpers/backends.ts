import { randomBytes } from "node:crypto";
import pg from "pg";
import { s3Configured } from "./s3.js";

export interface Backend {
  name: "pglite" | "postgres" | "postgres+s3" | "pglite+s3";
  /** The database under it, whose seeded template (helpers/templates.ts) a harness starts from. */
  database: "pglite" | "postgres";
  /** A database for one test file: empty, or a copy of the `template` database (PostgreSQL); none for embedded PGlite. */
  createDatabase(template?: string): Promise<{ url: string | undefined; drop(): Promise<void> }>;
  /** Where file bytes go: `DATA_DIR/blobs`, or a fresh bucket of the test S3 server (`BLOB_STORE=s3`). */
  blobs: "fs" | "s3";
}

const adminUrl = process.env.TEST_DATABASE_URL;

const pglite: Backend = {
  name: "pglite",
  database: "pglite",
  createDatabase: async () => ({ url: undefined, drop: async () => {} }),
  blobs: "fs",
};

const postgres: Backend = {
  name: "postgres",
  database: "postgres",
  blobs: "fs",
  async createDatabase(template) {
    if (!adminUrl) throw new Error("TEST_DATABASE_URL is not set");
    const name = `vault_e2e_${randomBytes(6).toString("hex")}`;
    const admin = new pg.Client({ connectionString: adminUrl });
    await admin.connect();
    await admin.query(`create database ${name}${template ? ` template ${template}` : ""}`);
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

/** The S3 store beside the database a deployment on several machines has: PostgreSQL when given. */
const s3: Backend = adminUrl
  ? { ...postgres, name: "postgres+s3", blobs: "s3" }
  : { ...pglite, name: "pglite+s3", blobs: "s3" };

if (!adminUrl) {
  console.warn("\n[e2e] TEST_DATABASE_URL is not set: the PostgreSQL runs are SKIPPED (CI sets it).\n");
}
if (!s3Configured && process.env.REQUIRE_S3 === "1") {
  // In CI the S3 runs must not be skipped silently (turbo passes only the variables turbo.json names).
  throw new Error("REQUIRE_S3=1 but TEST_S3_ENDPOINT, TEST_S3_ACCESS_KEY_ID or TEST_S3_SECRET_ACCESS_KEY is not set");
}
if (!s3Configured) {
  console.warn(
    "\n[e2e] TEST_S3_ENDPOINT, TEST_S3_ACCESS_KEY_ID and TEST_S3_SECRET_ACCESS_KEY are not set: the S3 blob store runs are SKIPPED (CI starts scripts/s3-test-server.sh).\n",
  );
}

/**
 * The backends every end-to-end suite runs on: PGlite always, PostgreSQL when
 * TEST_DATABASE_URL is given, and the S3 blob store (on PostgreSQL if given) when
 * TEST_S3_ENDPOINT is.
 */
export const backends: Backend[] = [pglite, ...(adminUrl ? [postgres] : []), ...(s3Configured ? [s3] : [])];

/**
 * The backends of a suite whose proof never reaches the blob store (keys, events, the command
 * line, cursors, the folder tree): each database once. Beside S3 it would run the same code on
 * the same database again (docs/decisions/s3-runs.md).
 */
export const databases: Backend[] = backends.filter((backend) => backend.blobs === "fs");
