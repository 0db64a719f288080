#!/usr/bin/env bash
# How long `ugcfolio backup` takes for a site with 100 portfolio items and 1 GB of uploads,
# and what it does to p99 of the public API meanwhile. Runs the built binary on loopback with a fresh
# data dir: 100 items through the admin API, each with a video file of SIZE_MB/100 (written straight
# into DATA/uploads, as the chunked API would leave them), then:
#   1. GET /api/portfolio/no from 16 connections for SECONDS with no backup (cmd/loadbench);
#   2. the same while backups run one after another the whole time (a separate `ugcfolio backup`
#      process, as from cron; --keep 1), and every backup's duration.
# Usage: scripts/bench-backup.sh [seconds] [size_mb]     (defaults 20 and 1024)
set -euo pipefail
cd "$(dirname "$0")/.."
secs=${1:-20}
size_mb=${2:-1024}
bin=bin/ugcfolio
[ -x "$bin" ] || { echo "build first: make build" >&2; exit 1; }
go build -o bin/loadbench ./cmd/loadbench

dir=$(mktemp -d)
data="$dir/data"
port=$(python3 -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1",0)); print(s.getsockname()[1])')
base="http://127.0.0.1:$port"
"$bin" serve --addr "127.0.0.1:$port" --data "$data" >"$dir/server.log" 2>&1 &
pid=$!
trap 'kill $pid 2>/dev/null; rm -rf "$dir"' EXIT
until curl -sf -o /dev/null "$base/healthz"; do sleep 0.05; done

printf 'bench-password-1\n' | "$bin" admin create --email bench@example.no --data "$data" >/dev/null
jar="$dir/cookies"
curl -sf -c "$jar" -H 'Content-Type: application/json' \
  -d '{"username":"bench@example.no","password":"bench-password-1"}' "$base/api/login" >/dev/null
mkdir -p "$data/uploads"
per_file_kb=$((size_mb * 1024 / 100))
for i in $(seq 1 100); do
  f="$data/uploads/clip-$i.mp4"
  { printf '\x00\x00\x00\x20ftypisom\x00\x00\x02\x00'; head -c $((per_file_kb * 1024 - 16)) /dev/urandom; } >"$f"
  curl -sf -b "$jar" -H 'Content-Type: application/json' -o /dev/null -d "{
    \"title\": \"Produktvideo nummer $i for en norsk merkevare\",
    \"description\": \"Unboxing, bruk og ærlig omtale av produktet, filmet i naturlig lys.\",
    \"imageUrl\": \"https://images.example.com/portfolio/$i.jpg\", \"videoUrl\": \"/uploads/clip-$i.mp4\",
    \"category\": \"product\", \"featured\": false, \"language\": \"no\"}" "$base/api/admin/portfolio"
done
items=$(curl -sf "$base/api/portfolio/no" | grep -o '"id":' | wc -l)
echo "site: $items items, $(du -sm "$data/uploads" | cut -f1) MB of uploads, database $(du -ck "$data"/ugcfolio.db* | tail -1 | cut -f1) KB with its WAL"

# Let the page cache settle as it would on a server that has been up a while.
sync
echo "public API, no backup:"
bin/loadbench -url "$base/api/portfolio/no" -c 16 -d "${secs}s" | sed 's/^/  /'

backups="$dir/backups"
flag="$dir/loading"
touch "$flag"
(
  while [ -e "$flag" ]; do
    start=$(date +%s.%N)
    UGCFOLIO_BACKUP_KEY=bench-backup-key-of-32-characters "$bin" backup --to "$backups" --data "$data" --keep 1 >>"$dir/backup.log" 2>&1 || { echo "backup failed:" >&2; cat "$dir/backup.log" >&2; exit 1; }
    end=$(date +%s.%N)
    awk -v s="$start" -v e="$end" 'BEGIN {printf "%.2f\n", e - s}' >>"$dir/durations"
  done
) &
bpid=$!
echo "public API, backups running the whole time:"
bin/loadbench -url "$base/api/portfolio/no" -c 16 -d "${secs}s" | sed 's/^/  /'
rm -f "$flag"
wait $bpid
n=$(wc -l <"$dir/durations")
median=$(sort -n "$dir/durations" | awk '{a[NR]=$1} END {print (NR % 2) ? a[(NR+1)/2] : (a[NR/2] + a[NR/2+1]) / 2}')
grep '^Backup' "$dir/backup.log" | tail -1 | sed 's/^/last: /'
echo "backup of $items items and ${size_mb} MB: median ${median} s over $n backups ($(tr '\n' ' ' <"$dir/durations")s)"
