// A webhook receiver for the benchmark (issue 28 §4), in a process of its own so that it
// shares no event loop with autocannon: node:http on 127.0.0.1, counting the unique
// `webhook-id`s it got (a retry repeats its id). Prints `{"url", "control"}` once
// listening. It answers 200 at once, or, held (`POST /control/hold`), keeps every
// delivery waiting, answering those waiting every HOLD_RELEASE_MS (under the server's
// 10 s timeout, so a held delivery does not fail and fall into the retry schedule):
// a receiver this slow lets the server's deliveries pile up (a backlog).
// `POST /control/answer` answers those waiting and every later one at once; it and
// `GET /control/stats` give the receiver's clock (`now`, ms), the unique ids so far and
// when the last new one arrived.
import { createServer } from "node:http";

const HOLD_RELEASE_MS = 4000;
const seen = new Set();
let requests = 0;
let lastNewAt = null;
let held = [];
let holding = false;

const answer = (res) => res.writeHead(200, { "content-type": "text/plain" }).end("ok");
const releaseHeld = () => {
  const waiting = held;
  held = [];
  for (const res of waiting) answer(res);
};
setInterval(releaseHeld, HOLD_RELEASE_MS).unref();

const stats = () => ({ now: performance.now(), unique: seen.size, requests, lastNewAt, held: held.length });
const json = (res, body) => res.writeHead(200, { "content-type": "application/json" }).end(JSON.stringify(body));

const server = createServer((req, res) => {
  if (req.url === "/control/stats") return json(res, stats());
  if (req.url === "/control/hold") {
    holding = true;
    return json(res, stats());
  }
  if (req.url === "/control/answer") {
    holding = false;
    const at = stats();
    releaseHeld();
    return json(res, at);
  }
  req.on("data", () => {});
  req.on("end", () => {
    requests++;
    const id = req.headers["webhook-id"];
    if (id && !seen.has(id)) {
      seen.add(id);
      lastNewAt = performance.now();
    }
    if (holding) held.push(res);
    else answer(res);
  });
});
server.keepAliveTimeout = 60_000;
server.listen(0, "127.0.0.1", () => {
  const { port } = server.address();
  process.stdout.write(
    `${JSON.stringify({ url: `http://127.0.0.1:${port}/hooks`, control: `http://127.0.0.1:${port}/control` })}\n`,
  );
});
process.on("SIGTERM", () => process.exit(0));
