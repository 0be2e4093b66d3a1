// At a release: makes the committed OpenAPI document the new baseline of the
// breaking-change gate (baseline/openapi.yaml) and empties the accepted list, whose
// entries the release has shipped.
import { readFileSync, writeFileSync } from "node:fs";
import { parse } from "yaml";

const here = (path) => new URL(path, import.meta.url).pathname;
const source = readFileSync(here("../generated/openapi.yaml"), "utf8");
const { version } = parse(source).info;
const body = source.slice(source.indexOf("\n") + 1);
writeFileSync(
  here("../baseline/openapi.yaml"),
  `# The released contract (API ${version}): the baseline of the breaking-change gate. Replace it only at a release (npm run -w @vault/spec baseline).\n${body}`,
);
const accepted = readFileSync(here("../baseline/accepted-breaking.yaml"), "utf8");
writeFileSync(here("../baseline/accepted-breaking.yaml"), accepted.replace(/^accepted:[\s\S]*$/m, "accepted: []\n"));
console.log(`baseline/openapi.yaml is now API ${version}; baseline/accepted-breaking.yaml is empty`);
