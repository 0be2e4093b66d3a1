// `node create-embedded-store.js <dir>`: makes the empty directory <dir> an embedded
// database store (PGlite runs initdb), then exits. See embedded-store.ts.
import { PGlite } from "@electric-sql/pglite";

const dir = process.argv[2];
if (!dir) throw new Error("usage: create-embedded-store <dir>");
await (await PGlite.create(dir)).close();
