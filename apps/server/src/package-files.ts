import { createRequire } from "node:module";
import { dirname, join } from "node:path";

/**
 * The server package's own directory, found by its name: the bundler decides which file a
 * module's code ends up in (scripts/bundle.mjs), so no path is written relative to one.
 */
const packageRoot = dirname(createRequire(import.meta.url).resolve("@vault/server/package.json"));

/** A file or directory of the server package, by its path inside it (`dist/…`, `src/…`). */
export const packageFile = (path: string): string => join(packageRoot, path);
