// The independent response check (helpers/response-check.ts) itself: it must flag each
// way a response can break the contract, or it proves nothing about the suites.
import { describe, expect, test } from "vitest";
import { contractViolation } from "./helpers/response-check.js";

const share = new URL("http://127.0.0.1/evault/v1/file_shares/s1/");
const problem = (status: number) => ({
  type: "urn:vault:problem:not-found",
  title: "Not found",
  status,
});
const json = (status: number, body: unknown, headers: Record<string, string> = {}, type = "application/json") =>
  new Response(JSON.stringify(body), { status, headers: { "content-type": type, ...headers } });

describe("the response check", () => {
  test("when a response is what the contract declares, then no violation", async () => {
    expect(
      await contractViolation("PATCH", share, json(404, problem(404), {}, "application/problem+json")),
    ).toBeUndefined();
  });

  test("when a path is not documented, then it is not checked", async () => {
    expect(
      await contractViolation("GET", new URL("http://127.0.0.1/healthz"), json(200, { status: "ok" })),
    ).toBeUndefined();
  });

  test.each([
    ["an undeclared status", json(418, problem(418), {}, "application/problem+json"), /status 418 is not declared/],
    ["an undeclared media type", json(404, problem(404), {}, "text/html"), /media type "text\/html"/],
    ["a body that breaks its schema", json(404, { title: "no type" }, {}, "application/problem+json"), /body: /],
    ["a missing required header (ETag)", json(200, {}, {}), /required header ETag/],
    [
      "a body that is not JSON",
      new Response("{", { status: 404, headers: { "content-type": "application/problem+json" } }),
      /not JSON/,
    ],
  ])("when a response has %s, then it is a violation", async (_, response, message) => {
    expect(await contractViolation("PATCH", share, response)).toMatch(message);
  });

  test("each version's response is checked against its own document: an integer user id breaks v2, a string one v1", async () => {
    const user = (id: unknown) => ({
      id,
      email: "ada@example.com",
      first_name: "Ada",
      last_name: "Obi",
      username: "ada.obi",
      created_at: "2026-01-05T08:30:00Z",
      updated_at: "2026-02-11T16:04:12Z",
    });
    const account = (id: unknown) => ({
      id: "8d1f3a60",
      user: user(id),
      has_set_pin: false,
      account_number: "0123456789",
      currency: { id: "ngn", name: "Nigerian Naira", code: "NGN", symbol: "₦" },
      naira_balance: { kobo: 0, amount: "0.00" },
      tracking_reference: "TRK",
      created_at: "2026-01-05T08:30:00Z",
      updated_at: "2026-01-05T08:30:00Z",
      account_name: "Ada Obi",
      classification: "PERSONAL",
      status: "ACTIVE",
      business_name: null,
      reference: null,
    });
    const at = (version: string) => new URL(`http://127.0.0.1/banking/${version}/ng/bank_accounts/8d1f3a60/`);
    const answer = (id: unknown) => json(200, account(id), { etag: '"1"', "cache-control": "private, no-cache" });
    expect(await contractViolation("GET", at("v1"), answer(42))).toBeUndefined();
    expect(await contractViolation("GET", at("v2"), answer("42"))).toBeUndefined();
    expect(await contractViolation("GET", at("v2"), answer(42))).toMatch(/body: .*user\/id/);
    expect(await contractViolation("GET", at("v1"), answer("42"))).toMatch(/body: .*user\/id/);
  });
});
