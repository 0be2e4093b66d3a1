#!/bin/sh
# What the end-to-end suites covered of the server (every server and CLI process they
# started wrote V8 coverage to coverage/server-raw), mapped from dist/ back to src/,
# checked against the floor: just below the figure last measured (docs/testing.md).
set -e
raw="$PWD/coverage/server-raw"
report="$PWD/coverage/server"
cd ../apps/server
c8 report --temp-directory "$raw" --reports-dir "$report" --include 'dist/**' --include 'src/**' \
  --reporter text-summary --reporter html \
  --check-coverage --statements 95 --branches 86 --functions 92 --lines 95
rm -rf "$raw"
