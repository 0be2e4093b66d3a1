// A first start copies the build's migrated store (dist/store-template/, made by
// `npm run build`) instead of running initdb and every migration; a store in memory
// loads it (dist/store-template.tar).
import { mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, expect, test } from "vitest";
import { openEmbedded } from "../src/data/open-pglite.js";

const migrations = readdirSync(join(import.meta.dirname, "../src/data/migrations")).filter((f) => f.endsWith(".sql"));
const dirs: string[] = [];
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

/** An empty directory of its own, removed after the test. */
function emptyDir(): string {
  const dir = mkdtempSync(join(tmpdir(), "vault-template-"));
  dirs.push(dir);
  return dir;
}

/** The first row of `sql` on the embedded store in `dir`, read as it opens, before any migration runs. */
async function onOpen<Row>(dir: string, sql: string): Promise<Row | undefined> {
  const db = await openEmbedded(dir);
  try {
    return (await db.query<Row>(sql)).rows[0];
  } finally {
    await db.close();
  }
}

/** How many migrations the embedded store in `dir` has recorded as applied. */
const appliedOnOpen = async (dir: string) =>
  (await onOpen<{ n: number }>(dir, "select count(*)::int as n from drizzle.__drizzle_migrations"))?.n ?? 0;

test("when a store is opened in an empty data directory, then it already has every migration applied", async () => {
  const dir = emptyDir();
  expect(await appliedOnOpen(dir)).toBe(migrations.length);
}, 60_000);

test("when a store is opened in an empty data directory, then the early migrations' secrets are gone from its rows and its table file", async () => {
  const dir = emptyDir();
  const secrets = "select count(*)::int as rows, pg_relation_size('server_secrets')::int as bytes from server_secrets";
  expect(await onOpen(dir, secrets)).toEqual({ rows: 0, bytes: 0 });
}, 60_000);

test("when a store is opened in an empty data directory, then it holds the service's database only, not initdb's templates (a third of the files each)", async () => {
  const dir = emptyDir();
  const databases = "select array_agg(datname order by datname) as names from pg_database";
  expect(await onOpen(dir, databases)).toEqual({ names: ["postgres"] });
  expect(readdirSync(join(dir, "base"))).toHaveLength(1);
}, 60_000);

test("when a copy was cut short (no PG_VERSION yet), then the next open clears it and copies again", async () => {
  const dir = emptyDir();
  mkdirSync(join(dir, "base"));
  writeFileSync(join(dir, "base", "half-copied"), "x");
  writeFileSync(join(dir, "postgresql.conf"), "not a setting at all");
  expect(await appliedOnOpen(dir)).toBe(migrations.length);
  expect(readdirSync(join(dir, "base"))).not.toContain("half-copied");
}, 60_000);

test("when a store is opened in memory, then it already has every migration applied", async () => {
  expect(await appliedOnOpen("memory://")).toBe(migrations.length);
}, 60_000);
