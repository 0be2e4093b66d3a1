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

/** How many migrations the embedded store in `dir` has recorded as applied, read as it opens, before any migration runs. */
async function appliedOnOpen(dir: string): Promise<number> {
  const db = await openEmbedded(dir);
  try {
    const { rows } = await db.query<{ n: number }>("select count(*)::int as n from drizzle.__drizzle_migrations");
    return rows[0]?.n ?? 0;
  } finally {
    await db.close();
  }
}

test("when a store is opened in an empty data directory, then it already has every migration applied", async () => {
  const dir = mkdtempSync(join(tmpdir(), "vault-template-"));
  dirs.push(dir);
  expect(await appliedOnOpen(dir)).toBe(migrations.length);
}, 60_000);

test("when a copy was cut short (no PG_VERSION yet), then the next open clears it and copies again", async () => {
  const dir = mkdtempSync(join(tmpdir(), "vault-template-"));
  dirs.push(dir);
  mkdirSync(join(dir, "base"));
  writeFileSync(join(dir, "base", "half-copied"), "x");
  writeFileSync(join(dir, "postgresql.conf"), "not a setting at all");
  expect(await appliedOnOpen(dir)).toBe(migrations.length);
  expect(readdirSync(join(dir, "base"))).not.toContain("half-copied");
}, 60_000);

test("when a store is opened in memory, then it already has every migration applied", async () => {
  expect(await appliedOnOpen("memory://")).toBe(migrations.length);
}, 60_000);
