// Every POST of the contract is safe to retry (Idempotency-Key): the committed document
// says so for each POST, and the Spectral rule `post-idempotency-key` (run by
// `npm run check`) fails a POST that forgets it, so a new POST cannot slip through.
import { spawnSync } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, test } from "vitest";
import { parse, stringify } from "yaml";
import { openapiPath } from "../index.js";

const specDir = join(import.meta.dirname, "..");
const spectral = join(specDir, "../node_modules/.bin/spectral");
const source = readFileSync(openapiPath, "utf8");
const scratch = mkdtempSync(join(tmpdir(), "vault-idempotency-rule-"));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

// biome-ignore lint/suspicious/noExplicitAny: a parsed YAML document is untyped
type Node = Record<string, any>;

/** The POSTs that take an `Idempotency-Key`: all but those marked `x-vault-no-idempotency-key`. */
const posts = (doc: Node, marked = false): [string, Node][] =>
  Object.entries<Node>(doc.paths).flatMap(([path, item]) =>
    item.post && Boolean(item.post["x-vault-no-idempotency-key"]) === marked
      ? [[path, item.post] as [string, Node]]
      : [],
  );

/** The rule's findings on a document: `<path>: <message>` per finding. */
function ruleFindings(doc: Node): string[] {
  const file = join(scratch, "openapi.yaml");
  writeFileSync(file, stringify(doc));
  const result = spawnSync(
    spectral,
    ["lint", "--ruleset", join(specDir, ".spectral.yaml"), "--format", "json", "--quiet", file],
    { encoding: "utf8" },
  );
  const findings: { code: string; path: string[]; message: string }[] = JSON.parse(result.stdout || "[]");
  return findings.filter((f) => f.code === "post-idempotency-key").map((f) => `${f.path.join("/")}: ${f.message}`);
}

describe("Idempotency-Key on every POST", () => {
  test("the committed document gives every POST the header (1–255 characters), 409, 422 and Idempotent-Replayed", () => {
    const doc = parse(source);
    const parameters = doc.components.parameters;
    expect(posts(doc).length).toBeGreaterThan(0);
    for (const [path, post] of posts(doc)) {
      const header = (post.parameters as Node[])
        .map((p) => (p.$ref ? parameters[p.$ref.split("/").pop()] : p))
        .find((p) => p.name === "Idempotency-Key");
      expect(header, path).toMatchObject({ in: "header", required: false, schema: { minLength: 1, maxLength: 255 } });
      expect(Object.keys(post.responses), path).toEqual(expect.arrayContaining(["409", "422"]));
      const success = Object.entries<Node>(post.responses).filter(([status]) => status.startsWith("2"));
      for (const [, response] of success) expect(response.headers, path).toHaveProperty("Idempotent-Replayed");
    }
  });

  test("the POSTs without the header are the marked ones (the tus creation among them), and the rule holds each to that only while it is marked", () => {
    const doc = parse(source);
    const marked = posts(doc, true).map(([path]) => path);
    expect(marked).toContain("/evault/v1/uploads/");
    for (const path of marked) delete doc.paths[path].post["x-vault-no-idempotency-key"];
    const findings = ruleFindings(doc);
    for (const path of marked)
      expect(
        findings.filter((f) => f.includes(path)),
        path,
      ).not.toEqual([]);
  }, 60_000);

  test("the Spectral rule passes the committed document and names each POST that leaves a part out", () => {
    expect(ruleFindings(parse(source))).toEqual([]);

    const doc = parse(source);
    const [[firstPath, first], [secondPath, second]] = posts(doc) as [[string, Node], [string, Node]];
    first.parameters = first.parameters.filter((p: Node) => !p.$ref?.endsWith("/IdempotencyKey"));
    delete second.responses["409"];
    const findings = ruleFindings(doc);

    expect(findings).toHaveLength(2);
    expect(findings.find((f) => f.includes(firstPath) && f.includes("parameters"))).toBeDefined();
    expect(findings.find((f) => f.includes(secondPath) && f.includes('"409"'))).toBeDefined();
  }, 60_000);
});
