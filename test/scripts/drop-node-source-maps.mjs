// Removes the source maps Node records in each V8 coverage file of a directory (its
// `source-map-cache`): Node names a map's sources as file: URLs, which c8's
// `--exclude-after-remap` matches against `--include` as paths and so drops every one.
// Without the record c8 reads each bundle's map from disk, whose sources are paths
// (apps/server/scripts/bundle.mjs).
import { readdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";

const [dir] = process.argv.slice(2);
for (const name of readdirSync(dir)) {
  const file = join(dir, name);
  const coverage = JSON.parse(readFileSync(file, "utf8"));
  if (!("source-map-cache" in coverage)) continue;
  delete coverage["source-map-cache"];
  writeFileSync(file, JSON.stringify(coverage));
}
