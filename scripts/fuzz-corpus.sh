#!/usr/bin/env bash
# Keeps the inputs the API fuzzer found interesting: copies Go's fuzz cache
# for FuzzAPI into internal/app/testdata/fuzz/FuzzAPI, which `go test` replays
# and which is committed. Run after a longer fuzzing session, e.g.
#   go test ./internal/app -run '^$' -fuzz '^FuzzAPI$' -fuzztime 10m
set -euo pipefail
cd "$(dirname "$0")/.."
src="$(go env GOCACHE)/fuzz/interno/internal/app/FuzzAPI"
dst="internal/app/testdata/fuzz/FuzzAPI"
mkdir -p "$dst"
[ -d "$src" ] || { echo "no fuzz cache at $src: run the fuzzer first"; exit 1; }
n=0
for f in "$src"/*; do
  [ -e "$dst/$(basename "$f")" ] || { cp "$f" "$dst/"; n=$((n + 1)); }
done
echo "$n new inputs kept in $dst ($(ls "$dst" | wc -l) in all)"
