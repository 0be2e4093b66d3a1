// Hands the C heap's free pages back to the operating system (glibc's `malloc_trim`):
// PGlite's WebAssembly compiles its hot functions on V8's background threads, whose
// memory glibc keeps resident after it is freed, between blocks still in use, where
// `free` cannot return it (docs/decisions/server-runtime-tuning.md).
import { createRequire } from "node:module";

/** How often the free pages are handed back while the server runs. */
const NATIVE_HEAP_TRIM_INTERVAL_MS = 10_000;

/** glibc's `malloc_trim(0)` on a thread of libuv's pool; undefined where the C library is not glibc. */
function loadTrim(): (() => void) | undefined {
  try {
    const koffi = createRequire(import.meta.url)("koffi") as typeof import("koffi");
    const mallocTrim = koffi.load("libc.so.6").func("int malloc_trim(size_t pad)");
    return () => mallocTrim.async(0, () => {});
  } catch {
    return undefined;
  }
}

/** Trims once now and then every `intervalMs`; the timer does not hold the process (none where nothing can trim). */
export function trimNativeHeapPeriodically(intervalMs = NATIVE_HEAP_TRIM_INTERVAL_MS): NodeJS.Timeout | undefined {
  const trim = loadTrim();
  if (!trim) return undefined;
  const trimOnce = () => {
    try {
      trim();
    } catch {
      // A trim that cannot start leaves the memory where it is; the next tick tries again.
    }
  };
  trimOnce();
  return setInterval(trimOnce, intervalMs).unref();
}
