// PGlite runs no autovacuum, so its planner had no statistics and walked a folder's
// subtree by reading every folder at each level. The server refreshes them once tables grow.
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import type { Database } from "../src/data/database.js";
import { fitsUnder } from "../src/domain/vault/placement.js";
import { scratchDatabase } from "./scratch-database.js";

describe("the embedded database's statistics", () => {
  let database: Database;
  let drop: () => Promise<void>;
  beforeAll(async () => {
    ({ database, drop } = await scratchDatabase("pglite"));
    await database.migrate();
    await database.refreshStatistics();
    const { db } = database;
    const { rows } = (await db.execute(sql`insert into users (username, email, first_name, last_name)
      values ('deep', 'deep@example.com', 'Deep', 'Tree') returning id`)) as unknown as { rows: { id: number }[] };
    const userId = rows[0]?.id as number;
    // A chain 128 deep beside 2,000 folders at the root: a tree that grew after the start.
    await db.execute(sql`insert into folders (id, user_id, parent_id, name)
      select 'chain-' || n, ${userId}, case when n > 1 then 'chain-' || (n - 1) end, 'Level ' || n
      from generate_series(1, 128) n`);
    await db.execute(sql`insert into folders (id, user_id, name)
      select 'root-' || n, ${userId}, 'Folder ' || n from generate_series(1, 2000) n`);
  }, 60_000);
  afterAll(() => drop?.());

  /** The plan of the depth check of a move of the chain, which walks down its whole subtree. */
  const depthCheckPlan = async () => {
    const { rows } = (await database.db.execute(
      sql`explain select ${fitsUnder(sql`'root-1'`, sql`'chain-1'`)} as fits`,
    )) as unknown as { rows: { "QUERY PLAN": string }[] };
    return rows.map((row) => row["QUERY PLAN"]).join("\n");
  };

  test("when the folders grew since the start, then a refresh analyzes them and a walk down the tree reads by index, not every folder per level", async () => {
    await database.refreshStatistics();
    const plan = await depthCheckPlan();
    expect(plan).toMatch(/Index (Only )?Scan using folders_parent_created_idx on folders c/);
    expect(plan).not.toMatch(/Seq Scan on folders/);
  });

  /** The size of the folders table on disk, in bytes. */
  const foldersSize = async () => {
    const { rows } = (await database.db.execute(sql`select pg_relation_size('folders') as size`)) as unknown as {
      rows: { size: string }[];
    };
    return Number(rows[0]?.size);
  };

  test("when most folders were deleted, then a refresh vacuums the table: as many new folders fit in the space they left", async () => {
    const before = await foldersSize();
    await database.db.execute(sql`delete from folders where id like 'root-%' and id <> 'root-1'`);
    await database.refreshStatistics();
    await database.db.execute(sql`insert into folders (id, user_id, name)
      select 'again-' || n, user_id, 'Again ' || n from generate_series(2, 2000) n, (select user_id from folders where id = 'root-1') u`);
    // Without the vacuum the dead rows keep their pages and the new ones take as many more.
    expect(await foldersSize()).toBeLessThanOrEqual(before * 1.1);
  });
});
