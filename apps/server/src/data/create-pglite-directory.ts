// `node create-pglite-directory.js <dir>`: makes the empty directory <dir> an embedded
// database (PGlite runs initdb), then exits. See open-pglite.ts.
import { PGlite } from "@electric-sql/pglite";

const dir = process.argv[2];
if (!dir) throw new Error("usage: create-pglite-directory <dir>");
await (await PGlite.create(dir)).close();
