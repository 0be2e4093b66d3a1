// The favourite-folders list must not read every folder of its user: its statement, as
// the list sends it, is planned on an index of starred folders even for a user with
// 100,000 folders. On PGlite, and on PostgreSQL when TEST_DATABASE_URL is set.
import { type SQL, sql } from "drizzle-orm";
import { PgDialect } from "drizzle-orm/pg-core";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { listFavouriteFolders } from "../src/domain/vault/folders.js";
import { type scratchDatabase, scratchKinds, scratchUser } from "./scratch-database.js";

const FOLDERS = 100_000;

describe.each(scratchKinds)("the favourite folders on %s", (kind) => {
  let scratch: Awaited<ReturnType<typeof scratchDatabase>>;
  let userId: number;
  beforeAll(async () => {
    ({ scratch, userId } = await scratchUser(kind, "many"));
    const { db } = scratch.database;
    // One folder in a thousand is starred, as in a real tree.
    await db.execute(sql`insert into folders (id, user_id, name, is_starred, created_at)
      select 'f-' || n, ${userId}, 'Folder ' || n, n % 1000 = 0, now() - n * interval '1 second'
      from generate_series(1, ${FOLDERS}) n`);
    await db.execute(sql`analyze folders`);
  }, 120_000);
  afterAll(() => scratch?.drop());

  test("when a user has 100,000 folders, then the list's statement is an index scan of the starred ones", async () => {
    const { db } = scratch.database;
    const sent: SQL[] = [];
    const execute = db.execute.bind(db);
    const listening = Object.assign(Object.create(db), {
      execute: (query: SQL) => {
        sent.push(query);
        return execute(query);
      },
    }) as typeof db;

    const page = await listFavouriteFolders(listening, userId, { pageSize: 20 });
    expect(page.items).toHaveLength(20);
    expect(page.items.every((folder) => folder.is_starred)).toBe(true);

    const [statement] = sent;
    if (!statement) throw new Error("the list sent no statement through execute");
    const query = new PgDialect().sqlToQuery(statement);
    const explained = await execute(sql.raw(`explain ${inlined(query.sql, query.params)}`));
    const plan = (explained as unknown as { rows: { "QUERY PLAN": string }[] }).rows.map((row) => row["QUERY PLAN"]);
    expect(plan.join("\n")).toMatch(/Index (Only )?Scan using folders_user_starred_created_idx on folders/);
  });
});

/** The statement's text with its parameters written in as literals (EXPLAIN takes no parameters here). */
function inlined(text: string, params: unknown[]): string {
  return text.replace(/\$(\d+)/g, (_, n: string) => {
    const value = params[Number(n) - 1];
    if (typeof value === "number") return String(value);
    return `'${String(value).replace(/'/g, "''")}'`;
  });
}
