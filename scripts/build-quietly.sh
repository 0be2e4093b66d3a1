#!/bin/sh
# Builds what `npm start`, `seed`, `keys` and `bench` run, quietly: turbo's banner and
# summary would come before the server's own first lines. Its output is shown only when
# the build fails; on a terminal a progress line stands meanwhile and is then erased.
[ -t 2 ] && printf 'Building (the first run takes a minute)...\r' >&2
out=$(TURBO_TELEMETRY_DISABLED=1 turbo run build --output-logs=errors-only 2>&1) || {
  printf '\n%s\n' "$out" >&2
  exit 1
}
[ -t 2 ] && printf '\033[K' >&2
exit 0
