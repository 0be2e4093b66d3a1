// Response validation is the last gate: a handler that answers a shape the contract
// does not allow becomes a 500 problem, never a wrong body on the wire.
import { mkdtempSync, rmSync } from "node:fs";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { createVaultClient } from "@vault/client";
import {
  createApp,
  createDemoUser,
  createLogger,
  type DemoUser,
  loadConfig,
  openBlobStore,
  openDatabase,
} from "@vault/server";
import { afterAll, beforeAll, describe, expect, test } from "vitest";

describe("response validation", () => {
  const dataDir = mkdtempSync(join(tmpdir(), "vault-response-"));
  let server: Server;
  let baseUrl: string;
  let user: DemoUser;
  let close: () => Promise<void>;

  beforeAll(async () => {
    const config = { ...loadConfig({ DATA_DIR: dataDir, LOG_LEVEL: "silent" }), publicBaseUrl: "http://127.0.0.1" };
    const database = await openDatabase(config);
    await database.migrate();
    const blobs = await openBlobStore(config);
    user = await createDemoUser(database.db, blobs, "shape", 30);
    const app = createApp({
      config,
      database,
      blobs,
      logger: createLogger("silent"),
      handlers: {
        // An extra field the contract lacks, and a missing required one.
        updateFileShare: async () => ({ status: 200, body: { id: "x", secret: "leak" } as never, version: 1 }),
        // A status the operation does not declare a body for.
        restoreBin: async () => ({ status: 200, body: { id: 1 } as never }),
      },
    });
    server = createServer(app).listen(0, "127.0.0.1");
    await new Promise((resolve) => server.once("listening", resolve));
    baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    close = async () => {
      await new Promise((resolve) => server.close(resolve));
      await database.close();
    };
  });
  afterAll(async () => {
    await close?.();
    rmSync(dataDir, { recursive: true, force: true });
  });

  test("when a handler returns a field the contract lacks, then the client gets a 500 problem without it", async () => {
    const client = createVaultClient({ baseUrl, apiKey: user.api_key });
    const { response, error } = await client.PATCH("/evault/v1/file_shares/{id}/", {
      params: { path: { id: user.file_share_id } },
      body: {},
    });
    expect(response.status).toBe(500);
    expect(response.headers.get("content-type")).toMatch(/^application\/problem\+json/);
    expect(error).toMatchObject({ status: 500, type: "urn:vault:problem:internal" });
    expect(JSON.stringify(error)).not.toContain("leak");
  });

  test("when a handler returns a wrongly typed body, then 500 problem", async () => {
    const client = createVaultClient({ baseUrl, apiKey: user.api_key });
    const { response } = await client.POST("/evault/v1/bins/{id}/restore/", {
      params: { path: { id: user.bin_id } },
      body: { tags: [] },
    });
    expect(response.status).toBe(500);
  });

  test("when the handlers are the real ones, then the same call succeeds (the injection is what failed)", async () => {
    const client = createVaultClient({ baseUrl, apiKey: user.api_key });
    const { response } = await client.PUT("/banking/v1/ng/bank_accounts/{id}/", {
      params: { path: { id: user.bank_account_id } },
      body: { account_number: "5000000001" },
    });
    expect(response.status).toBe(200);
  });
});
