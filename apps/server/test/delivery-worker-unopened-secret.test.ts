// A delivery whose endpoint secret is sealed with a root key this server does not hold is
// a failed try with its reason, recorded and scheduled again, not claimed again at once
// forever. On PGlite, and on PostgreSQL when TEST_DATABASE_URL is set.
import { randomBytes } from "node:crypto";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { KeyRing, RootKey, useKeyRing } from "../src/secrets/key-ring.js";
import { type scratchDatabase, scratchKinds } from "./scratch-database.js";
import { endpointWithEvents, testWorker } from "./webhook-fixtures.js";

describe.each(scratchKinds)("a delivery worker without the endpoint's key on %s", (kind) => {
  let scratch: Awaited<ReturnType<typeof scratchDatabase>>;

  beforeAll(async () => {
    scratch = await endpointWithEvents(kind, "unopened", "http://127.0.0.1:9/hooks", 1);
    // The secret was sealed with the key the fixture set; this process now holds another one only.
    useKeyRing(new KeyRing(new RootKey(randomBytes(32))));
  }, 120_000);
  afterAll(() => scratch?.drop());

  test("when it cannot open the endpoint's secret, then the try is recorded as failed with the reason, and the delivery waits for its next try", async () => {
    const { db } = scratch.database;
    const worker = testWorker(db);
    try {
      const tried = async () =>
        (
          (await db.execute(sql`select attempt_count, leased_until is null as unleased, next_attempt_at > now() as later,
            attempts->0->>'error' as error from webhook_deliveries`)) as unknown as { rows: Record<string, unknown>[] }
        ).rows[0];
      // The claim counts the try and leases the delivery; the failure is recorded after it, in a statement of its own.
      await expect
        .poll(async () => (await tried())?.error, { timeout: 10_000, interval: 50 })
        .toEqual(expect.any(String));
      expect(await tried()).toMatchObject({
        attempt_count: 1,
        unleased: true,
        later: true,
        error: expect.stringMatching(/^not signed: .*root key this server does not hold/),
      });
    } finally {
      await worker.stop();
    }
  });
});
