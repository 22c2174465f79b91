#!/usr/bin/env bash
# The endgame speed figures of the README: generates the 60 endgames of seeds 100-159, solves the
# first 50 by name one at a time on one core (10 s limit), and prints per file: name, wall seconds,
# CPU seconds (user + system), proved, depth, value, positions searched; then the proved count, the
# median and worst CPU time, and the load average before and after (the machine may be shared).
#
# Usage: solvers/scrabble/scripts/endgame-speed.sh [BINARY [EXTRA...]] (default
# target/release/solvebatch; run from the repository's root after `cargo build --release`). Needs
# taskset, GNU time and python3. EXTRA are more options of `scrabble endgame`.
# JOBS=N searches with N threads (default 1); CORE=N pins the solves to core N (default 0;
# CORE=all leaves them unpinned, as JOBS above 1 needs).
# SEED=S COUNT=N TAKE=K: the positions of seeds S.. (default 100, 60 generated, the first 50 solved).
# CPU=S limits each solve to S seconds of CPU instead of 10 s of wall time (prlimit; a solve killed
# at the limit is not proved, its depth, value and positions printed as -), so that the figures do
# not follow the machine's load.
set -euo pipefail
binary=${1:-target/release/solvebatch}
shift || true
core=${CORE:-0}
jobs=${JOBS:-1}
seed=${SEED:-100}
count=${COUNT:-60}
take=${TAKE:-50}
dictionary=datasets/scrabble/dictionary.txt
folder=$(mktemp -d)
trap 'rm -rf "$folder"' EXIT
pin=(taskset -c "$core")
[ "$core" = all ] && pin=()
limit=(--timeout 10)
[ -n "${CPU:-}" ] && { pin+=(prlimit --cpu="$CPU" --); limit=(--timeout 100000); }
echo "load before: $(cat /proc/loadavg)" >&2
"$binary" gen scrabble-endgame -d "$dictionary" --count "$count" --seed "$seed" --out "$folder" >/dev/null
for file in $(ls "$folder"/*.cgp | sort | head -"$take"); do
  start=$(date +%s%N)
  json=$(/usr/bin/time -f '%U %S' -o "$folder/cpu" "${pin[@]}" "$binary" scrabble endgame "$file" \
    -d "$dictionary" "${limit[@]}" --json -j "$jobs" "$@") || json='{}'
  end=$(date +%s%N)
  echo "$(basename "$file" .cgp) $(( (end - start) / 1000000 )) $(tail -1 "$folder/cpu" | awk '{ print $1 + $2 }') \
    $(printf '%s' "$json" | python3 -c \
    'import json, sys; j = json.load(sys.stdin); print(*(j.get(k, "-") for k in ["proved", "depth", "value", "nodes"]))')"
done | python3 -c '
import statistics, sys
rows = [line.split() for line in sys.stdin]
for row in rows:
    print(row[0], "%.3f" % (int(row[1]) / 1000), "%.2f" % float(row[2]), *row[3:])
proved = [float(row[2]) for row in rows if row[3] == "True"]
every = [float(row[2]) for row in rows]
print("proved %d/%d; CPU median of all %.2f s, worst %.2f s, sum %.1f s; nodes in all %d" % (
    len(proved), len(rows), statistics.median(every), max(every), sum(every),
    sum(int(row[6]) for row in rows if row[6] != "-")))
if proved:
    print("proved ones: CPU median %.2f s, worst %.2f s" % (statistics.median(proved), max(proved)))
'
echo "load after: $(cat /proc/loadavg)" >&2
