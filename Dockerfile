# syntax=docker/dockerfile:1
# Multi-stage build of the single interno binary with the web app embedded.

FROM node:20-bookworm-slim AS web
WORKDIR /src
COPY package.json package-lock.json .npmrc ./
RUN npm ci --no-audit --no-fund
COPY tsconfig*.json vite.config.ts ./
COPY web ./web
RUN npm run build

FROM golang:1.26-bookworm AS go
RUN apt-get update && apt-get install -y --no-install-recommends libvips-dev pkg-config && rm -rf /var/lib/apt/lists/*
WORKDIR /src
COPY go.mod go.sum ./
RUN go mod download
COPY core ./core
COPY adapters ./adapters
COPY cmd ./cmd
COPY web/embed.go ./web/embed.go
COPY --from=web /src/web/dist ./web/dist
ARG VERSION=docker
RUN CGO_ENABLED=1 go build -trimpath -ldflags "-s -w -X main.version=${VERSION}" -o /out/interno ./cmd/interno

FROM debian:bookworm-slim
RUN apt-get update && apt-get install -y --no-install-recommends libvips42 ca-certificates tzdata \
    && rm -rf /var/lib/apt/lists/* && useradd --system --uid 10001 --home /var/lib/interno interno \
    && mkdir -p /var/lib/interno && chown interno /var/lib/interno
COPY --from=go /out/interno /usr/local/bin/interno
USER interno
ENV INTERNO_ADDR=:8080 INTERNO_DATA_DIR=/var/lib/interno INTERNO_LOG_FORMAT=json VIPS_BLOCK_UNTRUSTED=1
VOLUME /var/lib/interno
EXPOSE 8080
HEALTHCHECK --interval=30s --timeout=3s CMD ["/bin/sh", "-c", "exec 3<>/dev/tcp/127.0.0.1/8080 && printf 'GET /api/ready HTTP/1.0\\r\\n\\r\\n' >&3 && grep -q '200' <&3"]
ENTRYPOINT ["interno"]
CMD ["serve"]
