// Round trips to the database per request: each operation's success path stays within
// its budget (issue 17: at most 3, the api-key lookup excluded once the key is cached),
// counted on the wire by a relay between the server and PostgreSQL.
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { type RoundTripRelay, roundTripRelay } from "../bench/round-trips.mjs";
import { backends } from "./helpers/backends.js";
import {
  documented,
  idsOf,
  type OperationId,
  operationTable,
  send,
  spareParameter,
  versionTables,
} from "./helpers/operation-table.js";
import { type Harness, startHarness } from "./helpers/server.js";

/** The most round trips an operation's success path may take. */
const BUDGET: Partial<Record<OperationId, number>> = {
  updateNgnBankAccount: 1,
  createNgnBankAccount: 1,
  updateFileShare: 1,
  // Reads: the item, its visibility and its view in one prepared statement (issue 25).
  getFolder: 1,
  getFile: 1,
  downloadFile: 1,
  headFileContent: 1,
  // A star, a name or a description: one statement, no tree lock (issue 25).
  updateFavouriteFolder: 1,
  replaceFileShareLink: 1,
  // Opening a link is one statement: the link, its share and the item.
  getLink: 1,
  // The same: the whole download's count is written later, with the others of its interval.
  downloadLink: 1,
  // 3, then 3 for each blob whose last file or version went: its bytes are unlinked under its lock after the commit.
  deleteBin: 6,
  deleteFileVersion: 6,
  // The table's PATCH brings an upload's last byte: the lease's claim, the completion's key, the
  // file made as createFile makes it (3), and the record that gives the lease back with the file's id.
  appendUpload: 6,
  // One select of the caller's events (the recorded views are presented without reading more).
  listEvents: 1,
  getEvent: 1,
  // The query folded (1); BEGIN with the planner's setting, the best band, the close band
  // when a page is not full, COMMIT (4); the hits' views (1) (decisions/search.md).
  searchItems: 6,
};
const DEFAULT_BUDGET = 3;

/** Every operation once: v1's, then each one a later version added (on that version's path). */
const everyOperation = versionTables.flatMap((table, index) =>
  table.documented
    .filter(({ id }) => index === 0 || !documented.some((op) => op.id === id))
    .map((op) => ({ op, entry: table.operationTable[op.id] })),
);

const postgres = backends.find((backend) => backend.name === "postgres");

describe.skipIf(!postgres)("round trips per request on PostgreSQL", () => {
  let h: Harness;
  let relay: RoundTripRelay;
  beforeAll(async () => {
    h = await startHarness(postgres as NonNullable<typeof postgres>);
    relay = await roundTripRelay(h.env.DATABASE_URL as string);
    h.env.DATABASE_URL = relay.url;
    await h.restart();
  });
  afterAll(async () => {
    await h?.stop();
    await relay?.close();
  });

  test("when every operation succeeds once, then none takes more round trips than its budget", async () => {
    const [user] = h.users;
    const client = h.client();
    const ids = idsOf(user);
    // The key is looked up once, then cached: its round trip is not the operation's.
    await client.GET("/evault/v1/folders/{id}/", { params: { path: { id: user.folder_id } } });
    const counted: Record<string, number> = {};
    let settle = 100;
    for (const { op, entry } of everyOperation) {
      const request = entry.request(ids);
      // A delete gets an item of its own; a restore, a bin entry of its own.
      const spare = op.id === "restoreBin" ? operationTable.deleteBin.spare : entry.spare;
      // A folder link's operations get a folder link of their own (its token).
      if (spare) request[spareParameter(op.path)] = await spare(client, ids);
      if (op.id === "createNgnBankAccount") request.body = { account_number: `rt-${Date.now()}` };
      // The example's download token was signed by no server of the run: a link of its own (files on disk).
      if (op.id === "downloadTemporaryLink") {
        const link = await client.POST("/evault/v1/files/{id}/download_link/", {
          params: { path: { id: ids.projects_file_id } },
        });
        request.token = /\/downloads\/([^/]+)\/$/.exec(link.data?.url ?? "")?.[1];
      }
      // What the previous operation does after its answer (a link's access, a link download's
      // count, written a tenth of a second later: download-counts.ts) is its own.
      await new Promise((resolve) => setTimeout(resolve, settle));
      const before = relay.roundTrips;
      const { response } = await send(client, op, request);
      counted[op.id] = relay.roundTrips - before;
      settle = op.id.startsWith("downloadLink") ? 250 : 100;
      expect(response.status, op.id).toBe(entry.status);
    }
    const over = Object.entries(counted).filter(([id, trips]) => trips > (BUDGET[id as OperationId] ?? DEFAULT_BUDGET));
    expect(over, JSON.stringify(counted)).toEqual([]);
  }, 120_000);

  test("when a link's content is downloaded five times at once, then the five counts are written together, and all five count", async () => {
    const [user] = h.users;
    const token = user.link_token;
    const count = async () =>
      Number(
        (
          await h.query<{ n: string }>(`select download_count as n from file_shares where id = '${user.file_share_id}'`)
        )[0]?.n,
      );
    const download = () =>
      fetch(`${h.url}/evault/v1/links/${token}/content/`, { headers: { "api-key": user.api_key } });
    await (await download()).arrayBuffer();
    await new Promise((resolve) => setTimeout(resolve, 250));
    const counted = await count();
    const before = relay.roundTrips;
    const started = performance.now();
    const answers = await Promise.all(Array.from({ length: 5 }, download));
    await Promise.all(answers.map((answer) => answer.arrayBuffer()));
    const took = performance.now() - started;
    await new Promise((resolve) => setTimeout(resolve, 250));
    // Five link reads, and a write for each interval (100 ms) the downloads ended in: they all
    // ended within `took`, so one or two intervals on a quiet machine (tens of ms), a few more
    // on a loaded one. A write each would be five.
    const writes = relay.roundTrips - before - 5;
    console.log(`five link downloads in ${took.toFixed(0)} ms: ${writes} count writes`);
    expect(writes).toBeGreaterThanOrEqual(1);
    expect(writes).toBeLessThanOrEqual(1 + Math.ceil(took / 100));
    expect(answers.map((answer) => answer.status)).toEqual(Array(5).fill(200));
    expect(await count()).toBe(counted + 5);
  });

  test("when 50 anonymous /readyz hits arrive at once, then they share one or two database pings, and a later hit checks again", async () => {
    // Past the shared check's second, so the burst starts a check of its own.
    await new Promise((resolve) => setTimeout(resolve, 1100));
    const before = relay.roundTrips;
    const answers = await Promise.all(Array.from({ length: 50 }, () => fetch(`${h.url}/readyz`)));
    expect(answers.map((answer) => answer.status)).toEqual(Array(50).fill(200));
    expect(relay.roundTrips - before).toBeGreaterThanOrEqual(1);
    expect(relay.roundTrips - before).toBeLessThanOrEqual(2);

    await new Promise((resolve) => setTimeout(resolve, 1100));
    const again = relay.roundTrips;
    expect((await fetch(`${h.url}/readyz`)).status).toBe(200);
    expect(relay.roundTrips - again).toBe(1);
  });
});
