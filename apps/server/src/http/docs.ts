import { createRequire } from "node:module";
import { versions } from "@vault/spec/versions";
import { type Response, Router } from "express";
import { contracts } from "./contract-document.js";

const resolve = createRequire(import.meta.url).resolve;
const redocBundle = resolve("redoc/bundles/redoc.standalone.js");
const swaggerUi = {
  js: resolve("swagger-ui-dist/swagger-ui-bundle.js"),
  css: resolve("swagger-ui-dist/swagger-ui.css"),
};

/** A link to each version of `page`, with what it is: the page marks the one it shows. */
function switcher(page: string): string {
  const status = (version: (typeof versions)[number]) =>
    version.deprecated !== undefined ? "deprecated" : version.status === "open" ? "open, may still change" : "current";
  const links = versions.map(
    (version) =>
      `<a href="${page}?version=${version.name}" data-version="${version.name}">${version.name}</a> (${status(version)})`,
  );
  return `API version: ${links.join(" | ")}`;
}

const page = `<!doctype html>
<html lang="en">
<head>
  <meta charset="utf-8">
  <title>Banking and File Vault API reference</title>
  <meta name="viewport" content="width=device-width, initial-scale=1">
</head>
<body>
  <p style="margin: 8px 16px; font-family: sans-serif">${switcher("/docs/")} · Call the API from this page: <a href="/docs/try/">try-it console</a></p>
  <div id="reference"></div>
  <script src="/docs/redoc.standalone.js"></script>
  <script src="/docs/init.js"></script>
</body>
</html>
`;

// The version the page shows: its \`?version=\`, else v1 (the default until v2 is released).
const chosen = `const version = ${JSON.stringify(versions.map(({ name }) => name))}.find((name) => name === new URLSearchParams(location.search).get("version")) ?? "v1";
const current = document.querySelector(\`[data-version="\${version}"]\`);
if (current) current.setAttribute("aria-current", "page");
`;

const init = `${chosen}Redoc.init(\`/openapi.\${version}.json\`, { hideDownloadButton: false, expandResponses: "200,201" }, document.getElementById("reference"));\n`;

const tryPage = `<!doctype html>
<html lang="en">
<head>
  <meta charset="utf-8">
  <title>Banking and File Vault API: try it</title>
  <meta name="viewport" content="width=device-width, initial-scale=1">
  <link rel="stylesheet" href="/docs/try/swagger-ui.css">
</head>
<body>
  <p style="margin: 8px 16px; font-family: sans-serif">${switcher("/docs/try/")}</p>
  <div id="console"></div>
  <script src="/docs/try/swagger-ui-bundle.js"></script>
  <script src="/docs/try/init.js"></script>
</body>
</html>
`;

// Requests go to the served contract's one server, this one; the key is entered with
// "Authorize" and kept only in the page.
const tryInit = `${chosen}window.ui = SwaggerUIBundle({
  url: \`/openapi.\${version}.json\`,
  dom_id: "#console",
  deepLinking: true,
  tryItOutEnabled: true,
  persistAuthorization: false,
  validatorUrl: null,
});
`;

/**
 * The API reference page (Redoc) and a try-it console (Swagger UI), each with a link to
 * every version (`?version=v2`), both served from npm packages (no CDN: they work
 * offline), and each version's contract (`/openapi.v2.json`; `/openapi.json` is v1's), whose
 * `servers` is this server's public address (`PUBLIC_BASE_URL`, else the address it
 * listens on) instead of the committed document's placeholder, `http://127.0.0.1:8080`.
 */
export function docsRouter(publicBaseUrl: string): Router {
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
  for (const [version, contract] of Object.entries(contracts)) {
    const served = { ...contract, servers: [{ url: publicBaseUrl, description: "This server" }] };
    const json = JSON.stringify(served);
    // Written on its first request, with the YAML library loaded then: the document's YAML
    // costs a start 100 ms or more, the library's import 30 ms.
    let yaml: Promise<string> | undefined;
    const sendYaml = async (_req: unknown, res: Response) => {
      // A CommonJS package, taken by its default export: the bundle gives a dynamic import of one no named exports.
      yaml ??= import("yaml").then(({ default: { stringify } }) => stringify(served));
      res.type("application/yaml").send(await yaml);
    };
    // `/openapi.json` and `/openapi.yaml` are v1's, as before there were versions.
    const names = version === "v1" ? ["", ".v1"] : [`.${version}`];
    for (const name of names) {
      router.get(`/openapi${name}.json`, (_req, res) => res.type("json").send(json));
      router.get(`/openapi${name}.yaml`, sendYaml);
    }
  }
  return router;
}
