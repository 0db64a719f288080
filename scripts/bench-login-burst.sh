#!/usr/bin/env bash
# A burst of failed logins, as a guesser spread over addresses sends them: 60 at once for 60 unknown
# usernames from three loopback addresses (each under its per-address limit). Prints the server's
# peak memory (VmHWM) and how long the burst took, per run and the medians. Each argon2id check
# takes 19 MiB; the server bounds how many run at once (internal/ratelimit/passwords.go).
# Usage: scripts/bench-login-burst.sh [runs] (default 3).
set -euo pipefail
cd "$(dirname "$0")/.."
runs=${1:-3}
bin=bin/ugcfolio
[ -x "$bin" ] || { echo "build first: make build" >&2; exit 1; }
port=$(python3 -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1",0)); print(s.getsockname()[1])')

peaks=(); times=()
for i in $(seq 1 "$runs"); do
  dir=$(mktemp -d)
  "$bin" serve --addr "127.0.0.1:$port" --data "$dir" >/dev/null 2>&1 &
  pid=$!
  until curl -sf -o /dev/null "http://127.0.0.1:$port/healthz"; do sleep 0.01; done
  codes=$(mktemp)
  t0=$(date +%s%N)
  for a in 1 2 3; do
    for n in $(seq 1 20); do
      curl -s -o /dev/null -w '%{http_code}\n' --interface "127.0.0.$a" -H 'Content-Type: application/json' \
        -d "{\"username\":\"nobody$a-$n@example.com\",\"password\":\"wrong-password\"}" \
        "http://127.0.0.1:$port/api/login" >>"$codes" &
    done
  done
  wait $(jobs -p | grep -v "^$pid$") 2>/dev/null || true
  t1=$(date +%s%N)
  peak=$(awk '/VmHWM/ {print $2}' "/proc/$pid/status")
  kill "$pid"; wait "$pid" 2>/dev/null || true
  rm -rf "$dir"
  ms=$(( (t1 - t0) / 1000000 ))
  peaks+=("$peak"); times+=("$ms")
  echo "run $i: peak RSS $((peak / 1024)) MB, burst answered in ${ms} ms ($(sort "$codes" | uniq -c | tr -s ' \n' ' '))"
  rm -f "$codes"
done
median() { printf '%s\n' "$@" | sort -n | awk '{a[NR]=$1} END {print a[int((NR+1)/2)]}'; }
echo "median peak RSS: $(( $(median "${peaks[@]}") / 1024 )) MB; median burst time: $(median "${times[@]}") ms"
