import { DrizzleQueryError } from "drizzle-orm/errors";
import { pino } from "pino";
import { describe, expect, test } from "vitest";
import { secretRedaction } from "../src/logged-secrets.js";
import { errorSerializer } from "../src/logger.js";

/** A driver error as node-postgres raises it: the message and `detail` may quote a parameter. */
function databaseError(message: string, fields: Record<string, unknown>): Error {
  return Object.assign(new Error(message), fields);
}

describe("the log's error serializer", () => {
  const secret = "scrypt$c2FsdA$aGFzaA";
  const key = "vk_0123abcd_secret-key-material";

  test("when a query fails, then its parameters appear nowhere, even where the driver quotes them", () => {
    const cause = databaseError(`invalid input syntax for type uuid: "${key}"`, {
      code: "22P02",
      detail: `Failing row contains (1, ${secret}).`,
      where: `unnamed portal parameter $2 = '${key}'`,
      table: "file_shares",
    });
    const err = new DrizzleQueryError(
      'update "file_shares" set "password_hash" = $1 where "id" = $2',
      [secret, key],
      cause,
    );
    const logged = errorSerializer(err);
    const text = JSON.stringify(logged);
    expect(text).not.toContain(secret);
    expect(text).not.toContain(key);
    expect(logged).toMatchObject({
      type: "DrizzleQueryError",
      message: 'Failed query: update "file_shares" set "password_hash" = $1 where "id" = $2\nparams: [redacted]',
      query: 'update "file_shares" set "password_hash" = $1 where "id" = $2',
      cause: { code: "22P02", table: "file_shares", message: 'invalid input syntax for type uuid: "[redacted]"' },
    });
    expect((logged as { stack: string }).stack).toMatch(/^Error: Failed query: .*\nparams: \[redacted\]\n {4}at /);
  });

  test("when the error is not a query's, then its message, stack and code are kept", () => {
    const err = databaseError("connect ECONNREFUSED 127.0.0.1:5432", { code: "ECONNREFUSED", syscall: "connect" });
    expect(errorSerializer(err)).toMatchObject({
      type: "Error",
      message: "connect ECONNREFUSED 127.0.0.1:5432",
      code: "ECONNREFUSED",
      syscall: "connect",
      stack: expect.stringContaining("ECONNREFUSED"),
    });
  });
});

describe("the log's redaction of secrets", () => {
  const token = "AbCdEfGhIjKlMnOpQrStUvWxYz012345";

  /** The JSON line pino writes for `fields`, redacted as the server's logger is. */
  function logged(fields: Record<string, unknown>): string {
    const lines: string[] = [];
    const log = pino({ redact: secretRedaction() }, { write: (line: string) => void lines.push(line) });
    log.info(fields, "request completed");
    return lines.join("");
  }

  test("when a request and its answer carry a link token, an unlock cookie and credentials in every position, then only prefixes and names are logged", () => {
    const line = logged({
      req: {
        url: `/evault/v1/links/${token}/content/?api-key=${token}`,
        query: { "api-key": token },
        params: { token },
        headers: {
          authorization: `Bearer 1790000000.${token}`,
          cookie: `link_access=1790000000.${token}; theme=dark; 1790000000.${token}`,
          referer: `https://vault.example/evault/v1/links//${token}/?folder=f1`,
          "x-forwarded-uri": `/evault/v1/links/${token}/`,
        },
        body: { password: "open sesame", access_token: token },
      },
      res: {
        statusCode: 303,
        headers: {
          location: `https://vault.example/base/evault/v1/links/${token}/`,
          "content-location": `/evault/v1/links/${token}/unlock/`,
          "set-cookie": [`link_access=1790000000.${token}; Path=/evault/v1/links/${token}/; HttpOnly`],
        },
      },
      secret: `whsec_${token}`,
    });
    expect(line).not.toContain(token);
    expect(line).not.toContain("open sesame");
    const { req, res } = JSON.parse(line);
    expect(req.url).toBe("/evault/v1/links/AbCdEf…/content/?api-key=[redacted]");
    expect(req.query).toEqual({ "api-key": "[redacted]" });
    expect(req.params.token).toBe("AbCdEf…");
    expect(req.headers).toEqual({
      authorization: "[redacted]",
      cookie: "link_access=[redacted]; theme=[redacted]; [redacted]",
      referer: "https://vault.example/evault/v1/links//AbCdEf…/?folder=[redacted]",
      "x-forwarded-uri": "/evault/v1/links/AbCdEf…/",
    });
    expect(res.headers).toEqual({
      location: "https://vault.example/base/evault/v1/links/AbCdEf…/",
      "content-location": "/evault/v1/links/AbCdEf…/unlock/",
      "set-cookie": ["link_access=[redacted]; Path=/evault/v1/links/AbCdEf…/; HttpOnly"],
    });
  });

  test("when an error's message quotes a link's URL, then its token is cut to a prefix", () => {
    const err = new Error(`fetch of https://vault.example/evault/v1/links/${token}/content/ failed`);
    const text = JSON.stringify(errorSerializer(err));
    expect(text).not.toContain(token);
    expect(text).toContain("/evault/v1/links/AbCdEf…/content/");
  });
});
