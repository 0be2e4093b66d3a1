import { DrizzleQueryError } from "drizzle-orm/errors";
import { describe, expect, test } from "vitest";
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
