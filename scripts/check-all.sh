#!/usr/bin/env bash
# Checks EVERY problem of every Moving AI map against its optimal length with `astar check` (release
# build), and prints a Markdown table: map, problems, mismatches, expansions, search time, wall time.
# Usage: scripts/check-all.sh [DATA_DIR]   (default data/movingai, the maps vendored in the repository;
#        give the folder of the full Moving AI sets to check those, see data/movingai/SOURCES.md)
# Exit status 0 when every problem matches, 1 on any mismatch, 2 when a map cannot be checked.
set -euo pipefail
ROOT="$(cd "$(dirname "$0")/.." && pwd)"
# A folder given on the command line is taken from where the script was started.
if [ $# -ge 1 ]; then DATA="$(cd "$1" 2>/dev/null && pwd)" || { echo "check-all: no data folder $1" >&2; exit 2; }
else DATA="$ROOT/data/movingai"; fi
cd "$ROOT"
[ -d "$DATA" ] || { echo "check-all: no data folder $DATA" >&2; exit 2; }

cargo build --release -p astar-cli --quiet
BIN="${CARGO_TARGET_DIR:-target}/release/astar"

field() { sed -E "s/.*\"$1\":([0-9.]+).*/\1/" <<<"$2"; }
calc() { awk "BEGIN { print $1 }"; }

echo "| map | problems | mismatches | expanded | search time (s) | wall time (s) |"
echo "|---|---:|---:|---:|---:|---:|"
total_problems=0 total_mismatches=0 total_expanded=0 total_ms=0 total_wall=0
for map in "$DATA"/*.map; do
  name=$(basename "$map")
  started=$(date +%s.%N)
  set +e
  out=$("$BIN" check --map "$map" --scen "$map.scen" --json)
  status=$?
  set -e
  wall=$(calc "$(date +%s.%N) - $started")
  if [ "$status" -gt 1 ]; then
    echo "check-all: $name could not be checked (exit $status)" >&2
    exit 2
  fi
  [ "$status" -eq 0 ] || printf '%s\n' "$out" | sed '$d' >&2   # the mismatches, for the record
  last=$(printf '%s\n' "$out" | tail -n 1)
  n=$(field scenarios "$last") m=$(field mismatches "$last") e=$(field expanded "$last") ms=$(field search_ms "$last")
  printf '| %s | %d | %d | %d | %.1f | %.1f |\n' "$name" "$n" "$m" "$e" "$(calc "$ms / 1000")" "$wall"
  total_problems=$((total_problems + n)) total_mismatches=$((total_mismatches + m)) total_expanded=$((total_expanded + e))
  total_ms=$(calc "$total_ms + $ms") total_wall=$(calc "$total_wall + $wall")
done
printf '| **all %d maps** | **%d** | **%d** | **%d** | **%.1f** | **%.1f** |\n' \
  "$(ls "$DATA"/*.map | wc -l)" "$total_problems" "$total_mismatches" "$total_expanded" \
  "$(calc "$total_ms / 1000")" "$total_wall"
[ "$total_mismatches" -eq 0 ]
