// Child processes of the suites: free ports to start them on, their memory, and a clean stop.
import type { ChildProcess } from "node:child_process";
import { once } from "node:events";
import { readFile } from "node:fs/promises";
import type { AddressInfo } from "node:net";
import { createServer } from "node:net";

export async function freePort(): Promise<number> {
  const probe = createServer().listen(0, "127.0.0.1");
  await once(probe, "listening");
  const { port } = probe.address() as AddressInfo;
  await new Promise((resolvePromise) => probe.close(resolvePromise));
  return port;
}

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
