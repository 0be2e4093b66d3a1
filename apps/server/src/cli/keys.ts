#!/usr/bin/env node
// npm run -s keys -- create --user <username> | list | revoke <prefix> [--user <username>]   (add --json for scripts)
import { runCli } from "./open-store.js";

await runCli("keys", process.argv.slice(2));
