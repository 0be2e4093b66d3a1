// Which addresses a webhook endpoint may name: global unicast only, for IPv4 and IPv6.
// IPv6 forms that carry an IPv4 address (IPv4-compatible `::/96`, IPv4-mapped, NAT64
// `64:ff9b::/96`), unique-local, multicast, documentation and unassigned ranges are
// refused with a 422 naming `url`, on create and on update.
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { databases } from "./helpers/backends.js";
import { type Harness, startHarness } from "./helpers/server.js";

const REFUSED = [
  "https://[::127.0.0.1]/hooks",
  "https://[::ffff:127.0.0.1]/hooks",
  "https://[::10.0.0.1]/hooks",
  "https://[::8.8.8.8]/hooks",
  "https://[::1:0:0:1]/hooks",
  "https://[64:ff9b::127.0.0.1]/hooks",
  "https://[64:ff9b::192.168.0.1]/hooks",
  "https://[fd12:3456::1]/hooks",
  "https://[fc00::1]/hooks",
  "https://[ff02::1]/hooks",
  "https://[ff0e::1]/hooks",
  "https://224.0.0.1/hooks",
  "https://[2001:db8::1]/hooks",
  "https://[3fff::1]/hooks",
  "https://192.0.2.1/hooks",
  "https://198.51.100.7/hooks",
  "https://203.0.113.9/hooks",
  "https://[4000::1]/hooks",
  "https://[1::1]/hooks",
];

describe.each(databases)("webhook endpoint addresses on $name", (backend) => {
  let h: Harness;
  beforeAll(async () => {
    h = await startHarness(backend);
  });
  afterAll(() => h?.stop());

  const endpoints = async () => (await h.client().GET("/evault/v1/webhook_endpoints/")).data?.results ?? [];

  test("an address that is not global unicast is a 422 naming url, on create and on update, and nothing changes", async () => {
    const client = h.client();
    const seeded = h.users[0].webhook_endpoint_id;
    const before = await endpoints();
    const answers: Record<string, [number, number, unknown, unknown]> = {};
    for (const url of REFUSED) {
      const created = await client.POST("/evault/v1/webhook_endpoints/", { body: { url, events: ["*"] } });
      const updated = await client.PATCH("/evault/v1/webhook_endpoints/{id}/", {
        params: { path: { id: seeded } },
        body: { url },
      });
      answers[url] = [
        created.response.status,
        updated.response.status,
        created.error?.errors?.map((e) => e.path),
        updated.error?.errors?.map((e) => e.path),
      ];
    }
    expect(answers).toEqual(Object.fromEntries(REFUSED.map((url) => [url, [422, 422, ["/body/url"], ["/body/url"]]])));
    expect(await endpoints()).toEqual(before);
  });

  test("a global unicast address, IPv4 or IPv6, is accepted", async () => {
    for (const url of ["https://8.8.8.8/hooks", "https://[2606:4700:4700::1111]/hooks"]) {
      const { response, data } = await h.client().POST("/evault/v1/webhook_endpoints/", {
        body: { url, events: ["file.created"] },
      });
      expect(response.status, url).toBe(201);
      // Nothing answers there in the tests: disabled so that no delivery is tried.
      await h.client().PATCH("/evault/v1/webhook_endpoints/{id}/", {
        params: { path: { id: data?.id as string } },
        body: { disabled: true },
      });
    }
  });
});
