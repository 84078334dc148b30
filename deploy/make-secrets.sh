#!/bin/sh
# Writes the secrets deploy/compose.yaml hands to its containers, once: random values in
# deploy/secrets/, none replaced that exists already. The folder is private to its owner; the
# files in it are readable by all, since the containers read them as their own users (the
# app as uid 1000, PostgreSQL as uid 999) and a bind-mounted file keeps the host's mode.
set -eu

dir=$(cd "$(dirname "$0")" && pwd)/secrets
mkdir -p "$dir"
chmod 700 "$dir"

random() { od -An -vtx1 -N"$1" /dev/urandom | tr -d ' \n'; }

write() {
  if [ -e "$dir/$1" ]; then
    echo "make-secrets: $1 kept"
    return
  fi
  printf '%s\n' "$2" >"$dir/$1"
  chmod 644 "$dir/$1"
  echo "make-secrets: $1 written"
}

write db_password "$(random 24)"
write database_url "postgres://blitz:$(tr -d '\n' <"$dir/db_password")@db:5432/blitz"
write jwt_secret "$(random 32)"
write metrics_token "$(random 32)"
