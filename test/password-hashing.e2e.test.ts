// Share passwords are hashed with scrypt at OWASP's cost (about a CPU second and a
// thread of libuv's pool each): a burst of password changes must not take the pool the
// disk blob store reads through, or every download waits behind the hashes.
import { performance } from "node:perf_hooks";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { backends } from "./helpers/backends.js";
import { type Harness, startHarness } from "./helpers/server.js";
import { download } from "./helpers/vault.js";

const pglite = backends.find((backend) => backend.name === "pglite");
/** Read from disk in chunks through the thread pool (small files are read in one synchronous call). */
const FILE_BYTES = 4 * 1024 * 1024;
const PASSWORD_CHANGES = 20;

describe.runIf(pglite)("share password hashing beside downloads", () => {
  let h: Harness;
  beforeAll(async () => {
    h = await startHarness(pglite as NonNullable<typeof pglite>);
    const put = await h.client().PUT("/evault/v1/files/{id}/", {
      params: { path: { id: h.users[0].file_id } },
      body: { file: new File([Buffer.alloc(FILE_BYTES, 7)], "big.bin") },
    });
    expect(put.response.status).toBe(200);
  });
  afterAll(() => h?.stop());

  const timedDownload = async () => {
    const started = performance.now();
    expect((await download(h.client(), h.users[0].file_id)).length).toBe(FILE_BYTES);
    return performance.now() - started;
  };

  test(`when ${PASSWORD_CHANGES} share PATCHes with passwords arrive at once, then a download meanwhile does not wait for their hashes`, async () => {
    const quiet = await timedDownload();
    let answered = 0;
    const patches = Array.from({ length: PASSWORD_CHANGES }, (_, i) =>
      h
        .client()
        .PATCH("/evault/v1/file_shares/{id}/", {
          params: { path: { id: h.users[0].file_share_id } },
          body: { password: `correct horse battery ${i}` },
        })
        .finally(() => answered++),
    );
    // Every PATCH has reached the server and asked for its hash.
    await new Promise((resolve) => setTimeout(resolve, 500));
    const started = performance.now();
    const busy = await timedDownload();
    const answeredBeforeDownload = answered;
    const statuses = (await Promise.all(patches)).map((patch) => patch.response.status);
    const hashing = performance.now() - started;
    console.log(
      `download of 4 MiB: ${quiet.toFixed(0)} ms quiet, ${busy.toFixed(0)} ms beside the hashes ` +
        `(${answeredBeforeDownload} of ${PASSWORD_CHANGES} PATCHes answered by then, all of them ${hashing.toFixed(0)} ms after it started)`,
    );
    expect(statuses).toEqual(Array(PASSWORD_CHANGES).fill(200));
    // Queued behind the hashes in the thread pool, it would end after most of them.
    expect(answeredBeforeDownload).toBeLessThan(PASSWORD_CHANGES / 4);
    expect(busy).toBeLessThan(hashing / 4);
  }, 180_000);
});
