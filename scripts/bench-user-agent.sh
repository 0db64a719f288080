#!/usr/bin/env bash
# The server's CPU for GET / with a browser's User-Agent and with 1 MB of
# " cubot" (the header limit; each request a different one, so no cache
# helps), read from /proc before and after each batch. Prints each run's
# CPU per request and the medians. Usage: scripts/bench-user-agent.sh [runs] (default 5).
set -euo pipefail
cd "$(dirname "$0")/.."
runs=${1:-5}
per=${PER:-100}
bin=bin/ugcfolio
[ -x "$bin" ] || { echo "build first: make build" >&2; exit 1; }
port=$(python3 -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1",0)); print(s.getsockname()[1])')
dir=$(mktemp -d)
"$bin" serve --addr "127.0.0.1:$port" --data "$dir" --demo >/dev/null 2>&1 &
pid=$!
trap 'kill $pid 2>/dev/null; wait $pid 2>/dev/null; rm -rf "$dir"' EXIT
until curl -sf -o /dev/null "http://127.0.0.1:$port/healthz"; do sleep 0.01; done
curl -sf -o /dev/null "http://127.0.0.1:$port/"   # the page rendered and cached once

ticks() { awk '{print $14 + $15}' "/proc/$pid/stat"; }
hz=$(getconf CLK_TCK)
chrome='Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Safari/537.36'
cubot=$(mktemp); trap 'kill $pid 2>/dev/null; wait $pid 2>/dev/null; rm -rf "$dir" "$cubot"' EXIT
head -c $((1024 * 1024 - 200)) < <(yes ' cubot' | tr -d '\n') > "$cubot"

# batch NAME: $per requests, each with a User-Agent made different by its number.
batch() {
  local before after ua
  before=$(ticks)
  for i in $(seq 1 "$per"); do
    if [ "$1" = browser ]; then ua="$chrome $RANDOM$i"; else ua="$RANDOM$i$(cat "$cubot")"; fi
    printf 'User-Agent: %s\n' "$ua" | curl -sf -o /dev/null -H @- "http://127.0.0.1:$port/"
  done
  after=$(ticks)
  echo $(( (after - before) * 1000000 / hz / per ))   # µs of server CPU per request
}
median() { printf '%s\n' "$@" | sort -n | awk '{a[NR]=$1} END {print a[int((NR+1)/2)]}'; }
b=(); c=()
for r in $(seq 1 "$runs"); do
  b+=("$(batch browser)"); c+=("$(batch cubot)")
  echo "run $r: browser ${b[-1]} µs, 1 MB User-Agent ${c[-1]} µs of server CPU per GET /"
done
echo "median: browser $(median "${b[@]}") µs, 1 MB User-Agent $(median "${c[@]}") µs per GET / (aim: under 1 ms more)"
