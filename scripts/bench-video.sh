#!/usr/bin/env bash
# What processing an uploaded video costs. Runs the built binary on loopback with a fresh
# data dir and uploads generated clips through the chunked API, as the portfolio form does:
#   1. a 30 s 1080p30 H.264 clip and a 30 s 4K30 HEVC 10-bit HDR (PQ) .mov: processing time as a
#      multiple of the clip's length (budgets: ≤ 1× and ≤ 3×), output vs input size, what a phone
#      downloads (the small rendition), and ffmpeg's peak memory;
#   2. p99 of GET /api/portfolio/no (cmd/loadbench, 16 connections) without a transcode, then while
#      the 1080p clip is transcoded again (budget: ≤ 2× the p99 without);
#   3. the server's own peak memory (VmHWM) over all of it.
# The clips are made once with ffmpeg (lavfi test card with moving grain, a tone, at a phone's
# bit rates: 16 Mb/s H.264, 20 Mb/s HEVC, so both stay under the 100 MB upload limit) and kept in
# $BENCH_VIDEO_CACHE (default /tmp/ugcfolio-bench-video).
# Usage: scripts/bench-video.sh [load_seconds]     (default 10)
set -euo pipefail
cd "$(dirname "$0")/.."
secs=${1:-10}
bin=bin/ugcfolio
[ -x "$bin" ] || { echo "build first: make build" >&2; exit 1; }
go build -o bin/loadbench ./cmd/loadbench

cache=${BENCH_VIDEO_CACHE:-/tmp/ugcfolio-bench-video}
mkdir -p "$cache"
clip_1080="$cache/clip-1080p-h264.mp4"
clip_4k="$cache/clip-4k-hevc-hdr.mov"
if [ ! -s "$clip_1080" ]; then
  echo "making $clip_1080 (once)…"
  ffmpeg -nostdin -hide_banner -loglevel error -y -f lavfi -i "testsrc2=size=1920x1080:rate=30,noise=alls=6:allf=t" \
    -f lavfi -i "sine=frequency=440:sample_rate=48000" -t 30 -c:v libx264 -preset veryfast -b:v 16M -maxrate 20M -bufsize 40M \
    -pix_fmt yuv420p -c:a aac -b:a 128k -f mp4 "$clip_1080.part" && mv "$clip_1080.part" "$clip_1080"
fi
if [ ! -s "$clip_4k" ]; then
  echo "making $clip_4k (once; x265 at 4K takes a few minutes on two cores)…"
  ffmpeg -nostdin -hide_banner -loglevel error -y -f lavfi -i "testsrc2=size=3840x2160:rate=30,noise=alls=6:allf=t" \
    -f lavfi -i "sine=frequency=440:sample_rate=48000" -t 30 -c:v libx265 -preset ultrafast -b:v 20M \
    -x265-params "log-level=error:vbv-maxrate=24000:vbv-bufsize=48000:colorprim=bt2020:transfer=smpte2084:colormatrix=bt2020nc" \
    -pix_fmt yuv420p10le -color_primaries bt2020 -color_trc smpte2084 -colorspace bt2020nc -tag:v hvc1 \
    -c:a aac -b:a 128k -metadata location=+59.9139+010.7522/ -f mov "$clip_4k.part" && mv "$clip_4k.part" "$clip_4k"
fi

dir=$(mktemp -d)
data="$dir/data"
port=$(python3 -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1",0)); print(s.getsockname()[1])')
base="http://127.0.0.1:$port"
"$bin" serve --addr "127.0.0.1:$port" --data "$data" >"$dir/server.log" 2>&1 &
pid=$!
trap 'kill $pid 2>/dev/null; rm -rf "$dir"' EXIT
until curl -sf -o /dev/null "$base/healthz"; do sleep 0.05; done
grep -q "video processing is off" "$dir/server.log" && { echo "the server says video processing is off" >&2; exit 1; }

printf 'bench-password-1\n' | "$bin" admin create --email bench@example.no --data "$data" >/dev/null
jar="$dir/cookies"
curl -sf -c "$jar" -H 'Content-Type: application/json' \
  -d '{"username":"bench@example.no","password":"bench-password-1"}' "$base/api/login" >/dev/null
# The public list the load test reads: 50 items, as scripts/bench-api.sh has them.
for i in $(seq 1 50); do
  curl -sf -b "$jar" -H 'Content-Type: application/json' -o /dev/null -d "{
    \"title\": \"Produktvideo nummer $i for en norsk merkevare\",
    \"description\": \"Unboxing, bruk og ærlig omtale av produktet, filmet i naturlig lys.\",
    \"imageUrl\": \"https://images.example.com/portfolio/$i.jpg\", \"videoUrl\": \"https://www.youtube.com/watch?v=abc$i\",
    \"category\": \"product\", \"featured\": false, \"language\": \"no\"}" "$base/api/admin/portfolio"
done

# upload FILE TYPE: the chunked protocol with 5 MB chunks; prints the stored name.
upload() {
  local file=$1 type=$2 id size chunks parts
  id=bench$(date +%s%N)
  size=$(stat -c %s "$file")
  parts="$dir/parts-$id"
  mkdir -p "$parts"
  split -b 5242880 -d -a 3 "$file" "$parts/c"
  chunks=$(ls "$parts" | wc -l)
  curl -sf -b "$jar" -H 'Content-Type: application/json' -o /dev/null -d "{\"uploadId\":\"$id\",
    \"fileName\":\"$(basename "$file")\",\"fileSize\":$size,\"fileType\":\"$type\",\"totalChunks\":$chunks}" \
    "$base/api/admin/upload/initialize"
  local i=0
  for c in "$parts"/c*; do
    curl -sf -b "$jar" -o /dev/null -F uploadId="$id" -F chunkIndex=$i -F totalChunks="$chunks" \
      -F "chunk=@$c;type=application/octet-stream" "$base/api/admin/upload/chunk"
    i=$((i + 1))
  done
  rm -rf "$parts"
  curl -sf -b "$jar" -H 'Content-Type: application/json' -d "{\"uploadId\":\"$id\"}" \
    "$base/api/admin/upload/finalize" | sed -E 's/.*"\/uploads\/([^"]+)".*/\1/'
}

# status NAME: the asset's processing state as the admin polls it.
status() { curl -sf -b "$jar" "$base/api/admin/media/$1"; }

# usage NAME: "CPU_SECONDS PEAK_MB" of the ffmpeg runs that processed NAME, as the server logged them
# when it was ready (the kernel's own counts, from each run's rusage). Sampling /proc from here
# instead cost more CPU than it measured: ffmpeg runs under nice, so every sample came first.
usage() {
  grep -F "$1" "$dir/server.log" | grep -F 'video: ready' | tail -n1 |
    sed -E 's/.*ffmpeg_cpu_s=([0-9.]+).*ffmpeg_peak_rss_mb=([0-9]+).*/\1 \2/'
}

# process FILE TYPE LABEL: upload, wait for ready, print the figures.
process() {
  local file=$1 type=$2 label=$3 name start end st secs_clip ratio load_before
  load_before=$(cut -d' ' -f1 /proc/loadavg)
  name=$(upload "$file" "$type")
  start=$(date +%s.%N)
  while :; do
    st=$(status "$name")
    case "$st" in *'"status":"ready"'*) break ;; *'"status":"failed"'*) echo "$label failed: $st" >&2; exit 1 ;; esac
    sleep 0.5
  done
  end=$(date +%s.%N)
  read -r cpu_s peak_mb < <(usage "$name")
  secs_clip=$(ffprobe -v error -show_entries format=duration -of csv=p=0 "$file")
  python3 - "$label" "$file" "$secs_clip" "$start" "$end" "$peak_mb" "$st" "$cpu_s" \
    "$load_before" "$(cut -d' ' -f1 /proc/loadavg)" "$(nproc)" <<'PY'
