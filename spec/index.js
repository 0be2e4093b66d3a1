import { fileURLToPath } from "node:url";

/** Absolute path of the generated OpenAPI 3.0 document (the one every tool reads). */
export const openapiPath = fileURLToPath(new URL("./generated/openapi.yaml", import.meta.url));
