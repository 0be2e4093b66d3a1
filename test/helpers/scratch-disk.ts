// Vitest global setup, before the templates: the suites' scratch data (the templates,
// each suite's data directory, blobs and packed client) goes to a RAM disk when the
// machine has one with room, unless TMPDIR says where. On the disk, copying a template
// and removing a suite's data cost about a third of a CPU second each start, and every
// fsync waits for the disk. No suite proves anything about the disk under it:
// durable-uploads traces the fsync calls, and storage-failures mounts its own full disk.
import { mkdtempSync, rmSync, statfsSync } from "node:fs";
import { join } from "node:path";

const RAM_DISK = "/dev/shm";
/** Linux's tmpfs, as statfs names it. */
const TMPFS_MAGIC = 0x01021994;
/** Room for the largest suite (a 512 MiB upload, a 65,536-file folder) with every other beside it. */
const ROOM_BYTES = 8 * 1024 ** 3;

function roomyRamDisk(dir: string): boolean {
  try {
    const disk = statfsSync(dir);
    return disk.type === TMPFS_MAGIC && disk.bavail * disk.bsize >= ROOM_BYTES;
  } catch {
    return false;
  }
}

export default function setup() {
  if (process.env.TMPDIR || !roomyRamDisk(RAM_DISK)) return;
  const dir = mkdtempSync(join(RAM_DISK, "vault-tests-"));
  // Read by os.tmpdir() here and in the test workers, which inherit it.
  process.env.TMPDIR = dir;
  return () => rmSync(dir, { recursive: true, force: true });
}
