import { createHash } from "node:crypto";
import { realpathSync } from "node:fs";
import { createServer } from "node:net";

/** The embedded database is open in another process: PGlite admits one. */
export class StoreInUse extends Error {
  constructor(dir: string) {
    super(
      `The embedded database under ${dir} is open in another process (a running server?). ` +
        "Stop it, or set DATABASE_URL to use PostgreSQL, which admits many.",
    );
  }
}

/**
 * Holds `dir` for this process alone until the returned release runs. The lock is a
 * Linux abstract Unix socket named after the directory's real path: binding one is
 * atomic and exclusive, and the kernel releases it when the process ends however it
 * ends, so a crashed server leaves no stale lock and no timing can steal a live one
 * (a lock file's staleness timer cannot tell a dead process from one whose event loop
 * the WASM database blocks for seconds). It holds among the processes of one network
 * namespace (one machine or container); elsewhere than Linux the directory is not locked.
 */
export async function lockDirectory(dir: string): Promise<() => Promise<void>> {
  if (process.platform !== "linux") return async () => {};
  const name = createHash("sha256").update(realpathSync(dir)).digest("hex");
  // Nothing is ever served: a connection (another process asking) is closed at once.
  const server = createServer((socket) => socket.destroy());
  await new Promise<void>((resolve, reject) => {
    server.once("error", (error: NodeJS.ErrnoException) =>
      reject(error.code === "EADDRINUSE" ? new StoreInUse(dir) : error),
    );
    server.listen({ path: `\0vault-embedded-database:${name}` }, resolve);
  });
  server.unref();
  return () => new Promise((resolve) => server.close(() => resolve()));
}
