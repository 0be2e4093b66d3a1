import { defineConfig } from "tsdown";

// One self-contained package: ESM and CJS JavaScript plus declarations, with the
// contract's types (`@vault/spec/schema`, a dev dependency) bundled into the
// declarations. Three entries: the client (`.`, v1 and v2, and `./v2`, which depend on openapi-fetch alone) and
// webhook verification (`./webhooks`, on standardwebhooks).
export default defineConfig({
  entry: ["src/index.ts", "src/v2.ts", "src/webhooks.ts"],
  format: ["esm", "cjs"],
  platform: "neutral",
  target: "es2022",
  dts: true,
  sourcemap: true,
  clean: true,
  // The bundler's interop helpers go to a chunk of their own: in the entry they would be exported with it.
  outputOptions: { codeSplitting: { groups: [{ name: "runtime", test: /rolldown\/runtime/ }] } },
});
