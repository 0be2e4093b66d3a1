// The client's retries against the real server: a create whose answer is lost on the
// way back is sent again under the same Idempotency-Key and done once; a 429 is retried
// after the Retry-After the server asked for.
import { createVaultClient, type VaultClient } from "@vault/client";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { type TcpRelay, tcpRelay } from "../bench/relay.mjs";
import { backends } from "./helpers/backends.js";
import { type Harness, startHarness } from "./helpers/server.js";

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

interface Sent {
  key: string | null;
  outcome: number | "network error";
  retryAfter: string | null;
  at: number;
}

/** A client with the default retries whose every attempt is recorded: its key, what came back, and when. */
function recordingClient(baseUrl: string, apiKey: string): { vault: VaultClient; sent: Sent[] } {
  const sent: Sent[] = [];
  const vault = createVaultClient({
    baseUrl,
    apiKey,
    fetch: async (request: Request) => {
      const key = request.headers.get("idempotency-key");
      try {
        const response = await fetch(request);
        sent.push({ key, outcome: response.status, retryAfter: response.headers.get("retry-after"), at: Date.now() });
        return response;
      } catch (error) {
        sent.push({ key, outcome: "network error", retryAfter: null, at: Date.now() });
        throw error;
      }
    },
  });
  return { vault, sent };
}

async function all<T>(items: AsyncIterable<T>): Promise<T[]> {
  const found: T[] = [];
  for await (const item of items) found.push(item);
  return found;
}

describe.each(backends)("client retries on $name", (backend) => {
  let h: Harness;
  let relay: TcpRelay;
  beforeAll(async () => {
    h = await startHarness(backend);
    relay = await tcpRelay(new URL(h.url));
  });
  afterAll(async () => {
    await relay?.cut();
    await h?.stop();
  });

  test("when a folder create's answer is lost, then the client sends it again with the same key and exactly one folder exists", async () => {
    const { vault, sent } = recordingClient(relay.url, h.users[0].api_key);
    const name = `lost answer ${backend.name}`;
    relay.loseNextAnswer();
    const { data, response } = await vault.POST("/evault/v1/folders/", { body: { name } });
    expect(response.status).toBe(201);
    expect(response.headers.get("idempotent-replayed")).toBe("true");
    expect(sent.map((s) => s.outcome)).toEqual(["network error", 201]);
    expect(sent[1]?.key).toBe(sent[0]?.key);
    const named = (await all(vault.paginate("/evault/v1/folders/"))).filter((folder) => folder.name === name);
    expect(named.map((folder) => folder.id)).toEqual([data?.id]);
  });

  test("when a file upload's answer is lost, then the multipart body is sent again whole and exactly one file exists", async () => {
    const { vault, sent } = recordingClient(relay.url, h.users[0].api_key);
    const folder = h.users[0].folder_id;
    const bytes = `sent twice, stored once on ${backend.name}\n`;
    relay.loseNextAnswer();
    const { data, response } = await vault.POST("/evault/v1/files/", {
      body: { file: new File([bytes], "retried.txt"), name: "retried.txt", folder },
    });
    expect(response.status).toBe(201);
    expect(sent.map((s) => s.outcome)).toEqual(["network error", 201]);
    const named = (await all(vault.paginate("/evault/v1/files/", { folder }))).filter((f) => f.name === "retried.txt");
    expect(named.map((file) => file.id)).toEqual([data?.id]);
    const content = await vault.GET("/evault/v1/files/{id}/content/", {
      params: { path: { id: data?.id ?? "" } },
      parseAs: "text",
    });
    expect(content.data).toBe(bytes);
  });
});

/** The rate-limit window the server counts in: a minute in production, a second here, so a 429 has at most a second left. */
const WINDOW_MS = 1000;

describe("a 429 retried after its Retry-After", () => {
  let h: Harness;
  beforeAll(async () => {
    h = await startHarness(backends[0] as (typeof backends)[number], {
      env: { RATE_LIMIT_PER_MINUTE: "1", RATE_LIMIT_WINDOW_MS: String(WINDOW_MS) },
    });
  });
  afterAll(() => h?.stop());

  test("when the key's budget has a second left, then the client waits about that second and the retry succeeds", async () => {
    let sent: Sent[] = [];
    // The budget (one request a window) is spent by the first request, and the second comes
    // within its window. On a busy machine the second may come after the window closed (and
    // is answered 200 at once): then the pair is sent again, in a window of its own.
    for (let attempt = 0; attempt < 5 && sent[1]?.outcome !== 429; attempt++) {
      if (attempt > 0) await sleep(WINDOW_MS);
      const recording = recordingClient(h.url, h.users[0].api_key);
      sent = recording.sent;
      const update = () =>
        recording.vault.PATCH("/evault/v1/file_shares/{id}/", {
          params: { path: { id: h.users[0].file_share_id } },
          body: {},
        });
      expect((await update()).response.status).toBe(200);
      expect((await update()).response.status).toBe(200);
    }
    const [first, limited, retried] = sent;
    expect(first?.outcome).toBe(200);
    expect(limited).toMatchObject({ outcome: 429, retryAfter: "1" });
    expect(retried?.outcome).toBe(200);
    const waited = (retried?.at ?? 0) - (limited?.at ?? 0);
    expect(waited).toBeGreaterThanOrEqual(1000);
    expect(waited).toBeLessThan(2000);
  }, 30_000);
});
