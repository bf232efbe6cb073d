# Interno — the two commands a fresh machine needs are `make run` and `make test`.
# Everything else here is what those two are made of.

SHELL        := /bin/bash
BIN          := bin/interno
GO_SOURCES   := $(shell find core adapters cmd internal web -name '*.go' -not -path '*/node_modules/*' 2>/dev/null) go.mod go.sum
WEB_SOURCES  := $(shell find web -type f -not -path 'web/dist/*' -not -name '*.go' 2>/dev/null) package.json package-lock.json $(wildcard vite.config.ts tsconfig*.json)
VERSION      := $(shell git describe --always --dirty 2>/dev/null || echo dev)
export CGO_ENABLED := 1

.PHONY: run test test-stress build deps web bench fuzz vulncheck pg-up clean help

help:
	@echo "make run    build everything and serve http://localhost:8080 (SQLite, demo data)"
	@echo "make test   install what is missing and run every test layer"
	@echo "make test-stress  make test while two busy CPU workers run beside it (the suite must hold on a busy machine)"
	@echo "make build  build bin/interno (web app embedded)"
	@echo "make bench  run the benchmarks and write bench/out/results.txt"
	@echo "make vulncheck  govulncheck (needs the Go vulnerability database: network or GOVULNDB)"
	@echo "make fuzz   fuzz every API route on both engines (FUZZTIME, default 10m) and keep the new corpus"

## run: install, build, and serve on :8080 with SQLite and demo data.
run: build
	INTERNO_DEMO=true ./$(BIN) serve

## test: every layer, with a summary; non-zero exit on any failure.
test: deps build
	@scripts/test-all.sh

## test-stress: make test with a CPU load of two busy workers beside it (stress-ng, or a shell loop
## where it is missing); the load always stops with the run, whatever its outcome.
test-stress: deps
	@scripts/test-stress.sh

build: deps $(BIN)

$(BIN): web/dist/index.html $(GO_SOURCES)
	@mkdir -p bin
	go build -trimpath -ldflags "-s -w -X interno/internal/app.version=$(VERSION)" -o $(BIN) ./cmd/interno

web: web/dist/index.html

web/dist/index.html: node_modules/.package-lock.json $(WEB_SOURCES)
	npm run build

node_modules/.package-lock.json: package-lock.json
	npm ci --no-audit --no-fund
	@touch $@

## deps: system packages, npm packages and Go modules that a fresh machine lacks.
deps: node_modules/.package-lock.json
	@scripts/install-deps.sh
	@go mod download

pg-up:
	@scripts/postgres-up.sh

bench: deps build pg-up
	@scripts/bench.sh

## fuzz: a longer FuzzAPI session than make test's (FUZZTIME=90s there); keeps what it found.
fuzz: deps build pg-up
	go test ./internal/app -run '^$$' -fuzz '^FuzzAPI$$' -fuzztime $(or $(FUZZTIME),10m)
	@scripts/fuzz-corpus.sh

## vulncheck: govulncheck (pinned) over the module. It needs the Go vulnerability database
## (vuln.go.dev, or a local copy named by GOVULNDB=file:///...), which is not reachable from every
## machine (not from this project's CI), so it is its own target and not a layer of make test.
vulncheck: deps
	@scripts/go-tools.sh install >/dev/null
	"$$(scripts/go-tools.sh path govulncheck)" $${GOVULNDB:+-db "$$GOVULNDB"} ./...

clean:
	rm -rf bin web/dist node_modules/.vite test/artifacts bench/out
