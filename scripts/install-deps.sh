#!/usr/bin/env bash
# Installs the Debian packages Interno builds and tests with, only when missing:
# libvips-dev (image pipeline, cgo), pkg-config, chromium (browser tests) and stress-ng (the CPU load
# of make test-stress); then the pinned Go linter staticcheck (and govulncheck, for make vulncheck)
# into a cache outside the repository (scripts/go-tools.sh).
set -euo pipefail
"$(dirname "$0")/go-tools.sh" install
need=()
dpkg -s libvips-dev >/dev/null 2>&1 || need+=(libvips-dev)
command -v pkg-config >/dev/null 2>&1 || need+=(pkg-config)
command -v chromium >/dev/null 2>&1 || [ -x /usr/bin/chromium ] || need+=(chromium)
command -v stress-ng >/dev/null 2>&1 || need+=(stress-ng)
[ ${#need[@]} -eq 0 ] && exit 0
echo "installing Debian packages: ${need[*]}"
sudo=""
[ "$(id -u)" -eq 0 ] || sudo="sudo"
export DEBIAN_FRONTEND=noninteractive
$sudo apt-get update -qq
$sudo apt-get install -y -qq --no-install-recommends "${need[@]}" >/dev/null
