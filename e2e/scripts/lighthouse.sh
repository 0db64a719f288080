#!/usr/bin/env bash
# Lighthouse (mobile emulation) on the home page of the real binary with demo content, using
# Debian's Chromium, in both of its throttling methods (issue 26):
#   simulated  Lighthouse's default, what PageSpeed Insights shows: the page loads unthrottled and
#              Lighthouse estimates its timings on a slow phone from that load;
#   applied    --throttling-method=devtools: the page really loads on the throttled profile.
# Prints each run and the median of each figure per method (performance, FCP, LCP, TBT, TTI and
# the other three category scores), and fails when a median is under the budget of DESIGN.md
# section 5 (e2e/scripts/lighthouse-summary.mjs has them).
#   make lighthouse          (builds first; three runs per method)
#   e2e/scripts/lighthouse.sh [path/to/ugcfolio] [runs]   (runs per method: 1 unless given)
# The runs of the two methods alternate, so a machine busy for a while slows both alike.
# LIGHTHOUSE_METHODS="simulated" (or "applied") runs one method only. LIGHTHOUSE_FLAGS adds
# Lighthouse options to every run, e.g. "--blocked-url-patterns=*.js" (the page with every script
# refused). LIGHTHOUSE_PORT serves on that port rather than a free one; LIGHTHOUSE_KEEP=dir keeps
# the JSON reports.
set -euo pipefail

here="$(cd "$(dirname "$0")" && pwd)"
e2e="$(dirname "$here")"
bin="${1:-$e2e/../bin/ugcfolio}"
runs="${2:-1}"
methods="${LIGHTHOUSE_METHODS:-simulated applied}"
chrome="${CHROME_PATH:-/usr/bin/chromium}"
[ -x "$bin" ] || { echo "no binary at $bin: run make build" >&2; exit 1; }
[ -x "$chrome" ] || { echo "no Chromium at $chrome (apt-get install chromium)" >&2; exit 1; }

data="$(mktemp -d)"
out="$(mktemp -d)"
port="${LIGHTHOUSE_PORT:-$(node -e 'const s=require("net").createServer();s.listen(0,"127.0.0.1",()=>{console.log(s.address().port);s.close()})')}"
"$bin" serve --addr "127.0.0.1:$port" --data "$data" --demo >"$out/server.log" 2>&1 &
pid=$!
trap 'kill "$pid" 2>/dev/null || true; wait "$pid" 2>/dev/null || true; [ -n "${LIGHTHOUSE_KEEP:-}" ] && cp "$out"/*.json "$LIGHTHOUSE_KEEP"; rm -rf "$data" "$out"' EXIT

for _ in $(seq 1 100); do
  curl -fsS "http://127.0.0.1:$port/healthz" >/dev/null 2>&1 && break
  sleep 0.1
done

# The page rendered once before measuring: the first visitor after a start pays for the engine's
# warm-up and the first render, every later one gets the cached page.
curl -fsS -o /dev/null "http://127.0.0.1:$port/"

read -r -a extra_flags <<<"${LIGHTHOUSE_FLAGS:-}"
for i in $(seq 1 "$runs"); do
  for method in $methods; do
    case "$method" in
      simulated) method_flags=() ;;
      applied) method_flags=(--throttling-method=devtools) ;;
      *) echo "unknown method $method (simulated, applied)" >&2; exit 1 ;;
    esac
    # On a busy machine Lighthouse now and then loses the trace of a load (NO_NAVSTART): that
    # run is made again, twice at most.
    for attempt in 1 2 3; do
      echo "run $i/$runs, $method throttling" >&2
      CHROME_PATH="$chrome" "$e2e/node_modules/.bin/lighthouse" "http://127.0.0.1:$port/" \
        --quiet \
        --form-factor=mobile \
        --only-categories=performance,accessibility,best-practices,seo \
        --chrome-flags="--headless --no-sandbox --disable-gpu" \
        "${method_flags[@]}" "${extra_flags[@]}" \
        --output=json --output-path="$out/$method-$i.json" && break
      [ "$attempt" = 3 ] && { echo "Lighthouse failed three times" >&2; exit 1; }
    done
  done
done

args=()
for method in $methods; do args+=("--$method" "$out/$method"-*.json); done
node "$here/lighthouse-summary.mjs" "${args[@]}"
