// Proves `npm run check` bites: a scratch copy of the spec with one field changed
// must fail the generated-files check.
import { readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { afterAll, describe, expect, test } from "vitest";
import { scratchRepo } from "./scratch-repo.js";

const copy = scratchRepo("vault-drift-");
const scratch = copy.root;
afterAll(() => copy.remove());

const check = () => copy.run("scripts/generate.mjs", "--check");

// That the check passes on untouched files is shown by `npm run check` itself, on the repo.
describe("the generated-files check", () => {
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
    expect(result.stderr).toMatch(/drift: generated\/v1\/openapi\.yaml differs/);
    expect(result.stderr).toMatch(/drift: generated\/v1\/openapi\.3\.1\.yaml differs/);
  }, 60_000);
});
