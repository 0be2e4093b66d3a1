// The CPU profiler of a bench server process, steady state only: with
// BENCH_CPU_PROFILE=<file>, SIGUSR2 starts V8's profiler (the one `node --cpu-prof`
// runs, without start-up in it) and `written()` stops it and writes the profile there.
import { writeFile } from "node:fs/promises";
import { Session } from "node:inspector/promises";

export function cpuProfileOnSignal() {
  const file = process.env.BENCH_CPU_PROFILE;
  if (!file) return { written: async () => {} };
  const session = new Session();
  session.connect();
  const enabled = session.post("Profiler.enable");
  process.on("SIGUSR2", () => enabled.then(() => session.post("Profiler.start")));
  return {
    async written() {
      const { profile } = await session.post("Profiler.stop");
      await writeFile(file, JSON.stringify(profile));
    },
  };
}
