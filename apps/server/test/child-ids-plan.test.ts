// A shared folder's view lists the ids of its first 100 child folders and files. With a
// generic plan (the share statements are named ones), the planner expects one child per
// parent, as most folders have: read by an index of the parent alone and then sorted, a
// folder of 2,000 children read all of them for the first 100 (the scale bench's share
// operations around a 10,000-folder container read 10,000). The parent's indexes now hold
// the children in order, so the view reads at most 100 of each, whichever it takes. On
// PGlite, and on PostgreSQL when TEST_DATABASE_URL is set.
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import type { Db } from "../src/data/database.js";
import { folderViewQuery } from "../src/domain/vault/views.js";
import { asThePoolPlansIt, readsOf } from "./explained-plans.js";
import { type scratchDatabase, scratchKinds, scratchUser } from "./scratch-database.js";

const CHILDREN = 2000;
const OTHERS = 10_000;

describe.each(scratchKinds)("a folder view's child ids on %s", (kind) => {
  let scratch: Awaited<ReturnType<typeof scratchDatabase>>;
  let db: Db;

  beforeAll(async () => {
    let userId: number;
    ({ scratch, userId } = await scratchUser(kind, "parent"));
    db = scratch.database.db;
    await db.execute(sql`insert into folders (id, user_id, name) values ('big', ${userId}, 'Big')`);
    // 2,000 children in the big folder, and 10,000 folders with one child folder and one file each.
    await db.execute(sql`insert into folders (id, user_id, parent_id, name, created_at)
      select 'child-' || n, ${userId}, 'big', 'Child ' || n, now() - n * interval '1 second'
      from generate_series(1, ${CHILDREN}) n`);
    await db.execute(sql`insert into folders (id, user_id, name)
      select 'top-' || n, ${userId}, 'Top ' || n from generate_series(1, ${OTHERS}) n`);
    await db.execute(sql`insert into folders (id, user_id, parent_id, name)
      select 'chain-' || n, ${userId}, 'top-' || n, 'Chain ' || n from generate_series(1, ${OTHERS}) n`);
    await db.execute(sql`insert into files (id, user_id, folder_id, name, extension, created_at)
      select 'file-' || n, ${userId}, case when n <= ${CHILDREN} then 'big' else 'chain-' || (n - ${CHILDREN}) end,
        'f' || n || '.txt', 'txt', now() - n * interval '1 second'
      from generate_series(1, ${CHILDREN + OTHERS}) n`);
    await db.execute(sql`analyze`);
  }, 120_000);
  afterAll(() => scratch?.drop());

  test("when a folder has 2,000 child folders and files, then its view reads 100 of each", async () => {
    const statement = sql`select child_folders, child_files
      from (${folderViewQuery({ folder: sql`(select * from folders where id = $1)`, children: true })}) v`;
    const { plan, rows } = await asThePoolPlansIt<Record<string, string>>(db, statement, "big");
    const [view] = rows;
    expect(view?.child_folders?.split(",")).toHaveLength(100);
    expect(view?.child_files?.split(",")).toHaveLength(100);
    // The newest first in the data, the oldest first in the view.
    expect(view?.child_folders?.split(",")[0]).toBe(`child-${CHILDREN}`);
    expect(view?.child_files?.split(",")[0]).toBe(`file-${CHILDREN}`);
    expect([...readsOf(plan, "folders"), ...readsOf(plan, "files")].filter((read) => read.rows > 101)).toEqual([]);
  });
});
