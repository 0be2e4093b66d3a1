// The embedded database's first start, on an empty DATA_DIR (the first thing anyone
// runs): PGlite's initdb runs in a process of its own, so the server keeps none of the
// memory it took.
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, test } from "vitest";
import { residentBytes, stopChild } from "./helpers/processes.js";
import { spawnServer } from "./helpers/server.js";

/** Starts the server on `dataDir`, waits until it is ready, and answers its resident memory then. */
async function readyResidentMiB(dataDir: string): Promise<number> {
  const { child, url } = await spawnServer(
    { PATH: process.env.PATH ?? "", DATA_DIR: dataDir, PORT: "0" },
    { measuresMemory: true },
  );
  try {
    // Ready once its validators are compiled, which it does while it serves.
    await expect.poll(async () => (await fetch(`${url}/readyz`)).status, { timeout: 30_000 }).toBe(200);
    return (await residentBytes(child.pid)) / 1024 / 1024;
  } finally {
    await stopChild(child);
  }
}

describe.skipIf(process.platform !== "linux")("the embedded database's first start", () => {
  // Measured against a start on the same data in the same run, since the server's own
  // size moves with every feature and with the machine's load (first and second within
  // 25 MiB of each other on a quiet machine; the first 31-54 MiB above beside two busy
  // processes, 82 once in CI); initdb in the server's process kept about 130 MiB more.
  // The absolute bound only catches a gross growth.
  test("when the server starts on an empty DATA_DIR, then it is ready holding less than 96 MiB more than a start on the same data (initdb in its process kept 130 MiB more)", async () => {
    const dataDir = mkdtempSync(join(tmpdir(), "vault-e2e-"));
    try {
      const first = await readyResidentMiB(dataDir);
      const again = await readyResidentMiB(dataDir);
      expect(first - again).toBeLessThan(96);
      expect(first).toBeLessThan(480);
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  });
});
