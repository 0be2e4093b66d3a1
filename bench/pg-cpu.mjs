// PostgreSQL CPU time spent for one benchmark database, from /proc: the time on a CPU
// (user + system, /proc/<pid>/schedstat, in ns: /proc/<pid>/stat counts in 10 ms ticks,
// too coarse for a backend's share of a few hundred requests) of the server processes
// (backends) serving that database's client connections.
// PostgreSQL runs on this machine; pg_stat_statements is not loaded on it (its
// shared_preload_libraries is empty), and /proc needs nothing from the cluster.
// Counted: every client backend connected to the database (whoever opened it), except
// the sampler's own. Not counted: other databases' sessions on the same cluster (the
// test suites sharing it), autovacuum, the WAL writer and checkpointer (work the writes
// cause later), and a backend that ends between two samples (its last slice is lost;
// the servers' pools keep theirs open while they are under load).
import { readFileSync } from "node:fs";
import pg from "pg";

/** CPU time (µs) a backend (one thread) has run so far. */
const onCpu = (pid) => Number(readFileSync(`/proc/${pid}/schedstat`, "utf8").split(" ")[0]) / 1000;

/** A sampler of the CPU time (µs) the client backends of `databaseUrl` have used so far. */
export async function databaseCpu(databaseUrl) {
  const client = new pg.Client(databaseUrl);
  await client.connect();
  const backends = async () =>
    (
      await client.query(
        `select pid from pg_stat_activity
         where datname = current_database() and backend_type = 'client backend' and pid <> pg_backend_pid()`,
      )
    ).rows.map((row) => row.pid);
  const sample = async () => {
    const times = new Map();
    for (const pid of await backends()) {
      try {
        times.set(pid, onCpu(pid));
      } catch {
        // Ended since the list was read.
      }
    }
    return times;
  };
  return {
    /** Starts a measurement; the function it returns gives the CPU µs used since. */
    async start() {
      const before = await sample();
      return async () => {
        let used = 0;
        for (const [pid, time] of await sample()) used += time - (before.get(pid) ?? 0);
        return used;
      };
    },
    close: () => client.end(),
  };
}
