// Child processes of the suites: their memory, and a clean stop.
import type { ChildProcess } from "node:child_process";
import { readFile } from "node:fs/promises";

export async function stopChild(child: ChildProcess, signal: NodeJS.Signals = "SIGTERM"): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise((resolvePromise) => child.once("exit", resolvePromise));
  child.kill(signal);
  await exited;
}

/** A process's resident memory in bytes, now or at its peak, from /proc (Linux). */
export async function residentBytes(pid: number | undefined, which: "now" | "peak" = "now"): Promise<number> {
  const status = await readFile(`/proc/${pid}/status`, "utf8");
  const field = which === "now" ? /VmRSS:\s+(\d+) kB/ : /VmHWM:\s+(\d+) kB/;
  const kB = field.exec(status)?.[1];
  if (kB === undefined) throw new Error(`/proc/${pid}/status names no ${which === "now" ? "VmRSS" : "VmHWM"}`);
  return Number(kB) * 1024;
}
