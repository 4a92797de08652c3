#!/usr/bin/env bash
# Start or stop a private PostgreSQL 15 cluster for tests and CI.
#   scripts/pg.sh start   -> prints the URL (postgresql://postgres@127.0.0.1:PORT/postgres)
#   scripts/pg.sh stop    -> stops only that cluster
#   scripts/pg.sh url     -> prints the URL of the running cluster
# Environment: PAKKA_PG_DIR (default /tmp/pakka-pg), PAKKA_PG_PORT (default 54329).
# Must run as root (initdb/pg_ctl run as the postgres user) or as the postgres user.
set -euo pipefail
# The newest installed PostgreSQL (Debian layout), 15 on this project's machines.
BIN=${PAKKA_PG_BIN:-$(ls -d /usr/lib/postgresql/*/bin 2>/dev/null | sort -V | tail -1)}
BIN=${BIN:-/usr/lib/postgresql/15/bin}
DIR=${PAKKA_PG_DIR:-/tmp/pakka-pg}
PORT=${PAKKA_PG_PORT:-54329}
URL="postgresql://postgres@127.0.0.1:${PORT}/postgres"

as_pg() {
  if [ "$(id -u)" = 0 ]; then runuser -u postgres -- "$@"; else "$@"; fi
}

case "${1:-}" in
  start)
    if [ ! -f "$DIR/data/PG_VERSION" ]; then
      mkdir -p "$DIR"
      [ "$(id -u)" = 0 ] && chown postgres "$DIR"
      as_pg "$BIN/initdb" --auth=trust -U postgres -D "$DIR/data" >"$DIR/initdb.log" 2>&1
    fi
    if ! as_pg "$BIN/pg_ctl" -D "$DIR/data" status >/dev/null 2>&1; then
      as_pg "$BIN/pg_ctl" -D "$DIR/data" -l "$DIR/server.log" -w -t 60 \
        -o "-c listen_addresses=127.0.0.1 -p $PORT -k $DIR -c fsync=on" start >/dev/null
    fi
    echo "$URL"
    ;;
  stop)
    if [ -f "$DIR/data/PG_VERSION" ]; then
      as_pg "$BIN/pg_ctl" -D "$DIR/data" -m fast -w stop >/dev/null 2>&1 || true
    fi
    ;;
  url)
    echo "$URL"
    ;;
  *)
    echo "usage: $0 start|stop|url" >&2
    exit 2
    ;;
esac
