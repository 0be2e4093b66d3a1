// The fetch the harness's generated clients use: the client's Request sent over
// node:http with a keep-alive agent, its answer read whole into a Response. It costs
// about half the CPU of undici's fetch for the same request and answer (the suites'
// largest client-side cost), and the suites' own fetch calls keep undici. Buffered
// both ways: the client's bodies are JSON or forms, and its answers are read whole
// (`parseAs` json, text, blob or arrayBuffer). No redirects: no API operation sends one.
import http from "node:http";

/**
 * Idle sockets close after 4 s, before the server's 5 s keep-alive timeout can close one
 * under a request (a `read ECONNRESET`, which the suites' clients do not retry). Newman's
 * runs use it too.
 */
export const agent = new http.Agent({ keepAlive: true, timeout: 4_000 });

/** Statuses whose Response must have no body. */
const NULL_BODY = new Set([204, 205, 304]);

export async function httpFetch(request: Request): Promise<Response> {
  const body = request.body === null ? undefined : Buffer.from(await request.arrayBuffer());
  request.signal.throwIfAborted();
  const headers: Record<string, string> = Object.fromEntries(request.headers);
  if (body) headers["content-length"] = String(body.length);
  return new Promise((resolve, reject) => {
    const fail = (error: Error) =>
      reject(request.signal.aborted ? request.signal.reason : new TypeError("fetch failed", { cause: error }));
    const outgoing = http.request(request.url, { method: request.method, headers, agent, signal: request.signal });
    outgoing.on("error", fail);
    outgoing.on("response", (incoming) => {
      const chunks: Buffer[] = [];
      incoming.on("data", (chunk: Buffer) => chunks.push(chunk));
      incoming.on("error", fail);
      incoming.on("end", () => {
        const answerHeaders = new Headers();
        for (let i = 0; i < incoming.rawHeaders.length; i += 2)
          answerHeaders.append(incoming.rawHeaders[i] as string, incoming.rawHeaders[i + 1] as string);
        const status = incoming.statusCode ?? 0;
        resolve(
          new Response(NULL_BODY.has(status) ? null : Buffer.concat(chunks), {
            status,
            statusText: incoming.statusMessage,
            headers: answerHeaders,
          }),
        );
      });
    });
    outgoing.end(body);
  });
}
