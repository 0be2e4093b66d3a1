import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { type ExampleRequest, examplePath, exampleRequests } from "@vault/spec";
import express, { type NextFunction, type Request, type RequestHandler, type Response } from "express";
import type { SchemaObject } from "./contract-document.js";
import { problem } from "./problems.js";
import { type ContractGate, matchPathsExactly } from "./validator.js";

interface WarmUpRequest {
  method: string;
  path: string;
  body?: string;
  type?: string;
  headers: Record<string, string>;
}

/** A multipart form of the example's fields and a one-byte file part (the `file` field). */
function form(fields: Record<string, unknown>): string {
  const part = (name: string, value: string, file = "") =>
    `--warmup\r\nContent-Disposition: form-data; name="${name}"${file}\r\n\r\n${value}\r\n`;
  const parts = Object.entries(fields)
    .filter(([name]) => name !== "file")
    .flatMap(([name, value]) =>
      (Array.isArray(value) ? value : [value]).map((one) =>
        part(name, typeof one === "string" ? one : JSON.stringify(one)),
      ),
    );
  return `${part("file", "w", '; filename="w.txt"\r\nContent-Type: text/plain')}${parts.join("")}--warmup--\r\n`;
}

/** The body of an example request in its media type: JSON, a form with a file part, or one byte. */
function bodyOf({ mediaType, body }: ExampleRequest): Pick<WarmUpRequest, "body" | "type"> {
  if (mediaType === undefined) return {};
  if (mediaType === "multipart/form-data")
    return { body: form((body ?? {}) as Record<string, unknown>), type: "multipart/form-data; boundary=warmup" };
  if (mediaType === "application/json") return { body: JSON.stringify(body ?? {}), type: mediaType };
  return { body: "w", type: mediaType };
}

/**
 * One request per operation, each valid for the contract: its `@opExample`'s request,
 * whose ids exist nowhere, in the media type it takes; a required parameter its example
 * cannot give is `0` (an id that exists nowhere, a valid offset).
 */
function warmUpRequests(contract: SchemaObject): [string, WarmUpRequest][] {
  return Object.entries(exampleRequests(contract, "0")).map(([operationId, example]) => [
    operationId,
    {
      method: example.method,
      path: examplePath(example),
      headers: Object.fromEntries(Object.entries(example.params.header).map(([name, value]) => [name, String(value)])),
      ...bodyOf(example),
    },
  ]);
}

/**
 * express-openapi-validator compiles each operation's request and response validators
 * on its first request, which would then wait for them. Before the server serves anyone, one valid request
 * per operation goes through a second app on a loopback port that shares the gate's
 * routing and validation (and so their caches) but has no authentication and no
 * handlers: each request is validated and answered with a 404 problem (OPTIONS: 401), whose response
 * validation compiles the operation's response validators. Nothing in it can reach the
 * data, and the served app keeps one way to authenticate. Resolves to the requests that
 * did not get that far (a warm-up request the contract refuses), to be reported.
 */
export async function compileValidators(
  gate: ContractGate,
  bodyReaders: RequestHandler[],
  contract: SchemaObject,
): Promise<string[]> {
  const app = express();
  matchPathsExactly(app);
  app.use(express.json(), gate.route, ...bodyReaders, ...gate.validate, (req: Request, res: Response) => {
    // A HEAD answer has no body to validate. OPTIONS (the tus server's description) declares no 404: its 401.
    if (req.method === "HEAD") res.status(404).end();
    else if (req.method === "OPTIONS") res.status(401).type("application/problem+json").json(problem("unauthorized"));
    else res.status(404).type("application/problem+json").json(problem("not_found", "Warm-up: no such item."));
  });
  app.use((err: unknown, _req: Request, res: Response, _next: NextFunction) => {
    const status = (err as { status?: number }).status ?? 500;
    res
      .status(status)
      .type("application/problem+json")
      .send(JSON.stringify(problem("bad_request", String(err))));
  });
  const server = createServer(app).listen(0, "127.0.0.1");
  const refused: string[] = [];
  try {
    await new Promise((resolve) => server.once("listening", resolve));
    const { port } = server.address() as AddressInfo;
    for (const [operationId, { method, path, body, type, headers: more }] of warmUpRequests(contract)) {
      // Validators are cached per request media type: a request without a body has none.
      const headers: Record<string, string> = {
        ...more,
        ...(body === undefined ? {} : { "content-type": type ?? "application/json" }),
      };
      const res = await fetch(`http://127.0.0.1:${port}${path}`, { method, headers, body });
      const text = await res.text();
      if (res.status !== (method === "OPTIONS" ? 401 : 404))
        refused.push(`${operationId}: ${res.status} ${text.slice(0, 300)}`);
    }
  } finally {
    server.close();
    server.closeAllConnections();
  }
  return refused;
}
