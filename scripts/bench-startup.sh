#!/usr/bin/env bash
# Measures two budgets of DESIGN.md section 5 on the built binary:
#   - start to first answer (exec until GET /healthz answers 200), fresh data dir each run;
#   - resident memory at rest (VmRSS after the first answer and a short pause, empty demo site).
# Prints each run and the medians. Usage: scripts/bench-startup.sh [runs] (default 7).
set -euo pipefail
cd "$(dirname "$0")/.."
runs=${1:-7}
bin=bin/ugcfolio
[ -x "$bin" ] || { echo "build first: make build" >&2; exit 1; }
port=$(python3 -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1",0)); print(s.getsockname()[1])')

starts=(); rss=()
for i in $(seq 1 "$runs"); do
  dir=$(mktemp -d)
  t0=$(date +%s%N)
  "$bin" serve --addr "127.0.0.1:$port" --data "$dir" >/dev/null 2>&1 &
  pid=$!
  until curl -sf -o /dev/null "http://127.0.0.1:$port/healthz"; do sleep 0.002; done
  t1=$(date +%s%N)
  curl -sf -o /dev/null "http://127.0.0.1:$port/"   # the home page once, as a visitor would
  sleep 1
  r=$(awk '/VmRSS/ {print $2}' "/proc/$pid/status")
  kill "$pid"; wait "$pid" 2>/dev/null || true
  rm -rf "$dir"
  ms=$(( (t1 - t0) / 1000000 ))
  starts+=("$ms"); rss+=("$r")
  echo "run $i: first answer after ${ms} ms, RSS at rest $((r / 1024)) MB"
done
median() { printf '%s\n' "$@" | sort -n | awk '{a[NR]=$1} END {print a[int((NR+1)/2)]}'; }
echo "median start to first answer: $(median "${starts[@]}") ms (budget 300 ms)"
echo "median RSS at rest: $(( $(median "${rss[@]}") / 1024 )) MB (budget 40 MB)"
