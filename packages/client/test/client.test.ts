import { Webhook } from "standardwebhooks";
import { describe, expect, test } from "vitest";
import { createVaultClient } from "../src/index.js";
import { verifyWebhook, WebhookVerificationError } from "../src/webhooks.js";

const problem = { type: "urn:vault:problem:not-found", title: "Not Found", status: 404 };

/** A client whose fetch records the request and answers with the given status and body. */
function stubbed(status = 200, body: unknown = {}) {
  const requests: Request[] = [];
  const client = createVaultClient({
    baseUrl: "https://vault.test",
    apiKey: "vk_test_key",
    fetch: async (input: Request) => {
      requests.push(input);
      const type = status >= 400 ? "application/problem+json" : "application/json";
      return new Response(JSON.stringify(body), { status, headers: { "content-type": type } });
    },
  });
  return { client, requests, last: () => requests.at(-1) as Request };
}

describe("JSON operations", () => {
  test("PUT /banking/v1/ng/bank_accounts/{id}/ sends the JSON body, api key and If-Match", async () => {
    const { client, last } = stubbed();
    await client.PUT("/banking/v1/ng/bank_accounts/{id}/", {
      params: { path: { id: "acc 1" }, header: { "If-Match": '"v1"' } },
      body: { account_number: "0123456789", classification: "NULL" },
    });
    expect(last().method).toBe("PUT");
    expect(last().url).toBe("https://vault.test/banking/v1/ng/bank_accounts/acc%201/");
    expect(last().headers.get("api-key")).toBe("vk_test_key");
    expect(last().headers.get("if-match")).toBe('"v1"');
    expect(last().headers.get("content-type")).toBe("application/json");
    expect(await last().json()).toEqual({ account_number: "0123456789", classification: "NULL" });
  });

  test.each([
    ["PATCH", "/evault/v1/file_shares/{id}/", "https://vault.test/evault/v1/file_shares/s1/", { access: "public" }],
    ["POST", "/evault/v1/bins/{id}/restore/", "https://vault.test/evault/v1/bins/s1/restore/", { tags: [] }],
    [
      "POST",
      "/evault/v1/folders/{id}/duplicate_folder/",
      "https://vault.test/evault/v1/folders/s1/duplicate_folder/",
      { name: "Copy" },
    ],
    [
      "PATCH",
      "/evault/v1/favourite/folders/{id}/",
      "https://vault.test/evault/v1/favourite/folders/s1/",
      { is_starred: true },
    ],
  ] as const)("%s %s sends JSON to the path with its trailing slash", async (method, path, url, body) => {
    const { client, last } = stubbed();
    // biome-ignore lint/suspicious/noExplicitAny: one table drives four differently typed operations
    const call = (client as any)[method] as (path: string, init: unknown) => Promise<unknown>;
    await call(path, { params: { path: { id: "s1" } }, body });
    expect(last().method).toBe(method);
    expect(last().url).toBe(url);
    expect(last().headers.get("api-key")).toBe("vk_test_key");
    expect(last().headers.get("content-type")).toBe("application/json");
    expect(await last().json()).toEqual(body);
  });

  test("an error response is typed and parsed as the problem document", async () => {
    const { client } = stubbed(404, problem);
    const { data, error, response } = await client.PATCH("/evault/v1/favourite/folders/{id}/", {
      params: { path: { id: "missing" } },
      body: { is_starred: true },
    });
    expect(data).toBeUndefined();
    expect(response.status).toBe(404);
    expect(error).toEqual(problem);
  });
});

describe("PUT /evault/v1/files/{id}/", () => {
  test("sends multipart/form-data with the file part, text fields, booleans and one part per tag", async () => {
    const { client, last } = stubbed();
    await client.PUT("/evault/v1/files/{id}/", {
      params: { path: { id: "f1" } },
      body: {
        file: new File(["hello vault"], "notes.txt", { type: "text/plain" }),
        name: "Notes",
        is_starred: true,
        is_deleted: false,
        tags: ["work", "2026"],
      },
    });
    const request = last();
    expect(request.method).toBe("PUT");
    expect(request.url).toBe("https://vault.test/evault/v1/files/f1/");
    expect(request.headers.get("api-key")).toBe("vk_test_key");
    expect(request.headers.get("content-type")).toMatch(/^multipart\/form-data; boundary=/);
    const form = await request.formData();
    const file = form.get("file") as File;
    expect(file.name).toBe("notes.txt");
    expect(await file.text()).toBe("hello vault");
    expect(form.get("name")).toBe("Notes");
    expect(form.get("is_starred")).toBe("true");
    expect(form.get("is_deleted")).toBe("false");
    expect(form.getAll("tags")).toEqual(["work", "2026"]);
    expect(form.has("description")).toBe(false);
  });

  test("a plain Blob is sent as a file part named blob", async () => {
    const { client, last } = stubbed();
    await client.PUT("/evault/v1/files/{id}/", {
      params: { path: { id: "f1" } },
      body: { file: new Blob([new Uint8Array([0, 1, 2])]) },
    });
    const file = (await last().formData()).get("file") as File;
    expect(file.name).toBe("blob");
    expect(new Uint8Array(await file.arrayBuffer())).toEqual(new Uint8Array([0, 1, 2]));
  });
});

