// A TCP relay to a service (PostgreSQL, an S3 server), for the benchmark and the test
// suites: `url` is `target` with the relay's port (PostgreSQL's 5432 when `target` names
// none). `tap`, when given, is called with each connection's client socket and returns
// what sees every chunk that client sends. `cut` makes the service unreachable while it
// keeps running (its connections dropped, no new ones taken); `restore` takes connections again.
// `loseNextAnswer` drops the connection on which the service next answers, before any
// byte of the answer reaches the client: the request was received, its answer is lost.
import { once } from "node:events";
import { connect, createServer } from "node:net";

export async function tcpRelay(target, tap) {
  const sockets = new Set();
  let answersToLose = 0;
  const relay = createServer((client) => {
    const upstream = connect(Number(target.port || 5432), target.hostname);
    for (const socket of [client, upstream]) {
      sockets.add(socket);
      socket.on("close", () => sockets.delete(socket)).on("error", () => {});
    }
    if (tap) client.on("data", tap(client));
    upstream.prependListener("data", () => {
      if (answersToLose === 0) return;
      answersToLose--;
      client.destroy();
      upstream.destroy();
    });
    client.pipe(upstream).pipe(client);
  });
  relay.listen(0, "127.0.0.1");
  await once(relay, "listening");
  const { port } = relay.address();
  return {
    url: Object.assign(new URL(target), { port: String(port) }).toString(),
    async cut() {
      for (const socket of sockets) socket.destroy();
      await new Promise((resolve) => relay.close(resolve));
    },
    loseNextAnswer() {
      answersToLose++;
    },
    async restore() {
      relay.listen(port, "127.0.0.1");
      await once(relay, "listening");
    },
  };
}
