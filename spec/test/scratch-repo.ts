// A scratch copy of the parts of the repo that generate and check the contract, with
// the repo's node_modules linked in: tests edit the TypeSpec there and run the scripts.
import { type SpawnSyncReturns, spawnSync } from "node:child_process";
import { cpSync, mkdtempSync, rmSync, symlinkSync } from "node:fs";
import { tmpdir } from "node:os";
import { delimiter, join, resolve } from "node:path";

const repo = resolve(import.meta.dirname, "../..");
const parts = [
  "spec/src",
  "spec/scripts",
  "spec/generated",
  "spec/baseline",
  "spec/tspconfig.yaml",
  "spec/package.json",
  "spec/versions.js",
  "spec/versions.json",
  "scripts",
];

export interface ScratchRepo {
  /** The copy's root. */
  root: string;
  /** Runs a script of spec/ (e.g. `scripts/generate.mjs`) in the copy. */
  run(script: string, ...args: string[]): SpawnSyncReturns<string>;
  remove(): void;
}

export function scratchRepo(prefix: string): ScratchRepo {
  const root = mkdtempSync(join(tmpdir(), prefix));
  for (const part of parts) cpSync(join(repo, part), join(root, part), { recursive: true });
  symlinkSync(join(repo, "node_modules"), join(root, "node_modules"));
  return {
    root,
    run: (script, ...args) =>
      spawnSync(process.execPath, [script, ...args], {
        cwd: join(root, "spec"),
        encoding: "utf8",
        env: { ...process.env, PATH: `${join(repo, "node_modules/.bin")}${delimiter}${process.env.PATH}` },
      }),
    remove: () => rmSync(root, { recursive: true, force: true }),
  };
}
