#!/usr/bin/env node
// npm run -s keys -- create --user <username> | list | revoke <prefix>   (add --json for scripts)
import { parseArgs } from "node:util";
import { createApiKey, listApiKeys, revokeApiKey } from "../domain/api-keys.js";
import { DomainError } from "../domain/errors.js";
import { fail, openStore } from "./open-store.js";

const { values, positionals } = parseArgs({
  options: { user: { type: "string" }, json: { type: "boolean", default: false } },
  allowPositionals: true,
});
const [command, argument] = positionals;
const usage = "usage: keys create --user <username> | keys list | keys revoke <prefix>   [--json]";
if (!command || !["create", "list", "revoke"].includes(command)) fail(usage);

const { database } = await openStore();
try {
  if (command === "create") {
    if (!values.user) fail(usage);
    const key = await createApiKey(database.db, values.user).catch((error) => {
      if (error instanceof DomainError) fail(error.message);
      throw error;
    });
    if (values.json) console.log(JSON.stringify({ user: values.user, prefix: key.prefix, api_key: key.key }));
    else console.log(`Key for ${values.user} (shown once, store it now):\n\n  ${key.key}\n\nprefix: ${key.prefix}`);
  } else if (command === "list") {
    const keys = await listApiKeys(database.db);
    if (values.json) console.log(JSON.stringify(keys));
    else {
      console.table(
        keys.map((k) => ({
          prefix: k.prefix,
          user: k.username,
          created: k.created_at.toISOString(),
          last_used: k.last_used_at?.toISOString() ?? "never",
          status: k.revoked_at ? `revoked ${k.revoked_at.toISOString()}` : "active",
        })),
      );
    }
  } else {
    if (!argument) fail(usage);
    const revoked = await revokeApiKey(database.db, argument);
    if (!revoked) fail(`No active key has the prefix ${argument}.`);
    console.log(values.json ? JSON.stringify({ revoked: argument }) : `Revoked the key ${argument}.`);
  }
} finally {
  await database.close();
}
