// Cutting the network between the server and a service it needs.
import { once } from "node:events";
import { type AddressInfo, connect, createServer, type Socket } from "node:net";
import type { Harness } from "./server.js";

/**
 * A TCP relay to a service (PostgreSQL, the S3 server) that can be cut and restored:
 * the service becomes unreachable while it keeps running. `url` is `target` with the
 * relay's port (PostgreSQL's 5432 when `target` names none).
 */
async function cuttableRelay(target: URL) {
  const sockets = new Set<Socket>();
  const relay = createServer((client) => {
    const upstream = connect(Number(target.port || 5432), target.hostname);
    for (const socket of [client, upstream]) {
      sockets.add(socket);
      socket.on("close", () => sockets.delete(socket)).on("error", () => {});
    }
    client.pipe(upstream).pipe(client);
  });
  relay.listen(0, "127.0.0.1");
  await once(relay, "listening");
  const { port } = relay.address() as AddressInfo;
  return {
    url: Object.assign(new URL(target), { port: String(port) }).toString(),
    cut: async () => {
      for (const socket of sockets) socket.destroy();
      await new Promise((resolve) => relay.close(resolve));
    },
    restore: async () => {
      relay.listen(port, "127.0.0.1");
      await once(relay, "listening");
    },
  };
}

/** Puts a relay between the harness's server and the service `variable` names, and restarts the server through it. */
export async function relayTo(h: Harness, variable: "DATABASE_URL" | "S3_ENDPOINT") {
  const relay = await cuttableRelay(new URL(h.env[variable] as string));
  h.env[variable] = relay.url;
  await h.restart();
  return relay;
}
