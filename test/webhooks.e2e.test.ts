// Webhooks (issue 28 §3): endpoints, Standard Webhooks deliveries verified by the
// `standardwebhooks` library in a real receiving server, retries, the deliveries log,
// secret rotation, the URL checks against server-side request forgery, and delivery
// that survives a SIGKILL and runs once per endpoint with two servers on one database.
import { once } from "node:events";
import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import type { VaultClient, VaultEvent } from "@vault/client";
import { verifyWebhook } from "@vault/client/webhooks";
import { Webhook } from "standardwebhooks";
import { afterAll, afterEach, beforeAll, describe, expect, test } from "vitest";
import { backends, databases } from "./helpers/backends.js";
import { type Harness, type SeededUser, startHarness } from "./helpers/server.js";

interface Received {
  headers: Record<string, string>;
  body: string;
}

/** A receiving HTTP server on 127.0.0.1: keeps every request, answers as `answer` says (200 by default). */
async function startReceiver() {
  const received: Received[] = [];
  let answer = (_req: IncomingMessage, res: ServerResponse): void => void res.end("ok");
  const server: Server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (chunk: Buffer) => chunks.push(chunk));
    req.on("end", () => {
      received.push({ headers: req.headers as Record<string, string>, body: Buffer.concat(chunks).toString("utf8") });
      answer(req, res);
    });
  });
  server.listen(0, "127.0.0.1");
  await once(server, "listening");
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/hooks`,
    port,
    received,
    answerWith(handler: typeof answer) {
      answer = handler;
    },
    /** The requests whose `webhook-id` is `id`. */
    of: (id: string) => received.filter((r) => r.headers["webhook-id"] === id),
    close: () => {
      server.closeAllConnections();
      return new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
type Receiver = Awaited<ReturnType<typeof startReceiver>>;

/** Starts a server of `backend` (with `options`) and a receiver before a describe block's tests, and stops both after. */
function withServerAndReceiver(
  backend: (typeof backends)[number],
  options: Parameters<typeof startHarness>[1],
  set: (started: { h: Harness; receiver: Receiver }) => void,
) {
  let h: Harness | undefined;
  let receiver: Receiver | undefined;
  beforeAll(async () => {
    h = await startHarness(backend, options);
    receiver = await startReceiver();
    set({ h, receiver });
  });
  afterAll(async () => {
    await receiver?.close();
    await h?.stop();
  });
}

async function until<T>(what: string, probe: () => Promise<T | undefined> | T | undefined, ms = 20_000): Promise<T> {
  const deadline = Date.now() + ms;
  for (;;) {
    const found = await probe();
    if (found !== undefined && found !== false) return found;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

const ALLOW_LOCAL = { WEBHOOK_ALLOW_HOSTS: "127.0.0.1" };
/** The first retry's wait, a try's timeout and a claim's lease the tests wait on (in production 5 s, 10 s and 15 s). */
const FIRST_RETRY_MS = 500;
// A timeout as the breaker's tests use: every try of these tests must be answered within it, on a loaded machine too.
const TIMEOUT_MS = 1500;
const SHORT = {
  WEBHOOK_RETRY_DELAYS_MS: String(FIRST_RETRY_MS),
  WEBHOOK_TIMEOUT_MS: String(TIMEOUT_MS),
  WEBHOOK_LEASE_MS: "2500",
};

async function createEndpoint(client: VaultClient, url: string, events: string[] = ["*"]) {
  const { data, response, error } = await client.POST("/evault/v1/webhook_endpoints/", {
    body: { url, events: events as never, description: "test" },
  });
  expect(response.status, JSON.stringify(error)).toBe(201);
  return data as NonNullable<typeof data>;
}

async function updateAccount(client: VaultClient, user: SeededUser, account_name: string) {
  const { data } = await client.GET("/banking/v1/ng/bank_accounts/{id}/", {
    params: { path: { id: user.bank_account_id } },
  });
  const put = await client.PUT("/banking/v1/ng/bank_accounts/{id}/", {
    params: { path: { id: user.bank_account_id } },
    body: { account_number: data?.account_number as string, account_name },
  });
  expect(put.response.status).toBe(200);
}

/** The newest event of the caller of `type`. */
async function newestEvent(client: VaultClient, type: string): Promise<VaultEvent> {
  const { data } = await client.GET("/evault/v1/events/", { params: { query: { type: [type as never] } } });
  const event = data?.results[0];
  if (!event) throw new Error(`no ${type} event`);
  return event as VaultEvent;
}

async function deliveriesOf(client: VaultClient, id: string) {
  const { data, response } = await client.GET("/evault/v1/webhook_endpoints/{id}/deliveries/", {
    params: { path: { id }, query: { page_size: 200 } },
  });
  expect(response.status).toBe(200);
  return data?.results ?? [];
}

describe.each(databases)("webhooks on $name", (backend) => {
  let h: Harness;
  let receiver: Receiver;
  // A process: a test kills it with deliveries due.
  withServerAndReceiver(
    backend,
    { env: { ...ALLOW_LOCAL, ...SHORT }, inProcess: false },
    (started) => ({ h, receiver } = started),
  );
  afterEach(() => receiver.answerWith((_req, res) => void res.end("ok")));

  const owner = () => h.users[0] as SeededUser;
  const other = () => h.users[1] as SeededUser;
  const client = () => h.client(owner().api_key);

  test("an endpoint gets each subscribed event once, signed as Standard Webhooks says, as the events log shows it", async () => {
    const endpoint = await createEndpoint(client(), receiver.url, ["bank_account.updated"]);
    expect(endpoint.secret).toMatch(/^whsec_[A-Za-z0-9+/]{32}$/);
    const read = await client().GET("/evault/v1/webhook_endpoints/{id}/", { params: { path: { id: endpoint.id } } });
    expect(read.data).toEqual({ ...endpoint, secret: undefined });
    expect(JSON.stringify(read.data)).not.toContain("whsec_");
    const { secret: _, ...shown } = endpoint;
    const created = await newestEvent(client(), "webhook_endpoint.created");
    expect(created.data.object).toEqual(shown);
    expect(JSON.stringify(created)).not.toContain("whsec_");

    await updateAccount(client(), owner(), "Webhook One");
    const event = await newestEvent(client(), "bank_account.updated");
    const delivered = await until("the delivery", () => receiver.of(event.id)[0]);
    const verified = new Webhook(endpoint.secret).verify(delivered.body, delivered.headers);
    expect(verified).toEqual(event);
    expect(verifyWebhook(delivered.body, delivered.headers, endpoint.secret)).toEqual(event);
    expect(delivered.headers["content-type"]).toBe("application/json");
    expect(() =>
      new Webhook(`whsec_${Buffer.alloc(24).toString("base64")}`).verify(delivered.body, delivered.headers),
    ).toThrow();

    // Another type, and another user's change, are not sent to it.
    const { response } = await client().POST("/evault/v1/folders/", { body: { name: "not subscribed" } as never });
    expect(response.status).toBe(201);
    await updateAccount(h.client(other().api_key), other(), "Someone Else");
    await until("the delivery's record", async () =>
      (await deliveriesOf(client(), endpoint.id)).find((d) => d.status === "succeeded"),
    );
    await new Promise((r) => setTimeout(r, 1000));
    const ids = new Set(receiver.received.map((r) => JSON.parse(r.body).data.object.id));
    expect(ids.has(other().bank_account_id)).toBe(false);
    expect(receiver.received.every((r) => JSON.parse(r.body).type === "bank_account.updated")).toBe(true);
    const deliveries = await deliveriesOf(client(), endpoint.id);
    expect(deliveries).toHaveLength(1);
    expect(deliveries[0]).toMatchObject({
      event_id: event.id,
      event_type: "bank_account.updated",
      status: "succeeded",
      next_attempt_at: null,
    });
    expect(deliveries[0]?.attempts).toMatchObject([{ status_code: 200, error: null }]);
    await client().DELETE("/evault/v1/webhook_endpoints/{id}/", { params: { path: { id: endpoint.id } } });
    expect((await newestEvent(client(), "webhook_endpoint.deleted")).data.object).toMatchObject({ id: endpoint.id });
    const gone = await client().GET("/evault/v1/webhook_endpoints/{id}/", { params: { path: { id: endpoint.id } } });
    expect(gone.response.status).toBe(404);
  });

  test("a share's events reach the receiver without its link: no delivery holds the token, and the share read gives it", async () => {
    const endpoint = await createEndpoint(client(), receiver.url, ["file_share.created", "file_share.updated"]);
    const created = await client().POST("/evault/v1/file_shares/", {
      body: { file: owner().file_id, access: "public" },
    });
    const share = created.data as NonNullable<typeof created.data>;
    const relinked = await client().POST("/evault/v1/file_shares/{id}/link/", { params: { path: { id: share.id } } });
    const links = [share.link, relinked.data?.link ?? ""];
    const tokens = links.map((link) => /\/links\/([^/]+)\/$/.exec(link)?.[1] ?? "");
    expect(tokens.map((token) => token.length)).toEqual([32, 32]);
    expect(tokens[1]).not.toBe(tokens[0]);
    const sent = await until("both deliveries", () => {
      const bodies = receiver.received.map((r) => r.body).filter((body) => body.includes(share.id));
      return bodies.length === 2 ? bodies : undefined;
    });
    const events = sent.map((body) => JSON.parse(body) as VaultEvent);
    expect(events.map((e) => e.type).sort()).toEqual(["file_share.created", "file_share.updated"]);
    for (const body of sent) for (const token of tokens) expect(body).not.toContain(token);
    for (const event of events) expect(event.data.object).not.toHaveProperty("link");
    const read = await client().GET("/evault/v1/file_shares/{id}/", { params: { path: { id: share.id } } });
    expect(read.data?.link).toBe(links[1]);
    await client().DELETE("/evault/v1/webhook_endpoints/{id}/", { params: { path: { id: endpoint.id } } });
  });

  test("another user's endpoint answers 404 to every operation and is not changed", async () => {
    const endpoint = await createEndpoint(client(), receiver.url);
    const them = h.client(other().api_key);
    const path = { id: endpoint.id };
    expect((await them.GET("/evault/v1/webhook_endpoints/{id}/", { params: { path } })).response.status).toBe(404);
    expect(
      (await them.PATCH("/evault/v1/webhook_endpoints/{id}/", { params: { path }, body: { disabled: true } })).response
        .status,
    ).toBe(404);
    expect(
      (await them.POST("/evault/v1/webhook_endpoints/{id}/rotate_secret/", { params: { path } })).response.status,
    ).toBe(404);
    expect((await them.POST("/evault/v1/webhook_endpoints/{id}/test/", { params: { path } })).response.status).toBe(
      404,
    );
    expect(
      (await them.GET("/evault/v1/webhook_endpoints/{id}/deliveries/", { params: { path } })).response.status,
    ).toBe(404);
    expect((await them.DELETE("/evault/v1/webhook_endpoints/{id}/", { params: { path } })).response.status).toBe(404);
    const list = await them.GET("/evault/v1/webhook_endpoints/");
    expect(list.data?.results.map((e) => e.id)).not.toContain(endpoint.id);
    const mine = await client().GET("/evault/v1/webhook_endpoints/{id}/", { params: { path } });
    expect(mine.data).toMatchObject({ disabled: false, url: receiver.url });
    await client().DELETE("/evault/v1/webhook_endpoints/{id}/", { params: { path } });
  });

  test("a delivery read by its id (v2) is the list's entry, tries included; another endpoint's or user's path answers 404, and v1 has no such path", async () => {
    const endpoint = await createEndpoint(client(), receiver.url);
    const bystander = await createEndpoint(client(), `${receiver.url}/other`);
    const ping = await client().POST("/evault/v1/webhook_endpoints/{id}/test/", {
      params: { path: { id: endpoint.id } },
    });
    const delivery_id = ping.data?.id as string;
    const listed = await until("the ping's delivery", async () =>
      (await deliveriesOf(client(), endpoint.id)).find((d) => d.id === delivery_id && d.status === "succeeded"),
    );
    const read = (id: string, apiKey = owner().api_key) =>
      h.clientV2(apiKey).GET("/evault/v2/webhook_endpoints/{id}/deliveries/{delivery_id}/", {
        params: { path: { id, delivery_id } },
      });
    const { data, response } = await read(endpoint.id);
    expect(response.status).toBe(200);
    expect(data).toEqual(listed);
    expect(data?.attempts).toEqual([expect.objectContaining({ status_code: 200, error: null })]);

    const elsewhere = await read(bystander.id);
    expect(elsewhere.response.status).toBe(404);
    expect(elsewhere.error).toMatchObject({ type: expect.stringMatching(/not-found$/), detail: expect.any(String) });
    expect((await read(endpoint.id, other().api_key)).response.status).toBe(404);
    const v1 = await fetch(`${h.url}/evault/v1/webhook_endpoints/${endpoint.id}/deliveries/${delivery_id}/`, {
      headers: { "api-key": owner().api_key },
    });
    expect(v1.status).toBe(404);
    for (const { id } of [endpoint, bystander]) {
      await client().DELETE("/evault/v1/webhook_endpoints/{id}/", { params: { path: { id } } });
    }
  });

  test("a ping goes to the tested endpoint only; after a rotation both secrets verify, the old one for 24 hours", async () => {
    const tested = await createEndpoint(client(), receiver.url);
    const bystander = await createEndpoint(client(), `${receiver.url}/other`);
    const ping = await client().POST("/evault/v1/webhook_endpoints/{id}/test/", {
      params: { path: { id: tested.id } },
    });
    expect(ping.response.status).toBe(202);
    const eventId = ping.data?.event_id as string;
    const got = await until("the ping", () => receiver.of(eventId)[0]);
    expect(JSON.parse(got.body)).toMatchObject({ type: "ping", data: { object: { id: tested.id } } });
    expect(new Webhook(tested.secret).verify(got.body, got.headers)).toMatchObject({ id: eventId });

    const rotated = await client().POST("/evault/v1/webhook_endpoints/{id}/rotate_secret/", {
      params: { path: { id: tested.id } },
    });
    expect(rotated.response.status).toBe(200);
    expect(rotated.data?.secret).not.toBe(tested.secret);
    const again = await client().POST("/evault/v1/webhook_endpoints/{id}/test/", {
      params: { path: { id: tested.id } },
    });
    const second = again.data?.event_id as string;
    const signed = await until("the second ping", () => receiver.of(second)[0]);
    expect(signed.headers["webhook-signature"]?.split(" ")).toHaveLength(2);
    expect(new Webhook(tested.secret).verify(signed.body, signed.headers)).toMatchObject({ id: second });
    expect(new Webhook(rotated.data?.secret as string).verify(signed.body, signed.headers)).toMatchObject({
      id: second,
    });
    // The bystander had the endpoint events (it subscribes to `*`), never a ping.
    const bystanderTypes = (await deliveriesOf(client(), bystander.id)).map((d) => d.event_type);
    expect(bystanderTypes).not.toContain("ping");
    expect(bystanderTypes).toContain("webhook_endpoint.updated");
    for (const id of [tested.id, bystander.id])
      await client().DELETE("/evault/v1/webhook_endpoints/{id}/", { params: { path: { id } } });
  });

  test("a failed try is retried after the first retry's wait with the same webhook-id; a redirect is not followed; retry sends it again now", async () => {
    const endpoint = await createEndpoint(client(), receiver.url, ["bank_account.updated"]);
    let calls = 0;
    receiver.answerWith((_req, res) => {
      calls++;
      if (calls === 1) res.writeHead(500).end("no");
      else if (calls === 2) res.writeHead(302, { location: `${receiver.url}/elsewhere` }).end();
      else res.end("ok");
    });
    await updateAccount(client(), owner(), "Retried");
    const event = await newestEvent(client(), "bank_account.updated");
    const failed = await until("the first failure", async () =>
      (await deliveriesOf(client(), endpoint.id)).find((d) => d.attempts.length === 1),
    );
    expect(failed).toMatchObject({ status: "pending", attempts: [{ status_code: 500, error: "answered 500" }] });
    const due = Date.parse(failed.next_attempt_at as string);
    const wait = due - Date.parse(failed.attempts[0]?.at ?? "");
    expect(wait).toBeGreaterThanOrEqual(FIRST_RETRY_MS);
    expect(wait).toBeLessThan(FIRST_RETRY_MS + 2000);
    const redirected = await until(
      "the redirect",
      async () => (await deliveriesOf(client(), endpoint.id)).find((d) => d.attempts.length === 2),
      15_000,
    );
    // Not tried before it was due (the database's clock and the server's are one machine's).
    expect(Date.parse(redirected.attempts[1]?.at ?? "")).toBeGreaterThanOrEqual(due - 5);
    expect(redirected.attempts[1]).toMatchObject({ status_code: 302 });
    expect(redirected.attempts[1]?.error).toMatch(/redirects are not followed/);
    expect(receiver.received.some((r) => r.headers["webhook-id"] === event.id && r.body === "")).toBe(false);
    expect(receiver.of(event.id)).toHaveLength(2);
    // The next try is 5 minutes away: a retry sends it now.
    const retried = await client().POST("/evault/v1/webhook_endpoints/{id}/deliveries/{delivery_id}/retry/", {
      params: { path: { id: endpoint.id, delivery_id: redirected.id } },
    });
    expect(retried.response.status).toBe(202);
    const done = await until("the retried delivery", async () =>
      (await deliveriesOf(client(), endpoint.id)).find((d) => d.status === "succeeded"),
    );
    expect(done.attempts.map((a) => a.status_code)).toEqual([500, 302, 200]);
    expect(new Set(receiver.of(event.id).map((r) => r.headers["webhook-id"]))).toEqual(new Set([event.id]));
    await client().DELETE("/evault/v1/webhook_endpoints/{id}/", { params: { path: { id: endpoint.id } } });
  });

  test("a receiver that never answers fails the try after the timeout; a 10 MB answer is not read", async () => {
    const endpoint = await createEndpoint(client(), receiver.url, ["bank_account.updated"]);
    receiver.answerWith(() => {});
    await updateAccount(client(), owner(), "Never answered");
    const timedOut = await until(
      "the timeout",
      async () => (await deliveriesOf(client(), endpoint.id)).find((d) => d.attempts.length === 1),
      20_000,
    );
    expect(timedOut.attempts[0]).toMatchObject({ status_code: null, error: `no answer within ${TIMEOUT_MS / 1000} s` });
    expect(timedOut.attempts[0]?.duration_ms).toBeGreaterThanOrEqual(TIMEOUT_MS - 10);

    receiver.answerWith((_req, res) => {
      res.writeHead(200, { "content-type": "application/octet-stream" });
      res.end(Buffer.alloc(10 * 1024 * 1024, 1));
    });
    await client().POST("/evault/v1/webhook_endpoints/{id}/deliveries/{delivery_id}/retry/", {
      params: { path: { id: endpoint.id, delivery_id: timedOut.id } },
    });
    const done = await until("the big answer", async () =>
      (await deliveriesOf(client(), endpoint.id)).find((d) => d.status === "succeeded"),
    );
    expect(done.attempts.at(-1)).toMatchObject({ status_code: 200, error: null });
    await client().DELETE("/evault/v1/webhook_endpoints/{id}/", { params: { path: { id: endpoint.id } } });
  }, 40_000);

  test("an event committed just before a SIGKILL is delivered after the restart", async () => {
    const endpoint = await createEndpoint(client(), receiver.url, ["bank_account.updated"]);
    // The receiver holds the first try: the server is killed during the delivery.
    let held = 0;
    receiver.answerWith((_req, res) => {
      if (held++ === 0) return;
      res.end("ok");
    });
    await updateAccount(client(), owner(), "Killed");
    const event = await newestEvent(client(), "bank_account.updated");
    await until("the held try", () => (receiver.of(event.id).length ? true : undefined));
    // From the restart on, every retry is due after the first's wait: the backlog below is still being retried
    // when the server is killed, however long its writes take.
    h.env.WEBHOOK_RETRY_DELAYS_MS = Array(7).fill(FIRST_RETRY_MS).join(",");
    await h.crashAndRestart();
    await until("the delivery after the restart", () => (receiver.of(event.id).length >= 2 ? true : undefined), 40_000);
    const done = await until("the record", async () =>
      (await deliveriesOf(h.client(owner().api_key), endpoint.id)).find((d) => d.status === "succeeded"),
    );
    expect(done.event_id).toBe(event.id);
    // A backlog written while the receiver refuses, then a SIGKILL: every event arrives after the restart.
    receiver.answerWith((_req, res) => void res.writeHead(503).end());
    for (let i = 0; i < 5; i++) await updateAccount(h.client(owner().api_key), owner(), `Backlog ${i}`);
    // Killed while the backlog waits for a retry (FIRST_RETRY_MS after a refused try).
    receiver.answerWith((_req, res) => void res.end("ok"));
    await h.crashAndRestart();
    const backlog =
      (
        await h
          .client(owner().api_key)
          .GET("/evault/v1/events/", { params: { query: { type: ["bank_account.updated"], page_size: 5 } } })
      ).data?.results ?? [];
    expect(backlog).toHaveLength(5);
    for (const e of backlog)
      await until(
        `event ${e.id}`,
        async () =>
          (await deliveriesOf(h.client(owner().api_key), endpoint.id)).find(
            (d) => d.event_id === e.id && d.status === "succeeded",
          ),
        40_000,
      );
    await h
      .client(owner().api_key)
      .DELETE("/evault/v1/webhook_endpoints/{id}/", { params: { path: { id: endpoint.id } } });
    h.env.WEBHOOK_RETRY_DELAYS_MS = SHORT.WEBHOOK_RETRY_DELAYS_MS;
  }, 120_000);
});

describe.each(backends.filter((b) => b.name === "pglite"))("webhook URL checks on $name", (backend) => {
  let h: Harness;
  let receiver: Receiver;
  withServerAndReceiver(backend, {}, (started) => ({ h, receiver } = started));

  test("a URL that is not https, carries credentials, or reaches a loopback, private, link-local or metadata address is a 422 naming url", async () => {
    const refused = [
      `http://127.0.0.1:${receiver.port}/hooks`,
      "https://127.0.0.1/hooks",
      "https://localhost/hooks",
      "https://10.0.0.8/hooks",
      "https://192.168.1.1/hooks",
      "https://169.254.169.254/latest/meta-data/",
      "https://[::1]/hooks",
      "https://[::ffff:127.0.0.1]/hooks",
      "https://[fd00:ec2::254]/hooks",
      "https://0.0.0.0/hooks",
      "https://user:secret@8.8.8.8/hooks",
      "ftp://8.8.8.8/hooks",
    ];
    const client = h.client();
    for (const url of refused) {
      const { response, error } = await client.POST("/evault/v1/webhook_endpoints/", { body: { url, events: ["*"] } });
      expect(response.status, url).toBe(422);
      expect(
        error?.errors?.map((e) => e.path),
        url,
      ).toEqual(["/body/url"]);
    }
    // The user has only the seeded endpoint still.
    const { data } = await client.GET("/evault/v1/webhook_endpoints/");
    expect(data?.results.map((e) => e.id)).toEqual([h.users[0].webhook_endpoint_id]);
    // A public address is accepted (nothing answers there in the tests: it is disabled at once).
    const ok = await client.POST("/evault/v1/webhook_endpoints/", {
      body: { url: "https://8.8.8.8/hooks", events: ["file.created"] },
    });
    expect(ok.response.status).toBe(201);
    await client.PATCH("/evault/v1/webhook_endpoints/{id}/", {
      params: { path: { id: ok.data?.id as string } },
      body: { disabled: true },
    });
  });

  test("an address allowed when set and refused at delivery (DNS rebinding, a setting taken away) is not sent to", async () => {
    h.env.WEBHOOK_ALLOW_HOSTS = "127.0.0.1,localhost";
    await h.restart();
    // Over http to an address, and over https to a name that resolves to a loopback address.
    const literal = await createEndpoint(h.client(), receiver.url, ["file.created"]);
    const named = await createEndpoint(h.client(), "https://localhost:1/hooks", ["file.created"]);
    delete h.env.WEBHOOK_ALLOW_HOSTS;
    await h.restart();
    const tries = await Promise.all(
      [literal, named].map(async (endpoint) => {
        const ping = await h.client().POST("/evault/v1/webhook_endpoints/{id}/test/", {
          params: { path: { id: endpoint.id } },
        });
        const refused = await until("the refused try", async () =>
          (await deliveriesOf(h.client(), endpoint.id)).find((d) => d.id === ping.data?.id && d.attempts.length === 1),
        );
        return refused.attempts[0];
      }),
    );
    expect(tries[0]).toMatchObject({ status_code: null, error: "refused: not an https URL" });
    // The name is resolved as the connection is made, and its address refused then.
    expect(tries[1]).toMatchObject({ status_code: null });
    expect(tries[1]?.error).toBe("refused: a loopback address");
    expect(receiver.received).toHaveLength(0);
  });
});