import json, os, sys
label, path, clip, start, end, peak_mb, st, cpu, load0, load1, cores = sys.argv[1:]
clip, took = float(clip), float(end) - float(start)
s = json.loads(st)
src = s["sources"]
insize = os.path.getsize(path)
out = sum(x["bytes"] for x in src)
print(f"{label}: {clip:.0f} s clip, {insize/1e6:.1f} MB in")
print(f"  processing {took:.1f} s = {took/clip:.2f}x the clip's length (load average {load0} before, {load1} after, {cores} cores)")
cpu = float(cpu)
print(f"  ffmpeg CPU time {cpu:.1f} s: on {cores} idle cores at least {cpu/int(cores):.1f} s = {cpu/int(cores)/clip:.2f}x the clip's length")
for x in src:
    print(f"  rendition {x['width']}x{x['height']}: {x['bytes']/1e6:.2f} MB ({100*x['bytes']/insize:.0f} % of the input)")
print(f"  all renditions {out/1e6:.2f} MB = {100*out/insize:.0f} % of the input; poster {s['posterUrl']}")
print(f"  a phone downloads {src[0]['bytes']/1e6:.2f} MB for this clip (small rendition {src[0]['width']}x{src[0]['height']})")
print(f"  ffmpeg peak RSS {peak_mb} MB")
PY
  echo "$name" >"$dir/last-name"
}

echo "== processing (one at a time, nothing else loading the server)"
process "$clip_1080" video/mp4 "1080p H.264"
process "$clip_4k" video/quicktime "4K HEVC HDR"

echo "== public API p99 (GET /api/portfolio/no, 16 connections, ${secs} s)"
echo "without a transcode:"
bin/loadbench -url "$base/api/portfolio/no" -c 16 -d "${secs}s" | tee "$dir/without" | sed 's/^/  /'
name=$(upload "$clip_1080" video/mp4)
# Wait until ffmpeg runs, then load for the same time (a 1080p transcode lasts longer).
until pgrep -P $pid -x ffmpeg >/dev/null; do sleep 0.1; done
echo "while the 1080p clip is transcoded:"
bin/loadbench -url "$base/api/portfolio/no" -c 16 -d "${secs}s" | tee "$dir/during" | sed 's/^/  /'
still=$(status "$name" | grep -c '"status":"processing"' || true)
[ "$still" = 1 ] || echo "  (note: the transcode ended before the load did; lengthen nothing, but read the figure with that in mind)"
p99() { sed -E 's/.*p99 ([^ ]+).*/\1/' "$1"; }
python3 - "$(p99 "$dir/without")" "$(p99 "$dir/during")" <<'PY'
import re, sys
def ms(d):
    m = re.fullmatch(r"([0-9.]+)(ns|µs|us|ms|s)", d)
    v, u = float(m.group(1)), m.group(2)
    return v * {"ns": 1e-6, "µs": 1e-3, "us": 1e-3, "ms": 1, "s": 1000}[u]
a, b = ms(sys.argv[1]), ms(sys.argv[2])
print(f"p99 during / without: {b:.2f} ms / {a:.2f} ms = {b/a:.2f}x (budget ≤ 2x)")
PY
while status "$name" | grep -q '"status":"processing"'; do sleep 0.5; done
echo "== server peak RSS over the whole run: $(awk '/VmHWM/ {printf "%.0f MB", $2/1024}' /proc/$pid/status)"
