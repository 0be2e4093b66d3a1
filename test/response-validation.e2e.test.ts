// Response validation is the last gate: a handler that answers a shape the contract
// does not allow becomes a 500 problem, never a wrong body on the wire. And the start-up
// warm-up compiles every operation's validators before anyone is served.
import { mkdtempSync, rmSync } from "node:fs";
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { createVaultClient } from "@vault/client";
import {
  type AppDeps,
  createApp,
  createDemoUser,
  createLogger,
  loadConfig,
  openBlobStore,
  openDatabase,
  openKeyRing,
} from "@vault/server";
import { versions } from "@vault/spec/versions";
import { Ajv } from "ajv";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { contract, type Schema } from "./helpers/contract.js";

/**
 * The app in this process (so its validators can be watched), on a fresh store with one
 * demo user, with gates of its own unless given some: it compiles its validators as a
 * new process's first app does.
 */
async function serveApp(options: { handlers?: AppDeps["handlers"]; warmUp: boolean; gates?: AppDeps["gates"] }) {
  const dataDir = mkdtempSync(join(tmpdir(), "vault-response-"));
  const config = { ...loadConfig({ DATA_DIR: dataDir, LOG_LEVEL: "silent" }), publicBaseUrl: "http://127.0.0.1" };
  const database = await openDatabase(config);
  await database.migrate();
  // As a server's start does: cursors and sealed link tokens need the root key (a new one, in dataDir).
  await openKeyRing(config, database, () => {});
  const blobs = await openBlobStore(config);
  const user = await createDemoUser(database.db, blobs, "shape", 30);
  const app = createApp({
    config,
    database,
    blobs,
    logger: createLogger("silent"),
    handlers: options.handlers,
    gates: options.gates ?? new WeakMap(),
  });
  const warmUpRefused = options.warmUp ? await app.compileValidators(versions.map(({ name }) => name)) : [];
  const server = createServer(app.handle).listen(0, "127.0.0.1");
  await new Promise((resolve) => server.once("listening", resolve));
  const baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    user,
    baseUrl,
    warmUpRefused,
    client: createVaultClient({ baseUrl, apiKey: user.api_key }),
    close: async () => {
      await new Promise((resolve) => server.close(resolve));
      await database.close();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

describe("response validation", () => {
  let app: Awaited<ReturnType<typeof serveApp>>;

  beforeAll(async () => {
    app = await serveApp({
      warmUp: true,
      handlers: {
        // An extra field the contract lacks, and a missing required one.
        updateFileShare: async () => ({ status: 200, body: { id: "x", secret: "leak" } as never, version: 1 }),
        // A status the operation does not declare a body for.
        restoreBin: async () => ({ status: 200, body: { id: 1 } as never }),
      },
    });
  });
  afterAll(() => app?.close());

  test("when a handler returns a field the contract lacks, then the client gets a 500 problem without it", async () => {
    const { client, user } = app;
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
    const { client, user } = app;
    const { response } = await client.POST("/evault/v1/bins/{id}/restore/", {
      params: { path: { id: user.bin_id } },
      body: { tags: [] },
    });
    expect(response.status).toBe(500);
  });

  test("when a POST sent with an Idempotency-Key fails response validation, then nothing is kept: the retry runs again", async () => {
    const { client, user } = app;
    const send = () =>
      client.POST("/evault/v1/bins/{id}/restore/", {
        params: { path: { id: user.bin_id }, header: { "Idempotency-Key": "validated-before-kept" } },
        body: { tags: [] },
      });
    const first = await send();
    const retry = await send();
    expect([first.response.status, retry.response.status]).toEqual([500, 500]);
    expect(retry.response.headers.get("Idempotent-Replayed")).toBeNull();
    expect(retry.error?.instance).not.toBe(first.error?.instance);
  });

  test("when the handlers are the real ones, then the same call succeeds (the injection is what failed)", async () => {
    const { client, user } = app;
    const { response } = await client.PUT("/banking/v1/ng/bank_accounts/{id}/", {
      params: { path: { id: user.bank_account_id } },
      body: { account_number: "5000000001" },
    });
    expect(response.status).toBe(200);
  });
});

describe("the start-up warm-up", () => {
  /**
   * What express-openapi-validator compiles while `run` runs: how many schemas it compiles
   * or adds to its Ajv instances (a validator missing from its cache compiles one), and how many
   * characters of code Ajv generates for them and the components they use. The server's
   * bundle leaves Ajv outside (apps/server/scripts/bundle.mjs), so its instances share this
   * prototype; the response check's own Ajv is told apart by the stack, which passes
   * through the bundle, where express-openapi-validator is.
   */
  async function validatorCompiles(run: () => Promise<unknown>): Promise<{ count: number; codeChars: number }> {
    const core = Object.getPrototypeOf(Ajv.prototype) as Record<
      "compile" | "addSchema" | "_compileSchemaEnv",
      (...args: unknown[]) => unknown
    >;
    const originals = { compile: core.compile, addSchema: core.addSchema, _compileSchemaEnv: core._compileSchemaEnv };
    const fromValidator = () => {
      const limit = Error.stackTraceLimit;
      Error.stackTraceLimit = 80;
      const found = new Error().stack?.includes("/apps/server/dist/") ?? false;
      Error.stackTraceLimit = limit;
      return found;
    };
    let count = 0;
    let codeChars = 0;
    for (const name of ["compile", "addSchema"] as const) {
      core[name] = function (this: unknown, ...args: unknown[]) {
        if (fromValidator()) count++;
        return originals[name].apply(this, args);
      };
    }
    core._compileSchemaEnv = function (this: unknown, ...args: unknown[]) {
      const validate = originals._compileSchemaEnv.apply(this, args);
      if (fromValidator()) codeChars += String(validate).length;
      return validate;
    };
    try {
      await run();
    } finally {
      Object.assign(core, originals);
    }
    return { count, codeChars };
  }

  /** One request to every documented operation, in the media type it takes, authenticated. */
  async function callEveryOperation(baseUrl: string, apiKey: string): Promise<void> {
    for (const [path, item] of Object.entries<Schema>(contract.paths)) {
      for (const [method, op] of Object.entries<Schema>(item)) {
        const mediaType = Object.keys(op.requestBody?.content ?? {})[0];
        const headers: Record<string, string> = { "api-key": apiKey };
        let body: FormData | string | undefined;
        if (mediaType === "multipart/form-data") body = new FormData();
        else if (mediaType) [body, headers["content-type"]] = ["{}", mediaType];
        const response = await fetch(`${baseUrl}${path.replaceAll(/\{\w+\}/g, "warm")}`, {
          method: method.toUpperCase(),
          headers,
          body,
        });
        await response.arrayBuffer();
      }
    }
  }

  test.for([
    { warmUp: true, compiles: "none" },
    { warmUp: false, compiles: "some" },
  ])(
    "when the warm-up ran is $warmUp, then the first request of every operation compiles $compiles",
    async ({ warmUp, compiles }) => {
      const app = await serveApp({ warmUp });
      try {
        const { count } = await validatorCompiles(() => callEveryOperation(app.baseUrl, app.user.api_key));
        expect(count === 0 ? "none" : "some").toBe(compiles);
        // Every warm-up request is valid, so each operation's response validators compile too.
        expect(app.warmUpRefused).toEqual([]);
      } finally {
        await app.close();
      }
    },
  );

  test("when every version's validators compile, then each component's code is generated once, not in every schema that uses it", async () => {
    let app: Awaited<ReturnType<typeof serveApp>> | undefined;
    const { codeChars } = await validatorCompiles(async () => {
      app = await serveApp({ warmUp: true });
    });
    await app?.close();
    // 1.2 million characters for both versions; with the components inlined, 5.9 million
    // (the event union alone about a million in each response that carries it).
    expect(codeChars).toBeLessThan(2_000_000);
  });
});

describe("gates shared by the apps of a process", () => {
  test("when two apps share their compiled gates, then each checks keys against its own database: one's key is a 401 on the other", async () => {
    const gates: AppDeps["gates"] = new WeakMap();
    const first = await serveApp({ warmUp: false, gates });
    const second = await serveApp({ warmUp: false, gates });
    try {
      const list = (app: typeof first, apiKey: string) =>
        fetch(`${app.baseUrl}/evault/v1/bins/`, { headers: { "api-key": apiKey } }).then((response) => response.status);
      expect(await list(first, first.user.api_key)).toBe(200);
      expect(await list(second, second.user.api_key)).toBe(200);
      expect(await list(first, second.user.api_key)).toBe(401);
      expect(await list(second, first.user.api_key)).toBe(401);
    } finally {
      await first.close();
      await second.close();
    }
  });
});
