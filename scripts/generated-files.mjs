// Writes generated files, or with `--check` compares them with what is on disk and
// fails on any difference, so a spec change that was not regenerated cannot land.
import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { dirname, relative } from "node:path";

const checkMode = process.argv.includes("--check");

/** @param {{ path: string, content: string }[]} files */
export function writeOrCheck(files) {
  const stale = [];
  for (const { path, content } of files) {
    if (checkMode) {
      if (!existsSync(path) || readFileSync(path, "utf8") !== content) stale.push(path);
    } else {
      mkdirSync(dirname(path), { recursive: true });
      writeFileSync(path, content);
    }
  }
  if (stale.length > 0) {
    for (const path of stale) {
      console.error(`drift: ${relative(process.cwd(), path)} differs from what the spec generates`);
    }
    console.error("Run `npm run generate` and commit the result.");
    process.exit(1);
  }
  console.log(`${checkMode ? "checked" : "wrote"} ${files.length} generated file(s)`);
}
