// The prune of a content change (`versionCtes`, version-writes.ts) must read the versions
// it deletes, not every version the file keeps nor every index entry it ever had. A walk
// from the newest version visited each kept one's heap row, every time (half of what
// keeping versions cost PostgreSQL per PUT); before that, a bitmap scan returned the dead
// entries each prune leaves until a vacuum (PGlite runs none), so a file's 2,000th
// replacement read 2,000 entries (issue 27 §4). Here a file has 5 versions, counted on its
// row, after 1,000 others of it were deleted, among 200 files of 5 versions each; its
// prune, planned as the server plans it (generic, on PostgreSQL), must read the one
// version it deletes. And a content change of a file that keeps all the versions it may
// must write the version it saves over its oldest: one row updated, none inserted or
// deleted (what keeping a version costs a PUT, issue 27 §4). On PGlite, and on PostgreSQL
// when TEST_DATABASE_URL is set.
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import type { Db } from "../src/data/database.js";
import { versionCtes } from "../src/domain/vault/version-writes.js";
import { inRolledBack, planOf, readsOf, rowCounts, type Tx } from "./explained-plans.js";
import { type scratchDatabase, scratchKinds, scratchUser } from "./scratch-database.js";

const KEEP = 5;
const PRUNED_BEFORE = 1000;
const HASH = "a".repeat(64);
const versionId = (n: number) => `ver_${String(n).padStart(5, "0")}`;

type Rows<T> = { rows: T[] };

/** The version rows this backend inserted, updated and deleted so far. */
const written = (tx: Tx) => rowCounts(tx, "file_versions", ["inserted", "updated", "deleted"]);

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

  test("when a file that keeps as many versions as it may changes content, then the oldest version's row becomes the one saved", async () => {
    // file_1 counts KEEP earlier versions; with KEEP + 1 kept (the current content counted) that is all it may keep.
    const outcome = await inRolledBack(db, async (tx) => {
      await tx.execute(sql`insert into blobs (hash, size, mimetype) values (${"b".repeat(64)}, 2, 'text/plain')`);
      const current = await tx.execute(
        sql`update files set content_at = now() where id = 'file_1' returning content_version_id as id`,
      );
      await tx.execute(sql`set local plan_cache_mode = force_generic_plan`);
      await tx.execute(sql`set local enable_seqscan = off`);
      const before = await written(tx);
      await tx.execute(sql`prepare save_of_test(integer) as with target as (
          update files set hash = ${sql.raw(`'${"b".repeat(64)}'`)}, content_size = 2,
            version_count = least(version_count + 1, $1 - 1), content_version_id = 'saved_as_version_later'
          where id = 'file_1' returning id, hash, version_count
        ), ${versionCtes(sql.raw("$1"))}
        select (select count(*) from made_versions) as made, (select count(*) from gone_versions) as gone`);
      const explained = await tx.execute(sql.raw(`explain (analyze, format json) execute save_of_test(${KEEP + 1})`));
      await tx.execute(sql`deallocate save_of_test`);
      const after = await written(tx);
      const kept = await tx.execute(
        sql`select id from file_versions where file_id = 'file_1' order by created_at desc, id desc`,
      );
      return {
        plan: planOf(explained),
        saved: (current as unknown as Rows<{ id: string }>).rows[0]?.id,
        written: {
          inserted: after.inserted - before.inserted,
          updated: after.updated - before.updated,
          deleted: after.deleted - before.deleted,
        },
        kept: (kept as unknown as Rows<{ id: string }>).rows.map((row) => row.id),
      };
    });
    expect(outcome.written).toEqual({ inserted: 0, updated: 1, deleted: 0 });
    // Planned as the server's pool plans it, it reads no version but the oldest (and the one it updates).
    expect(readsOf(outcome.plan, "file_versions").filter((read) => read.rows > 1)).toEqual([]);
    // The content it had is the newest version, under the id it had as the current one; the oldest, other_1_5, went.
    expect(outcome.kept).toEqual([outcome.saved, ...[1, 2, 3, 4].map((k) => `other_1_${k}`)]);
  });
});
