import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import type { Database } from "../src/data/database.js";
import { scratchDatabase } from "./scratch-database.js";

const failure = (code: string) => Object.assign(new Error(`SQLSTATE ${code}`), { code });

describe("the transaction runner", () => {
  let database: Database;
  let drop: () => Promise<void>;
  beforeAll(async () => {
    ({ database, drop } = await scratchDatabase("pglite"));
  });
  afterAll(() => drop?.());

  test.each(["40P01", "40001"])(
    "when a transaction fails with %s twice, then the third attempt commits",
    async (code) => {
      let attempts = 0;
      const answer = await database.db.transaction(async (tx) => {
        attempts++;
        await tx.execute(sql`select 1`);
        if (attempts < 3) throw failure(code);
        return "committed";
      });
      expect(answer).toBe("committed");
      expect(attempts).toBe(3);
    },
  );

  test("when a deadlock outlives three attempts, then its error is thrown", async () => {
    let attempts = 0;
    await expect(
      database.db.transaction(async () => {
        attempts++;
        throw failure("40P01");
      }),
    ).rejects.toMatchObject({ code: "40P01" });
    expect(attempts).toBe(3);
  });

  test("when a transaction fails for any other reason, then it runs once", async () => {
    let attempts = 0;
    await expect(
      database.db.transaction(async () => {
        attempts++;
        throw failure("23505");
      }),
    ).rejects.toMatchObject({ code: "23505" });
    expect(attempts).toBe(1);
  });
});
