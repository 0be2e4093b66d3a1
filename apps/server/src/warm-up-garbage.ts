// One full garbage collection once the server has started: compiling every operation's
// validators leaves 20-30 MiB of garbage that V8 keeps resident until its next full
// collection, which an idle server may not run for a long time (the first start's
// resident memory is bounded: test/embedded-start.e2e).
import { setFlagsFromString } from "node:v8";
import { runInNewContext } from "node:vm";

export function collectWarmUpGarbage(): void {
  setFlagsFromString("--expose-gc");
  (runInNewContext("gc") as () => void)();
}
