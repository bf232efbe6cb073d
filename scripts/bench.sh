#!/usr/bin/env bash
# `make bench`: package benchmarks (go test -bench), the load scenarios in
# test/bench (build tag "bench", wrk for the overhead scenario), the per-route
# JavaScript budget of the build, and Lighthouse (mobile) on three pages,
# written to bench/out/results.txt. The README's performance section quotes
# this file. Every load goes to loopback only and is bounded in time.
set -uo pipefail
cd "$(dirname "$0")/.."
export INTERNO_BIN="$PWD/bin/interno"
mkdir -p bench/out
out=bench/out/results.txt

if ! command -v wrk >/dev/null 2>&1; then
  echo "installing Debian package: wrk"
  sudo=""
  [ "$(id -u)" -eq 0 ] || sudo="sudo"
  export DEBIAN_FRONTEND=noninteractive
  $sudo apt-get update -qq && $sudo apt-get install -y -qq --no-install-recommends wrk >/dev/null
fi

{
  echo "# make bench — $(date -u +%Y-%m-%dT%H:%M:%SZ) — $(nproc) cores — $(go version | cut -d' ' -f3) — load average $(cut -d' ' -f1-3 /proc/loadavg)"
  echo
  echo "## Go benchmarks"
  go test -run '^$' -bench . -benchmem -benchtime "${BENCHTIME:-1s}" $(go list ./... | grep -v '/test/') 2>&1 \
    | grep -E '^(Benchmark|ok|FAIL|---)' 
  echo
  echo "## Load scenarios"
  go test -count=1 -tags bench -run 'TestLoad' -v -timeout 30m ./test/bench/ 2>&1 | grep -E '^(LOAD|NOTE|--- |FAIL|ok)'
  echo
  echo "## JavaScript of the first visit, per route (gzip, from the build's manifest)"
  node web/scripts/bundle-budget.mjs
  echo
  echo "## Lighthouse (mobile, simulated throttling) — reports in bench/out/lighthouse/"
  node test/bench/lighthouse.mjs 2>&1 | grep -E '^(LIGHTHOUSE|WIRE|NOTE)|Error'
  echo
  echo "load average at the end: $(cut -d' ' -f1-3 /proc/loadavg)"
} | tee "$out"
echo "results written to $out"
