#!/usr/bin/env bash
# Lighthouse (mobile emulation) on the home page of the real binary with demo content, using
# Debian's Chromium. Prints the four category scores and the JavaScript the page loaded, and fails
# when a score is under the budget of DESIGN.md section 5 (performance 95; the others 100).
#   make lighthouse          (builds first)
#   e2e/scripts/lighthouse.sh [path/to/ugcfolio] [runs]   (runs: 1 unless given; make passes 3)
# With several runs, the scores and timings printed (and checked) are the medians.
# LIGHTHOUSE_FLAGS adds Lighthouse options, e.g. "--throttling-method=devtools" (the page really
# loaded on the throttled profile, not estimated from a fast load) or "--blocked-url-patterns=*.js"
# (the same page with every script refused).
set -euo pipefail

here="$(cd "$(dirname "$0")" && pwd)"
e2e="$(dirname "$here")"
bin="${1:-$e2e/../bin/ugcfolio}"
runs="${2:-1}"
chrome="${CHROME_PATH:-/usr/bin/chromium}"
[ -x "$bin" ] || { echo "no binary at $bin: run make build" >&2; exit 1; }
[ -x "$chrome" ] || { echo "no Chromium at $chrome (apt-get install chromium)" >&2; exit 1; }

data="$(mktemp -d)"
out="$(mktemp -d)"
port="$(node -e 'const s=require("net").createServer();s.listen(0,"127.0.0.1",()=>{console.log(s.address().port);s.close()})')"
"$bin" serve --addr "127.0.0.1:$port" --data "$data" --demo >"$out/server.log" 2>&1 &
pid=$!
trap 'kill "$pid" 2>/dev/null || true; wait "$pid" 2>/dev/null || true; [ -n "${LIGHTHOUSE_KEEP:-}" ] && cp "$out"/report-*.json "$LIGHTHOUSE_KEEP"; rm -rf "$data" "$out"' EXIT

for _ in $(seq 1 100); do
  curl -fsS "http://127.0.0.1:$port/healthz" >/dev/null 2>&1 && break
  sleep 0.1
done

# The page rendered once before measuring: the first visitor after a start pays for the engine's
# warm-up and the first render, every later one gets the cached page.
curl -fsS -o /dev/null "http://127.0.0.1:$port/"

read -r -a extra_flags <<<"${LIGHTHOUSE_FLAGS:-}"
for i in $(seq 1 "$runs"); do
  CHROME_PATH="$chrome" "$e2e/node_modules/.bin/lighthouse" "http://127.0.0.1:$port/" \
    --quiet \
    --form-factor=mobile \
    --only-categories=performance,accessibility,best-practices,seo \
    --chrome-flags="--headless --no-sandbox --disable-gpu" \
    "${extra_flags[@]}" \
    --output=json --output-path="$out/report-$i.json"
done

node "$here/lighthouse-summary.mjs" "$out"/report-*.json
