// Prism (@stoplight/prism-cli) in proxy mode in front of the server: every request and
// response passes through it and it logs what breaks the contract. It runs without
// --errors, so it never answers in the server's place, and without CORS handling of its
// own (--no-cors), so the server's CORS is what clients see. patches/ makes it forward
// the exact bytes both ways (see the comment in the prism-http-server patch).
import { type ChildProcess, spawn } from "node:child_process";
import { once } from "node:events";
import { copyFileSync, mkdtempSync, rmSync } from "node:fs";
import { createRequire } from "node:module";
import type { AddressInfo } from "node:net";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { createInterface } from "node:readline";
import { openapiPath } from "@vault/spec";
import { contract } from "./contract.js";

/** Set by the "prism" project of vitest.config.ts: every server the suites start gets a Prism proxy in front. */
export const viaPrism = process.env.VAULT_E2E_VIA === "prism";

/** What Prism found since the last check: responses that break the contract, and requests it failed itself. */
const findings: string[] = [];

/**
 * Lines of Prism's log that fail the test file:
 * - `Violation: response…`: a body, header or media type the contract does not allow, and a
 *   status the operation does not declare ("Unable to match the returned status code…";
 *   logged as an error for a 2xx, as a warning otherwise, with the same prefix).
 * - `Request terminated with error`: Prism answered in the server's place (upstream
 *   unreachable, a body it could not handle), so the client did not get the server's answer.
 * Prism exiting while in use (it crashes on some multipart bodies) or restarting (it stops
 * listening meanwhile) fails the file too.
 * Requests to paths the document lacks (/healthz, /metrics, /docs/) are forwarded without
 * validation and logged as "Violation: request Selected route not found"; that is no finding.
 */
const failing = /Violation: response|Request terminated with error|Restarting Prism/;

export async function freePort(): Promise<number> {
  const probe = createServer().listen(0, "127.0.0.1");
  await once(probe, "listening");
  const { port } = probe.address() as AddressInfo;
  await new Promise((resolvePromise) => probe.close(resolvePromise));
  return port;
}

let snapshot: string | undefined;

/**
 * The document Prism validates against: a copy taken once per test process. Prism watches
 * its document and, when it changes on disk (a build regenerating spec/generated while
 * the suite runs), restarts and refuses connections meanwhile.
 */
function documentSnapshot(): string {
  if (!snapshot) {
    const dir = mkdtempSync(join(tmpdir(), "vault-prism-"));
    snapshot = join(dir, "openapi.yaml");
    copyFileSync(openapiPath, snapshot);
    process.once("exit", () => rmSync(dir, { recursive: true, force: true }));
  }
  return snapshot;
}

/** Starts Prism on `port` in front of `upstream`; resolves once it listens. */
export function spawnPrism(upstream: string, port: number): Promise<{ url: string; proxy: ChildProcess }> {
  const prism = createRequire(import.meta.url).resolve("@stoplight/prism-cli/dist/index.js");
  const proxy = spawn(
    process.execPath,
    [prism, "proxy", documentSnapshot(), upstream, "--host", "127.0.0.1", "--port", String(port), "--no-cors"],
    { stdio: ["ignore", "pipe", "pipe"] },
  );
  let stderr = "";
  proxy.stderr?.on("data", (chunk) => {
    stderr += chunk;
  });
  return new Promise((resolvePromise, reject) => {
    const lines = createInterface({ input: proxy.stdout as NodeJS.ReadableStream });
    lines.on("line", (line) => {
      if (failing.test(line)) findings.push(`Prism log: ${line.trim()}`);
      if (/Prism is listening/.test(line)) resolvePromise({ url: `http://127.0.0.1:${port}`, proxy });
    });
    proxy.once("exit", (code, signal) => {
      reject(new Error(`prism exited with ${code}: ${stderr}`));
      // Only stopChild ends Prism (SIGTERM); any other exit is Prism failing mid-run.
      if (signal !== "SIGTERM") findings.push(`Prism exited with ${code ?? signal}: ${stderr.slice(-2000)}`);
    });
  });
}

/** Throws with everything Prism found since the last call (and forgets it). */
export function assertPrismFoundNothing(): void {
  if (findings.length > 0) {
    throw new Error(`Prism saw responses that break the contract:\n${findings.splice(0).join("\n")}`);
  }
}

/** The documented operations as matchers of a request's method and path. */
const documented = Object.entries<Record<string, unknown>>(contract.paths).flatMap(([path, item]) =>
  Object.keys(item).map((method) => ({
    method: method.toUpperCase(),
    path: new RegExp(`^${path.replace(/\{[^}]+\}/g, "[^/]+")}$`),
  })),
);

interface PrismViolation {
  location?: string[];
  message?: string;
}

/**
 * Prism also reports each response's violations in its `sl-violations` header. This check
 * reads it for the requests this process makes with fetch, so that a finding names its
 * request, and so that a documented operation Prism routed nowhere (and so did not
 * validate: "Selected route not found") fails instead of passing unchecked.
 */
function checkViolationsHeader(method: string, url: URL, response: Response): void {
  const header = response.headers.get("sl-violations");
  if (!header) return;
  const request = `${method} ${url.pathname} -> ${response.status}`;
  let violations: PrismViolation[];
  try {
    violations = JSON.parse(header);
  } catch {
    // Over 8 KB Prism cuts the header ("Too many violations! …"), which is no JSON.
    if (header.includes('"location":["response"')) findings.push(`${request}: ${header}`);
    return;
  }
  for (const violation of violations) {
    if (violation.location?.[0] === "response") {
      findings.push(`${request}: ${violation.location.join(".")} ${violation.message}`);
    }
    const routed = violation.message !== "Selected route not found";
    if (!routed && documented.some((op) => op.method === method && op.path.test(url.pathname))) {
      findings.push(`${request}: a documented operation that Prism did not route, so did not validate`);
    }
  }
}

if (viaPrism) {
  // Every fetch of the test process (the generated client's and the suites' own) is checked.
  const direct = globalThis.fetch;
  globalThis.fetch = async (input: RequestInfo | URL, init?: RequestInit) => {
    const response = await direct(input, init);
    const method = (init?.method ?? (input instanceof Request ? input.method : "GET")).toUpperCase();
    const url = new URL(input instanceof Request ? input.url : String(input));
    checkViolationsHeader(method, url, response);
    return response;
  };
}

/**
 * Puts Prism in front of a server the suite started itself (the "prism" project only;
 * otherwise the server's own address). `stop` ends Prism and fails on what it found.
 */
export async function prismInFront(upstream: string): Promise<{ url: string; stop(): Promise<void> }> {
  if (!viaPrism) return { url: upstream, stop: async () => {} };
  const { url, proxy } = await spawnPrism(upstream, await freePort());
  return {
    url,
    async stop() {
      await stopChild(proxy);
      assertPrismFoundNothing();
    },
  };
}

export async function stopChild(child: ChildProcess, signal: NodeJS.Signals = "SIGTERM"): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise((resolvePromise) => child.once("exit", resolvePromise));
  child.kill(signal);
  await exited;
}
