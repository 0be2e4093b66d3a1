// Temp uploads carry their process's identity in their name: machine, pid and start
// time (pids are reused). Several machines may share the store, and a pid means
// nothing on another machine: a temp of this machine is abandoned once its process is
// gone, any temp once it is older than any upload can last (a process discards its own
// when their request ends; one it could not discard, the store being down, stays).
import { randomUUID } from "node:crypto";
import { readFileSync } from "node:fs";
import { hostname } from "node:os";

/** A new temp name owned by this process: `<machine>@<pid>.<start ticks>-<uuid>`. */
export const tempName = () => `${MACHINE}@${PROCESS_ID}-${randomUUID()}`;

/** Whether the temp named `name` (stored at `storedAt`) can belong to no upload in progress. */
export function isAbandoned(name: string, storedAt: Date): boolean {
  const owner = name.slice(0, name.indexOf("-"));
  const at = owner.lastIndexOf("@");
  if (Date.now() - storedAt.getTime() > ABANDONED_MS) return true;
  return owner.slice(0, at) === MACHINE && !isRunning(owner.slice(at + 1));
}

/** When a process started, in clock ticks since boot (Linux); undefined elsewhere. */
function startTicks(pid: number): string | undefined {
  try {
    // Field 22 of /proc/<pid>/stat, counted after the parenthesised command name.
    const stat = readFileSync(`/proc/${pid}/stat`, "utf8");
    return stat.slice(stat.lastIndexOf(")") + 2).split(" ")[19];
  } catch {
    return undefined;
  }
}

/** `<pid>.<start ticks>`: unlike a bare pid, never the name of a later process. */
const PROCESS_ID = `${process.pid}.${startTicks(process.pid) ?? "0"}`;

/** This machine (this boot of it) among those sharing the store: its host name and boot id. */
const MACHINE = `${hostname().replace(/[^\w]/g, "_")}.${bootId()}`;

/** Older than any upload can last (`REQUEST_TIMEOUT_MS` is at most an hour). */
const ABANDONED_MS = 24 * 60 * 60 * 1000;

function bootId(): string {
  try {
    return readFileSync("/proc/sys/kernel/random/boot_id", "utf8").trim().replace(/[^\w]/g, "");
  } catch {
    return "0";
  }
}

function isRunning(owner: string): boolean {
  const [pidText, ticks] = owner.split(".");
  const pid = Number(pidText);
  if (!Number.isInteger(pid) || pid <= 0) return false;
  try {
    process.kill(pid, 0);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== "EPERM") return false;
  }
  const current = startTicks(pid);
  return current === undefined || ticks === "0" || current === ticks;
}
