// Behind a reverse proxy every client reaches the server from the proxy's address:
// with TRUST_PROXY the address budgets key on the client's address the proxy forwards
// (`X-Forwarded-For`), without it they key on the proxy's. The test is the proxy here:
// it connects from 127.0.0.1 and forwards each client's address as a proxy does.
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { createVaultClient } from "@vault/client";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { databases } from "./helpers/backends.js";
import { type Harness, spawnServer, startHarness } from "./helpers/server.js";

const LINK = "/evault/v1/links/{token}/" as const;
const BUDGET = 3;

describe.each(databases)("TRUST_PROXY on $name", (backend) => {
  let h: Harness;
  beforeAll(async () => {
    h = await startHarness(backend, { env: { LINK_RATE_LIMIT_PER_MINUTE: String(BUDGET), TRUST_PROXY: "1" } });
  });
  afterAll(() => h?.stop());

  /** The statuses of `count` anonymous link requests of the client at `address`, forwarded by the proxy. */
  const opens = async (address: string, count: number) => {
    const client = createVaultClient({
      baseUrl: h.url,
      retries: { max: 0 },
      headers: { "X-Forwarded-For": address },
    });
    const statuses: number[] = [];
    for (let i = 0; i < count; i++) {
      const { response } = await client.GET(LINK, { params: { path: { token: h.users[0].link_token } } });
      statuses.push(response.status);
    }
    return statuses;
  };

  test("when two clients behind the proxy open links, then with TRUST_PROXY=1 each has its own budget, and without it they share the proxy's", async () => {
    // A private share's link: 404 to anyone without a key, and each 404 spends the budget.
    expect(await opens("198.51.100.1", BUDGET + 1)).toEqual([404, 404, 404, 429]);
    expect(await opens("198.51.100.2", 1)).toEqual([404]);

    delete h.env.TRUST_PROXY;
    await h.restart();
    expect(await opens("198.51.100.1", BUDGET)).toEqual([404, 404, 404]);
    expect(await opens("198.51.100.2", 1)).toEqual([429]);
  });

  test.each(["yes", "-1", "10.0.0.0/33", "10.0.0.1,not-an-address"])(
    "when TRUST_PROXY is %j, then the server refuses to start, naming TRUST_PROXY",
    async (value) => {
      const dataDir = mkdtempSync(join(tmpdir(), "vault-e2e-trust-proxy-"));
      try {
        const outcome = await spawnServer({ ...h.env, DATA_DIR: dataDir, TRUST_PROXY: value }).then(
          async ({ child }) => {
            child.kill();
            return "started";
          },
          (error: Error) => error.message,
        );
        expect(outcome).toContain("Configuration error: TRUST_PROXY");
      } finally {
        rmSync(dataDir, { recursive: true, force: true });
      }
    },
  );
});
