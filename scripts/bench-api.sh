#!/usr/bin/env bash
# DESIGN.md section 5 API budget: GET /api/portfolio/no with 50 items must sustain at least 50 % of
# the requests per second the same server reaches on a static file of the same size, with p99 under
# 20 ms at 64 connections. Runs the built binary on loopback with a fresh data dir, fills it through
# the admin API, then loads both URLs in turn with cmd/loadbench. Usage: scripts/bench-api.sh [seconds]
set -euo pipefail
cd "$(dirname "$0")/.."
secs=${1:-10}
bin=bin/ugcfolio
[ -x "$bin" ] || { echo "build first: make build" >&2; exit 1; }
go build -o bin/loadbench ./cmd/loadbench

dir=$(mktemp -d)
port=$(python3 -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1",0)); print(s.getsockname()[1])')
base="http://127.0.0.1:$port"
"$bin" serve --addr "127.0.0.1:$port" --data "$dir" >"$dir/server.log" 2>&1 &
pid=$!
trap 'kill $pid 2>/dev/null; rm -rf "$dir"' EXIT
until curl -sf -o /dev/null "$base/healthz"; do sleep 0.05; done

printf 'bench-password-1\n' | "$bin" admin create --email bench@example.no --data "$dir" >/dev/null
jar="$dir/cookies"
curl -sf -c "$jar" -H 'Content-Type: application/json' \
  -d '{"username":"bench@example.no","password":"bench-password-1"}' "$base/api/login" >/dev/null
for i in $(seq 1 50); do
  featured=$([ $((i % 7)) = 0 ] && echo true || echo false)
  curl -sf -b "$jar" -H 'Content-Type: application/json' -o /dev/null -d "{
    \"title\": \"Produktvideo nummer $i for en norsk merkevare\",
    \"description\": \"Unboxing, bruk og ærlig omtale av produktet, filmet i naturlig lys. Levert i 9:16 for sosiale medier og annonser.\",
    \"imageUrl\": \"https://images.example.com/portfolio/$i.jpg\", \"videoUrl\": \"https://www.youtube.com/watch?v=abc$i\",
    \"category\": \"product\", \"featured\": $featured, \"language\": \"no\"}" "$base/api/admin/portfolio"
done

# The static twin: the list's own bytes as a file the same server serves.
curl -sf "$base/api/portfolio/no" -o "$dir/uploads/bench-static.json" --create-dirs
size=$(stat -c %s "$dir/uploads/bench-static.json")
items=$(grep -o '"id":' "$dir/uploads/bench-static.json" | wc -l)
echo "GET /api/portfolio/no: $items items, $size bytes; static twin /uploads/bench-static.json"

echo "static file:"; static=$(bin/loadbench -url "$base/uploads/bench-static.json" -c 64 -d "${secs}s"); echo "  $static"
echo "API list:   "; api=$(bin/loadbench -url "$base/api/portfolio/no" -c 64 -d "${secs}s"); echo "  $api"
s_rps=$(echo "$static" | awk '{print $2}'); a_rps=$(echo "$api" | awk '{print $2}')
echo "ratio API/static: $(awk -v a="$a_rps" -v s="$s_rps" 'BEGIN {printf "%.0f %%", 100*a/s}') (budget ≥ 50 %, API p99 < 20 ms)"
