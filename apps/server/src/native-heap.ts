// Hands the C heap's free pages back to the operating system (glibc's `malloc_trim`):
// PGlite's WebAssembly compiles its hot functions on V8's background threads, whose
// memory glibc keeps resident after it is freed, between blocks still in use, where
// `free` cannot return it (docs/decisions/server-runtime-tuning.md).
import { createRequire } from "node:module";

/** How often the free pages are handed back while the server runs. */
const NATIVE_HEAP_TRIM_INTERVAL_MS = 10_000;

type Trim = (done: () => void) => void;

/** glibc's `malloc_trim(0)` on a thread of libuv's pool; undefined where the C library is not glibc. */
function loadTrim(): Trim | undefined {
  try {
    const koffi = createRequire(import.meta.url)("koffi") as typeof import("koffi");
    const mallocTrim = koffi.load("libc.so.6").func("int malloc_trim(size_t pad)");
    return (done) => mallocTrim.async(0, done);
  } catch {
    return undefined;
  }
}

/** Trims once now and then every `intervalMs` (the timer does not hold the process); returns the stop. */
export function trimNativeHeapPeriodically(intervalMs = NATIVE_HEAP_TRIM_INTERVAL_MS): () => void {
  const trim = loadTrim();
  if (!trim) return () => {};
  let trimming = false;
  const trimOnce = () => {
    if (trimming) return;
    trimming = true;
    try {
      trim(() => {
        trimming = false;
      });
    } catch {
      // A trim that cannot start leaves the memory where it is; the next tick tries again.
      trimming = false;
    }
  };
  trimOnce();
  const timer = setInterval(trimOnce, intervalMs).unref();
  return () => clearInterval(timer);
}
