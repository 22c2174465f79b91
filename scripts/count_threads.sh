#!/bin/sh
# The speed-up of `tournament --count -j 2` over `-j 1` on refutation-bound work, measured side by
# side: for each file, -j 1 then -j 2, ROUNDS times alternating, each run under /usr/bin/time (wall,
# user CPU, peak memory) with the load average read before it.
#
# Usage: scripts/count_threads.sh [BINARY] [ROUNDS] [FILES...]
#   BINARY  the solvebatch binary (default target/release/solvebatch)
#   ROUNDS  alternating rounds per file (default 2)
#   FILES   names among t45-d5-s1..5 and t45-d6-s1..5 (default: the five degree-5 files and
#           t45-d6-s1), made by `solvebatch gen tournament --tables 45 --degree D --seed S`
# Prints one line per run: file, -j, wall seconds, user seconds, peak KB, rounds counted, load.
set -eu
binary=${1:-target/release/solvebatch}
rounds=${2:-2}
[ $# -ge 2 ] && shift 2 || shift $#
files=${*:-t45-d5-s1 t45-d5-s2 t45-d5-s3 t45-d5-s4 t45-d5-s5 t45-d6-s1}
dir=$(mktemp -d)
trap 'rm -rf "$dir"' EXIT
for file in $files; do
    degree=${file#t45-d}; degree=${degree%%-*}; seed=${file##*-s}
    "$binary" gen tournament --tables 45 --degree "$degree" --seed "$seed" > "$dir/$file.csv"
done
round=1
while [ "$round" -le "$rounds" ]; do
    for file in $files; do
        for jobs in 1 2; do
            load=$(cut -d' ' -f1-3 /proc/loadavg)
            count=$(/usr/bin/time -o "$dir/time" -f '%e %U %M' "$binary" tournament "$dir/$file.csv" --count -j "$jobs")
            echo "$file -j $jobs: $(awk '{print $1 " s, " $2 " s user, " $3 " KB"}' "$dir/time"), $count rounds, load $load"
        done
    done
    round=$((round + 1))
done
