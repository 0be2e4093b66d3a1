// An independent check of every response the suites receive (a vitest setup file):
// each fetch of the test process — the generated client's (`checked`) and the suites' own — is
// checked against the committed OpenAPI document of its path's version by Ajv (helpers/contract.ts), beside
// the server's own response validation and in no way derived from it. The operation
// must declare the status, the media type and every required header, and a JSON body
// must match its schema. A test file that received a response breaking the contract
// fails when it ends.
import { afterAll, expect } from "vitest";
import { type VersionContract, versionContracts } from "./contract.js";

interface DocumentedOperation {
  method: string;
  template: string;
  pattern: RegExp;
  /** The version whose document declares it. */
  of: VersionContract;
}

const documented: DocumentedOperation[] = versionContracts.flatMap((of) =>
  Object.entries<Record<string, unknown>>(of.document.paths).flatMap(([template, item]) =>
    Object.keys(item).map((method) => ({
      method: method.toUpperCase(),
      template,
      pattern: new RegExp(`^${template.replace(/\{[^}]+\}/g, "[^/]+")}$`),
      of,
    })),
  ),
);

const JSON_MEDIA = /^application\/(problem\+)?json$/;

/** What is wrong with a response to a documented operation, or nothing (also for undocumented paths). */
export async function contractViolation(method: string, url: URL, response: Response): Promise<string | undefined> {
  const operation = documented.find((op) => op.method === method && op.pattern.test(url.pathname));
  if (!operation) return undefined;
  const { document, schemaErrors } = operation.of;
  const declared = document.paths[operation.template][method.toLowerCase()].responses;
  const spec = declared[String(response.status)] ?? declared.default;
  if (!spec) return `status ${response.status} is not declared`;
  for (const [name, header] of Object.entries<{ required?: boolean }>(spec.headers ?? {})) {
    if (header.required && !response.headers.has(name)) return `required header ${name} is missing`;
  }
  const hasBody = method !== "HEAD" && response.status !== 204 && response.status !== 304;
  if (!hasBody) return undefined;
  if (spec.content === undefined) {
    // A response declared without content (a redirect) must send none.
    return (await response.clone().arrayBuffer()).byteLength === 0 ? undefined : "a body is sent, none is declared";
  }
  const mediaType = (response.headers.get("content-type") ?? "").split(";")[0]?.trim() ?? "";
  const content = spec.content ?? {};
  const accepted = Object.keys(content).find((type) => type === mediaType || type === "*/*");
  if (!accepted) return `media type "${mediaType}" is not declared for ${response.status}`;
  if (!JSON_MEDIA.test(mediaType)) return undefined;
  const body = await response
    .clone()
    .json()
    .catch(() => Symbol.for("not JSON"));
  if (body === Symbol.for("not JSON")) return "the body is not JSON";
  const errors = schemaErrors(content[accepted].schema, body);
  return errors && `body: ${errors}`;
}

/**
 * The process's: a worker runs many files one after another (vitest.config.ts), this
 * setup runs again before each, and a helper that took `checked` keeps the first run's.
 * So the fetch it wraps is the one Node gave, and the violations are the file's own,
 * emptied as each file starts.
 */
type Checking = { direct: typeof globalThis.fetch; violations: string[] };
const processWide = globalThis as Record<symbol, Checking | undefined>;
const KEY = Symbol.for("vault.response-check");
const shared = processWide[KEY] ?? { direct: globalThis.fetch, violations: [] };
processWide[KEY] = shared;
shared.violations.length = 0;

/** `fetch`, each of whose answers is checked against the contract. */
export function checked(fetch: typeof globalThis.fetch): typeof globalThis.fetch {
  return async (input: RequestInfo | URL, init?: RequestInit) => {
    const response = await fetch(input, init);
    const method = (init?.method ?? (input instanceof Request ? input.method : "GET")).toUpperCase();
    const url = new URL(input instanceof Request ? input.url : String(input));
    const violation = await contractViolation(method, url, response);
    if (violation) shared.violations.push(`${method} ${url.pathname} → ${response.status}: ${violation}`);
    return response;
  };
}

globalThis.fetch = checked(shared.direct);

afterAll(() => {
  expect(shared.violations, "responses that break the contract").toEqual([]);
});
