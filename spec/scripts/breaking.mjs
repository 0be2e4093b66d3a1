// The breaking-change gate (first step of `npm run check`): compares each released
// version's committed OpenAPI document with its release (baseline/<version>/openapi.yaml)
// and fails on any change that breaks a client of it, unless it is listed in that
// version's accepted-breaking.yaml (reviewed like any other change). The open version
// (versions.json) may still change: it has no baseline until it is released.
import { readFileSync } from "node:fs";
import { relative } from "node:path";
import { parse } from "yaml";
import { versions } from "../versions.js";
import { breakingChanges } from "./breaking-changes.mjs";

const here = (path) => new URL(path, import.meta.url).pathname;
const name = (path) => relative(process.cwd(), path) || path;
const read = (path) => parse(readFileSync(path, "utf8"));
// Tests point these at a changed document (v1's).
const override = (variable, version) => (version === "v1" ? process.env[variable] : undefined);

let failed = false;
for (const { name: version, status } of versions) {
  if (status !== "released") {
    console.log(`${version}: open (spec/versions.json), so it may still change; the gate holds it once released`);
    continue;
  }
  const baselinePath = override("VAULT_BASELINE_PATH", version) ?? here(`../baseline/${version}/openapi.yaml`);
  const currentPath = override("VAULT_OPENAPI_PATH", version) ?? here(`../generated/${version}/openapi.yaml`);
  const acceptedPath =
    override("VAULT_ACCEPTED_BREAKING_PATH", version) ?? here(`../baseline/${version}/accepted-breaking.yaml`);
  const accepted = new Set((read(acceptedPath)?.accepted ?? []).map((entry) => entry.change));
  const baseline = read(baselinePath);
  const found = breakingChanges(baseline, read(currentPath));
  const open = found.filter((change) => !accepted.has(change.key));
  if (open.length === 0) {
    const note = found.length > 0 ? ` (${found.length} breaking change(s) accepted in ${name(acceptedPath)})` : "";
    console.log(`${version}: no breaking change against its release${note}`);
    continue;
  }
  failed = true;
  const released = String(baseline.info?.version ?? "");
  const newest = versions.at(-1);
  console.error(
    `breaking: ${open.length} change(s) in ${name(currentPath)} break clients of released API ${version} (${name(baselinePath)}):`,
  );
  for (const change of open) console.error(`  - ${change.description}`);
  console.error(`
Deployed clients of API ${released} (and @vault/client ${released.split(".")[0]}.x) rely on the released contract. To proceed:
  1. make the change additive instead: add a field or operation rather than change or remove one, keep
     request fields optional, and deprecate what should go (\`#deprecated\`; see docs/decisions/breaking-change-gate.md
     for how long a deprecated field lives); or
  2. make it in ${newest.status === "open" ? `the open version, ${newest.name}` : "a new version (docs/versioning.md: open one)"}, leaving ${version} as it is:
     \`@typeChangedFrom(Versions.${newest.name}, <the old type>)\`, \`@added\`, \`@removed\` (docs/versioning.md); or
  3. if the break is intended and agreed with the consumers, add each line above to
     ${name(acceptedPath)} as \`- change: "<the line>"\` with a \`reason\`, for review.`);
}
process.exit(failed ? 1 : 0);
