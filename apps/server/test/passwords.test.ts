import { randomBytes, scryptSync } from "node:crypto";
import { describe, expect, test } from "vitest";
import { hashPassword, PasswordChecksBusy, verifyPassword } from "../src/domain/passwords.js";

describe("share password hashes", () => {
  test("when a password is hashed, then the hash carries OWASP's parameters (N = 2^17, r = 8, p = 1) and verifies", async () => {
    const stored = await hashPassword("correct horse");
    expect(stored).toMatch(/^scrypt\$ln=17,r=8,p=1\$[\w-]{22}\$[\w-]{43}$/);
    expect(await verifyPassword("correct horse", stored)).toBe(true);
    expect(await verifyPassword("correct horse.", stored)).toBe(false);
    // Three hashes of about a CPU second each, slower on a shared machine.
  }, 30_000);

  test("when a hash of the first format (scrypt$<salt>$<hash>, N = 2^14) is verified, then its password still matches", async () => {
    const salt = randomBytes(16);
    const key = scryptSync("battery staple", salt, 32, { N: 2 ** 14, r: 8, p: 1 });
    const stored = `scrypt$${salt.toString("base64url")}$${key.toString("base64url")}`;
    expect(await verifyPassword("battery staple", stored)).toBe(true);
    expect(await verifyPassword("battery stapler", stored)).toBe(false);
  }, 30_000);

  test("when a stored hash is malformed or names parameters this server never wrote, then nothing verifies against it", async () => {
    const salt = randomBytes(16).toString("base64url");
    const key = randomBytes(32).toString("base64url");
    for (const stored of [
      "",
      "scrypt$",
      `bcrypt$${salt}$${key}`,
      `scrypt$ln=30,r=8,p=1$${salt}$${key}`,
      `scrypt$${salt}$c2hvcnQ`,
    ])
      expect(await verifyPassword("anything", stored)).toBe(false);
  });

  test("when more passwords are checked at once than two run and 64 wait, then the rest are refused at once, and the queue serves again once it drains", async () => {
    const salt = randomBytes(16);
    const key = scryptSync("battery staple", salt, 32, { N: 2 ** 14, r: 8, p: 1 });
    const stored = `scrypt$${salt.toString("base64url")}$${key.toString("base64url")}`;
    const outcomes = await Promise.allSettled(
      Array.from({ length: 69 }, () => verifyPassword("battery staple", stored)),
    );
    expect(outcomes.filter((o) => o.status === "fulfilled" && o.value === true)).toHaveLength(66);
    const refused = outcomes.filter((o) => o.status === "rejected");
    expect(refused).toHaveLength(3);
    expect(refused.every((o) => o.reason instanceof PasswordChecksBusy)).toBe(true);
    expect(await verifyPassword("battery staple", stored)).toBe(true);
  }, 30_000);
});
