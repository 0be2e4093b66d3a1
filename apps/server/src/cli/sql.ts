#!/usr/bin/env node
// npm run -s sql -- "<SQL>": one or several statements, run as psql -c runs them; prints the
// last one's rows as one JSON array (see store-commands.ts).
import { runCli } from "./open-store.js";

await runCli("sql", process.argv.slice(2));
