# syntax=docker/dockerfile:1
# Multi-stage build of the single interno binary with the web app embedded.
#
# Every stage is on Debian 13 (trixie): the libvips the binary is linked against in the
# build stage is the one the runtime stage installs. The web stage runs on Node 26, the
# active LTS line (supported until April 2029). test/deploy checks these properties on
# every `make test` (statically: no container engine runs there).

FROM node:26-trixie-slim AS web
WORKDIR /src
COPY package.json package-lock.json .npmrc ./
RUN npm ci --no-audit --no-fund
COPY tsconfig*.json vite.config.ts ./
COPY web ./web
# Only the bundle: the type checks need the test suites, which `make test` runs.
RUN npx --no-install vite build

FROM golang:1.26-trixie AS go
RUN apt-get update \
    && apt-get install -y --no-install-recommends libvips-dev pkg-config \
    && rm -rf /var/lib/apt/lists/*
WORKDIR /src
COPY go.mod go.sum ./
RUN go mod download
COPY core ./core
COPY adapters ./adapters
COPY cmd ./cmd
COPY internal ./internal
COPY web/embed.go ./web/embed.go
COPY --from=web /src/web/dist ./web/dist
ARG VERSION=docker
RUN CGO_ENABLED=1 go build -trimpath -ldflags "-s -w -X interno/internal/app.version=${VERSION}" -o /out/interno ./cmd/interno

FROM debian:trixie-slim AS runtime
# libvips42t64 is trixie's libvips runtime (the binary links it through cgo); tzdata for
# INTERNO_TIMEZONE; ca-certificates for SMTP over TLS and Google's keys.
RUN apt-get update \
    && apt-get install -y --no-install-recommends libvips42t64 ca-certificates tzdata \
    && rm -rf /var/lib/apt/lists/* \
    && groupadd --system --gid 10001 interno \
    && useradd --system --uid 10001 --gid interno --home-dir /var/lib/interno --no-create-home --shell /usr/sbin/nologin interno \
    && mkdir -p /var/lib/interno \
    && chown interno:interno /var/lib/interno \
    && chmod 0750 /var/lib/interno
COPY --from=go /out/interno /usr/local/bin/interno
ENV INTERNO_ADDR=:8080 \
    INTERNO_DATA_DIR=/var/lib/interno \
    INTERNO_LOG_FORMAT=json \
    VIPS_BLOCK_UNTRUSTED=1
# The data directory: the SQLite database (when INTERNO_DATABASE_URL is empty), uploads,
# the image cache, and the generated JWT secret. Several instances share it for uploads.
VOLUME /var/lib/interno
WORKDIR /var/lib/interno
USER 10001:10001
EXPOSE 8080
# `interno healthcheck` asks /api/ready (the database answers) on INTERNO_ADDR: no shell,
# curl or wget in the image.
HEALTHCHECK --interval=15s --timeout=5s --start-period=60s --retries=3 CMD ["interno", "healthcheck"]
STOPSIGNAL SIGTERM
ENTRYPOINT ["interno"]
CMD ["serve"]
