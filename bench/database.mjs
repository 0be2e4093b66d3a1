import { randomBytes } from "node:crypto";
import pg from "pg";

/**
 * A scratch PostgreSQL database for one benchmark run. Commits are not flushed to disk
 * (synchronous_commit=off, this database only) unless BENCH_SYNC_COMMIT=on: on this VM
 * an fsync per commit would be the only thing measured.
 */
export async function createBenchDatabase(
  adminUrl = process.env.BENCH_DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/test",
) {
  const name = `vault_bench_${randomBytes(4).toString("hex")}`;
  const admin = new pg.Client(adminUrl);
  await admin.connect();
  await admin.query(`create database ${name}`);
  if (process.env.BENCH_SYNC_COMMIT !== "on") await admin.query(`alter database ${name} set synchronous_commit = off`);
  return {
    url: Object.assign(new URL(adminUrl), { pathname: `/${name}` }).toString(),
    async drop() {
      await admin.query(`drop database if exists ${name} with (force)`);
      await admin.end();
    },
  };
}
