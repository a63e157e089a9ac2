#!/bin/sh
# Runs a test under pg_virtualenv on PORT with TLS on (issue 48: team libraries use TLS when
# the server offers it): a throwaway certificate authority signs a server certificate for
# localhost; a second, unrelated authority is there to be refused. Usage:
#   pg-tls-env.sh PORT COMMAND [ARGS...]
# The environment gets COSTLAB_TEST_PG_CA (the authority that signed the server) and
# COSTLAB_TEST_PG_OTHER_CA. If the server cannot start, pg_virtualenv's error is the test's.
set -eu
port=$1
shift
dir=$(mktemp -d)
trap 'rm -rf "$dir"' EXIT
mk() { openssl req -x509 -newkey rsa:2048 -nodes -days 2 -subj "/CN=$2" \
         -keyout "$dir/$1.key" -out "$dir/$1.crt" >/dev/null 2>&1; }
mk ca "Costlab test CA"
mk other "Someone else's CA"
openssl req -newkey rsa:2048 -nodes -subj "/CN=localhost" -keyout "$dir/server.key" \
  -out "$dir/server.csr" >/dev/null 2>&1
openssl x509 -req -in "$dir/server.csr" -CA "$dir/ca.crt" -CAkey "$dir/ca.key" \
  -CAcreateserial -days 2 -out "$dir/server.crt" >/dev/null 2>&1
chmod 600 "$dir/server.key"
if [ "$(id -u)" = 0 ]; then
  # As root, pg_virtualenv runs the server as postgres, which must read its key.
  chown postgres "$dir/server.key" "$dir/server.crt"
  chmod 755 "$dir"
fi
export COSTLAB_TEST_PG_CA="$dir/ca.crt" COSTLAB_TEST_PG_OTHER_CA="$dir/other.crt"
export COSTLAB_TLS_DIR="$dir"
# pg_createcluster turns ssl on only for Debian's snakeoil certificate (package ssl-cert), so
# the server is switched to ours once it runs; ssl is a reload-time setting (PostgreSQL 10+).
pg_virtualenv -t -c "-p $port" sh -c '
  psql -q -c "ALTER SYSTEM SET ssl_cert_file = '"'"'$COSTLAB_TLS_DIR/server.crt'"'"'" \
       -c "ALTER SYSTEM SET ssl_key_file = '"'"'$COSTLAB_TLS_DIR/server.key'"'"'" \
       -c "ALTER SYSTEM SET ssl = on" -c "SELECT pg_reload_conf()" >/dev/null || exit 1
  for i in 1 2 3 4 5 6 7 8 9 10; do
    [ "$(psql -tAc "SHOW ssl")" = on ] && exec "$@"
    sleep 0.5
  done
  echo "pg-tls-env.sh: the server did not turn TLS on" >&2
  exit 1' sh "$@"
