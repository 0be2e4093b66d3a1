// Writes generated files, or with `--check` compares them with what is on disk and
// fails on any difference, so a spec change that was not regenerated cannot land.
//
// A write leaves an unchanged file alone and replaces a changed one by a rename, never
// in place: turbo runs `generate` (a dependency of the client's build) beside tasks that
// read these files (Redocly, Spectral), which must never read one half written.
import { existsSync, mkdirSync, readFileSync, renameSync, writeFileSync } from "node:fs";
import { dirname, relative } from "node:path";

const checkMode = process.argv.includes("--check");

/** @param {{ path: string, content: string }[]} files */
export function writeOrCheck(files) {
  const stale = [];
  let written = 0;
  for (const { path, content } of files) {
    const current = existsSync(path) ? readFileSync(path, "utf8") : undefined;
    if (current === content) continue;
    if (checkMode) {
      stale.push(path);
    } else {
      mkdirSync(dirname(path), { recursive: true });
      const next = `${path}.${process.pid}.tmp`;
      writeFileSync(next, content);
      renameSync(next, path);
      written += 1;
    }
  }
  if (stale.length > 0) {
    for (const path of stale) {
      console.error(`drift: ${relative(process.cwd(), path)} differs from what the spec generates`);
    }
    console.error("Run `npm run generate` and commit the result.");
    process.exit(1);
  }
  console.log(
    checkMode ? `checked ${files.length} generated file(s)` : `wrote ${written} of ${files.length} generated file(s)`,
  );
}