describe.each(backends.filter((b) => b.name === "postgres"))("webhooks with two servers on $name", (backend) => {
  let h: Harness;
  let receiver: Receiver;
  withServerAndReceiver(backend, { env: ALLOW_LOCAL }, (started) => ({ h, receiver } = started));

  test("each event goes to the endpoint once while two servers deliver", async () => {
    const second = await h.another();
    try {
      const endpoint = await createEndpoint(h.client(), receiver.url, ["folder.created"]);
      const [here, there] = [h.client(), second.client()];
      const made = await Promise.all(
        Array.from({ length: 60 }, (_, i) =>
          (i % 2 ? there : here).POST("/evault/v1/folders/", { body: { name: `two servers ${i}` } as never }),
        ),
      );
      expect(made.every((r) => r.response.status === 201)).toBe(true);
      await until("every delivery", () => (receiver.received.length >= 60 ? true : undefined), 30_000);
      await new Promise((r) => setTimeout(r, 1000));
      const ids = receiver.received.map((r) => r.headers["webhook-id"]);
      expect(ids).toHaveLength(60);
      expect(new Set(ids).size).toBe(60);
      const deliveries = await deliveriesOf(h.client(), endpoint.id);
      expect(deliveries.filter((d) => d.status === "succeeded")).toHaveLength(60);
    } finally {
      await second.stop();
    }
  });

  test("an endpoint whose deliveries have all failed for 5 days is disabled, recorded as an event", async () => {
    const endpoint = await createEndpoint(h.client(), `http://127.0.0.1:${receiver.port}/gone`, [
      "bank_account.updated",
    ]);
    receiver.answerWith((_req, res) => void res.writeHead(410).end());
    await h.query(
      `update webhook_endpoints set failing_since = now() - interval '5 days 1 minute' where id = '${endpoint.id}'`,
    );
    await updateAccount(h.client(), h.users[0] as SeededUser, "Gone");
    const disabled = await until("the endpoint disabled", async () => {
      const { data } = await h
        .client()
        .GET("/evault/v1/webhook_endpoints/{id}/", { params: { path: { id: endpoint.id } } });
      return data?.disabled ? data : undefined;
    });
    expect(disabled.disabled).toBe(true);
    const event = await newestEvent(h.client(), "webhook_endpoint.disabled");
    expect(event.data.object).toMatchObject({ id: endpoint.id, disabled: true });
  });
});

