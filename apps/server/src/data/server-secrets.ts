// Secrets every server process of one database shares (the `server_secrets` table, each
// made once by the migration that adds it), read once per database handle.
import { eq } from "drizzle-orm";
import type { Db } from "./database.js";
import { serverSecrets } from "./schema.js";

const read = new WeakMap<Db, Map<string, Promise<Buffer>>>();

/** The secret `name` of the database, as bytes; a failed read is tried again next time. */
export function serverSecret(db: Db, name: string): Promise<Buffer> {
  let secrets = read.get(db);
  if (!secrets) {
    secrets = new Map();
    read.set(db, secrets);
  }
  let secret = secrets.get(name);
  if (!secret) {
    secret = db
      .select({ secret: serverSecrets.secret })
      .from(serverSecrets)
      .where(eq(serverSecrets.name, name))
      .then(([row]) => {
        if (!row) throw new Error(`the ${name} secret is missing: run the migrations`);
        return Buffer.from(row.secret, "utf8");
      });
    secret.catch(() => secrets.delete(name));
    secrets.set(name, secret);
  }
  return secret;
}
