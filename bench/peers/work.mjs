// What the peers (bare node:http and Fastify) do per request, written as a team would
// write it with `pg` alone: the same statements the server sends for the same request
// (read off the server with a wrapped pg.Client.query), the same api-key lookup by
// SHA-256, the same response body. Only the framework around it differs between peers.
import { createHash } from "node:crypto";
import { loadConfig, openBlobStore, openDatabase, openKeyRing } from "@vault/server";
import { seed } from "../seed.mjs";

/**
 * Opens the database as the server does (migrations, the root key, seed), then runs the peer's
 * queries straight on the driver: the server's pg.Pool on PostgreSQL (its size and
 * timeouts), the PGlite client on the embedded database.
 */
export async function openPeerDatabase() {
  const config = loadConfig();
  const database = await openDatabase(config);
  await database.migrate();
  await openKeyRing(config, database, () => {});
  const blobs = await openBlobStore(config);
  const seeded = await seed(database, blobs, config.binRetentionDays);
  const { pool } = database;
  const client = database.db.$client;
  const query = pool
    ? async (text, values, name) => (await pool.query({ text, values, name })).rows
    : async (text, values) => (await client.query(text, values)).rows;
  return { seeded, query, close: () => database.close() };
}

const digest = (key) => createHash("sha256").update(key).digest("hex");
const iso = (value) => new Date(value).toISOString();

/** The user id of an unrevoked key, `last_used_at` written when older than a minute (as the server does). */
export async function authenticate(db, key) {
  if (typeof key !== "string" || key === "") return undefined;
  const [found] = await db(
    `select "id", "user_id", "last_used_at" from "api_keys" where ("api_keys"."key_hash" = $1 and "api_keys"."revoked_at" is null)`,
    [digest(key)],
    "find_api_key",
  );
  if (!found) return undefined;
  if (!found.last_used_at || Date.now() - new Date(found.last_used_at).getTime() >= 60_000) {
    await db(
      `update "api_keys" set "last_used_at" = $1 where ("api_keys"."id" = $2 and ("api_keys"."last_used_at" is null or "api_keys"."last_used_at" < now() - interval '1 minute'))`,
      [new Date(), found.id],
    );
  }
  return found.user_id;
}

/** `If-Match: "3"` -> 3; absent or `*` -> undefined; anything else matches nothing (-1). */
export function ifMatch(header) {
  if (header === undefined || header.trim() === "*") return undefined;
  const match = /^\s*(?:W\/)?"(\d+)"\s*$/.exec(header);
  return match ? Number(match[1]) : -1;
}

const naira = (kobo) => {
  const abs = kobo < 0n ? -kobo : kobo;
  return `${kobo < 0n ? "-" : ""}${abs / 100n}.${(abs % 100n).toString().padStart(2, "0")}`;
};

const REPLACE_BANK_ACCOUNT = `update bank_accounts a set account_number = $1, account_name = $2, classification = $3,
    status = $4, business_name = $5, reference = $6, version = a.version + 1, updated_at = now()
  from users u, currencies c
  where a.id = $7 and a.user_id = $8 and u.id = a.user_id and c.id = a.currency_id
    and ($9::integer is null or a.version = $9) and (a.status not in ('CLOSED', 'ESCHEAT', 'CHARGEOFF') or a.status = $4)
  returning a.*, u.username, u.email, u.first_name, u.last_name, u.created_at as user_created_at,
    u.updated_at as user_updated_at, c.name as currency_name, c.code as currency_code, c.symbol as currency_symbol`;

/**
 * The bank account PUT: one `UPDATE … FROM … RETURNING`, the server's statement word for
 * word (domain/banking/bank-accounts.ts). A
 * refusal (not found, stale, terminal status, duplicate number) is answered without the
 * server's second query that explains it: the benchmark never meets one.
 */
export async function replaceBankAccount(db, userId, id, input, expectedVersion) {
  const [a] = await db(
    REPLACE_BANK_ACCOUNT,
    [
      input.account_number,
      input.account_name ?? null,
      input.classification ?? "NULL",
      input.status ?? "NULL",
      input.business_name ?? null,
      input.reference ?? null,
      id,
      userId,
      expectedVersion ?? null,
    ],
    "replace_bank_account",
  );
  if (!a) return undefined;
  const kobo = BigInt(a.balance_kobo);
  const resource = {
    id: a.id,
    user: {
      id: a.user_id,
      email: a.email,
      first_name: a.first_name,
      last_name: a.last_name,
      username: a.username,
      created_at: iso(a.user_created_at),
      updated_at: iso(a.user_updated_at),
    },
    has_set_pin: a.has_set_pin,
    account_number: a.account_number,
    currency: { id: a.currency_id, name: a.currency_name, code: a.currency_code, symbol: a.currency_symbol },
    naira_balance: { kobo: Number(kobo), amount: naira(kobo) },
    tracking_reference: a.tracking_reference,
    created_at: iso(a.created_at),
    updated_at: iso(a.updated_at),
    account_name: a.account_name,
    classification: a.classification,
    status: a.status,
    business_name: a.business_name,
    reference: a.reference,
  };
  return { resource, version: a.version };
}

