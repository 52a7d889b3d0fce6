#!/bin/sh
# What deploy/compose.yaml uses of the official postgres image's entrypoint: on a first start (an
# empty $PGDATA) the cluster is made with POSTGRES_USER (default postgres) as its superuser and
# POSTGRES_PASSWORD (required) as its password, password authentication (scram-sha-256) for
# connections from other containers, and the database POSTGRES_DB (default: the user's name);
# then PostgreSQL runs as the user postgres, listening on every address of the container.
set -eu
: "${POSTGRES_USER:=postgres}"
: "${POSTGRES_DB:=$POSTGRES_USER}"
: "${PGDATA:=/var/lib/postgresql/data}"
export PGDATA

if [ "${1:-}" = postgres ] && [ "$(id -u)" = 0 ]; then
  mkdir -p "$PGDATA" /var/run/postgresql
  chown postgres:postgres "$PGDATA" /var/run/postgresql
  chmod 700 "$PGDATA"
  exec setpriv --reuid=postgres --regid=postgres --init-groups "$0" "$@"
fi

if [ "${1:-}" = postgres ] && [ ! -s "$PGDATA/PG_VERSION" ]; then
  if [ -z "${POSTGRES_PASSWORD:-}" ]; then
    echo 'POSTGRES_PASSWORD is not set: the database would accept no password.' >&2
    exit 1
  fi
  pwfile=$(mktemp)
  printf '%s\n' "$POSTGRES_PASSWORD" >"$pwfile"
  initdb --username="$POSTGRES_USER" --pwfile="$pwfile" --auth-local=trust --auth-host=scram-sha-256 \
    --encoding=UTF8 --locale=C.UTF-8 >/dev/null
  rm -f "$pwfile"
  echo 'host all all all scram-sha-256' >>"$PGDATA/pg_hba.conf"
  echo "listen_addresses = '*'" >>"$PGDATA/postgresql.conf"
  if [ "$POSTGRES_DB" != postgres ]; then
    # Single-user mode: no server listens (and no health check passes) before the database exists.
    db=$(printf '%s' "$POSTGRES_DB" | sed 's/"/""/g')
    printf 'CREATE DATABASE "%s";\n' "$db" | postgres --single -D "$PGDATA" postgres >/dev/null
  fi
  echo "Initialised $PGDATA: superuser $POSTGRES_USER, database $POSTGRES_DB."
fi

exec "$@"
