#!/usr/bin/env bash
# The home page rendered by the server, once cached, must sustain at least 80 % of
# the requests per second the same server reaches on a static file of the same size (64
# connections). Runs the built binary on loopback with demo content, saves the rendered page as an
# upload (served from disk as a plain file), then loads both in turn with cmd/loadbench, asking for
# the plain bytes of each (the same size on the wire). Usage: scripts/bench-home.sh [seconds] [path]
set -euo pipefail
cd "$(dirname "$0")/.."
secs=${1:-10}
page=${2:-/}
bin=bin/ugcfolio
[ -x "$bin" ] || { echo "build first: make build" >&2; exit 1; }
go build -o bin/loadbench ./cmd/loadbench

dir=$(mktemp -d)
port=$(python3 -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1",0)); print(s.getsockname()[1])')
base="http://127.0.0.1:$port"
"$bin" serve --addr "127.0.0.1:$port" --data "$dir" --demo >"$dir/server.log" 2>&1 &
pid=$!
trap 'kill $pid 2>/dev/null; rm -rf "$dir"' EXIT
until curl -sf -o /dev/null "$base/healthz"; do sleep 0.05; done

# The static twin: the rendered page's own bytes as a file the same server serves.
curl -sf "$base$page" -o "$dir/uploads/bench-home.html" --create-dirs
grep -q 'id="page-data"' "$dir/uploads/bench-home.html" || { echo "$page was not rendered by the server" >&2; exit 1; }
size=$(stat -c %s "$dir/uploads/bench-home.html")
echo "GET $page: $size bytes rendered; static twin /uploads/bench-home.html"

echo "static file:"; static=$(bin/loadbench -gzip=false -url "$base/uploads/bench-home.html" -c 64 -d "${secs}s"); echo "  $static"
echo "home page:  "; home=$(bin/loadbench -gzip=false -url "$base$page" -c 64 -d "${secs}s"); echo "  $home"
echo "home page, gzip:"; gz=$(bin/loadbench -url "$base$page" -c 64 -d "${secs}s"); echo "  $gz"
s_rps=$(echo "$static" | awk '{print $2}'); h_rps=$(echo "$home" | awk '{print $2}')
echo "ratio home/static: $(awk -v a="$h_rps" -v s="$s_rps" 'BEGIN {printf "%.0f %%", 100*a/s}') (budget ≥ 80 %)"
