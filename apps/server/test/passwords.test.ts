import { randomBytes, scryptSync } from "node:crypto";
import { describe, expect, test } from "vitest";
import { OwnerQueueFull } from "../src/domain/fair-slots.js";
import { hashPassword, verifyPassword } from "../src/domain/passwords.js";

const OWNER = 1;

describe("share password hashes", () => {
  test("when a password is hashed, then the hash carries OWASP's parameters (N = 2^17, r = 8, p = 1) and verifies", async () => {
    const stored = await hashPassword("correct horse", OWNER);
    expect(stored).toMatch(/^scrypt\$ln=17,r=8,p=1\$[\w-]{22}\$[\w-]{43}$/);
    expect(await verifyPassword("correct horse", stored, OWNER)).toBe(true);
    expect(await verifyPassword("correct horse.", stored, OWNER)).toBe(false);
    // Three hashes of about a CPU second each, slower on a shared machine.
  }, 30_000);

  test("when a hash of the first format (scrypt$<salt>$<hash>, N = 2^14) is verified, then its password still matches", async () => {
    const salt = randomBytes(16);
    const key = scryptSync("battery staple", salt, 32, { N: 2 ** 14, r: 8, p: 1 });
    const stored = `scrypt$${salt.toString("base64url")}$${key.toString("base64url")}`;
    expect(await verifyPassword("battery staple", stored, OWNER)).toBe(true);
    expect(await verifyPassword("battery stapler", stored, OWNER)).toBe(false);
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
      expect(await verifyPassword("anything", stored, OWNER)).toBe(false);
  });

  test("when one owner has more passwords checked at once than two run and 24 wait, then the rest of theirs are refused at once (429), and another owner's runs in one of the next freed slots, not behind them", async () => {
    // The flood's hashes cost four times the other owner's (2^16 against 2^14), so that the
    // other's, once in a slot, ends before the flood's beside it even when the machine runs
    // its thread a while later than theirs (at the same cost, a loaded CI machine counted 6).
    const flood = storedHash("battery staple", 16);
    let floodChecked = 0;
    const outcomes = Promise.allSettled(
      Array.from({ length: 29 }, () =>
        verifyPassword("battery staple", flood, 2).then((matches) => {
          floodChecked++;
          return matches;
        }),
      ),
    );
    expect(await verifyPassword("battery staple", storedHash("battery staple", 14), 3)).toBe(true);
    // The two running and at most the two that took the slots they freed; in one queue, all 26 would be.
    expect(floodChecked).toBeLessThanOrEqual(4);
    const settled = await outcomes;
    expect(settled.filter((o) => o.status === "fulfilled" && o.value === true)).toHaveLength(26);
    const refused = settled.filter((o) => o.status === "rejected");
    expect(refused).toHaveLength(3);
    expect(refused.every((o) => o.reason instanceof OwnerQueueFull)).toBe(true);
    expect(await verifyPassword("battery staple", flood, 2)).toBe(true);
  }, 60_000);
});

/** A stored hash of `password` in the current format, made at cost 2^`ln`. */
function storedHash(password: string, ln: number): string {
  const salt = randomBytes(16);
  const key = scryptSync(password, salt, 32, { N: 2 ** ln, r: 8, p: 1, maxmem: 256 * 1024 * 1024 });
  return `scrypt$ln=${ln},r=8,p=1$${salt.toString("base64url")}$${key.toString("base64url")}`;
}
