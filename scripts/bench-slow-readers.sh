#!/usr/bin/env bash
# 300 clients read the same 100 MB video at 1 KB/s (far under the 16 KB/s media minimum)
# while one client downloads it whole. Prints the server's RSS at rest and at its peak, how many slow
# readers the server cut off and when, and the normal download's time (cmd/slowreadbench).
# Usage: scripts/bench-slow-readers.sh [bin] (default bin/ugcfolio; make build first).
set -euo pipefail
cd "$(dirname "$0")/.."
bin=${1:-bin/ugcfolio}
[ -x "$bin" ] || { echo "build first: make build" >&2; exit 1; }
GOFLAGS=${GOFLAGS:--tags=nodynamic} go run ./cmd/slowreadbench -bin "$bin" -readers 300 -rate 1024 -for 60s
