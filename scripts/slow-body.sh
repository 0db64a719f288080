#!/usr/bin/env bash
# How long the built binary lets a request body trickle in before it
# cuts the connection off. Sends a JSON body to POST /api/contact one byte every
# two seconds (the probe's slow client) and prints the seconds until the server
# answers (408) or closes. Usage: scripts/slow-body.sh (after make build).
set -euo pipefail
cd "$(dirname "$0")/.."
bin=bin/ugcfolio
[ -x "$bin" ] || { echo "build first: make build" >&2; exit 1; }
port=$(python3 -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1",0)); print(s.getsockname()[1])')
dir=$(mktemp -d)
"$bin" serve --addr "127.0.0.1:$port" --data "$dir" >/dev/null 2>&1 &
pid=$!
trap 'kill $pid 2>/dev/null; rm -rf "$dir"' EXIT
until curl -sf -o /dev/null "http://127.0.0.1:$port/healthz"; do sleep 0.01; done

body='{"name":"Kari Nordmann","email":"kari@example.no","message":"Hei, vi vil lage video med deg!"}'
exec 3<>"/dev/tcp/127.0.0.1/$port"
printf 'POST /api/contact HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\nContent-Length: %d\r\n\r\n' "${#body}" >&3
t0=$(date +%s%N)
# Trickle in the background; read the answer in the foreground.
( for ((i = 0; i < ${#body}; i++)); do printf '%s' "${body:i:1}" >&3 2>/dev/null || exit 0; sleep 2; done ) &
trickler=$!
status=$(head -n1 <&3 | tr -d '\r' || true)
t1=$(date +%s%N)
kill "$trickler" 2>/dev/null || true
echo "JSON body at 1 byte / 2 s: '${status:-connection closed}' after $(( (t1 - t0) / 1000000 )) ms (whole body would take $(( ${#body} * 2 )) s)"
