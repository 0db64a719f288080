#!/usr/bin/env bash
# Lighthouse (mobile emulation) on the home page of the real binary with demo content, using
# Debian's Chromium, in both of its throttling methods:
#   simulated  Lighthouse's default, what PageSpeed Insights shows: the page loads unthrottled and
#              Lighthouse estimates its timings on a slow phone from that load;
#   applied    --throttling-method=devtools: the page really loads on the throttled profile.
# Each at Lighthouse's default CPU slowdown (4x) and at 8x, a phone twice as slow (the
# score must not depend on how fast the machine running the test is).
# Prints each run (with the machine's benchmarkIndex) and the median of each figure per method and
# slowdown (performance, FCP, LCP, TBT, TTI and the other three category scores), and fails when a
# median is under the budget of DESIGN.md section 5 (e2e/scripts/lighthouse-summary.mjs has them).
#   make lighthouse          (builds first; three runs per method and slowdown)
#   e2e/scripts/lighthouse.sh [path/to/ugcfolio] [runs]   (runs per method: 1 unless given)
# The runs of the methods and slowdowns alternate, so a machine busy for a while slows all alike.
# LIGHTHOUSE_CPU="4" (or "8", or "4 8", the default) picks the CPU slowdowns.
# LIGHTHOUSE_BASELINE=path/to/another/ugcfolio measures that binary too, in the same run, each of
# its runs right after the same run of the first one (before and after a change, on a machine
# whose speed changes): both are reported, the budget is checked for the first only.
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
cpus="${LIGHTHOUSE_CPU:-4 8}"
baseline="${LIGHTHOUSE_BASELINE:-}"
chrome="${CHROME_PATH:-/usr/bin/chromium}"
[ -x "$bin" ] || { echo "no binary at $bin: run make build" >&2; exit 1; }
[ -z "$baseline" ] || [ -x "$baseline" ] || { echo "no baseline binary at $baseline" >&2; exit 1; }
[ -x "$chrome" ] || { echo "no Chromium at $chrome (apt-get install chromium)" >&2; exit 1; }

out="$(mktemp -d)"
pids=()
trap 'for p in "${pids[@]}"; do kill "$p" 2>/dev/null || true; wait "$p" 2>/dev/null || true; done; [ -n "${LIGHTHOUSE_KEEP:-}" ] && cp "$out"/*.json "$LIGHTHOUSE_KEEP"; rm -rf "$out"' EXIT

free_port() { node -e 'const s=require("net").createServer();s.listen(0,"127.0.0.1",()=>{console.log(s.address().port);s.close()})'; }

# serve LABEL BINARY PORT: starts the binary with demo content in a data directory of its own and
# waits until it answers.
serve() {
  local label="$1" binary="$2" port="$3"
  mkdir -p "$out/data-$label"
  "$binary" serve --addr "127.0.0.1:$port" --data "$out/data-$label" --demo >"$out/server-$label.log" 2>&1 &
  pids+=($!)
  for _ in $(seq 1 100); do
    curl -fsS "http://127.0.0.1:$port/healthz" >/dev/null 2>&1 && break
    sleep 0.1
  done
  # The page rendered once before measuring: the first visitor after a start pays for the engine's
  # warm-up and the first render, every later one gets the cached page.
  curl -fsS -o /dev/null "http://127.0.0.1:$port/"
}

labels=(this)
port="${LIGHTHOUSE_PORT:-$(free_port)}"
declare -A ports=([this]="$port")
serve this "$bin" "$port"
if [ -n "$baseline" ]; then
  labels+=(baseline)
  ports[baseline]="$(free_port)"
  serve baseline "$baseline" "${ports[baseline]}"
fi

read -r -a extra_flags <<<"${LIGHTHOUSE_FLAGS:-}"
for i in $(seq 1 "$runs"); do
  for cpu in $cpus; do
    for method in $methods; do
      case "$method" in
        simulated) method_flags=() ;;
        applied) method_flags=(--throttling-method=devtools) ;;
        *) echo "unknown method $method (simulated, applied)" >&2; exit 1 ;;
      esac
      for label in "${labels[@]}"; do
        # On a busy machine Lighthouse now and then loses the trace of a load (NO_NAVSTART): that
        # run is made again, twice at most.
        for attempt in 1 2 3; do
          echo "run $i/$runs, $method throttling, ${cpu}x CPU, $label" >&2
          CHROME_PATH="$chrome" "$e2e/node_modules/.bin/lighthouse" "http://127.0.0.1:${ports[$label]}/" \
            --quiet \
            --form-factor=mobile \
            --only-categories=performance,accessibility,best-practices,seo \
            --chrome-flags="--headless --no-sandbox --disable-gpu" \
            --throttling.cpuSlowdownMultiplier="$cpu" \
            "${method_flags[@]}" "${extra_flags[@]}" \
            --output=json --output-path="$out/$label-$cpu-$method-$i.json" && break
          [ "$attempt" = 3 ] && { echo "Lighthouse failed three times" >&2; exit 1; }
        done
      done
    done
  done
done

# The baseline first (reported only), then this binary, whose medians decide.
status=0
for label in $(printf '%s\n' "${labels[@]}" | sort); do
  for cpu in $cpus; do
    args=(--cpu "$cpu")
    [ -n "$baseline" ] && args+=(--label "$label ($([ "$label" = this ] && echo "$bin" || echo "$baseline"))")
    for method in $methods; do args+=("--$method" "$out/$label-$cpu-$method"-*.json); done
    if [ "$label" = this ]; then
      node "$here/lighthouse-summary.mjs" "${args[@]}" || status=1
    else
      node "$here/lighthouse-summary.mjs" "${args[@]}" || true
    fi
  done
done
exit "$status"
