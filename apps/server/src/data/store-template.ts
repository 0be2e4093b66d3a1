// The embedded store every first start begins from: an empty PGlite directory with every
// migration applied, made once by the build (build-store-template.ts) into
// dist/store-template/, and the same as a tar for a store in memory. A first start copies
// it instead of running initdb and the migrations (about 6 s of a 12 s first start);
// migrations still run after the copy, so a template older than the code only costs the
// time of the newer migrations.
import { cpSync, existsSync, readdirSync, readFileSync, rmSync } from "node:fs";
import { join } from "node:path";
import { packageFile } from "../package-files.js";

/** In the package's dist/, whether this code runs from the build or (in the unit tests) from src/. */
export const STORE_TEMPLATE_DIR = packageFile("dist/store-template/");
export const STORE_TEMPLATE_TAR = packageFile("dist/store-template.tar");

/** The template as PGlite's `loadDataDir` takes it, for a store in memory; none when the build made none. */
export function storeTemplateArchive(): Blob | undefined {
  return existsSync(STORE_TEMPLATE_TAR) ? new Blob([readFileSync(STORE_TEMPLATE_TAR)]) : undefined;
}

/** The file whose presence makes a directory an embedded store: copied last. */
const MARKER = "PG_VERSION";

/**
 * Makes the directory `dir` (which holds no store: no PG_VERSION) a copy of the
 * template, and answers whether it could (false: the build made none). A copy cut short
 * leaves no PG_VERSION, so the next start clears it and copies again.
 */
export function copyStoreTemplate(dir: string): boolean {
  if (!existsSync(join(STORE_TEMPLATE_DIR, MARKER))) return false;
  for (const entry of readdirSync(dir)) rmSync(join(dir, entry), { recursive: true, force: true });
  for (const entry of readdirSync(STORE_TEMPLATE_DIR)) {
    if (entry !== MARKER) cpSync(join(STORE_TEMPLATE_DIR, entry), join(dir, entry), { recursive: true });
  }
  cpSync(join(STORE_TEMPLATE_DIR, MARKER), join(dir, MARKER));
  return true;
}
