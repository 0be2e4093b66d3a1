// While a server has the embedded database open, the command-line tools run their
// commands in it: it listens on a Unix socket in DATA_DIR that only the owner of
// DATA_DIR may open, and runs the same functions the CLI runs on a store of its own.
import { chmod, rm } from "node:fs/promises";
import { createServer, request, type Server } from "node:http";
import { join } from "node:path";
import type { Logger } from "./logger.js";
import {
  type CommandResult,
  MAX_ARGUMENTS_LENGTH,
  runStoreCommand,
  type Store,
  type StoreCommand,
  storeCommands,
} from "./store-commands.js";

/** Unix socket paths are limited to 107 bytes on Linux. */
const MAX_SOCKET_PATH = 107;
const MAX_ARGS = 20;
/** The longest body the arguments make: JSON writes a character as at most 6 (`\u0000`), and the envelope around them. */
const MAX_BODY_LENGTH = 6 * MAX_ARGUMENTS_LENGTH + 1_000;
/** Longer than a seed takes (a few seconds) on a busy machine. */
const COMMAND_TIMEOUT_MS = 120_000;

export const controlSocketPath = (dataDir: string) => join(dataDir, "control.sock");

function parseCommand(body: string): { command: StoreCommand; args: string[] } | undefined {
  try {
    const { command, args } = JSON.parse(body) as { command?: unknown; args?: unknown };
    const valid =
      storeCommands.includes(command as StoreCommand) &&
      Array.isArray(args) &&
      args.length <= MAX_ARGS &&
      args.every((arg) => typeof arg === "string");
    return valid ? { command: command as StoreCommand, args: args as string[] } : undefined;
  } catch {
    return undefined;
  }
}

/** Serves the store commands on the socket; resolves to its close. */
export async function serveStoreCommands(path: string, store: Store, logger: Logger): Promise<() => Promise<void>> {
  if (Buffer.byteLength(path) > MAX_SOCKET_PATH) {
    logger.warn(
      { path },
      "DATA_DIR is too long a path for the command socket: stop the server to run the command-line tools",
    );
    return async () => {};
  }
  const server = createServer(async (req, res) => {
    let body = "";
    for await (const chunk of req) {
      body += chunk;
      if (body.length > MAX_BODY_LENGTH) break;
    }
    const parsed = req.method === "POST" ? parseCommand(body) : undefined;
    if (!parsed) {
      res.writeHead(400).end();
      return;
    }
    logger.info({ command: parsed.command }, "running a command-line command");
    const result = await runStoreCommand(store, parsed.command, parsed.args).catch((err: unknown) => {
      logger.error({ err, command: parsed.command }, "command failed");
      return { code: 2, output: "The command failed; the server's log says why.\n" };
    });
    res.writeHead(200, { "content-type": "application/json" }).end(JSON.stringify(result));
  });
  // This process holds the database's lock, so a socket file left here is a dead server's.
  await rm(path, { force: true });
  await new Promise<void>((resolve, reject) => listenPrivately(server, path, resolve, reject));
  await chmod(path, 0o600);
  return () => new Promise((resolve) => server.close(() => resolve()));
}

/**
 * Binds the socket with the umask at 077, so it is the owner's from the moment it exists
 * (a chmod after `listen` alone leaves a moment in which another local user could
 * connect). A socket path is bound synchronously, so the umask is back before anything
 * else runs; 077 only ever narrows what a file created meanwhile would get.
 */
function listenPrivately(server: Server, path: string, listening: () => void, failed: (error: Error) => void) {
  const umask = process.umask(0o077);
  try {
    server.once("error", failed).listen(path, listening);
  } finally {
    process.umask(umask);
  }
}

/** Runs the command in the server listening on the socket; undefined when none listens. */
export function sendStoreCommand(
  path: string,
  command: StoreCommand,
  args: string[],
): Promise<CommandResult | undefined> {
  return new Promise((resolve, reject) => {
    const req = request({ socketPath: path, method: "POST", path: "/" }, async (res) => {
      let body = "";
      for await (const chunk of res) body += chunk;
      if (res.statusCode === 200) resolve(JSON.parse(body) as CommandResult);
      else reject(new Error(`The server refused the command (HTTP ${res.statusCode}).`));
    });
    req.on("error", (error: NodeJS.ErrnoException) => {
      if (error.code === "ENOENT" || error.code === "ECONNREFUSED") resolve(undefined);
      else reject(error);
    });
    // A server that took the command but never answers must not hang the tool.
    req.setTimeout(COMMAND_TIMEOUT_MS, () =>
      req.destroy(new Error("The running server did not answer the command in time.")),
    );
    req.end(JSON.stringify({ command, args }));
  });
}
