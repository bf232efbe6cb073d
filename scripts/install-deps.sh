#!/usr/bin/env bash
# Installs the Debian packages Interno builds and tests with, only when missing:
# libvips-dev (image pipeline, cgo), pkg-config, and chromium (browser tests);
# then the pinned Go linters (staticcheck, govulncheck) into a cache outside
# the repository (scripts/go-tools.sh).
set -euo pipefail
"$(dirname "$0")/go-tools.sh" install
need=()
dpkg -s libvips-dev >/dev/null 2>&1 || need+=(libvips-dev)
command -v pkg-config >/dev/null 2>&1 || need+=(pkg-config)
command -v chromium >/dev/null 2>&1 || [ -x /usr/bin/chromium ] || need+=(chromium)
[ ${#need[@]} -eq 0 ] && exit 0
echo "installing Debian packages: ${need[*]}"
sudo=""
[ "$(id -u)" -eq 0 ] || sudo="sudo"
export DEBIAN_FRONTEND=noninteractive
$sudo apt-get update -qq
$sudo apt-get install -y -qq --no-install-recommends "${need[@]}" >/dev/null
