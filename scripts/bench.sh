#!/usr/bin/env bash
# `make bench`: package benchmarks (go test -bench) and the load scenarios in
# test/bench (build tag "bench"), written to bench/out/results.txt. The README's
# performance section quotes this file.
set -uo pipefail
cd "$(dirname "$0")/.."
export INTERNO_BIN="$PWD/bin/interno"
mkdir -p bench/out
out=bench/out/results.txt
{
  echo "# make bench — $(date -u +%Y-%m-%dT%H:%M:%SZ) — $(nproc) cores — $(go version | cut -d' ' -f3)"
  echo
  echo "## Go benchmarks"
  go test -run '^$' -bench . -benchmem -benchtime "${BENCHTIME:-1s}" $(go list ./... | grep -v '/test/') 2>&1 \
    | grep -E '^(Benchmark|ok|FAIL|---)' 
  echo
  echo "## Load scenarios"
  go test -count=1 -tags bench -run 'TestLoad' -v -timeout 30m ./test/bench/ 2>&1 | grep -E '^(LOAD|NOTE|--- |FAIL|ok)'
} | tee "$out"
echo "results written to $out"
