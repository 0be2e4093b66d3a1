// Named statements on PGlite (the store's thread runs the server's named statements
// through them): prepared once, then answering as PGlite's own query() does.
import { PGlite } from "@electric-sql/pglite";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { PgliteStatements } from "../src/data/pglite-statements.js";

describe("named statements on PGlite", () => {
  let db: PGlite;
  let statements: PgliteStatements;
  const insert = "insert into notes (id, at, body, note) values ($1, $2, $3, $4) returning *";
  const read = "select * from notes where id = $1";
  const prepared = async () =>
    (await db.query<{ name: string }>("select name from pg_prepared_statements order by name")).rows.map(
      (row) => row.name,
    );

  beforeAll(async () => {
    db = await PGlite.create();
    statements = new PgliteStatements(db);
    await db.exec("create table notes (id int8 primary key, at timestamptz not null, body jsonb, note text)");
  });
  afterAll(() => db?.close());

  test("a statement is prepared once, and each run answers what PGlite's query() answers", async () => {
    const at = new Date("2026-11-29T10:00:00.123Z");
    for (const id of [1, 2, 3]) {
      const { rows } = await statements.query("insert_note", insert, [id, at, { n: id }, id === 2 ? null : `n${id}`]);
      expect(rows).toEqual([{ id, at, body: { n: id }, note: id === 2 ? null : `n${id}` }]);
    }
    const mine = await statements.query("read_note", read, [2]);
    const theirs = await db.query(read, [2]);
    expect(mine.rows).toEqual(theirs.rows);
    expect(mine.fields).toEqual(theirs.fields);
    expect(await statements.query("read_note", read, [4])).toMatchObject({ rows: [] });
    expect(await prepared()).toEqual(["insert_note", "read_note"]);
  });

  test("rows as arrays, and the types given a parser of their own, as the driver asks", async () => {
    const { rows } = await statements.query("read_note", read, [1], {
      rowMode: "array",
      parsers: { 20: (text: string) => text },
    });
    expect(rows).toEqual([["1", new Date("2026-11-29T10:00:00.123Z"), { n: 1 }, "n1"]]);
  });

  test("a failed run fails with PostgreSQL's code, and the statement runs again after it", async () => {
    const duplicate = statements.query("insert_note", insert, [1, new Date(), null, null]);
    await expect(duplicate).rejects.toMatchObject({ code: "23505" });
    const { rows } = await statements.query("insert_note", insert, [5, new Date(), null, "after"]);
    expect(rows).toMatchObject([{ id: 5, note: "after" }]);
    await expect(statements.query("broken", "select * from nowhere where id = $1", [1])).rejects.toMatchObject({
      code: "42P01",
    });
    expect(await prepared()).not.toContain("broken");
  });

  test("in a transaction, a run sees its writes, and the rollback takes them back", async () => {
    await db.exec("begin");
    await statements.query("insert_note", insert, [6, new Date(), null, "rolled back"]);
    expect((await statements.query("read_note", read, [6])).rows).toHaveLength(1);
    await db.exec("rollback");
    expect((await statements.query("read_note", read, [6])).rows).toEqual([]);
  });

  test("after forget(), a changed table's rows come with its new column", async () => {
    await db.exec("alter table notes add column tag text default 'new'");
    await statements.forget();
    expect(await prepared()).toEqual([]);
    const { rows } = await statements.query("read_note", read, [1]);
    expect(rows).toEqual([expect.objectContaining({ id: 1, tag: "new" })]);
  });

  test("two texts under one name are refused", async () => {
    await expect(statements.query("read_note", "select 1 where $1::int8 > 0", [1])).rejects.toThrow(
      "Two statements are named read_note",
    );
  });
});
