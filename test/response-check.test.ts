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
});
