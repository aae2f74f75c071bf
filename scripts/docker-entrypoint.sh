#!/bin/sh
# Start command of the container image (also run by tests/operations-image.test.ts outside Docker).
# With a Litestream replica configured: restore the database if the volume has none, then run the
# server under `litestream replicate -exec`, which ships every commit within a second and forwards
# SIGTERM to the server. Without one: run the server alone.
set -eu

app_dir=$(CDPATH='' cd -- "$(dirname -- "$0")/.." && pwd)
cd "$app_dir"

: "${DATABASE_PATH:=/data/app.db}"
export DATABASE_PATH

log() {
  printf '%s\n' "entrypoint: $*" >&2
}

# Run by Litestream (`-exec`, below): Litestream 0.3 starts tracking the database at its first check, a second
# after it starts, and makes no last sync on stop before that; so the server listens only once Litestream has
# written its generation file for the database, and even a write made right after start-up reaches the replica.
# (After a restart the file is there from the last run: a write in that first second stays on the volume and
# is shipped at Litestream's first check, or at the next start if the container stops before it.)
if [ "${1:-}" = "serve-when-tracked" ]; then
  generation="$(dirname -- "$DATABASE_PATH")/.$(basename -- "$DATABASE_PATH")-litestream/generation"
  tries=0
  while [ ! -s "$generation" ] && [ "$tries" -lt 300 ]; do
    sleep 0.1
    tries=$((tries + 1))
  done
  [ -s "$generation" ] || log "Litestream does not track $DATABASE_PATH after 30 s: serving anyway"
  exec node --max-old-space-size=160 dist/server/index.js
fi

# On PostgreSQL the database is backed up by its own means (pg_dump, the provider's recovery): no Litestream.
if [ -n "${DATABASE_URL:-}" ]; then
  log "DATABASE_URL is set: the database is PostgreSQL; Litestream (SQLite only) is not started"
  exec node --max-old-space-size=160 dist/server/index.js
fi

if [ -z "${LITESTREAM_REPLICA_URL:-}" ] && [ -z "${LITESTREAM_BUCKET:-}" ]; then
  log "no replica configured (LITESTREAM_REPLICA_URL or LITESTREAM_BUCKET): running without continuous backup"
  exec node --max-old-space-size=160 dist/server/index.js
fi

case "$(uname -m)" in
  x86_64 | amd64) arch=x64 ;;
  aarch64 | arm64) arch=arm64 ;;
  *) arch=$(uname -m) ;;
esac
# The platform binary itself: the npm wrapper in node_modules/.bin exits 0 even when Litestream fails.
litestream="$app_dir/node_modules/@flydotio/litestream-linux-$arch/litestream"
if [ ! -x "$litestream" ]; then
  log "Litestream binary not found at $litestream (is @flydotio/litestream installed for linux-$arch?)"
  exit 1
fi

mkdir -p "$(dirname -- "$DATABASE_PATH")"
if [ -e "$DATABASE_PATH" ]; then
  log "database found at $DATABASE_PATH: keeping it"
else
  log "no database at $DATABASE_PATH: restoring the latest copy from the replica, if it has one"
  # Fails (and so stops the container) when the replica cannot be read, rather than starting empty.
  "$litestream" restore -config litestack.yml -if-db-not-exists -if-replica-exists "$DATABASE_PATH"
fi

# The file must exist before Litestream starts, or Litestream cannot track it: migrations create it.
node dist/server/commands/migrate.js

exec "$litestream" replicate -config litestack.yml -exec "$app_dir/scripts/docker-entrypoint.sh serve-when-tracked"
