import { describe, expect, test } from "vitest";
import { nairaAmount } from "../src/domain/banking/bank-accounts.js";
import { extensionOf, safeFilename } from "../src/domain/vault/files.js";
import { noneMatch, parseIfMatch, representationTag } from "../src/http/request-context.js";
import { sniffMimetype } from "../src/storage/mimetype.js";

describe("money", () => {
  test.each([
    [0n, "0.00"],
    [5n, "0.05"],
    [125005n, "1250.05"],
    [-12345n, "-123.45"],
    [9007199254740993n, "90071992547409.93"],
  ])("%s kobo is %s naira, exactly", (kobo, naira) => {
    expect(nairaAmount(kobo)).toBe(naira);
  });
});

describe("If-Match", () => {
  test.each([
    [undefined, undefined],
    ["*", undefined],
    [" * ", undefined],
    ['"3"', [3]],
    // The comparison is strong (RFC 9110 §13.1.1): a weak tag never matches.
    ['W/"3"', []],
    ['W/"3", "4"', [4]],
    // A list matches when any of its tags is current.
    ['"2", "3"', [2, 3]],
    ['"2","3" ,"4"', [2, 3, 4]],
    [', "2",, "3",', [2, 3]],
    ["3", []],
    ['"2", 3', []],
    ['"2" "3"', []],
    ['"abc"', []],
    ['"abc", "5"', [5]],
    ['"2147483647"', [2147483647]],
    ['"2147483648"', []],
    [`"${"9".repeat(30)}"`, []],
    // A read's tag: the version counts, the digest does not.
    ['"3.0c1d2e3f4a5b6c7d"', [3]],
    ['"3."', []],
    ['"3.xyz"', []],
  ])("%j lets a write go over versions %j", (header, versions) => {
    expect(parseIfMatch(header)).toEqual(versions);
  });
});

describe("read tags and If-None-Match", () => {
  test("the tag is the version and a digest of the body: another body, another tag", () => {
    const tag = representationTag(3, { name: "a", files_count: 1 });
    expect(tag).toMatch(/^"3\.[0-9a-f]{16}"$/);
    expect(representationTag(3, { name: "a", files_count: 1 })).toBe(tag);
    expect(representationTag(3, { name: "a", files_count: 2 })).not.toBe(tag);
  });

  test.each([
    [undefined, false],
    ['"3.ab"', true],
    ['W/"3.ab"', true],
    ['"1.cd", "3.ab"', true],
    ["*", true],
    ['"3"', false],
    ['"3.cd"', false],
  ])('If-None-Match %j matches "3.ab": %s', (header, matches) => {
    expect(noneMatch(header, '"3.ab"')).toBe(matches);
  });
});

describe("filenames", () => {
  test.each([
    ["report.PDF", "report.PDF", "pdf"],
    ["../../etc/passwd", "passwd", ""],
    ["..\\..\\evil.exe", "evil.exe", "exe"],
    ["archive.tar.gz", "archive.tar.gz", "gz"],
    [".bashrc", ".bashrc", ""],
    ["weird.ext with space", "weird.ext with space", ""],
  ])("%j keeps the name %j and the extension %j", (filename, name, extension) => {
    expect(safeFilename(filename)).toBe(name);
    expect(extensionOf(filename)).toBe(extension);
  });
});

describe("mimetype sniffing", () => {
  test.each([
    [Buffer.alloc(0), "inode/x-empty"],
    [Buffer.from("hello, world\n"), "text/plain"],
    [Buffer.from("naïve café ₦\n"), "text/plain"],
    [Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13, 0x49, 0x48, 0x44, 0x52]), "image/png"],
    [Buffer.from("%PDF-1.7\n"), "application/pdf"],
    [Buffer.from([0, 1, 2, 3, 255]), "application/octet-stream"],
  ])("%j is %s", async (bytes, mimetype) => {
    expect(await sniffMimetype(bytes)).toBe(mimetype);
  });
});
