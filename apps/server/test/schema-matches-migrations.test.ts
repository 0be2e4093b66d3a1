// The schema the queries are typed by (src/data/schema.ts) against the database the
// migrations build: a fresh database, migrated as a server migrates it, has exactly the
// tables, columns (type, nullability, default, identity), indexes (name, columns, order,
// uniqueness, method, predicate), primary keys, unique constraints, checks (by name) and
// foreign keys (name, columns, target, actions) that schema.ts declares. Each side is
// written as one line per item, so a failure shows the lines that differ. The triggers,
// functions and checks, which schema.ts cannot declare, must each be named in
// docs/database.md. On PGlite, and on PostgreSQL when TEST_DATABASE_URL is set.
import { readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { is, SQL, sql } from "drizzle-orm";
import { getTableConfig, type Index, IndexedColumn, type PgColumn, PgDialect, PgTable } from "drizzle-orm/pg-core";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import type { Database } from "../src/data/database.js";
import * as schema from "../src/data/schema.js";
import { scratchDatabase, scratchKinds } from "./scratch-database.js";

/** One line per table, column, index and constraint. */
interface Shape {
  tables: string[];
  columns: string[];
  indexes: string[];
  constraints: string[];
}

const dialect = new PgDialect();

/** The casts PostgreSQL writes into the defaults and predicates it prints, which schema.ts leaves out. */
const CASTS = /::(?:timestamp with time zone|[a-z_][a-z0-9_]*)(?:\[\])?/gi;

/** Whether the text's first parenthesis closes at its end: `(a)` is wrapped, `(a) or (b)` is not. */
function wrapped(text: string): boolean {
  if (!text.startsWith("(") || !text.endsWith(")")) return false;
  let depth = 0;
  for (const [at, char] of [...text].entries()) {
    depth += char === "(" ? 1 : char === ")" ? -1 : 0;
    if (depth === 0) return at === text.length - 1;
  }
  return false;
}

/** A default or predicate as both sides can write it: no casts, quotes, table names or outer parentheses. */
function plain(text: string): string {
  let written = text
    .replace(/"\w+"\."(\w+)"/g, "$1")
    .replace(CASTS, "")
    .replaceAll('"', "")
    .replace(/\s+/g, " ")
    .trim();
  while (wrapped(written)) written = written.slice(1, -1).trim();
  return written;
}

const rendered = (value: SQL) => plain(dialect.sqlToQuery(value).sql);

function columnLine(table: string, column: string, type: string, notNull: boolean, fallback?: string, identity = "") {
  return `${table}.${column}: ${type}${notNull ? " not null" : ""}${fallback ? ` ${fallback}` : ""}${identity}`;
}

function indexLine(table: string, name: string, unique: boolean, method: string, keys: string[], where?: string) {
  const predicate = where ? ` where ${where}` : "";
  return `${table}: ${unique ? "unique " : ""}index ${name} using ${method} (${keys.join(", ")})${predicate}`;
}

/** What the database holds for a default that schema.ts gives as a value. */
function declaredDefault(column: PgColumn): string | undefined {
  const value: unknown = column.default;
  if (value === undefined) return undefined;
  if (is(value, SQL)) return rendered(value);
  if (Array.isArray(value) && column.columnType === "PgArray") return `'{${value.join(",")}}'`;
  if (typeof value === "object") return `'${JSON.stringify(value)}'`;
  if (typeof value === "string") return `'${value.replaceAll("'", "''")}'`;
  return String(value);
}

function declaredColumn(table: string, column: PgColumn): string {
  const identity = column.generatedIdentity ? ` identity ${column.generatedIdentity.type}` : "";
  // A serial is an integer whose default takes the next value of its own sequence.
  if (column.getSQLType() === "serial") {
    return columnLine(table, column.name, "integer", true, `default nextval('${table}_${column.name}_seq')`, identity);
  }
  const generated = column.generated?.as;
  const fallback = is(generated, SQL)
    ? `generated ${rendered(generated)}`
    : declaredDefault(column) && `default ${declaredDefault(column)}`;
  return columnLine(table, column.name, column.getSQLType(), column.notNull, fallback, identity);
}

function declaredIndex(table: string, index: Index): string {
  const { name, unique, method, where, columns } = index.config;
  const keys = columns.map((key) =>
    is(key, IndexedColumn) ? `${key.name}${key.indexConfig?.order === "desc" ? " desc" : ""}` : rendered(key as SQL),
  );
  return indexLine(table, name ?? "(unnamed)", unique, method ?? "btree", keys, where && rendered(where));
}

function declaredConstraints(table: PgTable): string[] {
  const config = getTableConfig(table);
  const names = (columns: PgColumn[]) => columns.map((column) => column.name).join(", ");
  return [
    ...config.columns.filter((column) => column.primary).map((c) => `primary key ${config.name}_pkey (${c.name})`),
    ...config.primaryKeys.map((key) => `primary key ${key.getName()} (${names(key.columns)})`),
    ...config.columns.filter((column) => column.isUnique).map((c) => `unique ${c.uniqueName} (${c.name})`),
    ...config.uniqueConstraints.map((unique) => `unique ${unique.getName()} (${names(unique.columns)})`),
    ...config.checks.map((check) => `check ${check.name}`),
    ...config.foreignKeys.map((key) => {
      const { columns, foreignTable, foreignColumns } = key.reference();
      const target = `${getTableConfig(foreignTable).name} (${names(foreignColumns)})`;
      const actions = `on delete ${key.onDelete ?? "no action"} on update ${key.onUpdate ?? "no action"}`;
      return `foreign key ${key.getName()} (${names(columns)}) references ${target} ${actions}`;
    }),
  ].map((line) => `${config.name}: ${line}`);
}

/** What schema.ts declares. */
function declaredShape(): Shape {
  const tables = (Object.values(schema) as unknown[]).filter((value): value is PgTable => is(value, PgTable));
  const configs = tables.map((table) => getTableConfig(table));
  return {
    tables: configs.map((config) => config.name).sort(),
    columns: configs.flatMap((config) => config.columns.map((column) => declaredColumn(config.name, column))).sort(),
    indexes: configs.flatMap((config) => config.indexes.map((index) => declaredIndex(config.name, index))).sort(),
    constraints: tables.flatMap(declaredConstraints).sort(),
  };
}

async function rows<T>(database: Database, query: SQL): Promise<T[]> {
  return ((await database.db.execute(query)) as unknown as { rows: T[] }).rows;
}

const IDENTITY: Record<string, string> = { a: " identity always", d: " identity byDefault" };

async function builtColumns(database: Database): Promise<string[]> {
  type Row = {
    table: string;
    column: string;
    type: string;
    not_null: boolean;
    fallback: string | null;
    identity: string;
    generated: string;
  };
  const found = await rows<Row>(
    database,
    sql`select c.relname as "table", a.attname as "column", format_type(a.atttypid, a.atttypmod) as "type",
      a.attnotnull as not_null, pg_get_expr(d.adbin, d.adrelid) as fallback, a.attidentity::text as "identity",
      a.attgenerated::text as "generated"
    from pg_attribute a join pg_class c on c.oid = a.attrelid join pg_namespace n on n.oid = c.relnamespace
    left join pg_attrdef d on d.adrelid = a.attrelid and d.adnum = a.attnum
    where n.nspname = 'public' and c.relkind = 'r' and a.attnum > 0 and not a.attisdropped`,
  );
  return found.map((row) =>
    columnLine(
      row.table,
      row.column,
      row.type,
      row.not_null,
      row.fallback === null ? undefined : `${row.generated === "s" ? "generated" : "default"} ${plain(row.fallback)}`,
      IDENTITY[row.identity] ?? "",
    ),
  );
}

/** The indexes that are not a primary key's or a unique constraint's (those are constraints). */
async function builtIndexes(database: Database): Promise<string[]> {
  type Row = { table: string; name: string; unique: boolean; method: string; keys: string; predicate: string | null };
  const found = await rows<Row>(
    database,
    sql`select t.relname as "table", i.relname as "name", x.indisunique as "unique", m.amname as "method",
      array_to_string(array(
        select pg_get_indexdef(x.indexrelid, k + 1, true) || case when x.indoption[k] & 1 = 1 then ' desc' else '' end
        from generate_series(0, x.indnkeyatts - 1) k order by k), '|') as keys,
      pg_get_expr(x.indpred, x.indrelid, true) as predicate
    from pg_index x join pg_class i on i.oid = x.indexrelid join pg_class t on t.oid = x.indrelid
    join pg_namespace n on n.oid = t.relnamespace join pg_am m on m.oid = i.relam
    where n.nspname = 'public'
      and not exists (select 1 from pg_constraint k where k.conindid = x.indexrelid and k.contype in ('p', 'u'))`,
  );
  return found.map((row) =>
    indexLine(
      row.table,
      row.name,
      row.unique,
      row.method,
      row.keys.split("|"),
      row.predicate === null ? undefined : plain(row.predicate),
    ),
  );
}

const ACTIONS: Record<string, string> = {
  a: "no action",
  r: "restrict",
  c: "cascade",
  n: "set null",
  d: "set default",
};

async function builtConstraints(database: Database): Promise<string[]> {
  type Row = { table: string; name: string; kind: string; keys: string; target: string | null; target_keys: string };
  type Foreign = Row & { on_delete: string; on_update: string };
  const attributes = (keys: string, table: string) =>
    sql.raw(`array_to_string(array(
    select a.attname from unnest(k.${keys}) with ordinality u(attnum, place)
    join pg_attribute a on a.attrelid = k.${table} and a.attnum = u.attnum order by u.place), ', ')`);
  const found = await rows<Foreign>(
    database,
    sql`select t.relname as "table", k.conname as "name", k.contype::text as kind,
      ${attributes("conkey", "conrelid")} as keys, f.relname as target,
      ${attributes("confkey", "confrelid")} as target_keys,
      k.confdeltype::text as on_delete, k.confupdtype::text as on_update
    from pg_constraint k join pg_class t on t.oid = k.conrelid join pg_namespace n on n.oid = t.relnamespace
    left join pg_class f on f.oid = k.confrelid
    where n.nspname = 'public' and k.contype in ('p', 'u', 'c', 'f')`,
  );
  return found.map((row) => {
    const line: Record<string, string> = {
      p: `primary key ${row.name} (${row.keys})`,
      u: `unique ${row.name} (${row.keys})`,
      c: `check ${row.name}`,
      f: `foreign key ${row.name} (${row.keys}) references ${row.target} (${row.target_keys}) on delete ${
        ACTIONS[row.on_delete]
      } on update ${ACTIONS[row.on_update]}`,
    };
    return `${row.table}: ${line[row.kind]}`;
  });
}

/** What the migrations built. */
async function builtShape(database: Database): Promise<Shape> {
  const tables = await rows<{ name: string }>(
    database,
    sql`select c.relname as "name" from pg_class c join pg_namespace n on n.oid = c.relnamespace
    where n.nspname = 'public' and c.relkind = 'r'`,
  );
  return {
    tables: tables.map((table) => table.name).sort(),
    columns: (await builtColumns(database)).sort(),
    indexes: (await builtIndexes(database)).sort(),
    constraints: (await builtConstraints(database)).sort(),
  };
}

/** The triggers, functions and checks of the migrated database: the rules schema.ts cannot declare. */
async function builtRules(database: Database): Promise<string[]> {
  const found = await rows<{ name: string }>(
    database,
    sql`select t.tgname as "name" from pg_trigger t join pg_class c on c.oid = t.tgrelid
      join pg_namespace n on n.oid = c.relnamespace where n.nspname = 'public' and not t.tgisinternal
    union select p.proname from pg_proc p join pg_namespace n on n.oid = p.pronamespace where n.nspname = 'public'
      and not exists (select 1 from pg_depend d where d.classid = 'pg_proc'::regclass and d.objid = p.oid and d.deptype = 'e')
    union select k.conname from pg_constraint k join pg_namespace n on n.oid = k.connamespace
      where n.nspname = 'public' and k.contype = 'c'`,
  );
  return found.map((row) => row.name).sort();
}

const page = readFileSync(fileURLToPath(new URL("../../../docs/database.md", import.meta.url)), "utf8");

describe.each(scratchKinds)("schema.ts against the migrated database on %s", (kind) => {
  const declared = declaredShape();
  let scratch: Awaited<ReturnType<typeof scratchDatabase>>;
  let built: Shape;
  beforeAll(async () => {
    scratch = await scratchDatabase(kind);
    await scratch.database.migrate();
    built = await builtShape(scratch.database);
  }, 120_000);
  afterAll(() => scratch?.drop());

  test("when every migration has run, then the tables are the ones schema.ts declares", () => {
    expect(built.tables).toEqual(declared.tables);
  });

  test("when every migration has run, then each column has the type, nullability, default and identity declared", () => {
    expect(built.columns).toEqual(declared.columns);
  });

  test("when every migration has run, then each index has the name, columns, uniqueness and predicate declared", () => {
    expect(built.indexes).toEqual(declared.indexes);
  });

  test("when every migration has run, then the primary keys, unique constraints, checks and foreign keys are the declared ones", () => {
    expect(built.constraints).toEqual(declared.constraints);
  });

  test("when every migration has run, then docs/database.md names each trigger, function and check", async () => {
    const unnamed = (await builtRules(scratch.database)).filter((name) => !new RegExp(`\`${name}[\`(]`).test(page));
    expect(unnamed).toEqual([]);
  });
});
