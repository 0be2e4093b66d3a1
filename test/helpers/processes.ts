// Child processes of the suites: a clean stop.
import type { ChildProcess } from "node:child_process";

export async function stopChild(child: ChildProcess, signal: NodeJS.Signals = "SIGTERM"): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise((resolvePromise) => child.once("exit", resolvePromise));
  child.kill(signal);
  await exited;
}
