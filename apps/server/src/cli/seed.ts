#!/usr/bin/env node
// npm run -s seed -- --json: a fresh demo set for two users who share with each other,
// printed as one JSON document (see store-commands.ts).
import { runCli } from "./open-store.js";

await runCli("seed", process.argv.slice(2));
