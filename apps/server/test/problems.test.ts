import { readFileSync } from "node:fs";
import { describe, expect, test } from "vitest";
import { PasswordChecksBusy } from "../src/domain/passwords.js";
import { errorHandler, problem, problemTypes } from "../src/http/problems.js";

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

  test("when every password hash slot and place in the queue is taken, then the answer is a 503 problem with Retry-After", () => {
    const sent = { status: 0, headers: {} as Record<string, string>, body: "" };
    const res = {
      headersSent: false,
      setHeader: (name: string, value: string) => {
        sent.headers[name] = value;
      },
      status(status: number) {
        sent.status = status;
        return this;
      },
      type() {
        return this;
      },
      send(body: string) {
        sent.body = body;
        return this;
      },
    };
    errorHandler(new PasswordChecksBusy(), { id: "r1", log: { error() {} } } as never, res as never, () => {});
    expect(sent.status).toBe(503);
    expect(sent.headers["Retry-After"]).toBe("5");
    expect(JSON.parse(sent.body)).toMatchObject({ type: "urn:vault:problem:unavailable", status: 503 });
  });
});
