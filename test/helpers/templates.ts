// Vitest global setup: one migrated, seeded database per backend and seed count, made
// once per run with the real seed CLI. A harness starts from a copy of it (the PGlite
// data directory copied, or `CREATE DATABASE … TEMPLATE` on PostgreSQL) instead of
// migrating and seeding a fresh one, which costs seconds per suite on PGlite.
import { execFile } from "node:child_process";
import { cpSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { promisify } from "node:util";
import type { DemoUser } from "@vault/server";
import pg from "pg";
import type { TestProject } from "vitest/node";

const serverDir = resolve(import.meta.dirname, "../../apps/server");
const run = promisify(execFile);

/** A seeded data directory (its database inside on PGlite, or in `database` on PostgreSQL) and the users the seeds printed. */
export interface Template {
  dataDir: string;
  database?: string;
  users: DemoUser[];
}

/** Templates by backend name ("pglite", "postgres") and seed runs ("1", "2"). */
export type Templates = Record<string, Record<string, Template>>;

declare module "vitest" {
  export interface ProvidedContext {
    templates: Templates;
  }
}

/** The seed CLI's users, run with `env` (the harness runs the same CLI for further seed runs). */
export async function seedUsers(env: Record<string, string>): Promise<DemoUser[]> {
  const { stdout } = await run(process.execPath, ["dist/cli/seed.js", "--json"], { cwd: serverDir, env });
  return JSON.parse(stdout).users;
}

function baseEnv(dataDir: string): Record<string, string> {
  return {
    PATH: process.env.PATH ?? "",
    DATA_DIR: dataDir,
    LOG_LEVEL: "silent",
    ...(process.env.SERVER_COVERAGE_DIR ? { NODE_V8_COVERAGE: process.env.SERVER_COVERAGE_DIR } : {}),
  };
}

/** One seed run, then a copy seeded once more: the templates of one and of two seed runs. */
async function seededPair(
  cloneDatabase: () => Promise<{ url?: string; name?: string }>,
  first: { url?: string; name?: string },
): Promise<Record<string, Template>> {
  const dataDir = mkdtempSync(join(tmpdir(), "vault-template-"));
  const env = { ...baseEnv(dataDir), ...(first.url ? { DATABASE_URL: first.url } : {}) };
  const users = await seedUsers(env);
  const once: Template = { dataDir, database: first.name, users };
  const twiceDir = mkdtempSync(join(tmpdir(), "vault-template-"));
  cpSync(dataDir, twiceDir, { recursive: true });
  const second = await cloneDatabase();
  const more = await seedUsers({ ...baseEnv(twiceDir), ...(second.url ? { DATABASE_URL: second.url } : {}) });
  return { "1": once, "2": { dataDir: twiceDir, database: second.name, users: [...users, ...more] } };
}

function databaseUrl(adminUrl: string, name: string): string {
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return url.toString();
}

async function adminQuery(adminUrl: string, sql: string): Promise<void> {
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  try {
    await client.query(sql);
  } finally {
    await client.end();
  }
}

async function postgresTemplates(adminUrl: string): Promise<Record<string, Template>> {
  const prefix = `vault_template_${process.pid}`;
  await adminQuery(adminUrl, `create database ${prefix}_1`);
  const clone = async () => {
    await adminQuery(adminUrl, `create database ${prefix}_2 template ${prefix}_1`);
    return { url: databaseUrl(adminUrl, `${prefix}_2`), name: `${prefix}_2` };
  };
  return seededPair(clone, { url: databaseUrl(adminUrl, `${prefix}_1`), name: `${prefix}_1` });
}

export default async function setup(project: TestProject) {
  const adminUrl = process.env.TEST_DATABASE_URL;
  const [pglite, postgres] = await Promise.all([
    seededPair(async () => ({}), {}),
    adminUrl ? postgresTemplates(adminUrl) : undefined,
  ]);
  const templates: Templates = { pglite, ...(postgres ? { postgres } : {}) };
  project.provide("templates", templates);
  return async () => {
    for (const template of Object.values(templates).flatMap((byRuns) => Object.values(byRuns))) {
      rmSync(template.dataDir, { recursive: true, force: true });
      if (template.database && adminUrl)
        await adminQuery(adminUrl, `drop database if exists ${template.database} with (force)`);
    }
  };
}
