#!/usr/bin/env node
// npm run -s seed -- --json: a fresh demo set for two users who share with each other,
// printed as one JSON document.
import { randomBytes } from "node:crypto";
import { parseArgs } from "node:util";
import { createDemoUser, shareWithEachOther } from "../demo.js";
import { openStore } from "./open-store.js";

const { values } = parseArgs({ options: { json: { type: "boolean", default: false } } });
const { database, blobs, retentionDays } = await openStore();
try {
  const suffix = randomBytes(3).toString("hex");
  const seeded = [];
  for (const name of ["alice", "bob"])
    seeded.push(await createDemoUser(database.db, blobs, `${name}-${suffix}`, retentionDays));
  await shareWithEachOther(database.db, seeded);
  if (values.json) console.log(JSON.stringify({ users: seeded }));
  else for (const user of seeded) console.log(`${user.username}: api key ${user.api_key}`);
} finally {
  await database.close();
}
