// The start's look at the root secret: the database keeps a check value of the key its
// records are sealed with, and a server starts when either of its keys (VAULT_SECRET_KEY
// or the other accepted one, VAULT_SECRET_KEY_PREVIOUS) is that key; otherwise it refuses
// with a message naming the setting, rather than failing at its first request. A start
// never reseals nor moves the check value: only `keys rotate-secret` does (reseal.ts).
// The first start with a key records it (and seals what an older database kept in
// clear, legacy-secrets.ts).
import { sql } from "drizzle-orm";
import { type Config, ConfigError } from "../config.js";
import type { Database } from "../data/database.js";
import { rootKeyCheck } from "../data/schema.js";
import { type KeyRing, useKeyRing } from "./key-ring.js";
import { loadKeyRing } from "./key-source.js";
import { sealLegacySecrets } from "./legacy-secrets.js";
import { scrubOldRowVersions } from "./scrub.js";

/** The first key of the advisory lock that serialises the servers' look at the check value and the upgrade. */
const ROOT_KEY_LOCK = 41;

type KeyConfig = Parameters<typeof loadKeyRing>[0] & Pick<Config, "rootKey">;

/** Loads the configured ring, checks it against the database (recording it on the first start) and makes it this process's. */
export async function openKeyRing(
  config: KeyConfig,
  database: Database,
  say: (message: string) => void,
): Promise<KeyRing> {
  const { ring, setting, source } = loadKeyRing(config);
  const sealed = await database.db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(${ROOT_KEY_LOCK}, 0)`);
    const [recorded] = await tx.select().from(rootKeyCheck);
    if (!recorded) await tx.insert(rootKeyCheck).values({ key_id: ring.current.id, check_value: ring.current.check });
    else if (!ring.keys.some((key) => key.id === recorded.key_id && key.check === recorded.check_value)) {
      const previous = ring.previous ? ` or ${ring.previous.id} (VAULT_SECRET_KEY_PREVIOUS)` : "";
      throw new ConfigError(
        `${setting} is not the root key of this database: its data is under the key with id ${recorded.key_id}, this server's key has id ${ring.current.id}${previous}. Every server of one database needs the same key; to change it, follow the rotation of docs/deploy.md (both keys on every server, then rotate-secret)`,
      );
    }
    return sealLegacySecrets(tx, ring);
  });
  // The old secrets are gone from the rows; the rewrite takes them out of the table files too.
  const checkpointed = sealed ? await scrubOldRowVersions(database.db) : true;
  useKeyRing(ring);
  say(`root key: ${source} (key id ${ring.current.id}${ring.previous ? `, previous ${ring.previous.id}` : ""})`);
  if (sealed)
    say(
      `sealed ${sealed.links} link tokens and ${sealed.endpoints} webhook secrets under the root key; the database's old secrets are deleted${checkpointed ? "" : " (their old files go at the next checkpoint)"}`,
    );
  return ring;
}
