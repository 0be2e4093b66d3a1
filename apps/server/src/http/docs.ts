import { createRequire } from "node:module";
import { Router } from "express";
import { stringify } from "yaml";
import { contract } from "./contract-document.js";

const resolve = createRequire(import.meta.url).resolve;
const redocBundle = resolve("redoc/bundles/redoc.standalone.js");
const swaggerUi = {
  js: resolve("swagger-ui-dist/swagger-ui-bundle.js"),
  css: resolve("swagger-ui-dist/swagger-ui.css"),
};

const page = `<!doctype html>
<html lang="en">
<head>
  <meta charset="utf-8">
  <title>Banking and File Vault API reference</title>
  <meta name="viewport" content="width=device-width, initial-scale=1">
</head>
<body>
  <p style="margin: 8px 16px; font-family: sans-serif">Call the API from this page: <a href="/docs/try/">try-it console</a></p>
  <div id="reference"></div>
  <script src="/docs/redoc.standalone.js"></script>
  <script src="/docs/init.js"></script>
</body>
</html>
`;

const init = `Redoc.init("/openapi.json", { hideDownloadButton: false, expandResponses: "200,201" }, document.getElementById("reference"));\n`;

const tryPage = `<!doctype html>
<html lang="en">
<head>
  <meta charset="utf-8">
  <title>Banking and File Vault API: try it</title>
  <meta name="viewport" content="width=device-width, initial-scale=1">
  <link rel="stylesheet" href="/docs/try/swagger-ui.css">
</head>
<body>
  <div id="console"></div>
  <script src="/docs/try/swagger-ui-bundle.js"></script>
  <script src="/docs/try/init.js"></script>
</body>
</html>
`;

// Requests go to the served contract's one server, this one; the key is entered with
// "Authorize" and kept only in the page.
const tryInit = `window.ui = SwaggerUIBundle({
  url: "/openapi.json",
  dom_id: "#console",
  deepLinking: true,
  tryItOutEnabled: true,
  persistAuthorization: false,
  validatorUrl: null,
});
`;

/**
 * The API reference page (Redoc) and a try-it console (Swagger UI) on the same contract,
 * both served from npm packages (no CDN: they work offline), and the contract, whose
 * `servers` is this server's public address (`PUBLIC_BASE_URL`, else the address it
 * listens on) instead of the committed document's placeholder, `http://127.0.0.1:8080`.
 */
export function docsRouter(publicBaseUrl: string): Router {
  const served = { ...contract, servers: [{ url: publicBaseUrl, description: "This server" }] };
  const json = JSON.stringify(served);
  // Written on its first request: turning the whole document into YAML costs a start 100 ms or more.
  let yaml: string | undefined;
  const router = Router({ strict: true, caseSensitive: true });
  router.get("/docs", (_req, res) => res.redirect(301, "/docs/"));
  router.get("/docs/", (_req, res) => res.type("html").send(page));
  router.get("/docs/init.js", (_req, res) => res.type("js").send(init));
  router.get("/docs/redoc.standalone.js", (_req, res) => res.sendFile(redocBundle, { maxAge: "1d" }));
  router.get("/docs/try", (_req, res) => res.redirect(301, "/docs/try/"));
  router.get("/docs/try/", (_req, res) => res.type("html").send(tryPage));
  router.get("/docs/try/init.js", (_req, res) => res.type("js").send(tryInit));
  router.get("/docs/try/swagger-ui-bundle.js", (_req, res) => res.sendFile(swaggerUi.js, { maxAge: "1d" }));
  router.get("/docs/try/swagger-ui.css", (_req, res) => res.sendFile(swaggerUi.css, { maxAge: "1d" }));
  router.get("/openapi.json", (_req, res) => res.type("json").send(json));
  router.get("/openapi.yaml", (_req, res) => {
    yaml ??= stringify(served);
    res.type("application/yaml").send(yaml);
  });
  return router;
}
