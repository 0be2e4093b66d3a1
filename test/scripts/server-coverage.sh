#!/bin/sh
# What the end-to-end suites covered of the server (every server and CLI process they
# started wrote V8 coverage to coverage/server-raw), mapped from the bundles in dist/ back to src/,
# checked against the floor of the configuration that ran, each just below the figure
# last measured in it (docs/testing.md): strict where every suite ran (PostgreSQL, Redis,
# S3 and Chromium: CI), bare where the suites needing them were skipped (a fresh clone).
set -e
raw="$PWD/coverage/server-raw"
report="$PWD/coverage/server"
if [ -n "$TEST_DATABASE_URL" ] && [ -n "$TEST_REDIS_URL" ] && [ -n "$TEST_S3_ENDPOINT" ] && [ -x /usr/bin/chromium ]; then
  echo "Server coverage floor: strict (PostgreSQL, Redis, S3 and Chromium suites ran)"
  floor="--statements 95 --branches 86 --functions 92 --lines 95"
else
  echo "Server coverage floor: bare (TEST_DATABASE_URL, TEST_REDIS_URL, TEST_S3_ENDPOINT or /usr/bin/chromium missing: their suites were skipped)"
  floor="--statements 94 --branches 85 --functions 91 --lines 94"
fi
node scripts/drop-node-source-maps.mjs "$raw"
cd ../apps/server
# shellcheck disable=SC2086 # $floor is four options
c8 report --temp-directory "$raw" --reports-dir "$report" --include 'src/**' --exclude-after-remap \
  --reporter text-summary --reporter html \
  --check-coverage $floor
rm -rf "$raw"
