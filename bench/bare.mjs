// The ceiling baseline: a bare node:http server doing what the app does for the bank
// account PUT (api-key lookup, then the same repository call) with no framework, no
// validation and no middleware. Prints one JSON line like serve.mjs.
import { createServer } from "node:http";
import { loadConfig, openBlobStore, openDatabase } from "@vault/server";
import { authenticate } from "../apps/server/dist/domain/api-keys.js";
import { replaceBankAccount } from "../apps/server/dist/domain/banking/bank-accounts.js";
import { seed } from "./seed.mjs";

const config = loadConfig();
const database = await openDatabase(config);
await database.migrate();
const blobs = await openBlobStore(config);
const ROUTE = /^\/banking\/v1\/ng\/bank_accounts\/([^/]+)\/$/;

const server = createServer(async (req, res) => {
  const send = (status, body) => {
    res.writeHead(status, { "content-type": "application/json" });
    res.end(JSON.stringify(body));
  };
  const match = req.method === "PUT" && ROUTE.exec(req.url ?? "");
  if (!match) return send(404, { title: "not found" });
  const chunks = [];
  for await (const chunk of req) chunks.push(chunk);
  try {
    const key = req.headers["api-key"];
    const userId = typeof key === "string" ? await authenticate(database.db, key) : undefined;
    if (userId === undefined) return send(401, { title: "unauthorized" });
    const body = JSON.parse(Buffer.concat(chunks).toString("utf8"));
    const { resource, version } = await replaceBankAccount(database.db, { userId, id: match[1], input: body });
    res.setHeader("etag", `"${version}"`);
    send(200, resource);
  } catch (error) {
    send(500, { title: String(error) });
  }
});
server.listen(0, "127.0.0.1", async () => {
  const seeded = await seed(database, blobs, config.binRetentionDays);
  process.stdout.write(`${JSON.stringify({ url: `http://127.0.0.1:${server.address().port}`, ...seeded })}\n`);
});
process.on("SIGTERM", () => server.close(() => database.close().then(() => process.exit(0))));
