// The server's JavaScript as the processes load it: each entry point with the modules of
// src/ and of its dependencies in a few files (docs/decisions/server-bundle.md). tsc
// writes the declarations beside them (tsconfig.build.json); the build empties dist/ first.
import { mkdirSync, writeFileSync } from "node:fs";
import { dirname, resolve } from "node:path";
import { build } from "esbuild";

const root = resolve(import.meta.dirname, "..");

/** What the processes start, and what another package imports (index). */
const ENTRIES = [
  "index",
  "main",
  "cli/keys",
  "cli/repair",
  "cli/seed",
  "cli/sql",
  "data/build-store-template",
  "data/create-pglite-directory",
  "data/embedded-worker",
];

const { outputFiles } = await build({
  absWorkingDir: root,
  entryPoints: ENTRIES.map((entry) => `src/${entry}.ts`),
  outbase: "src",
  outdir: "dist",
  bundle: true,
  splitting: true,
  format: "esm",
  platform: "node",
  target: "node20",
  sourcemap: true,
  // The maps name the files on disk instead (below), where coverage and profiles read them.
  sourcesContent: false,
  write: false,
  chunkNames: "chunks/[name]-[hash]",
  // PGlite reads its WebAssembly and data beside its own modules, the contract package its
  // documents; koffi loads a native library; pg-native is an optional driver pg never loads
  // here. Ajv stays one module the suites can watch compile (response-validation.e2e).
  external: [
    "@electric-sql/pglite",
    "@electric-sql/pglite/*",
    "@vault/spec",
    "@vault/spec/*",
    "ajv",
    "ajv/*",
    "koffi",
    "pg-native",
  ],
  // The CommonJS dependencies call require() for Node's own modules.
  banner: {
    js: 'import { createRequire as __vaultRequire } from "node:module"; const require = __vaultRequire(import.meta.url);',
  },
  logLevel: "warning",
});

/**
 * A map's sources as absolute paths: esbuild writes them relative to each output's own
 * folder, which differs between entries and chunks, and c8 filters a bundle's sources
 * (`--exclude-after-remap`) by the path as the map writes it.
 */
function absoluteSources(file) {
  const map = JSON.parse(file.text);
  map.sources = map.sources.map((source) => resolve(dirname(file.path), source));
  return JSON.stringify(map);
}

for (const file of outputFiles) {
  mkdirSync(dirname(file.path), { recursive: true });
  writeFileSync(file.path, file.path.endsWith(".map") ? absoluteSources(file) : file.contents);
}