interface Held {
  open: number;
  most: number;
}
/** An answer that never comes, counting in each of `counters` the requests held open at once (now, and the most so far). */
const holding =
  (...counters: Held[]) =>
  (_req: IncomingMessage, res: ServerResponse) => {
    for (const held of counters) {
      held.open++;
      held.most = Math.max(held.most, held.open);
    }
    res.on("close", () => {
      for (const held of counters) held.open--;
    });
  };

describe.each(databases)("a fair share of the webhook senders on $name", (backend) => {
  let h: Harness;
  let receiver: Receiver;
  // A try's timeout long enough that held tries fill the senders for a test; a delivery fails unsent after 2 s due.
  const env = { ...ALLOW_LOCAL, WEBHOOK_TIMEOUT_MS: "6000", WEBHOOK_MAX_WAIT_SECONDS: "2" };
  withServerAndReceiver(backend, { env }, (started) => ({ h, receiver } = started));

  // Two servers on one PostgreSQL database share the shares: each claim counts the other's leases.
  const serverCounts = backend.name === "pglite" ? [1] : [1, 2];
  test.each(serverCounts)(
    "while user B's endpoints hold every try open on the receiver user A's endpoint shares, A's delivery arrives within 2 s (servers: %i)",
    async (servers) => {
      const second = servers === 2 ? await h.another() : undefined;
      const [userA, userB] = h.users;
      const a = h.client(userA.api_key);
      const b = h.client(userB.api_key);
      // One origin (a relay) for both users: B's paths never answer, A's does.
      const relay = await startReceiver();
      const held: Held = { open: 0, most: 0 };
      const holdB = holding(held);
      relay.answerWith((req, res) => (req.url?.startsWith("/b") ? holdB(req, res) : void res.end("ok")));
      const origin = `http://127.0.0.1:${relay.port}`;
      try {
        const endpointsOfB = [];
        for (const path of ["/b0", "/b1"])
          endpointsOfB.push(await createEndpoint(b, origin + path, ["bank_account.updated"]));
        // 20 deliveries of B's due: more than B's share. Only the first write notifies (each other
        // comes within half a second of the one before); the worker, its first tries held open,
        // looks again a second after its claim rather than when a try times out (6 s).
        for (let i = 0; i < 10; i++) await updateAccount(b, userB, `Held ${i}`);
        await until("B's tries held open", () => (held.open >= 8 ? true : undefined), 4_000);

        const endpointOfA = await createEndpoint(a, `${origin}/a`, ["bank_account.updated"]);
        await updateAccount(a, userA, "Not held back");
        const sent = Date.now();
        const event = await newestEvent(a, "bank_account.updated");
        await until("A's delivery", () => (relay.of(event.id).length > 0 ? true : undefined), 10_000);
        expect(Date.now() - sent).toBeLessThan(2000);
        // B's share: 8 of its tries in flight (per process at most; two claims at one moment may each take it).
        expect(held.most).toBeGreaterThanOrEqual(8);
        expect(held.most).toBeLessThanOrEqual(8 * servers);

        for (const endpoint of [...endpointsOfB, endpointOfA]) {
          await h
            .client(endpoint === endpointOfA ? userA.api_key : userB.api_key)
            .DELETE("/evault/v1/webhook_endpoints/{id}/", { params: { path: { id: endpoint.id } } });
        }
      } finally {
        await relay.close();
        await second?.stop();
      }
    },
    30_000,
  );
});