// The favourite folder PATCH of the folder's own fields: the server's statement, word for
// word (domain/vault/folders.ts, `update_folder_fields`), one statement without the tree lock.
const UPDATE_FOLDER_FIELDS = `with recursive
    current as (select f.version from folders f where f.id = $1 and f.user_id = $2 and not exists (
        with recursive up as (
          select a.id, a.parent_id, a.is_deleted, 1 as level from folders a where a.id = $3
          union all
          select p.id, p.parent_id, p.is_deleted, up.level + 1 from folders p join up on p.id = up.parent_id
          where up.level < 256
        )
        select 1 from up where is_deleted)),
    target as (
      update folders f set
        name = coalesce($4::text, f.name),
  description = coalesce($5::text, f.description),
  is_starred = coalesce($6::boolean, f.is_starred),
  is_archived = coalesce($7::boolean, f.is_archived),
        version = f.version + 1, updated_at = now()
      where f.id = $8 and f.user_id = $9 and not f.is_deleted and exists (select 1 from current)
        and ($10::integer[] is null or f.version = any($11::integer[]))
      returning f.*
    )
  select (select version from current) as current_version,
    true as destination_visible, false as destination_inside, true as destination_fits,
    (select row_to_json(v) from (with recursive
          up as (
            select w.id, w.parent_id, w.name, 1 as depth from target w
            union all
            select p.id, p.parent_id, p.name, up.depth + 1 from folders p join up on p.id = up.parent_id
            where up.depth < 256
          )
        select f.id, f.parent_id, f.name, f.description, f.is_starred, f.is_archived, f.is_deleted, f.version,
          f.created_at, f.updated_at, f.files_count, f.folders_count, f.file_size,
          (select '/' || string_agg(name, '/' order by depth desc) from up) as path,
          share.id as share_id, share.access as share_access,
          coalesce((select json_agg(json_build_object('id', t.id, 'name', t.name, 'description', t.description,
        'created_at', t.created_at, 'updated_at', t.updated_at) order by t.name) from (select t.* from folder_tags l join tags t on t.id = l.tag_id
      where l.folder_id = f.id) t), '[]') as tags
        from target f left join lateral (select s.id, s.access from file_shares s where s.folder_id = f.id
      order by s.updated_at desc, s.id limit 1) share on true) v) as folder`;

/** The writable attributes the peers take; a move, tags or a bin move are not part of the benchmark. */
export const PEER_UNSUPPORTED_FOLDER_FIELDS = ["folder", "tags", "is_deleted"];

/** The favourite folder PATCH of the fields above: undefined when not found, "stale" on an If-Match mismatch. */
export async function updateFolder(pool, userId, id, input, expectedVersion) {
  const versions = expectedVersion === undefined ? null : [expectedVersion];
  const [outcome] = await pool.query(
    UPDATE_FOLDER_FIELDS,
    [
      ...[id, userId, id],
      ...[input.name ?? null, input.description ?? null, input.is_starred ?? null, input.is_archived ?? null],
      ...[id, userId, versions, versions],
    ],
    "update_folder_fields",
  );
  if (!outcome.folder) return outcome.current_version === null ? undefined : "stale";
  return { resource: presentFolder(outcome.folder), version: outcome.folder.version };
}

function presentFolder(row) {
  return {
    id: row.id,
    access: row.share_access ?? "private",
    files_count: Number(row.files_count),
    folders_count: Number(row.folders_count),
    file_size: Number(row.file_size),
    file_size_unit: "B",
    extension: "",
    ...(row.parent_id === null ? {} : { parent_folder: row.parent_id }),
    root: row.parent_id === null,
    created_at: iso(row.created_at),
    updated_at: iso(row.updated_at),
    name: row.name,
    description: row.description,
    is_starred: row.is_starred,
    is_archived: row.is_archived,
    is_deleted: row.is_deleted,
    tags: row.tags.map((t) => ({
      id: t.id,
      name: t.name,
      description: t.description,
      created_at: iso(t.created_at),
      updated_at: iso(t.updated_at),
    })),
    path: row.path,
    ...(row.share_id === null ? {} : { file_share_id: row.share_id }),
    is_shared: row.share_id !== null,
    ...(row.parent_id === null ? {} : { folder: row.parent_id }),
  };
}
