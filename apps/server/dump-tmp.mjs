import { cpSync, mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { PGlite } from "@electric-sql/pglite";
import { btree_gin } from "@electric-sql/pglite/contrib/btree_gin";
import { pg_trgm } from "@electric-sql/pglite/contrib/pg_trgm";
import { unaccent } from "@electric-sql/pglite/contrib/unaccent";

const ext = { btree_gin, pg_trgm, unaccent };
const dir = mkdtempSync("/tmp/tpl-");
cpSync("/work/main/apps/server/dist/store-template", dir, { recursive: true });
let t = Date.now();
const db = await PGlite.create(dir, { extensions: ext });
const blob = await db.dumpDataDir("none");
await db.close();
const buf = Buffer.from(await blob.arrayBuffer());
writeFileSync("/tmp/tpl.tar", buf);
console.log("dump ms", Date.now() - t, "bytes", buf.length);
t = Date.now();
const mem = await PGlite.create("memory://", {
  extensions: ext,
  loadDataDir: new Blob([readFileSync("/tmp/tpl.tar")]),
});
const r = await mem.query("select count(*)::int n from drizzle.__drizzle_migrations");
console.log("load ms", Date.now() - t, r.rows);
t = Date.now();
const fresh = await PGlite.create("memory://", { extensions: ext });
console.log("fresh in-memory ms", Date.now() - t);
