#!/usr/bin/env bash
# Makes sure the local PostgreSQL (127.0.0.1:5432, user postgres, trust auth)
# answers, starting the Debian cluster when it is down. Fails loudly otherwise:
# the PostgreSQL tests are never skipped.
set -euo pipefail
url="${INTERNO_TEST_POSTGRES_URL:-postgres://postgres@127.0.0.1:5432/test?sslmode=disable}"
if pg_isready -h 127.0.0.1 -p 5432 -q 2>/dev/null; then exit 0; fi
if command -v pg_ctlcluster >/dev/null 2>&1 && [ -d /etc/postgresql ]; then
  echo "starting PostgreSQL"
  pg_ctlcluster --skip-systemctl-redirect "$(ls /etc/postgresql | head -n1)" main start || true
  for _ in $(seq 1 30); do
    pg_isready -h 127.0.0.1 -p 5432 -q 2>/dev/null && exit 0
    sleep 1
  done
fi
echo "PostgreSQL is not reachable at $url; the PostgreSQL test layers need it." >&2
exit 1
