#!/usr/bin/env bash
# The endgame speed figures of the README: generates the 60 endgames of seeds 100-159, solves the
# first 50 by name one at a time on one core (whole-process wall time, 10 s limit), and prints per
# file: name, seconds, proved, depth, value, positions searched; then proved count, median and worst.
#
# Usage: solvers/scrabble/scripts/endgame-speed.sh [BINARY] (default target/release/solvebatch; run
# from the repository's root after `cargo build --release`). Needs taskset and python3.
# CORE=N pins the solves to core N (default 0).
set -euo pipefail
binary=${1:-target/release/solvebatch}
core=${CORE:-0}
dictionary=datasets/scrabble/dictionary.txt
folder=$(mktemp -d)
trap 'rm -rf "$folder"' EXIT
"$binary" gen scrabble-endgame -d "$dictionary" --count 60 --seed 100 --out "$folder" >/dev/null
for file in $(ls "$folder"/*.cgp | sort | head -50); do
  start=$(date +%s%N)
  json=$(taskset -c "$core" "$binary" scrabble endgame "$file" -d "$dictionary" --timeout 10 --json)
  end=$(date +%s%N)
  echo "$(basename "$file" .cgp) $(( (end - start) / 1000000 )) $(printf '%s' "$json" | python3 -c \
    'import json, sys; j = json.load(sys.stdin); print(j["proved"], j["depth"], j["value"], j["nodes"])')"
done | python3 -c '
import statistics, sys
rows = [line.split() for line in sys.stdin]
for row in rows:
    print(row[0], "%.3f" % (int(row[1]) / 1000), *row[2:])
proved = [int(row[1]) / 1000 for row in rows if row[2] == "True"]
every = [int(row[1]) / 1000 for row in rows]
print("proved %d/%d; median of all %.2f s, worst %.2f s; nodes in all %d" % (
    len(proved), len(rows), statistics.median(every), max(every), sum(int(row[5]) for row in rows)))
if proved:
    print("proved ones: median %.2f s, worst %.2f s" % (statistics.median(proved), max(proved)))
'
