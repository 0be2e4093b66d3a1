// The server's named statements run on generic plans without sequential scans on a pool
// of their own (see `withGenericPlans`), its other queries on PostgreSQL's defaults; both
// keep any startup options the database URL gives.
import { rmSync } from "node:fs";
import { sql } from "drizzle-orm";
import { describe, expect, test } from "vitest";
import { openDatabase } from "../src/data/database.js";
import { withGenericPlans } from "../src/data/open-postgres.js";
import { statement } from "../src/data/prepared.js";
import { scratchDataDir } from "./scratch-database.js";

const adminUrl = process.env.TEST_DATABASE_URL;

describe("withGenericPlans", () => {
  test("adds the generic plans to a URL's startup options, keeping those it gives", () => {
    const options = (url: string) => new URL(withGenericPlans(url)).searchParams.get("options");
    expect(options("postgres://u@db:5432/vault")).toBe(
      "-c plan_cache_mode=force_generic_plan -c jit=off -c enable_seqscan=off",
    );
    expect(options("postgres://u@db:5432/vault?options=-c%20work_mem%3D7MB&sslmode=disable")).toBe(
      "-c work_mem=7MB -c plan_cache_mode=force_generic_plan -c jit=off -c enable_seqscan=off",
    );
    expect(new URL(withGenericPlans("postgres://u@db/vault?sslmode=disable")).searchParams.get("sslmode")).toBe(
      "disable",
    );
  });

  test("leaves a connection string that is not a URL as it is", () => {
    expect(withGenericPlans("host=/run/postgresql dbname=vault")).toBe("host=/run/postgresql dbname=vault");
  });
});

describe.skipIf(!adminUrl)("the server's PostgreSQL connections", () => {
  test("run named statements on generic plans, drizzle's queries on the default, both with the URL's options", async () => {
    const url = new URL(adminUrl as string);
    url.searchParams.set("options", "-c work_mem=7MB");
    const dataDir = scratchDataDir();
    const database = await openDatabase({
      databaseUrl: url.toString(),
      dataDir,
      databaseStatementTimeoutMs: 10_000,
      databaseLockTimeoutMs: 10_000,
    });
    const settings = `select current_setting('plan_cache_mode') as plans, current_setting('jit') as jit,
      current_setting('enable_seqscan') as seqscan, current_setting('work_mem') as work_mem`;
    try {
      expect(await statement("plan_settings", settings)(database.db, [])).toEqual([
        { plans: "force_generic_plan", jit: "off", seqscan: "off", work_mem: "7MB" },
      ]);
      const adHoc = await database.db.execute(sql.raw(settings));
      expect((adHoc as unknown as { rows: unknown[] }).rows).toEqual([
        expect.objectContaining({ plans: "auto", seqscan: "on", work_mem: "7MB" }),
      ]);
    } finally {
      await database.close();
      rmSync(dataDir, { recursive: true, force: true });
    }
  });
});
