#!/usr/bin/env bash
# Builds the SeaweedFS server binary the S3 storage tests run against, only when missing.
# Nothing of it goes into the repository: the binary lives in the user's cache,
# $HOME/.cache/interno/weed-<commit>/weed. SeaweedFS's go.mod has replace directives, so
# `go install pkg@version` refuses it; we download the module and build inside a writable copy.
# Prints the binary path on the last line of stdout.
set -euo pipefail
version="v0.0.0-20261109003541-7506e5f91cd6"
cache="${INTERNO_CACHE_DIR:-$HOME/.cache/interno}/weed-7506e5f91cd6"
bin="$cache/weed"
if [ -x "$bin" ]; then
	echo "$bin"
	exit 0
fi
mkdir -p "$cache"
echo "building SeaweedFS $version into $bin (several minutes of CPU, once)" >&2
dir=$(go mod download -json "github.com/seaweedfs/seaweedfs@$version" | sed -n 's/^[[:space:]]*"Dir": "\(.*\)",\{0,1\}$/\1/p')
if [ -z "$dir" ] || [ ! -d "$dir" ]; then
	echo "install-seaweedfs: go mod download gave no module directory" >&2
	exit 1
fi
work=$(mktemp -d "$cache/src.XXXXXX")
trap 'chmod -R u+w "$work" 2>/dev/null; rm -rf "$work"' EXIT
cp -R "$dir/." "$work/"
chmod -R u+w "$work"
(cd "$work" && GOFLAGS=-mod=mod go build -o "$bin.tmp" ./weed)
mv "$bin.tmp" "$bin"
echo "$bin"
