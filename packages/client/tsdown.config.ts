import { defineConfig } from "tsdown";

// One self-contained package: ESM and CJS JavaScript plus declarations, with the
// contract's types (`@vault/spec/schema`, a dev dependency) bundled into the
// declarations, so the published package depends on openapi-fetch alone.
export default defineConfig({
  entry: ["src/index.ts"],
  format: ["esm", "cjs"],
  platform: "neutral",
  target: "es2022",
  dts: true,
  sourcemap: true,
  clean: true,
});
