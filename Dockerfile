# syntax=docker/dockerfile:1
# ugcfolio in a container: one static binary (the web app inside it) and
# Debian's ffmpeg for video processing, run as a user without privileges,
# with its data in the /data volume. deploy/ runs it on PostgreSQL and S3.
#
#   docker build -t ugcfolio .
#   docker run -p 8080:8080 -v ugcfolio-data:/data ugcfolio
#
# (On one server the binary needs no container: see docs/deploy.md.)
#
# Base images are pinned to exact versions. To pin their digests as well,
# append the @sha256:… that `docker buildx imagetools inspect IMAGE:TAG`
# prints (e.g. FROM debian:12.11-slim@sha256:…).

# 1. The web app (web/dist and web/dist-ssr, embedded by the Go build).
FROM node:22.23.0-bookworm-slim AS web
WORKDIR /src/web
COPY web/package.json web/package-lock.json ./
RUN npm ci --no-audit --no-fund
COPY web/ ./
RUN npm run build

# 2. The binary: static (no cgo), and -tags=nodynamic so the photo codecs
# run as WebAssembly and never look for a system libheif/libwebp.
FROM golang:1.26.8-bookworm AS go
WORKDIR /src
COPY go.mod go.sum ./
RUN go mod download
COPY cmd/ cmd/
COPY internal/ internal/
COPY web/embed.go web/
COPY --from=web /src/web/dist/ web/dist/
COPY --from=web /src/web/dist-ssr/ web/dist-ssr/
RUN CGO_ENABLED=0 go build -tags=nodynamic -trimpath -ldflags="-s -w" -o /out/ugcfolio ./cmd/ugcfolio

# 3. What runs: Debian with ffmpeg/ffprobe (video processing; the site runs
# without them, saying so) and libheif's heif-convert (iPhone photos decoded
# natively, in a second where the embedded decoder takes several). No curl:
# the health check is the binary itself.
FROM debian:12.11-slim
RUN apt-get update \
 && DEBIAN_FRONTEND=noninteractive apt-get install -y --no-install-recommends ffmpeg libheif-examples ca-certificates tzdata \
 && rm -rf /var/lib/apt/lists/* \
 && useradd --system --uid 10001 --user-group --home-dir /data --no-create-home --shell /usr/sbin/nologin ugcfolio \
 && install -d -o ugcfolio -g ugcfolio -m 0700 /data
COPY --from=go /out/ugcfolio /usr/local/bin/ugcfolio
USER ugcfolio:ugcfolio
# Listen on every interface of the container (the default is loopback);
# /data holds the SQLite database and uploads on one server, and only
# temporary work (upload chunks, video work) with PostgreSQL and S3.
ENV UGCFOLIO_ADDR=0.0.0.0:8080 \
    UGCFOLIO_DATA=/data \
    UGCFOLIO_LOG_FORMAT=json
VOLUME ["/data"]
EXPOSE 8080
# `ugcfolio probe` asks /healthz on the port of UGCFOLIO_ADDR (exit 0 on 200).
HEALTHCHECK --interval=15s --timeout=3s --start-period=20s --retries=3 \
  CMD ["ugcfolio", "probe", "--timeout", "2s"]
# SIGTERM lets requests in flight finish before the binary exits.
STOPSIGNAL SIGTERM
ENTRYPOINT ["ugcfolio"]
CMD ["serve"]