describe("tus operations", () => {
  test("a PATCH's Blob body is sent as its bytes, with its tus headers", async () => {
    const { client, last } = stubbed(200);
    await client.PATCH("/evault/v1/uploads/{id}/", {
      params: { path: { id: "u1" }, header: { "Tus-Resumable": "1.0.0", "Upload-Offset": "3" } },
      headers: { "Content-Type": "application/offset+octet-stream" },
      body: new Blob([new Uint8Array([7, 8, 9])]),
    });
    expect(last().headers.get("content-type")).toBe("application/offset+octet-stream");
    expect(last().headers.get("upload-offset")).toBe("3");
    expect(new Uint8Array(await last().arrayBuffer())).toEqual(new Uint8Array([7, 8, 9]));
  });
});

test("without an api key no api-key header is sent", async () => {
  const requests: Request[] = [];
  const client = createVaultClient({
    baseUrl: "https://vault.test",
    fetch: async (input: Request) => {
      requests.push(input);
      return new Response("{}", { status: 200, headers: { "content-type": "application/json" } });
    },
  });
  await client.POST("/evault/v1/bins/{id}/restore/", { params: { path: { id: "b" } }, body: { tags: [] } });
  expect(requests[0]?.headers.has("api-key")).toBe(false);
});

describe("paginate", () => {
  /** A fetch that answers the pages in turn, recording each request's URL. */
  function paged(...answers: [number, unknown][]) {
    const urls: string[] = [];
    const client = createVaultClient({
      baseUrl: "https://vault.test",
      apiKey: "vk_test_key",
      fetch: async (input: Request) => {
        urls.push(input.url);
        const [status, body] = answers[urls.length - 1] ?? [500, problem];
        const type = status >= 400 ? "application/problem+json" : "application/json";
        return new Response(JSON.stringify(body), { status, headers: { "content-type": type } });
      },
    });
    return { client, urls };
  }

  test("yields every item of every page, following next with its cursor and the list's filters", async () => {
    const { client, urls } = paged(
      [
        200,
        {
          results: [{ id: "a" }, { id: "b" }],
          next: "https://public.example/evault/v1/files/?folder=f1&page_size=2&cursor=c1",
        },
      ],
      [200, { results: [{ id: "c" }], next: null }],
    );
    const ids: string[] = [];
    for await (const file of client.paginate("/evault/v1/files/", { folder: "f1", page_size: 2 })) ids.push(file.id);
    expect(ids).toEqual(["a", "b", "c"]);
    // The next link's query goes to this client's base URL (it may sit behind another address).
    expect(urls).toEqual([
      "https://vault.test/evault/v1/files/?folder=f1&page_size=2",
      "https://vault.test/evault/v1/files/?folder=f1&page_size=2&cursor=c1",
    ]);
  });

  test("a page that answers a problem throws it", async () => {
    const { client } = paged(
      [200, { results: [{ id: "a" }], next: "https://vault.test/evault/v1/bins/?cursor=x" }],
      [400, problem],
    );
    const seen: string[] = [];
    const run = async () => {
      for await (const bin of client.paginate("/evault/v1/bins/")) seen.push(bin.id);
    };
    await expect(run()).rejects.toMatchObject({ name: "VaultProblemError", problem, response: { status: 400 } });
    expect(seen).toEqual(["a"]);
  });
});

describe("verifyWebhook", () => {
  const secret = `whsec_${Buffer.alloc(24, 7).toString("base64")}`;
  const body = JSON.stringify({ id: "evt_1", type: "ping", created_at: "2026-03-14T09:26:53.000Z", data: {} });
  const signed = (payload: string) => {
    const at = new Date();
    return {
      "Webhook-Id": "evt_1",
      "Webhook-Timestamp": String(Math.floor(at.getTime() / 1000)),
      "Webhook-Signature": new Webhook(secret).sign("evt_1", at, payload),
    };
  };

  test("answers the event of a delivery signed with the secret (headers in any case)", () => {
    expect(verifyWebhook(body, signed(body), secret)).toEqual(JSON.parse(body));
    expect(verifyWebhook(Buffer.from(body), signed(body), secret)).toEqual(JSON.parse(body));
    expect(verifyWebhook(new TextEncoder().encode(body), signed(body), secret)).toEqual(JSON.parse(body));
  });

  test("refuses a changed body, another secret, or no signature", () => {
    const headers = signed(body);
    expect(() => verifyWebhook(body.replace("ping", "pong"), headers, secret)).toThrow(WebhookVerificationError);
    const other = `whsec_${Buffer.alloc(24, 8).toString("base64")}`;
    expect(() => verifyWebhook(body, headers, other)).toThrow(WebhookVerificationError);
    expect(() => verifyWebhook(body, { ...headers, "Webhook-Signature": undefined }, secret)).toThrow();
  });
});
