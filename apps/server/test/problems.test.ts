import { readFileSync } from "node:fs";
import { describe, expect, test } from "vitest";
import { AllSlotsBusy, OwnerQueueFull } from "../src/domain/fair-slots.js";
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

  /** What the error handler answers for `err`. */
  const answered = (err: unknown) => {
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
    errorHandler(err, { id: "r1", log: { error() {} } } as never, res as never, () => {});
    return sent;
  };

  test("when every password hash slot and place in the queue is taken, then the answer is a 503 problem with Retry-After", () => {
    const sent = answered(new AllSlotsBusy());
    expect(sent.status).toBe(503);
    expect(sent.headers["Retry-After"]).toBe("5");
    expect(JSON.parse(sent.body)).toMatchObject({ type: "urn:vault:problem:unavailable", status: 503 });
  });

  test("when one owner's password hashes fill their queue, then the answer is a 429 problem with Retry-After", () => {
    const sent = answered(new OwnerQueueFull());
    expect(sent.status).toBe(429);
    expect(sent.headers["Retry-After"]).toBe("5");
    expect(JSON.parse(sent.body)).toMatchObject({ type: "urn:vault:problem:too-many-requests", status: 429 });
  });
});
