import { afterEach, beforeEach, describe, expect, test, vi } from "vitest";
import { createVaultClient, type RetryOptions } from "../src/index.js";

const UUID_V4 = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

type Answer = number | Error | ((request: Request) => Promise<Response>);

/** A problem answer, with any extra headers. */
function answer(status: number, headers: Record<string, string> = {}, type = "urn:vault:problem:x"): Response {
  const body = status < 300 ? { id: "f1" } : { type, title: "t", status };
  return new Response(JSON.stringify(body), {
    status,
    headers: { "content-type": status < 300 ? "application/json" : "application/problem+json", ...headers },
  });
}

/**
 * A client whose stub fetch gives the answers in turn (a status, a thrown error, or a
 * function of the request), recording each request, its body as text, and when it came.
 */
function scripted(answers: Answer[], options: { retries?: RetryOptions; timeoutMs?: number } = {}) {
  const sent: { request: Request; body: string; at: number }[] = [];
  const client = createVaultClient({
    baseUrl: "https://vault.test",
    apiKey: "vk_test_key",
    ...options,
    fetch: async (request: Request) => {
      sent.push({ request, body: await request.clone().text(), at: Date.now() });
      const next = answers[sent.length - 1] ?? 200;
      if (next instanceof Error) throw next;
      if (typeof next === "function") return next(request);
      return answer(next);
    },
  });
  return { client, sent, delays: () => sent.slice(1).map((s, i) => s.at - (sent[i] as { at: number }).at) };
}

const createFolder = (client: ReturnType<typeof createVaultClient>, key?: string) =>
  client.POST("/evault/v1/folders/", {
    body: { name: "Reports" },
    params: key === undefined ? {} : { header: { "Idempotency-Key": key } },
  });
const updateShare = (client: ReturnType<typeof createVaultClient>, init: { signal?: AbortSignal } = {}) =>
  client.PATCH("/evault/v1/file_shares/{id}/", { params: { path: { id: "s1" } }, body: { access: "public" }, ...init });

/** Runs `call` while the fake clock runs every timer it sets. */
async function settle<T>(call: Promise<T>): Promise<T> {
  const result = call.then(
    (value) => ({ value }),
    (error: unknown) => ({ error }),
  );
  await vi.runAllTimersAsync();
  const outcome = await result;
  if ("error" in outcome) throw outcome.error;
  return outcome.value;
}

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
});

describe("which answers are retried", () => {
  test.each([429, 503])("a %i is retried twice, then its answer returned", async (status) => {
    const { client, sent } = scripted([status, status, status]);
    const { response } = await settle(updateShare(client));
    expect(response.status).toBe(status);
    expect(sent).toHaveLength(3);
  });

  test("a 409 idempotency-key-in-use is retried until the first request's answer", async () => {
    const inUse = async () => answer(409, {}, "urn:vault:problem:idempotency-key-in-use");
    const { client, sent } = scripted([inUse, 201]);
    const { response, data } = await settle(createFolder(client));
    expect(response.status).toBe(201);
    expect(data).toEqual({ id: "f1" });
    expect(sent).toHaveLength(2);
  });

  test.each([400, 401, 404, 412, 413, 422, 500])("a %i is answered at once, never retried", async (status) => {
    const { client, sent } = scripted([status, 200]);
    const { response } = await settle(updateShare(client));
    expect(response.status).toBe(status);
    expect(sent).toHaveLength(1);
  });

  test("a 409 with another problem (a conflict of the data) is not retried", async () => {
    const conflict = async () => answer(409, {}, "urn:vault:problem:conflict");
    const { client, sent } = scripted([conflict, 201]);
    const { error } = await settle(createFolder(client));
    expect(error).toMatchObject({ status: 409, type: "urn:vault:problem:conflict" });
    expect(sent).toHaveLength(1);
  });

  test("a network failure is retried; the third one rejects the call", async () => {
    const down = () => new TypeError("fetch failed");
    const recovered = scripted([down(), 200]);
    expect((await settle(updateShare(recovered.client))).response.status).toBe(200);
    const dead = scripted([down(), down(), down(), 200]);
    await expect(settle(updateShare(dead.client))).rejects.toThrow("fetch failed");
    expect(dead.sent).toHaveLength(3);
  });

  test("with max 0 every request is sent once and a POST gets no key of the client's", async () => {
    const { client, sent } = scripted([503, 200], { retries: { max: 0 } });
    expect((await settle(createFolder(client))).response.status).toBe(503);
    expect(sent).toHaveLength(1);
    expect(sent[0]?.request.headers.has("idempotency-key")).toBe(false);
  });
});

