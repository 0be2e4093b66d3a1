// The quota (USER_QUOTA_BYTES) is a setting of the database's sessions, which migration
// 0015's commit check reads: on PGlite, a worker thread restarted after a statement
// overran its deadline must start with it too, or no quota is held from then on.
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { openDatabase } from "@vault/server";
import { afterAll, expect, test } from "vitest";

const dataDir = mkdtempSync(join(tmpdir(), "vault-quota-"));
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

test("the embedded database's worker, restarted after a deadline, starts with the quota setting", async () => {
  const database = await openDatabase({
    dataDir,
    databaseStatementTimeoutMs: 500,
    databaseLockTimeoutMs: 500,
    userQuotaBytes: 4321,
  });
  try {
    const setting = async () => {
      const { rows } = (await database.db.execute(
        "select current_setting('vault.user_quota_bytes', true) as quota",
      )) as unknown as { rows: { quota: string | null }[] };
      return rows[0]?.quota;
    };
    expect(await setting()).toBe("4321");
    const overran = await database.db.execute("select pg_sleep(5)").then(
      () => undefined,
      (err: { cause?: unknown }) => err.cause,
    );
    expect(String(overran)).toMatch(/statement timeout .*the embedded database restarts/);
    expect(await setting()).toBe("4321");
  } finally {
    await database.close();
  }
}, 60_000);
