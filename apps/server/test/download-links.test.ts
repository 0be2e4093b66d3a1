import { randomBytes } from "node:crypto";
import { beforeEach, describe, expect, test } from "vitest";
import { downloadToken, type LinkedContent, readDownloadToken } from "../src/domain/vault/download-links.js";
import { KeyRing, RootKey, useKeyRing } from "../src/secrets/key-ring.js";

const link: LinkedContent = {
  userId: 7,
  fileId: "0b3f63f6-e7ee-4044-b489-8a9322497fb1",
  versionId: null,
  hash: "9f86d081884c7d659a2feaa0c55ad015a3bf4f1b2b0b822cd15d6c15b0f00a08",
};
const expires = 1_800_000_000;
const rootKey = () => new RootKey(randomBytes(32));

describe("download link tokens", () => {
  let current: RootKey;
  beforeEach(() => {
    current = rootKey();
    useKeyRing(new KeyRing(current));
  });

  test("a token names its content until the second it expires, then it is refused as expired", () => {
    const token = downloadToken(link, expires);
    expect(readDownloadToken(token, expires * 1000 - 1)).toEqual({ link });
    expect(readDownloadToken(token, expires * 1000)).toEqual({ refused: "expired" });
  });

  test("a version's token names the version", () => {
    const version = { ...link, versionId: "9b2c4d6e-8f01-4a23-b456-c789d0e1f2a3" };
    expect(readDownloadToken(downloadToken(version, expires), 0)).toEqual({ link: version });
  });

  test("a token signed before a rotation works with the previous key, and one of another root secret does not", () => {
    const token = downloadToken(link, expires);
    useKeyRing(new KeyRing(rootKey(), current));
    expect(readDownloadToken(token, 0)).toEqual({ link });
    useKeyRing(new KeyRing(rootKey()));
    expect(readDownloadToken(token, 0)).toEqual({ refused: "invalid" });
  });

  test("an expired token that is also altered is refused as invalid: the signature is checked first", () => {
    const [, ...rest] = downloadToken(link, expires).split(".");
    expect(readDownloadToken([expires - 60, ...rest].join("."), expires * 1000)).toEqual({ refused: "invalid" });
  });

  test.each([
    ["empty", ""],
    ["a share's link token", "kX2p9QmVt4Lw7Rz1bNc8YhDs3FgJ6aEu"],
    ["a field too many", `${"1.".repeat(6)}x`],
  ])("%s is refused as invalid", (_, token) => {
    expect(readDownloadToken(token, 0)).toEqual({ refused: "invalid" });
  });
});