describe.each(databases)("a backlog its receiver does not keep up with on $name", (backend) => {
  let h: Harness;
  // Held tries time out after 1.5 s; a delivery fails unsent after 1 s due.
  const env = { ...ALLOW_LOCAL, WEBHOOK_TIMEOUT_MS: "1500", WEBHOOK_MAX_WAIT_SECONDS: "1" };
  withServerAndReceiver(backend, { env }, (started) => ({ h } = started));

  test("deliveries due for longer than the most a delivery may wait are failed unsent, so a backlog stays bounded", async () => {
    const user = h.users[0];
    const client = h.client(user.api_key);
    const hanging = await startReceiver();
    const held: Held = { open: 0, most: 0 };
    hanging.answerWith(holding(held));
    try {
      const endpoint = await createEndpoint(client, hanging.url, ["bank_account.updated"]);
      for (let i = 0; i < 12; i++) await updateAccount(client, user, `Backlog ${i}`);
      // 4 tries held open time out after 1.5 s, then the next 4; the deliveries waiting behind them all along
      // (over 1 s, while the endpoint's share was busy) are failed unsent when the second 4 are kept.
      const expired = await until(
        "the waiting deliveries failed",
        async () => {
          const failed = (await deliveriesOf(client, endpoint.id)).filter((d) => d.status === "failed");
          return failed.length > 0 ? failed : undefined;
        },
        25_000,
      );
      for (const delivery of expired) {
        expect(delivery.next_attempt_at).toBeNull();
        expect(delivery.attempts).toEqual([
          {
            at: expect.any(String),
            status_code: null,
            duration_ms: 0,
            error: "not sent: due for over 1 s while its endpoint did not keep up",
          },
        ]);
        expect(hanging.of(delivery.event_id)).toHaveLength(0);
      }
      // One endpoint's share binds below its user's (8).
      expect(held.most).toBe(4);
      await client.DELETE("/evault/v1/webhook_endpoints/{id}/", { params: { path: { id: endpoint.id } } });
    } finally {
      await hanging.close();
    }
  }, 40_000);
});

