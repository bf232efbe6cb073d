#!/usr/bin/env bash
# The Go linters of `make test`, pinned, kept in a cache outside the repository
# (INTERNO_TOOLS_DIR, default ~/.cache/interno-tools/<tool>-<version>/).
#   scripts/go-tools.sh install        installs the missing ones (scripts/install-deps.sh runs it)
#   scripts/go-tools.sh path TOOL      prints the binary's path
# Versions: bump them here only; `make test` then installs the new ones.
set -euo pipefail
STATICCHECK_VERSION=v0.8.2   # staticcheck 2026.1.x, the first to support this go.mod's Go version
GOVULNCHECK_VERSION=v1.9.0
tools_dir="${INTERNO_TOOLS_DIR:-${XDG_CACHE_HOME:-$HOME/.cache}/interno-tools}"

module_of() {
  case "$1" in
    staticcheck) echo "honnef.co/go/tools/cmd/staticcheck@$STATICCHECK_VERSION" ;;
    govulncheck) echo "golang.org/x/vuln/cmd/govulncheck@$GOVULNCHECK_VERSION" ;;
    *) echo "unknown tool $1" >&2; return 1 ;;
  esac
}

path_of() {
  local m; m=$(module_of "$1")
  echo "$tools_dir/$1-${m##*@}/$1"
}

case "${1:-}" in
  install)
    for t in staticcheck govulncheck; do
      p=$(path_of "$t")
      [ -x "$p" ] && continue
      echo "installing $(module_of "$t") into $(dirname "$p")"
      # Outside the module, so the tools' dependencies never enter go.mod.
      (cd / && GOBIN="$(dirname "$p")" GOFLAGS= go install "$(module_of "$t")")
    done ;;
  path) path_of "$2" ;;
  *) echo "usage: $0 install | path TOOL" >&2; exit 2 ;;
esac
