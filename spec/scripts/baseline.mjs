// Releases a version (`npm run -w @vault/spec baseline -- v2`): its committed OpenAPI
// document becomes the baseline the breaking-change gate holds it to
// (baseline/<version>/openapi.yaml), its accepted list starts empty, and versions.json
// marks it released. Run again on a released version it moves the baseline (a new
// minor release) and empties the accepted list, whose entries that release shipped.
import { mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { parse } from "yaml";

const here = (path) => new URL(path, import.meta.url).pathname;
const wanted = process.argv[2];
const manifest = JSON.parse(readFileSync(here("../versions.json"), "utf8"));
const entry = manifest.versions.find((version) => version.name === wanted);
if (entry === undefined) {
  console.error(
    `usage: npm run -w @vault/spec baseline -- <version>, one of ${manifest.versions.map((v) => v.name).join(", ")}`,
  );
  process.exit(2);
}
const source = readFileSync(here(`../generated/${wanted}/openapi.yaml`), "utf8");
const { version } = parse(source).info;
const body = source.slice(source.indexOf("\n") + 1);
mkdirSync(here(`../baseline/${wanted}`), { recursive: true });
writeFileSync(
  here(`../baseline/${wanted}/openapi.yaml`),
  `# The released contract of API ${wanted} (${version}): the baseline of the breaking-change gate. Replace it only at a release (npm run -w @vault/spec baseline -- ${wanted}).\n${body}`,
);
writeFileSync(
  here(`../baseline/${wanted}/accepted-breaking.yaml`),
  `# Breaking changes to released ${wanted} against baseline/${wanted}/openapi.yaml made on purpose.
# Each entry is one line of the gate's output, with why it is acceptable and who agreed
# to it; the file is reviewed like code. It is emptied when the baseline moves.
accepted: []
`,
);
entry.status = "released";
writeFileSync(here("../versions.json"), `${JSON.stringify(manifest, null, 2)}\n`);
console.log(
  `baseline/${wanted}/openapi.yaml is now API ${version}; its accepted list is empty; versions.json marks ${wanted} released`,
);
