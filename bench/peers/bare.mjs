// The ceiling: a bare node:http server doing the work of work.mjs (the server's api-key
// lookup, statements and response body) with no framework, no validation and no
// middleware. Bank account PUT and favourite folder PATCH. Prints one JSON line like serve.mjs.
import { createServer } from "node:http";
import { authenticate, ifMatch, openPeerDatabase, replaceBankAccount, updateFolder } from "./work.mjs";

const db = await openPeerDatabase();
const BANK_ACCOUNT = /^\/banking\/v1\/ng\/bank_accounts\/([^/]+)\/$/;
const FAVOURITE_FOLDER = /^\/evault\/v1\/favourite\/folders\/([^/]+)\/$/;

const server = createServer(async (req, res) => {
  const send = (status, body, version) => {
    res.writeHead(status, {
      "content-type": "application/json",
      ...(version === undefined ? {} : { etag: `"${version}"` }),
    });
    res.end(JSON.stringify(body));
  };
  const bankAccount = req.method === "PUT" && BANK_ACCOUNT.exec(req.url ?? "");
  const folder = req.method === "PATCH" && FAVOURITE_FOLDER.exec(req.url ?? "");
  if (!bankAccount && !folder) return send(404, { title: "not found" });
  const chunks = [];
  for await (const chunk of req) chunks.push(chunk);
  try {
    const userId = await authenticate(db.query, req.headers["api-key"]);
    if (userId === undefined) return send(401, { title: "unauthorized" });
    const body = JSON.parse(Buffer.concat(chunks).toString("utf8"));
    const expected = ifMatch(req.headers["if-match"]);
    const done = bankAccount
      ? await replaceBankAccount(db.query, userId, decodeURIComponent(bankAccount[1]), body, expected)
      : await updateFolder(db, userId, decodeURIComponent(folder[1]), body, expected);
    if (done === undefined) return send(404, { title: "not found" });
    if (done === "stale") return send(412, { title: "precondition failed" });
    send(200, done.resource, done.version);
  } catch (error) {
    send(500, { title: String(error) });
  }
});
server.listen(0, "127.0.0.1", () => {
  process.stdout.write(`${JSON.stringify({ url: `http://127.0.0.1:${server.address().port}`, ...db.seeded })}\n`);
});
process.on("SIGTERM", () => server.close(() => db.close().then(() => process.exit(0))));
