// Where the root secret comes from: VAULT_SECRET_KEY or VAULT_SECRET_KEY_FILE (and the
// previous one during a rotation); without either, the embedded store's key file beside
// its database directory (DATA_DIR/secret.key, mode 0600), created on the first start, so
// a copy of the database directory alone holds no key.
import { randomBytes } from "node:crypto";
import { linkSync, mkdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { type Config, ConfigError, type KeySetting } from "../config.js";
import { PRIVATE_DIRECTORY, PRIVATE_FILE } from "../storage/private-modes.js";
import { KeyRing, newRootSecret, RootKey } from "./key-ring.js";

/** The embedded store's default key file. */
const defaultKeyFile = (dataDir: string) => join(dataDir, "secret.key");

type KeyConfig = Pick<Config, "rootKey" | "dataDir" | "databaseUrl" | "inMemoryDatabase">;

/** A loaded ring: the setting its current key came from, and a sentence for the start's log. */
interface LoadedRing {
  ring: KeyRing;
  setting: string;
  source: string;
}

/** The ring the configuration names. */
export function loadKeyRing(config: KeyConfig): LoadedRing {
  const previous = config.rootKey.previous && rootKeyOf(config.rootKey.previous);
  const current = config.rootKey.current;
  if (current) {
    return { ring: new KeyRing(rootKeyOf(current), previous), setting: current.setting, source: current.setting };
  }
  if (config.inMemoryDatabase) {
    const ring = new KeyRing(new RootKey(randomBytes(32)), previous);
    return { ring, setting: "VAULT_SECRET_KEY", source: "in-memory database: a key of this process" };
  }
  const file = defaultKeyFile(config.dataDir);
  const created = createKeyFile(file);
  const key = rootKeyOf({ setting: `the key file ${file}`, file });
  const said = created
    ? `created the root key file ${file} (mode 0600, beside the database, not inside it): back it up apart from the database; set VAULT_SECRET_KEY or VAULT_SECRET_KEY_FILE to keep it elsewhere`
    : `the key file ${file}`;
  return { ring: new KeyRing(key, previous), setting: `VAULT_SECRET_KEY (unset: the key file ${file})`, source: said };
}

/** Creates `file` with a new secret unless it exists; whether this call created it. Another process's file is never half-read. */
function createKeyFile(file: string): boolean {
  mkdirSync(join(file, ".."), { recursive: true, mode: PRIVATE_DIRECTORY });
  const draft = `${file}.${process.pid}.${randomBytes(4).toString("hex")}`;
  writeFileSync(draft, `${newRootSecret()}\n`, { mode: PRIVATE_FILE, flag: "wx" });
  try {
    linkSync(draft, file);
    return true;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== "EEXIST") throw error;
    return false;
  } finally {
    rmSync(draft, { force: true });
  }
}

function rootKeyOf(setting: KeySetting): RootKey {
  let hex: string;
  if ("hex" in setting) hex = setting.hex;
  else {
    try {
      hex = readFileSync(setting.file, "utf8").trim();
    } catch (error) {
      throw new ConfigError(`${setting.setting}: cannot read ${setting.file}: ${(error as Error).message}`);
    }
  }
  if (!/^[0-9a-fA-F]{64}$/.test(hex))
    throw new ConfigError(
      `${setting.setting} must hold 64 hex characters (32 random bytes; npm run -s keys -- new-secret prints one)`,
    );
  return new RootKey(Buffer.from(hex, "hex"));
}
