// The server inside the test process: the same `startServer` that dist/main.js calls,
// on the same configuration from the same variables, without a process to boot. Its
// log lines go where a spawned server's stdout lines go.
import { Writable } from "node:stream";
import type { RunningServer } from "@vault/server";

/** Collects whole lines written to it into `lines`. */
function lineCollector(lines: string[]): Writable {
  let partial = "";
  return new Writable({
    write(chunk, _encoding, done) {
      const text = partial + String(chunk);
      const parts = text.split("\n");
      partial = parts.pop() ?? "";
      lines.push(...parts);
      done();
    },
  });
}

/** Starts the server with exactly `env`, logging into `output`; resolves once it listens and its start's own work is done. */
export async function startInProcess(env: Record<string, string>, output: string[]): Promise<RunningServer> {
  // The S3 SDK reads its credentials from the process's environment (every test bucket has the same ones).
  for (const [name, value] of Object.entries(env)) if (name.startsWith("AWS_")) process.env[name] = value;
  // Imported here, not above: every suite loads this helper, most never run a server in process (0.7 s an import).
  const { createLogger, loadConfig, startServer } = await import("@vault/server");
  const config = loadConfig(env);
  const logger = createLogger(config.logLevel, "json", lineCollector(output));
  const server = await startServer(config, logger);
  await server.settled;
  return server;
}
