#!/usr/bin/env node
// npm run -s repair -- --check | --fix: every folder's figures against a recount (see store-commands.ts).
import { runCli } from "./open-store.js";

await runCli("repair", process.argv.slice(2));
