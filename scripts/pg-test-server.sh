#!/usr/bin/env bash
# Starts (or stops) a throwaway PostgreSQL cluster on 127.0.0.1 for the server test suite.
# Usage: scripts/pg-test-server.sh start|stop [dir] [port]. Prints the TEST_DATABASE_URL on start.
set -euo pipefail
action=${1:-start}
dir=${2:-/tmp/fp-pg}
port=${3:-5433}
bin=$(ls -d /usr/lib/postgresql/*/bin 2>/dev/null | sort -V | tail -n 1)
[ -n "$bin" ] || { echo "PostgreSQL is not installed: apt-get install -y postgresql" >&2; exit 1; }

as_pg() {
  # PostgreSQL refuses to run as root.
  if [ "$(id -u)" = 0 ]; then su postgres -s /bin/bash -c "$*"; else bash -c "$*"; fi
}

case "$action" in
  start)
    if [ ! -f "$dir/data/PG_VERSION" ]; then
      mkdir -p "$dir"
      [ "$(id -u)" = 0 ] && chown postgres "$dir"
      as_pg "$bin/initdb -D $dir/data -A trust -U postgres" >/dev/null
    fi
    as_pg "$bin/pg_ctl -D $dir/data -l $dir/log -o \"-p $port -k $dir -c listen_addresses=127.0.0.1 -c max_connections=200 -c fsync=off\" -w start" >/dev/null
    echo "postgres://postgres@127.0.0.1:$port/postgres"
    ;;
  stop)
    as_pg "$bin/pg_ctl -D $dir/data -m fast -w stop" >/dev/null || true
    ;;
  *) echo "usage: $0 start|stop [dir] [port]" >&2; exit 2 ;;
esac
