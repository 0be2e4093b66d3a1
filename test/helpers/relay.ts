// Cutting the network between the server and a service it needs.
import type { Socket } from "node:net";
import { tcpRelay } from "../../bench/relay.mjs";
import type { Harness } from "./server.js";

/**
 * Puts a relay between the harness's server and the service `variable` names, and
 * restarts the server through it; `tap` sees every chunk the server sends it.
 */
export async function relayTo(
  h: Harness,
  variable: "DATABASE_URL" | "S3_ENDPOINT",
  tap?: (client: Socket) => (chunk: Buffer) => void,
) {
  const relay = await tcpRelay(new URL(h.env[variable] as string), tap);
  h.env[variable] = relay.url;
  await h.restart();
  return relay;
}
