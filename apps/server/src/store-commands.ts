// The command-line tools' work (`seed`, `keys`, `repair`, `sql`), written once: the CLI runs it on the
// store it opens, or sends it to the running server that has the store open
// (control-socket.ts), which runs the same function.

import { Console } from "node:console";
import { randomBytes } from "node:crypto";
import { Writable } from "node:stream";
import { parseArgs } from "node:util";
import type { Database } from "./data/database.js";
import { databaseRefusal } from "./data/database-errors.js";
import { rowsAsJson } from "./data/rows-as-json.js";
import { createDemoUser, shareWithEachOther } from "./demo.js";
import { createApiKey, listApiKeys, revokeApiKey } from "./domain/api-keys.js";
import { DomainError } from "./domain/errors.js";
import { describeDifference, figureDifferences, folderCount, repairFigures } from "./domain/vault/folder-figures.js";
import { keyRing } from "./secrets/key-ring.js";
import { resealRecords } from "./secrets/reseal.js";
import { scrubOldRowVersions } from "./secrets/scrub.js";
import type { BlobStore } from "./storage/blob-store.js";

export interface Store {
  database: Database;
  blobs: BlobStore;
  retentionDays: number;
}

export const storeCommands = ["seed", "keys", "repair", "sql"] as const;
export type StoreCommand = (typeof storeCommands)[number];

/** The characters a command's arguments may hold in all: room for an SQL text (`sql`). */
export const MAX_ARGUMENTS_LENGTH = 20_000;

/** What a command printed, and its exit code (0: done; 1: refused, with the reason printed). */
export interface CommandResult {
  code: number;
  output: string;
}

class Refused extends Error {}

const KEYS_USAGE =
  "usage: keys create --user <username> | keys list | keys revoke <prefix> [--user <username>]   [--json]\n" +
  "       keys new-secret | keys rotate-secret";

export async function runStoreCommand(store: Store, command: StoreCommand, args: string[]): Promise<CommandResult> {
  let output = "";
  const out = new Console(
    new Writable({
      write(chunk, _encoding, done) {
        output += chunk;
        done();
      },
    }),
  );
  try {
    const length = args.reduce((sum, arg) => sum + arg.length, 0);
    if (length > MAX_ARGUMENTS_LENGTH)
      throw new Refused(`The arguments hold ${length} characters; a command takes at most ${MAX_ARGUMENTS_LENGTH}.`);
    await { seed, keys, repair, sql }[command](store, args, out);
    return { code: 0, output };
  } catch (error) {
    const badArguments = (error as { code?: string }).code?.startsWith("ERR_PARSE_ARGS");
    if (error instanceof Refused || error instanceof DomainError || badArguments)
      return { code: 1, output: `${(error as Error).message}\n` };
    throw error;
  }
}

/** A fresh demo set for two users who share with each other. */
async function seed({ database, blobs, retentionDays }: Store, args: string[], out: Console) {
  const { values } = parseArgs({ args, options: { json: { type: "boolean", default: false } } });
  const suffix = randomBytes(3).toString("hex");
  const seeded = [];
  for (const name of ["alice", "bob"])
    seeded.push(await createDemoUser(database.db, blobs, `${name}-${suffix}`, retentionDays));
  await shareWithEachOther(database.db, seeded);
  if (values.json) out.log(JSON.stringify({ users: seeded }));
  else for (const user of seeded) out.log(`${user.username}: api key ${user.api_key}`);
}

