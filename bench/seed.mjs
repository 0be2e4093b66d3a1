// Seeds a benchmark server's own storage: two demo users, and for
// each `copies` extra bank accounts, folders, files and shares, so that each load
// connection writes its own rows (50 connections on one row measure its lock, not the server).
import { createDemoUser, newLink, shareWithEachOther } from "@vault/server";
import { sql } from "drizzle-orm";

const copies = Number(process.env.BENCH_COPIES ?? 50);

export async function seed(database, blobs, retentionDays) {
  const { db } = database;
  const users = [];
  for (const name of ["alice", "bob"]) {
    users.push(await createDemoUser(db, blobs, `${name}-${process.pid}`, retentionDays));
  }
  // The updateFileShare scenario links the other user to a user's shares: they must share with each other.
  await shareWithEachOther(db, users);
  const ids = async (query) => (await db.execute(query)).rows.map((row) => row.id);
  const series = sql`generate_series(1, ${copies}::int) n`;
  const fresh = sql`gen_random_uuid()::text`;
  // Per user, `copies` rows of each kind: the load scenarios use the first user's, the
  // mixed load both users'.
  const pools = [];
  // bench/compare.mjs seeds an older server's schema with this file too: shares had no links before 0010, and
  // links derived from a secret in the database before 0025.
  const column = async (name) =>
    (
      await db.execute(sql`select 1 from information_schema.columns
    where table_name = 'file_shares' and column_name = ${name}`)
    ).rows.length > 0;
  const withLinks = (await column("link_sealed")) ? "sealed" : (await column("link_nonce")) ? "derived" : "none";
  for (const user of users) {
    const file_ids = await ids(sql`insert into files (id, user_id, folder_id, name, description, hash, extension)
      select ${fresh}, user_id, folder_id, name, description, hash, extension from files, ${series} where id = ${user.file_id} returning id`);
    pools.push({
      bank_account_ids:
        await ids(sql`insert into bank_accounts (id, user_id, account_number, currency_id, balance_kobo, tracking_reference)
        select ${fresh}, user_id, account_number || '-' || n, currency_id, balance_kobo, tracking_reference || '-' || n
        from bank_accounts, ${series} where id = ${user.bank_account_id} returning id`),
      folder_ids: await ids(sql`insert into folders (id, user_id, parent_id, name)
        select ${fresh}, user_id, parent_id, name || ' ' || n from folders, ${series} where id = ${user.folder_id} returning id`),
      file_ids,
      // Each share of a file of its own, as shares are spread in a real vault (an item's
      // view reads its shares to find the latest: 50 shares of one file made every share
      // PATCH read and contend on the other 49).
      file_share_ids: await ids(copiedShares(user, file_ids, withLinks)),
    });
  }
  return { users, pool: pools[0], pools };
}

/**
 * The insert of one copy of `user`'s share for each of `fileIds`, each with a link as the
 * server makes it (link-tokens.ts), or as an older server derived it (migration 0010).
 */
function copiedShares(user, fileIds, withLinks) {
  const copies = sql`select gen_random_uuid()::text as id, s.user_id, f.id as file_id, s.access,
      replace(gen_random_uuid()::text, '-', '') as nonce
    from file_shares s, unnest(string_to_array(${fileIds.join(",")}, ',')) f(id) where s.id = ${user.file_share_id}`;
  if (withLinks === "none") {
    return sql`insert into file_shares (id, user_id, file_id, access) select id, user_id, file_id, access from (${copies}) c returning id`;
  }
  if (withLinks === "sealed") {
    const links = fileIds.map((file_id) => {
      const id = crypto.randomUUID();
      const { link_hash, link_sealed } = newLink(id);
      return { id, file_id, link_hash, link_sealed };
    });
    return sql`insert into file_shares (id, user_id, file_id, access, link_hash, link_sealed)
    select l.id, s.user_id, l.file_id, s.access, l.link_hash, l.link_sealed
    from file_shares s, jsonb_to_recordset(${JSON.stringify(links)}::jsonb) l(id text, file_id text, link_hash text, link_sealed text)
    where s.id = ${user.file_share_id} returning id`;
  }
  return sql`insert into file_shares (id, user_id, file_id, access, link_nonce, link_hash)
    select c.id, c.user_id, c.file_id, c.access, c.nonce, encode(sha256(convert_to(translate(encode(substring(
      sha256(convert_to(k.secret || ':' || c.nonce, 'UTF8')) from 1 for 24), 'base64'), '+/', '-_'), 'UTF8')), 'hex')
    from (${copies}) c, server_secrets k
    where k.name = 'share_link' returning id`;
}

/**
 * Gives the file `fileId` `count - 1` earlier versions (`count` with its current one),
 * as set-based inserts: each version names a blob row of its own (1 KiB of text, whose
 * bytes are not in the store: only the version list reads these rows), a second apart
 * before the current content. For the version list's pages (issue 27 §4).
 */
export async function seedVersions(database, fileId, count) {
  const { db } = database;
  const versions = sql`generate_series(1, ${count - 1}::int) n`;
  const hash = sql`encode(sha256(convert_to('bench version ' || n || ' of ' || ${fileId}::text, 'UTF8')), 'hex')`;
  await db.execute(sql`insert into blobs (hash, size, mimetype) select ${hash}, 1024, 'text/plain' from ${versions}`);
  await db.execute(sql`insert into file_versions (id, file_id, user_id, hash, size, created_at)
    select gen_random_uuid()::text, f.id, f.user_id, ${hash}, 1024, f.content_at - n * interval '1 second'
    from files f, ${versions} where f.id = ${fileId}`);
}
