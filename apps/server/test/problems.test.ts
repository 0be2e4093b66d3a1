import { readFileSync } from "node:fs";
import { describe, expect, test } from "vitest";
import { problem, problemTypes } from "../src/http/problems.js";

describe("the problem catalogue", () => {
  test("docs/errors.md lists exactly the problem types the server can answer, with their statuses", () => {
    const documented = [
      ...readFileSync(new URL("../../../docs/errors.md", import.meta.url), "utf8").matchAll(
        /^\| `(urn:vault:problem:[a-z-]+)` \| (\d{3}) \|/gm,
      ),
    ].map((m) => [m[1], Number(m[2])]);
    const served = Object.entries(problemTypes).map(([code, { status }]) => [
      problem(code as keyof typeof problemTypes).type,
      status,
    ]);
    expect(documented.sort()).toEqual(served.sort());
  });

  test("a problem carries type, title and status, and leaves out what is empty", () => {
    expect(problem("not_found")).toEqual({ type: "urn:vault:problem:not-found", title: "Not found", status: 404 });
    expect(
      problem("validation", "bad", [{ path: "/body/x", message: "m", code: "c" }], "urn:vault:request:1"),
    ).toMatchObject({
      detail: "bad",
      instance: "urn:vault:request:1",
      errors: [{ path: "/body/x" }],
    });
  });
});