describe("how long a retry waits", () => {
  test.each([0, 0.5, 0.999])(
    "backoff is full jitter: with a random draw of %f, the waits are that share of 500 ms, then of 1 s",
    async (draw) => {
      vi.spyOn(Math, "random").mockReturnValue(draw);
      const { client, delays } = scripted([503, 503, 200]);
      await settle(updateShare(client));
      expect(delays()).toEqual([Math.floor(draw * 500), Math.floor(draw * 1000)]);
    },
  );

  test("the backoff's ceiling doubles per retry up to maxDelayMs", async () => {
    vi.spyOn(Math, "random").mockReturnValue(0.999);
    const { client, delays } = scripted([503, 503, 503, 503, 200], {
      retries: { max: 4, baseDelayMs: 100, maxDelayMs: 300 },
    });
    await settle(updateShare(client));
    expect(delays()).toEqual([99, 199, 299, 299]);
  });

  test("Retry-After in seconds is waited, not the backoff", async () => {
    const { client, delays } = scripted([async () => answer(429, { "retry-after": "3" }), 200]);
    expect((await settle(updateShare(client))).response.status).toBe(200);
    expect(delays()).toEqual([3000]);
  });

  test("Retry-After as an HTTP date is waited until that date", async () => {
    const at = () => new Date(Math.ceil(Date.now() / 1000) * 1000 + 2000).toUTCString();
    const { client, delays } = scripted([async () => answer(503, { "retry-after": at() }), 200]);
    await settle(updateShare(client));
    expect(delays()[0]).toBeGreaterThan(1000);
    expect(delays()[0]).toBeLessThanOrEqual(3000);
  });

  test("a Retry-After longer than maxDelayMs (20 s) is not waited: the answer is returned", async () => {
    const { client, sent } = scripted([async () => answer(429, { "retry-after": "21" }), 200]);
    const { response } = await settle(updateShare(client));
    expect(response.status).toBe(429);
    expect(response.headers.get("retry-after")).toBe("21");
    expect(sent).toHaveLength(1);
  });
});

describe("the Idempotency-Key of a POST", () => {
  test("the client's key is a UUID v4, the same on every retry, and each call has its own", async () => {
    const { client, sent } = scripted([503, new TypeError("fetch failed"), 201, 201]);
    await settle(createFolder(client));
    await settle(createFolder(client));
    const keys = sent.map((s) => s.request.headers.get("idempotency-key"));
    expect(keys[0]).toMatch(UUID_V4);
    expect(keys.slice(0, 3)).toEqual([keys[0], keys[0], keys[0]]);
    expect(keys[3]).toMatch(UUID_V4);
    expect(keys[3]).not.toBe(keys[0]);
  });

  test("a key the caller gave is sent as it is on every attempt", async () => {
    const { client, sent } = scripted([503, 201]);
    await settle(createFolder(client, "my-key-1"));
    expect(sent.map((s) => s.request.headers.get("idempotency-key"))).toEqual(["my-key-1", "my-key-1"]);
  });

  test("PUT, PATCH and DELETE carry no key and are retried as they are", async () => {
    const { client, sent } = scripted([503, 200, 503, 200]);
    await settle(updateShare(client));
    await settle(client.DELETE("/evault/v1/file_shares/{id}/", { params: { path: { id: "s1" } } }));
    expect(sent.map((s) => [s.request.method, s.request.headers.has("idempotency-key")])).toEqual([
      ["PATCH", false],
      ["PATCH", false],
      ["DELETE", false],
      ["DELETE", false],
    ]);
  });
});

