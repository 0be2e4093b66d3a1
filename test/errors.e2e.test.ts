// What every client sees when something is wrong: RFC 9457 problems, never HTML,
// never an unvalidated route. Each version of the API is held to it, by its own document.
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { backends } from "./helpers/backends.js";
import { versionContracts } from "./helpers/contract.js";
import { type Documented, type OperationId, send, versionTables } from "./helpers/operation-table.js";
import { type Harness, startHarness } from "./helpers/server.js";

/** Each version of the API, oldest first: its document and its operations. */
const versions = versionContracts.map(({ version, document }, index) => ({
  version,
  document,
  documented: versionTables[index]?.documented ?? [],
}));

describe.each(backends)("errors on $name", (backend) => {
  let h: Harness;
  beforeAll(async () => {
    h = await startHarness(backend);
  });
  afterAll(() => h?.stop());

  const raw = (method: string, path: string, init: { body?: string; headers?: Record<string, string> } = {}) =>
    fetch(`${h.url}${path}`, {
      method,
      body: init.body,
      headers: { "api-key": h.users[0].api_key, "content-type": "application/json", ...init.headers },
    });

  async function expectProblem(response: Response, status: number, type: string) {
    expect(response.status).toBe(status);
    expect(response.headers.get("content-type")).toMatch(/^application\/problem\+json/);
    const body = await response.json();
    expect(body).toMatchObject({ status, type: `urn:vault:problem:${type}` });
    expect(body.instance).toBe(`urn:vault:request:${response.headers.get("x-request-id")}`);
    return body;
  }

  test.each([
    ["GET", "/"],
    ["GET", "/nope/"],
  ])("when %s %s matches no operation, then 404 problem", async (method, path) => {
    await expectProblem(await raw(method, path), 404, "not-found");
  });

  test("when the caller sends X-Request-Id, then it is echoed and used as the problem instance", async () => {
    const response = await raw("GET", "/nope/", { headers: { "x-request-id": "trace-123" } });
    expect(response.headers.get("x-request-id")).toBe("trace-123");
    expect((await response.json()).instance).toBe("urn:vault:request:trace-123");
  });

  describe.each(versions)("API $version", ({ document, documented }) => {
    /** One of this version's operations. */
    const operation = (id: OperationId) => documented.find((op) => op.id === id) as Documented;

    test("when a documented path lacks its trailing slash, then 404 problem and no handler runs", async () => {
      const id = h.users[0].bank_account_id;
      const update = operation("updateNgnBankAccount");
      const response = await raw("PUT", update.path.replace("{id}", id).slice(0, -1), {
        body: JSON.stringify({ account_number: "999" }),
      });
      const body = await expectProblem(response, 404, "not-found");
      expect(body.detail).toMatch(/ends with "\/"/);
      const { data } = await send(h.client(), update, { id, body: { account_number: "4000000001" } });
      expect((data as { account_number?: string } | undefined)?.account_number).toBe("4000000001");
    });

    // A bin entry's restore with an empty id.
    test.each([["POST", operation("restoreBin").path.replace("{id}", "")]])(
      "when %s %s matches no operation, then 404 problem",
      async (method, path) => {
        await expectProblem(await raw(method, path), 404, "not-found");
      },
    );

    /** Every documented path with its methods, and the methods it does not have (OPTIONS and TRACE left aside). */
    const paths = Object.entries<Record<string, unknown>>(document.paths).map(([path, item]) => {
      const allowed = Object.keys(item)
        .filter((key) => !key.startsWith("x-"))
        .map((method) => method.toUpperCase());
      const others = ["GET", "HEAD", "PUT", "POST", "PATCH", "DELETE"].filter((method) => !allowed.includes(method));
      return { path: path.replace("{id}", "some-id"), allowed, others, allow: allowed.join(", ") };
    });

    test.each(paths)(
      "when $path is called with a method it does not have, then 405 problem with Allow: $allow",
      async ({ path, allowed, others }) => {
        for (const method of others) {
          const response = await raw(method, path);
          const allow = response.headers
            .get("allow")
            ?.split(/\s*,\s*/)
            .sort();
          expect([method, response.status, allow, response.headers.get("content-type")]).toEqual([
            method,
            405,
            [...allowed].sort(),
            expect.stringMatching(/^application\/problem\+json/),
          ]);
        }
        // A HEAD answer has no body; every other one is the problem.
        for (const method of others.filter((m) => m !== "HEAD")) {
          await expectProblem(await raw(method, path), 405, "method-not-allowed");
        }
      },
    );

    test("when the download's path is spelt differently (case, slashes), then 404 problem, as for every documented path", async () => {
      const id = h.users[0].file_id;
      const exact = operation("downloadFile").path.replace("{id}", id);
      expect((await raw("GET", exact)).status).toBe(200);
      const variants = [
        exact.replace("/evault/", "/EVAULT/"),
        exact.replace("/content/", "/CONTENT/"),
        `${exact}/`,
        exact.replace("/content/", "//content/"),
        exact.replace("/evault/", "/evault//"),
        exact.slice(0, -1),
        ...paths.flatMap(({ path }) => [path.toUpperCase(), `${path}/`, path.slice(0, -1), path.replace(/\//, "//")]),
      ];
      for (const path of variants) {
        const response = await raw("GET", path);
        expect([path, response.status]).toEqual([path, 404]);
        await expectProblem(response, 404, "not-found");
      }
    });

    /** The path of the first user's share, for a PATCH. */
    const share = () => operation("updateFileShare").path.replace("{id}", h.users[0].file_share_id);

    test("when the JSON is malformed, then 400 problem", async () => {
      const response = await raw("PATCH", share(), { body: '{"access": ' });
      await expectProblem(response, 400, "malformed-json");
    });

    test("when the media type is not JSON, then 415 problem", async () => {
      const response = await raw("PATCH", share(), {
        body: "access=public",
        headers: { "content-type": "application/x-www-form-urlencoded" },
      });
      await expectProblem(response, 415, "unsupported-media-type");
    });

    test("when the body is over the JSON limit, then 413 problem", async () => {
      const response = await raw("PATCH", share(), {
        body: JSON.stringify({ emails: "x".repeat(2 * 1024 * 1024) }),
      });
      await expectProblem(response, 413, "payload-too-large");
    });

    test.each((["updateFavouriteFolder", "duplicateFolder"] as const).map((id) => [operation(id).path, id] as const))(
      "when %s is called without a key, then 401 before any body validation",
      async (_path, id) => {
        const init = { id: h.users[0].folder_id, body: { name: "" } };
        const { response, error } = await send(h.client(""), operation(id), init);
        expect(response.status).toBe(401);
        expect(error?.type).toBe("urn:vault:problem:unauthorized");
      },
    );
  });
});
