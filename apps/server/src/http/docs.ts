import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { openapiPath } from "@vault/spec";
import { Router } from "express";
import { contract } from "./contract-document.js";

const redocBundle = createRequire(import.meta.url).resolve("redoc/bundles/redoc.standalone.js");

const page = `<!doctype html>
<html lang="en">
<head>
  <meta charset="utf-8">
  <title>Banking and File Vault API reference</title>
  <meta name="viewport" content="width=device-width, initial-scale=1">
</head>
<body>
  <div id="reference"></div>
  <script src="/docs/redoc.standalone.js"></script>
  <script src="/docs/init.js"></script>
</body>
</html>
`;

const init = `Redoc.init("/openapi.json", { hideDownloadButton: false, expandResponses: "200,201" }, document.getElementById("reference"));\n`;

/** The API reference page (Redoc, served from npm, no CDN) and the raw contract. */
export function docsRouter(): Router {
  const yaml = readFileSync(openapiPath, "utf8");
  const router = Router({ strict: true, caseSensitive: true });
  router.get("/docs", (_req, res) => res.redirect(301, "/docs/"));
  router.get("/docs/", (_req, res) => res.type("html").send(page));
  router.get("/docs/init.js", (_req, res) => res.type("js").send(init));
  router.get("/docs/redoc.standalone.js", (_req, res) => res.sendFile(redocBundle, { maxAge: "1d" }));
  router.get("/openapi.json", (_req, res) => res.type("json").send(JSON.stringify(contract)));
  router.get("/openapi.yaml", (_req, res) => res.type("application/yaml").send(yaml));
  return router;
}
