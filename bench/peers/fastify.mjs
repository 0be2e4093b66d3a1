// The peer a team would pick instead: Fastify 5 with JSON schemas for the request
// (path, headers, body: Ajv) and the response (fast-json-stringify), taken from the
// same OpenAPI document, on `pg`, doing the work of work.mjs: the same api-key lookup,
// statements and response body as the server. Bank account PUT and favourite folder
// PATCH. Prints one JSON line like serve.mjs.
import { readContract } from "@vault/spec";
import Fastify from "fastify";
import { cpuProfileOnSignal } from "../cpu-profile.mjs";
import {
  authenticate,
  ifMatch,
  openPeerDatabase,
  PEER_UNSUPPORTED_FOLDER_FIELDS,
  replaceBankAccount,
  updateFolder,
} from "./work.mjs";

const contract = readContract();

/** A component schema with its `$ref`s inlined and the OpenAPI-only keywords left out. */
function schema(name) {
  const inline = (node) => {
    if (Array.isArray(node)) return node.map(inline);
    if (node === null || typeof node !== "object") return node;
    if (typeof node.$ref === "string") return inline(contract.components.schemas[node.$ref.split("/").at(-1)]);
    const { example: _example, examples: _examples, readOnly: _readOnly, ...rest } = node;
    return Object.fromEntries(Object.entries(rest).map(([key, value]) => [key, inline(value)]));
  };
  return inline(contract.components.schemas[name]);
}

const problem = (reply, status, title) =>
  reply
    .code(status)
    .type("application/problem+json")
    .send(JSON.stringify({ type: "about:blank", title, status }));

const db = await openPeerDatabase();
const app = Fastify({
  logger: { level: process.env.LOG_LEVEL ?? "warn" },
  // The server's validator options: no coercion, nothing removed, every error listed.
  ajv: { customOptions: { coerceTypes: false, removeAdditional: false, allErrors: true, strictTypes: false } },
});

const params = { type: "object", required: ["id"], properties: { id: { type: "string" } } };
const headers = {
  type: "object",
  required: ["api-key"],
  properties: { "api-key": { type: "string" }, "if-match": { type: "string" } },
};

/** Authenticates like the server's security check; undefined after answering 401. */
async function caller(request, reply) {
  const userId = await authenticate(db.query, request.headers["api-key"]);
  if (userId === undefined) problem(reply, 401, "Missing or invalid api key");
  return userId;
}

app.put(
  "/banking/v1/ng/bank_accounts/:id/",
  {
    schema: { params, headers, body: schema("NgnBankAccountReplacement"), response: { 200: schema("NgnBankAccount") } },
  },
  async (request, reply) => {
    const userId = await caller(request, reply);
    if (userId === undefined) return reply;
    const done = await replaceBankAccount(
      db.query,
      userId,
      request.params.id,
      request.body,
      ifMatch(request.headers["if-match"]),
    );
    if (!done) return problem(reply, 404, "Not found");
    reply.header("etag", `"${done.version}"`);
    return done.resource;
  },
);

app.patch(
  "/evault/v1/favourite/folders/:id/",
  { schema: { params, headers, body: schema("FolderInput"), response: { 200: schema("Folder") } } },
  async (request, reply) => {
    const userId = await caller(request, reply);
    if (userId === undefined) return reply;
    if (PEER_UNSUPPORTED_FOLDER_FIELDS.some((field) => request.body[field] !== undefined)) {
      return problem(reply, 501, "Not in the peer");
    }
    const done = await updateFolder(db, userId, request.params.id, request.body, ifMatch(request.headers["if-match"]));
    if (done === undefined) return problem(reply, 404, "Not found");
    if (done === "stale") return problem(reply, 412, "Precondition failed");
    reply.header("etag", `"${done.version}"`);
    return done.resource;
  },
);

const profile = cpuProfileOnSignal();
await app.listen({ port: 0, host: "127.0.0.1" });
process.stdout.write(`${JSON.stringify({ url: `http://127.0.0.1:${app.server.address().port}`, ...db.seeded })}\n`);
process.on("SIGTERM", async () => {
  await profile.written();
  await app.close();
  await db.close();
  process.exit(0);
});