describe("bodies on a retry", () => {
  test("a JSON body is sent whole on every attempt", async () => {
    const { client, sent } = scripted([503, 201]);
    await settle(createFolder(client));
    expect(sent.map((s) => JSON.parse(s.body))).toEqual([{ name: "Reports" }, { name: "Reports" }]);
  });

  test("a multipart upload (a Blob) is sent whole again, under a boundary that matches its body", async () => {
    const { client, sent } = scripted([503, 200]);
    await settle(
      client.PUT("/evault/v1/files/{id}/", {
        params: { path: { id: "f1" } },
        body: { file: new File([new Uint8Array([7, 8, 9])], "a.bin"), name: "a" },
      }),
    );
    expect(sent).toHaveLength(2);
    for (const { request } of sent) {
      const form = await request.clone().formData();
      expect(new Uint8Array(await (form.get("file") as File).arrayBuffer())).toEqual(new Uint8Array([7, 8, 9]));
      expect(form.get("name")).toBe("a");
    }
  });

  test("a stream body cannot be sent again: it is sent once and its answer returned", async () => {
    const { client, sent } = scripted([503, 200]);
    const stream = new Blob(["streamed"]).stream();
    const { response } = await settle(
      client.PATCH("/evault/v1/file_shares/{id}/", {
        params: { path: { id: "s1" } },
        body: { access: "public" },
        bodySerializer: () => stream,
        duplex: "half",
      } as Parameters<typeof client.PATCH>[1]),
    );
    expect(response.status).toBe(503);
    expect(sent.map((s) => s.body)).toEqual(["streamed"]);
  });
});

describe("timeouts and the caller's signal", () => {
  /** An answer that never comes: it fails only when the request is aborted. */
  const never = (request: Request) =>
    new Promise<Response>((_resolve, reject) =>
      request.signal.addEventListener("abort", () => reject(request.signal.reason)),
    );

  test("an attempt without an answer after timeoutMs fails as a TimeoutError and is retried", async () => {
    const { client, sent } = scripted([never, 200], { timeoutMs: 1000 });
    const started = Date.now();
    expect((await settle(updateShare(client))).response.status).toBe(200);
    expect(sent).toHaveLength(2);
    expect((sent[1]?.at ?? 0) - started).toBeGreaterThanOrEqual(1000);
  });

  test("the default timeout is 30 s; with retries off it rejects the call", async () => {
    const { client } = scripted([never], { retries: { max: 0 } });
    const started = Date.now();
    await expect(settle(updateShare(client))).rejects.toMatchObject({ name: "TimeoutError" });
    expect(Date.now() - started).toBe(30_000);
  });

  test("a caller's signal replaces the timeout, and its abort is never retried", async () => {
    const { client, sent } = scripted([never, 200], { timeoutMs: 1000 });
    const controller = new AbortController();
    const call = updateShare(client, { signal: controller.signal });
    setTimeout(() => controller.abort(new Error("caller gave up")), 5000);
    await expect(settle(call)).rejects.toThrow("caller gave up");
    expect(sent).toHaveLength(1);
  });

  test("a caller's abort during the wait before a retry ends the call", async () => {
    const { client, sent } = scripted([async () => answer(503, { "retry-after": "10" }), 200]);
    const controller = new AbortController();
    const call = updateShare(client, { signal: controller.signal });
    setTimeout(() => controller.abort(new Error("caller gave up")), 2000);
    await expect(settle(call)).rejects.toThrow("caller gave up");
    expect(sent).toHaveLength(1);
  });
});
