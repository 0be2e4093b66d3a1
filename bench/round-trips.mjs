// Round trips to PostgreSQL, counted on the wire: a TCP relay between a server and the
// database reads the frontend protocol and counts the messages after which the client
// waits for the database's answer (a simple Query 'Q', an extended-protocol Sync 'S').
// Independent of the server's code and configuration: what the relay counts is what
// went over the network.
import { startChild, stopChild } from "./processes.mjs";
import { tcpRelay } from "./relay.mjs";
import { scenarios } from "./scenarios.mjs";

/**
 * Splits one connection's frontend byte stream into messages: `onMessage(type, body)`
 * for each typed message (the type a one-character string, the body without its length).
 */
export function frontendMessages(onMessage) {
  let pending = Buffer.alloc(0);
  // The startup message (and an SSL or cancel request) has no type byte.
  let started = false;
  return (chunk) => {
    pending = pending.length ? Buffer.concat([pending, chunk]) : chunk;
    for (;;) {
      const header = started ? 5 : 4;
      if (pending.length < header) return;
      const length = pending.readInt32BE(started ? 1 : 0) + (started ? 1 : 0);
      if (pending.length < length) return;
      if (!started) {
        // 80877103: SSLRequest, answered by one byte; anything else is the startup message.
        started = pending.readInt32BE(4) !== 80877103;
      } else {
        onMessage(String.fromCharCode(pending[0]), pending.subarray(5, length));
      }
      pending = pending.subarray(length);
    }
  };
}

/** Counts the round-trip-ending messages (a simple Query, an extended-protocol Sync). */
const frontendCounter = (onRoundTrip) =>
  frontendMessages((type) => {
    if (type === "Q" || type === "S") onRoundTrip();
  });

/**
 * A relay to the PostgreSQL of `databaseUrl`. `url` is the same database through the
 * relay; `roundTrips` the number of round trips every connection through it made so far.
 */
export async function roundTripRelay(databaseUrl) {
  let roundTrips = 0;
  const relay = await tcpRelay(new URL(databaseUrl), () => frontendCounter(() => roundTrips++));
  return {
    url: relay.url,
    get roundTrips() {
      return roundTrips;
    },
    close: relay.cut,
  };
}

/**
 * Round trips per request of an operation: `requests` requests of `scenario` (request
 * i is `scenario(i)`), one after another, on a server whose database is behind `relay`;
 * the relay's count over them divided by their number. Throws on an unsuccessful answer
 * (a refusal is not the path being counted).
 */
export async function roundTripsPerRequest(server, relay, scenario, requests = 20) {
  const before = relay.roundTrips;
  for (let i = 0; i < requests; i++) {
    const { method, path, headers, body } = scenario(i);
    const res = await fetch(server.url + path, { method, headers, body });
    await res.arrayBuffer();
    if (!res.ok) throw new Error(`${method} ${path} answered ${res.status} while counting round trips`);
  }
  return +((relay.roundTrips - before) / requests).toFixed(1);
}

/**
 * Round trips per request of each of `ops` on the PostgreSQL of `databaseUrl` (already
 * migrated): a validated server of its own, started through a relay and seeded like the
 * others (the servers under load talk to PostgreSQL directly, without the relay's hop).
 * Each operation's first request is left out (not the steady state).
 */
export async function roundTripsPerOperation(databaseUrl, dataDir, ops, requests = 20) {
  const relay = await roundTripRelay(databaseUrl);
  const server = await startChild("serve.mjs", { DATABASE_URL: relay.url, DATA_DIR: dataDir }, "roundTrips");
  try {
    const counts = {};
    for (const op of ops) {
      const scenario = scenarios(server)[op];
      await roundTripsPerRequest(server, relay, scenario, 1);
      counts[op] = await roundTripsPerRequest(server, relay, scenario, requests);
    }
    return counts;
  } finally {
    await stopChild(server);
    await relay.close();
  }
}