describe.each(databases)("a backlog after an outage on $name", (backend) => {
  let h: Harness;
  let receiver: Receiver;
  withServerAndReceiver(
    backend,
    // Long enough for 8 deliveries on a loaded machine; far shorter than the hour they were due.
    { env: { ...ALLOW_LOCAL, WEBHOOK_MAX_WAIT_SECONDS: "10" } },
    (started) => ({ h, receiver } = started),
  );

  test("deliveries due for longer than that because the workers were down are sent, not failed, to an endpoint that keeps up", async () => {
    const user = h.users[0];
    const client = h.client(user.api_key);
    const waiting: ServerResponse[] = [];
    receiver.answerWith((_req, res) => void waiting.push(res));
    const endpoint = await createEndpoint(client, receiver.url, ["bank_account.updated"]);
    for (let i = 0; i < 12; i++) await updateAccount(client, user, `After an outage ${i}`);
    await until("the endpoint's share in flight", () => (waiting.length >= 4 ? true : undefined));
    // The deliveries behind them as after the workers were down for an hour.
    await h.query(
      `update webhook_deliveries set next_attempt_at = now() - interval '1 hour'
        where endpoint_id = '${endpoint.id}' and status = 'pending' and leased_until is null`,
    );
    receiver.answerWith((_req, res) => void setTimeout(() => res.end("ok"), 100));
    for (const res of waiting) res.end("ok");
    const delivered = await until("every delivery", async () => {
      const all = await deliveriesOf(client, endpoint.id);
      return all.every((d) => d.status !== "pending") ? all : undefined;
    });
    expect(delivered.map((d) => [d.status, d.attempts.at(-1)?.error ?? null])).toEqual(
      Array(12).fill(["succeeded", null]),
    );
    receiver.answerWith((_req, res) => void res.end("ok"));
    await client.DELETE("/evault/v1/webhook_endpoints/{id}/", { params: { path: { id: endpoint.id } } });
  });
});

