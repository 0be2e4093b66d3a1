// Proves `npm run check` bites: a scratch copy of the spec with one field changed
// must fail the generated-files check, while an untouched copy passes it.
import { spawnSync } from "node:child_process";
import { cpSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { delimiter, join, resolve } from "node:path";
import { afterAll, describe, expect, test } from "vitest";

const repo = resolve(import.meta.dirname, "../..");
const scratch = mkdtempSync(join(tmpdir(), "vault-drift-"));
for (const part of [
  "spec/src",
  "spec/scripts",
  "spec/generated",
  "spec/tspconfig.yaml",
  "spec/package.json",
  "scripts",
]) {
  cpSync(join(repo, part), join(scratch, part), { recursive: true });
}
symlinkSync(join(repo, "node_modules"), join(scratch, "node_modules"));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

function check() {
  return spawnSync(process.execPath, ["scripts/generate.mjs", "--check"], {
    cwd: join(scratch, "spec"),
    encoding: "utf8",
    env: { ...process.env, PATH: `${join(repo, "node_modules/.bin")}${delimiter}${process.env.PATH}` },
  });
}

describe("the generated-files check", () => {
  test("passes on an untouched copy of the spec", () => {
    const result = check();
    expect(result.stderr).not.toMatch(/drift/);
    expect(result.status).toBe(0);
  }, 60_000);

  test("fails, naming the stale document, when a field changes without regenerating", () => {
    const file = join(scratch, "spec/src/bank-accounts.tsp");
    const source = readFileSync(file, "utf8");
    const changed = source.replace(
      "  @maxLength(255)\n  account_number: string;",
      "  @maxLength(254)\n  account_number: string;",
    );
    expect(changed).not.toBe(source);
    writeFileSync(file, changed);

    const result = check();
    expect(result.status).toBe(1);
    expect(result.stderr).toMatch(/drift: generated\/openapi\.yaml differs/);
    expect(result.stderr).toMatch(/drift: generated\/openapi\.3\.1\.yaml differs/);
  }, 60_000);
});
