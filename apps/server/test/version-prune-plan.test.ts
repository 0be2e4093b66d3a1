// The prune of a content change (`versionCtes`, version-writes.ts) must read the versions
// it deletes, not every version the file keeps nor every index entry it ever had. A walk
// from the newest version visited each kept one's heap row, every time (half of what
// keeping versions cost PostgreSQL per PUT); before that, a bitmap scan returned the dead
// entries each prune leaves until a vacuum (PGlite runs none), so a file's 2,000th
// replacement read 2,000 entries (issue 27 §4). Here a file has 5 versions, counted on its
// row, after 1,000 others of it were deleted, among 200 files of 5 versions each; its
// prune, planned as the server plans it (generic, on PostgreSQL), must read the one
// version it deletes. On PGlite, and on PostgreSQL when TEST_DATABASE_URL is set.
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import type { Db } from "../src/data/database.js";
import { versionCtes } from "../src/domain/vault/version-writes.js";
import { inRolledBack, planOf, readsOf } from "./explained-plans.js";
import { type scratchDatabase, scratchKinds, scratchUser } from "./scratch-database.js";

const KEEP = 5;
const PRUNED_BEFORE = 1000;
const HASH = "a".repeat(64);
const versionId = (n: number) => `ver_${String(n).padStart(5, "0")}`;

type Rows<T> = { rows: T[] };

describe.each(scratchKinds)("the prune of a content change on %s", (kind) => {
  let scratch: Awaited<ReturnType<typeof scratchDatabase>>;
  let db: Db;

  beforeAll(async () => {
    let userId: number;
    ({ scratch, userId } = await scratchUser(kind, "versioned"));
    db = scratch.database.db;
    await db.execute(sql`insert into blobs (hash, size, mimetype) values (${HASH}, 1, 'text/plain')`);
    await db.execute(sql`insert into files (id, user_id, name, hash, content_size, extension)
      select 'file_' || n, ${userId}, 'a.txt', ${HASH}, 1, 'txt' from generate_series(0, 200) n`);
    // File 0's versions, oldest first; all but the newest KEEP deleted, as prunes would have deleted them.
    await db.execute(sql`insert into file_versions (id, file_id, user_id, hash, size, created_at)
      select 'ver_' || lpad(n::text, 5, '0'), 'file_0', ${userId}, ${HASH}, 1, now() - (${PRUNED_BEFORE + KEEP} - n) * interval '1 s'
      from generate_series(1, ${PRUNED_BEFORE + KEEP}) n`);
    await db.execute(sql`delete from file_versions where id <= ${versionId(PRUNED_BEFORE)}`);
    await db.execute(sql`insert into file_versions (id, file_id, user_id, hash, size, created_at)
      select 'other_' || n || '_' || k, 'file_' || n, ${userId}, ${HASH}, 1, now() - k * interval '1 s'
      from generate_series(1, 200) n, generate_series(1, ${KEEP}) k`);
    await db.execute(
      sql`update files f set version_count = (select count(*) from file_versions v where v.file_id = f.id)`,
    );
    await db.execute(sql`analyze`);
  }, 120_000);
  afterAll(() => scratch?.drop());

  test("when 1,000 earlier versions of a file were pruned, then its next prune reads only the version it deletes", async () => {
    // The file's row as its target writes it: its content is unchanged, so no version is saved; with KEEP kept (the
    // current content counted), it counts KEEP - 1 of its KEEP earlier versions, and the oldest goes.
    const statement = sql`with target as (select id, hash, least(version_count, $1 - 1) as version_count from files
        where id = 'file_0'), ${versionCtes(sql.raw("$1"))}
      select id from pruned`;
    const { plan, left } = await inRolledBack(db, async (tx) => {
      await tx.execute(sql`set local plan_cache_mode = force_generic_plan`);
      await tx.execute(sql`prepare prune_of_test(integer) as ${statement}`);
      const explained = await tx.execute(sql.raw(`explain (analyze, format json) execute prune_of_test(${KEEP})`));
      await tx.execute(sql`deallocate prune_of_test`);
      const versions = await tx.execute(sql`select id from file_versions where file_id = 'file_0' order by id`);
      return { plan: planOf(explained), left: (versions as unknown as Rows<{ id: string }>).rows.map((row) => row.id) };
    });
    const reads = readsOf(plan, "file_versions");
    expect(reads.filter((read) => read.node.startsWith("Index") || read.node.startsWith("Bitmap"))).not.toEqual([]);
    expect(reads.filter((read) => read.rows > 1)).toEqual([]);
    // What it did: the oldest of the KEEP went, the newest KEEP - 1 stay.
    const newest = Array.from({ length: KEEP }, (_, i) => versionId(PRUNED_BEFORE + 1 + i));
    expect(left).toEqual(newest.slice(1));
  });
});