async function keys({ database }: Store, args: string[], out: Console) {
  const { values, positionals } = parseArgs({
    args,
    options: { user: { type: "string" }, json: { type: "boolean", default: false } },
    allowPositionals: true,
  });
  const [command, argument] = positionals;
  if (command === "create") {
    if (!values.user) throw new Refused(KEYS_USAGE);
    const key = await createApiKey(database.db, values.user);
    if (values.json) out.log(JSON.stringify({ user: values.user, prefix: key.prefix, api_key: key.key }));
    else out.log(`Key for ${values.user} (shown once, store it now):\n\n  ${key.key}\n\nprefix: ${key.prefix}`);
  } else if (command === "list") {
    const listed = await listApiKeys(database.db);
    if (values.json) out.log(JSON.stringify(listed));
    else
      out.table(
        listed.map((k) => ({
          prefix: k.prefix,
          user: k.username,
          created: k.created_at.toISOString(),
          last_used: k.last_used_at?.toISOString() ?? "never",
          status: k.revoked_at ? `revoked ${k.revoked_at.toISOString()}` : "active",
        })),
      );
  } else if (command === "revoke") {
    if (!argument) throw new Refused(KEYS_USAGE);
    const matching = await revokeApiKey(database.db, argument, values.user);
    const whose = values.user === undefined ? "" : ` of ${values.user}`;
    if (matching === 0) throw new Refused(`No active key${whose} has the prefix ${argument}.`);
    if (matching > 1) {
      const narrower =
        values.user === undefined ? " Name the key's owner with --user <username> (keys list shows it)." : "";
      throw new Refused(`${matching} active keys${whose} have the prefix ${argument}; none was revoked.${narrower}`);
    }
    out.log(values.json ? JSON.stringify({ revoked: argument }) : `Revoked the key ${argument}.`);
  } else if (command === "rotate-secret") {
    const ring = keyRing();
    if (!ring.previous)
      throw new Refused(
        "rotate-secret seals every record with the new root key: set the new key as VAULT_SECRET_KEY and the old one as VAULT_SECRET_KEY_PREVIOUS (on every server), then run it again.",
      );
    const { links, endpoints } = await resealRecords(database.db, ring);
    await scrubOldRowVersions(database.db);
    out.log(
      values.json
        ? JSON.stringify({ key_id: ring.current.id, links, endpoints })
        : `Sealed ${links} link tokens and ${endpoints} webhook endpoints' secrets again: every record is under the key ${ring.current.id}.\nOnce every server runs with it, VAULT_SECRET_KEY_PREVIOUS may be removed (unlocks signed with the old key end then).`,
    );
  } else throw new Refused(KEYS_USAGE);
}

const REPAIR_USAGE = "usage: repair --check | repair --fix";

/**
 * Recounts every folder's figures from scratch: `--check` lists the folders whose kept
 * figures differ (exit 1 when any does), `--fix` sets them to the recount.
 */
async function repair({ database }: Store, args: string[], out: Console) {
  const { values } = parseArgs({
    args,
    options: { check: { type: "boolean", default: false }, fix: { type: "boolean", default: false } },
  });
  if (values.check === values.fix) throw new Refused(REPAIR_USAGE);
  const found = values.fix ? await repairFigures(database.db) : await figureDifferences(database.db);
  const listed = found.map((difference) => `  ${describeDifference(difference)}`).join("\n");
  if (found.length === 0) out.log(`All ${await folderCount(database.db)} folders' figures match a recount.`);
  else if (values.fix) out.log(`Set ${found.length} folders' figures to a recount:\n${listed}`);
  else
    throw new Refused(`${found.length} folders' figures differ from a recount (repair --fix sets them):\n${listed}\n`);
}

const SQL_USAGE = 'usage: sql "<SQL>"   (one argument, quoted: one or several statements)';

/**
 * Runs one SQL text in the store, as `psql -c` does, and prints its last statement's rows
 * as one JSON array; what the database refuses is exit 1 with its message.
 */
async function sql({ database }: Store, args: string[], out: Console) {
  const [text, ...more] = args;
  if (!text?.trim() || more.length > 0) throw new Refused(SQL_USAGE);
  const rows = await database.runScript(text).catch((error: unknown) => {
    const refusal = databaseRefusal(error);
    throw refusal === undefined ? error : new Refused(refusal);
  });
  out.log(rowsAsJson(rows));
}
