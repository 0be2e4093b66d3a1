#!/usr/bin/env bash
# A real S3 server for the tests: Ceph's RADOS Gateway (Debian's ceph-mon, ceph-osd,
# radosgw) on one monitor and one OSD on the in-memory `memstore` backend, bound to
# 127.0.0.1, with its data in a temp dir. It checks SigV4 signatures and supports
# conditional requests, multipart uploads and ranges, unlike the fakes.
#
#   scripts/s3-test-server.sh start   starts it (fails if already running) and prints the env lines
#   scripts/s3-test-server.sh env     prints `export TEST_S3_…=…` lines for a running one
#   scripts/s3-test-server.sh stop    stops every daemon and removes the temp dir
#
# S3_TEST_DIR chooses the temp dir (default: $TMPDIR/vault-s3-test); one server per dir.
set -euo pipefail

DIR="${S3_TEST_DIR:-${TMPDIR:-/tmp}/vault-s3-test}"
CONF="$DIR/ceph.conf"
ACCESS_KEY="vault-test-access"
SECRET_KEY="vault-test-secret-$(hostname | md5sum | cut -c1-16)"
DAEMON_USER=(--setuser root --setgroup root)

free_port() {
  node -e 'const s=require("node:net").createServer().listen(0,"127.0.0.1",()=>{console.log(s.address().port);s.close()})'
}

print_env() {
  echo "export TEST_S3_ENDPOINT=http://127.0.0.1:$(cat "$DIR/rgw.port")"
  echo "export TEST_S3_ACCESS_KEY_ID=$ACCESS_KEY"
  echo "export TEST_S3_SECRET_ACCESS_KEY=$(cat "$DIR/secret")"
}

# Waits up to $2 seconds for the command $1 to succeed.
wait_for() {
  local deadline=$((SECONDS + $2))
  until eval "$1" >/dev/null 2>&1; do
    if ((SECONDS >= deadline)); then
      echo "s3-test-server: timed out waiting for: $1 (logs in $DIR/log)" >&2
      return 1
    fi
    sleep 0.3
  done
}

start() {
  if [[ -f "$DIR/rgw.port" ]]; then
    echo "s3-test-server: already running in $DIR (stop it first)" >&2
    exit 1
  fi
  for tool in ceph-mon ceph-osd radosgw radosgw-admin monmaptool ceph-authtool ceph; do
    command -v "$tool" >/dev/null || { echo "s3-test-server: $tool is missing (apt-get install ceph-mon ceph-osd radosgw)" >&2; exit 1; }
  done
  rm -rf "$DIR"
  mkdir -p "$DIR"/{run,log,mon/ceph-a,osd/ceph-0,rgw}
  local fsid mon_port rgw_port
  fsid="$(cat /proc/sys/kernel/random/uuid)"
  mon_port="$(free_port)"
  rgw_port="$(free_port)"
  echo "$SECRET_KEY" >"$DIR/secret"

  # A single-node test cluster: no authentication between the daemons (cephx would
  # need keyrings for each), messenger in crc mode, one replica, few placement groups.
  cat >"$CONF" <<EOF
[global]
fsid = $fsid
mon host = v2:127.0.0.1:$mon_port
auth cluster required = none
auth service required = none
auth client required = none
auth supported = none
ms mon client mode = crc
ms client mode = crc
ms cluster mode = crc
ms service mode = crc
ms bind ipv4 = true
ms bind ipv6 = false
public addr = 127.0.0.1
cluster addr = 127.0.0.1
run dir = $DIR/run
admin socket = $DIR/run/\$name.asok
pid file = $DIR/run/\$name.pid
log file = $DIR/log/\$name.log
crash dir = $DIR/crash
keyring = $DIR/keyring
osd pool default size = 1
osd pool default min size = 1
osd pool default pg num = 8
osd pool default pgp num = 8
osd pool default pg autoscale mode = off
osd crush chooseleaf type = 0
mon allow pool size one = true
mon allow pool delete = true
mon warn on pool no redundancy = false
mon data avail warn = 2
mon max pg per osd = 1000
mon data = $DIR/mon/ceph-\$id
osd data = $DIR/osd/ceph-\$id
osd objectstore = memstore
# memstore holds the objects in the OSD's memory, allocated as they come; deleted ones
# are reclaimed by RGW's garbage collector, here within seconds instead of hours.
memstore device bytes = 8589934592
osd max object size = 134217728
[client.rgw.test]
# tcp_nodelay: without it RGW's answer to a small GET waited ~40 ms for the client's delayed
# acknowledgement (48 ms for a 10-byte object, 6.5 ms for 100 KB); with it 6-7 ms.
rgw frontends = beast endpoint=127.0.0.1:$rgw_port tcp_nodelay=1
rgw data = $DIR/rgw
rgw dns name = 127.0.0.1
rgw enable usage log = false
rgw thread pool size = 64
rgw gc obj min wait = 0
rgw gc processor period = 10
EOF

  monmaptool --create --fsid "$fsid" --addv a "[v2:127.0.0.1:$mon_port]" "$DIR/monmap" >/dev/null
  ceph-authtool --create-keyring "$DIR/keyring" --gen-key -n mon. --cap mon 'allow *' >/dev/null
  ceph-mon -c "$CONF" --mkfs -i a --monmap "$DIR/monmap" --keyring "$DIR/keyring" "${DAEMON_USER[@]}"
  ceph-mon -c "$CONF" -i a "${DAEMON_USER[@]}"
  wait_for "timeout 5 ceph -c '$CONF' mon stat" 30

  local osd_id
  osd_id="$(ceph -c "$CONF" osd create)"
  ceph-osd -c "$CONF" -i "$osd_id" --mkfs "${DAEMON_USER[@]}" >/dev/null 2>&1
  ceph-osd -c "$CONF" -i "$osd_id" "${DAEMON_USER[@]}" 2>>"$DIR/log/daemons.stderr"
  wait_for "ceph -c '$CONF' osd stat | grep -q '1 up'" 30

  radosgw -c "$CONF" -n client.rgw.test "${DAEMON_USER[@]}" 2>>"$DIR/log/daemons.stderr"
  echo "$rgw_port" >"$DIR/rgw.port.pending"
  wait_for "node -e 'fetch(process.argv[1]).then((r) => process.exit(r.ok ? 0 : 1), () => process.exit(1))' http://127.0.0.1:$rgw_port/" 60
  radosgw-admin -c "$CONF" user create --uid vault-test --display-name "vault tests" \
    --access-key "$ACCESS_KEY" --secret "$SECRET_KEY" >/dev/null
  mv "$DIR/rgw.port.pending" "$DIR/rgw.port"
  print_env
}

stop() {
  for pidfile in "$DIR"/run/*.pid; do
    [[ -f "$pidfile" ]] || continue
    local pid
    pid="$(cat "$pidfile")"
    kill "$pid" 2>/dev/null || true
  done
  for pidfile in "$DIR"/run/*.pid; do
    [[ -f "$pidfile" ]] || continue
    local pid
    pid="$(cat "$pidfile")"
    for _ in $(seq 50); do kill -0 "$pid" 2>/dev/null || break; sleep 0.1; done
    kill -9 "$pid" 2>/dev/null || true
  done
  rm -rf "$DIR"
}

case "${1:-}" in
  start) start ;;
  stop) stop ;;
  env)
    [[ -f "$DIR/rgw.port" ]] || { echo "s3-test-server: not running (no $DIR/rgw.port)" >&2; exit 1; }
    print_env
    ;;
  *)
    echo "usage: $0 start|stop|env" >&2
    exit 2
    ;;
esac
