// The breaking-change gate (first step of `npm run check`): compares the committed
// OpenAPI document with the released one (baseline/openapi.yaml) and fails on any
// change that breaks a client of the release, unless it is listed in
// baseline/accepted-breaking.yaml (reviewed like any other change).
import { readFileSync } from "node:fs";
import { relative } from "node:path";
import { parse } from "yaml";
import { breakingChanges } from "./breaking-changes.mjs";

const here = (path) => new URL(path, import.meta.url).pathname;
const baselinePath = process.env.VAULT_BASELINE_PATH ?? here("../baseline/openapi.yaml");
const currentPath = process.env.VAULT_OPENAPI_PATH ?? here("../generated/openapi.yaml");
const acceptedPath = process.env.VAULT_ACCEPTED_BREAKING_PATH ?? here("../baseline/accepted-breaking.yaml");
const name = (path) => relative(process.cwd(), path) || path;

const read = (path) => parse(readFileSync(path, "utf8"));
const accepted = new Set((read(acceptedPath)?.accepted ?? []).map((entry) => entry.change));
const baseline = read(baselinePath);
const released = String(baseline.info?.version ?? "");
const found = breakingChanges(baseline, read(currentPath));
const open = found.filter((change) => !accepted.has(change.key));

if (open.length === 0) {
  const note = found.length > 0 ? ` (${found.length} breaking change(s) accepted in ${name(acceptedPath)})` : "";
  console.log(`no breaking change against the released contract${note}`);
  process.exit(0);
}

console.error(
  `breaking: ${open.length} change(s) in ${name(currentPath)} break clients of the released contract (${name(baselinePath)}):`,
);
for (const change of open) console.error(`  - ${change.description}`);
console.error(`
Deployed clients of API ${released} (and @vault/client ${released.split(".")[0]}.x) rely on the released contract. To proceed:
  1. make the change additive instead: add a field or operation rather than change or remove one, keep
     request fields optional, and deprecate what should go (\`#deprecated\`; see docs/decisions/breaking-change-gate.md
     for how long a deprecated field lives); or
  2. ship it as a new major version of the API: new paths (/banking/v2/…, /evault/v2/…) beside the v1
     ones, which stay as they are until their Sunset date; or
  3. if the break is intended and agreed with the consumers, add each line above to
     ${name(acceptedPath)} as \`- change: "<the line>"\` with a \`reason\`, for review.`);
process.exit(1);