describe.each(databases)("an endpoint's circuit breaker on $name", (backend) => {
  let h: Harness;
  let receiver: Receiver;
  const env = {
    ...ALLOW_LOCAL,
    WEBHOOK_TIMEOUT_MS: "1500",
    WEBHOOK_BREAKER_TIMEOUT_MS: "300",
    WEBHOOK_DISABLE_AFTER_SECONDS: "4",
  };
  withServerAndReceiver(backend, { env }, (started) => ({ h, receiver } = started));

  test("after 5 tries time out the next ones go one at a time and fail after the shorter timeout; failing for the period disables it with its event; a PATCH enables it again", async () => {
    const user = h.users[0];
    const client = h.client(user.api_key);
    const held: Held = { open: 0, most: 0 };
    receiver.answerWith(holding(held));
    const endpoint = await createEndpoint(client, receiver.url, ["bank_account.updated"]);
    const read = async () =>
      (await client.GET("/evault/v1/webhook_endpoints/{id}/", { params: { path: { id: endpoint.id } } })).data;

    for (let i = 0; i < 5; i++) await updateAccount(client, user, `Timed out ${i}`);
    const open = await until("5 failed tries", async () => {
      const shown = await read();
      return shown && shown.consecutive_failures >= 5 ? shown : undefined;
    });
    expect(open.failing_since).not.toBeNull();
    expect(open.disabled).toBe(false);
    const timedOut = (await deliveriesOf(client, endpoint.id)).flatMap((d) => d.attempts);
    expect(timedOut[0]).toMatchObject({ status_code: null, error: "no answer within 1.5 s" });

    await until("the timed-out tries closed", () => (held.open === 0 ? true : undefined));
    held.most = 0;
    for (let i = 0; i < 3; i++) await updateAccount(client, user, `Breaker open ${i}`);
    const short = await until("a try with the shorter timeout", async () =>
      (await deliveriesOf(client, endpoint.id))
        .flatMap((d) => d.attempts)
        .find((attempt) => attempt.error === "no answer within 0.3 s"),
    );
    expect(short.duration_ms).toBeLessThan(1000);
    await until(
      "3 tries with the shorter timeout",
      async () =>
        (await deliveriesOf(client, endpoint.id))
          .flatMap((d) => d.attempts)
          .filter((attempt) => attempt.error === "no answer within 0.3 s").length >= 3 || undefined,
    );
    expect(held.most).toBe(1);

    const disabled = await until("the endpoint disabled", async () => {
      const shown = await read();
      if (shown?.disabled) return shown;
      await updateAccount(client, user, "Still failing");
    });
    const event = await newestEvent(client, "webhook_endpoint.disabled");
    expect(event.data.object).toMatchObject({ id: endpoint.id, disabled: true, failing_since: disabled.failing_since });

    receiver.answerWith((_req, res) => void res.end("ok"));
    const enabled = await client.PATCH("/evault/v1/webhook_endpoints/{id}/", {
      params: { path: { id: endpoint.id } },
      body: { disabled: false },
    });
    expect(enabled.data).toMatchObject({ disabled: false, failing_since: null, consecutive_failures: 0 });
    await updateAccount(client, user, "Answered again");
    const answered = await newestEvent(client, "bank_account.updated");
    await until("the delivery after enabling", () => (receiver.of(answered.id).length > 0 ? true : undefined));
    await until("the try kept", async () => {
      const shown = await read();
      return shown?.failing_since === null && shown.consecutive_failures === 0 ? true : undefined;
    });
    await client.DELETE("/evault/v1/webhook_endpoints/{id}/", { params: { path: { id: endpoint.id } } });
  }, 40_000);

  test("after 5 answers of 500 an endpoint that answers slower than the shorter timeout is delivered to again; a PATCH repeating enabled keeps its failures", async () => {
    const user = h.users[0];
    const client = h.client(user.api_key);
    receiver.answerWith((_req, res) => void res.writeHead(500).end());
    const endpoint = await createEndpoint(client, receiver.url, ["bank_account.updated"]);
    const read = async () =>
      (await client.GET("/evault/v1/webhook_endpoints/{id}/", { params: { path: { id: endpoint.id } } })).data;
    for (let i = 0; i < 5; i++) await updateAccount(client, user, `Deploying ${i}`);
    const failing = await until("5 failed tries", async () => {
      const shown = await read();
      return shown && shown.consecutive_failures >= 5 ? shown : undefined;
    });

    // A client sending the whole object back: enabled already, nothing restarts.
    const patched = await client.PATCH("/evault/v1/webhook_endpoints/{id}/", {
      params: { path: { id: endpoint.id } },
      body: { disabled: false, description: "the whole object again" },
    });
    expect(patched.data).toMatchObject({
      disabled: false,
      failing_since: failing.failing_since,
      consecutive_failures: failing.consecutive_failures,
    });

    // Deployed: it answers after 0.6 s, within the full timeout (1.5 s), past the shorter one (0.3 s).
    receiver.answerWith((_req, res) => void setTimeout(() => res.end("ok"), 600));
    await updateAccount(client, user, "Deployed");
    const event = await newestEvent(client, "bank_account.updated");
    const delivered = await until("the delivery after the deploy", async () =>
      (await deliveriesOf(client, endpoint.id)).find((d) => d.event_id === event.id && d.status === "succeeded"),
    );
    expect(delivered.attempts.at(-1)).toMatchObject({ status_code: 200, error: null });
    receiver.answerWith((_req, res) => void res.end("ok"));
    await client.DELETE("/evault/v1/webhook_endpoints/{id}/", { params: { path: { id: endpoint.id } } });
  }, 30_000);
});
