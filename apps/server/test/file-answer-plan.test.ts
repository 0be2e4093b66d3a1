// A file write's answer (the file as written, `fileViewQuery` over `target`) must find its
// blob row by key. Joined to `blobs union all stored_blob`, the plan could not look the
// file's hash up in that union and read every blob row, all users', for one file: on
// PostgreSQL a full scan of blobs_pkey, 480 buffers of a 575-buffer content PUT in the
// versions bench (issue 27 §4), and more as the vault grows. Here among 2,000 blobs, the
// answer for one file, planned as the server plans it (generic, sequential scans off, on
// PostgreSQL), must read one blob row. On PGlite, and on PostgreSQL when
// TEST_DATABASE_URL is set.
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import type { Db } from "../src/data/database.js";
import { WRITTEN_BLOB } from "../src/domain/vault/files.js";
import { fileViewQuery } from "../src/domain/vault/views.js";
import { asThePoolPlansIt, readsOf } from "./explained-plans.js";
import { type scratchDatabase, scratchKinds, scratchUser } from "./scratch-database.js";

const BLOBS = 2000;

describe.each(scratchKinds)("a file write's answer on %s", (kind) => {
  let scratch: Awaited<ReturnType<typeof scratchDatabase>>;
  let db: Db;

  beforeAll(async () => {
    ({ scratch } = await scratchUser(kind, "answered"));
    db = scratch.database.db;
    await db.execute(sql`insert into blobs (hash, size, mimetype)
      select lpad(to_hex(n), 64, '0'), n, 'text/plain' from generate_series(1, ${BLOBS}) n`);
    await db.execute(sql`insert into files (id, user_id, name, hash, content_size, extension)
      select 'file_1', id, 'a.txt', lpad(to_hex(7), 64, '0'), 7, 'txt' from users`);
    await db.execute(sql`analyze`);
  }, 120_000);
  afterAll(() => scratch?.drop());

  test("when 2,000 blobs are stored, then the answer for one written file reads its blob row only", async () => {
    // `target` as a write's, and `stored_blob` as a write of content the store already held (no new row).
    const statement = sql`with target as (select * from files where id = $1),
        stored_blob as (insert into blobs (hash, size, mimetype) select hash, 0, '' from target where false returning *)
      select size::integer as size, mimetype from (${fileViewQuery({ files: sql`target`, blobs: WRITTEN_BLOB })}) v`;
    const { plan, rows } = await asThePoolPlansIt(db, statement, "file_1");
    expect(rows).toEqual([{ size: 7, mimetype: "text/plain" }]);
    const reads = readsOf(plan, "blobs");
    expect(reads).not.toEqual([]);
    expect(reads.filter((read) => read.rows > 1)).toEqual([]);
  });
});
