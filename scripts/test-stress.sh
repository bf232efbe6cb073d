#!/usr/bin/env bash
# `make test` under a CPU load of two busy workers, as on a developer machine that is doing other
# work: the suite must not depend on an idle machine. The load stops when the run ends, however it ends.
set -uo pipefail
cd "$(dirname "$0")/.."
WORKERS="${STRESS_WORKERS:-2}"
load_pids=()
stop_load() {
  for pid in "${load_pids[@]}"; do kill "$pid" 2>/dev/null; done
  for pid in "${load_pids[@]}"; do wait "$pid" 2>/dev/null; done
  load_pids=()
}
trap stop_load EXIT
trap 'exit 130' INT TERM
if command -v stress-ng >/dev/null 2>&1; then
  stress-ng --cpu "$WORKERS" --quiet &
  load_pids+=($!)
  echo "load: stress-ng --cpu $WORKERS (pid ${load_pids[*]})"
else
  for _ in $(seq "$WORKERS"); do
    (while :; do :; done) &
    load_pids+=($!)
  done
  echo "load: $WORKERS busy shell loops (pids ${load_pids[*]})"
fi
start=$SECONDS
make test
status=$?
echo "make test under load: exit $status after $((SECONDS - start))s"
exit $status
