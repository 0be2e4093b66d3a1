#!/bin/sh
# `npm run mock`: Prism mock mode on each version's committed document, v1 on MOCK_PORT
# (4010 by default) and v2 on the next port (Prism serves one document per process).
# Stopping the script stops both; if either Prism dies (a port taken), the other is
# stopped and the script exits 1. npm's sh has no `wait -n`: it looks once a second.
port=${MOCK_PORT:-4010}
trap 'kill $v1 $v2 2>/dev/null' EXIT
trap 'exit 0' INT TERM
prism mock --host 127.0.0.1 --port "$port" spec/generated/v1/openapi.yaml &
v1=$!
prism mock --host 127.0.0.1 --port $((port + 1)) spec/generated/v2/openapi.yaml &
v2=$!
while kill -0 $v1 2>/dev/null && kill -0 $v2 2>/dev/null; do sleep 1; done
exit 1
