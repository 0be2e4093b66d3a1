// A worker that stops (SIGTERM) cuts its tries in flight and gives their deliveries back:
// due now, unleased, the cut try not counted, so that another server process sends them
// at once instead of when their lease ends (issue 28 §3). On PGlite, and on PostgreSQL
// when TEST_DATABASE_URL is set.
import { createServer, type Server, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { type scratchDatabase, scratchKinds } from "./scratch-database.js";
import { endpointWithEvents, testWorker } from "./webhook-fixtures.js";

const EVENTS = 3;

describe.each(scratchKinds)("a stopping delivery worker on %s", (kind) => {
  let scratch: Awaited<ReturnType<typeof scratchDatabase>>;
  let receiver: Server;
  /** The receiver never answers. */
  const waiting: ServerResponse[] = [];

  beforeAll(async () => {
    receiver = createServer((_req, res) => void waiting.push(res));
    await new Promise<void>((resolve) => receiver.listen(0, "127.0.0.1", resolve));
    const { port } = receiver.address() as AddressInfo;
    scratch = await endpointWithEvents(kind, "stopping", `http://127.0.0.1:${port}/hooks`, EVENTS);
  }, 120_000);
  afterAll(async () => {
    receiver?.closeAllConnections();
    receiver?.close();
    await scratch?.drop();
  });

  test("when it stops with tries in flight, then their deliveries are due now, unleased, and the cut try is not counted", async () => {
    const { db } = scratch.database;
    const worker = testWorker(db);
    await expect.poll(() => waiting.length, { timeout: 10_000, interval: 20 }).toBe(EVENTS);
    await worker.stop();

    const rows = await db.execute(sql`select status, attempt_count, leased_until, next_attempt_at <= now() as due,
      jsonb_array_length(attempts) as tries from webhook_deliveries`);
    expect((rows as unknown as { rows: unknown[] }).rows).toEqual(
      Array.from({ length: EVENTS }, () => ({
        status: "pending",
        attempt_count: 0,
        leased_until: null,
        due: true,
        tries: 0,
      })),
    );
  });
});
