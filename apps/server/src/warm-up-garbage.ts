// One full garbage collection once the server has started: compiling every operation's
// validators leaves garbage that V8 keeps resident until its next full collection,
// which an idle server may not run for a long time (test/embedded-start.e2e bounds the
// first start's resident memory).
import { setFlagsFromString } from "node:v8";
import { runInNewContext } from "node:vm";

export function collectWarmUpGarbage(): void {
  setFlagsFromString("--expose-gc");
  (runInNewContext("gc") as () => void)();
}
