#!/usr/bin/env node
// npm run -s keys -- create --user <username> | list | revoke <prefix> [--user <username>]   (add --json for scripts)
//                    | new-secret | rotate-secret
import { newRootSecret } from "../secrets/key-ring.js";
import { runCli } from "./open-store.js";

// A new root secret needs no store: it is printed for the operator to configure.
if (process.argv[2] === "new-secret") console.log(newRootSecret());
else await runCli("keys", process.argv.slice(2));
