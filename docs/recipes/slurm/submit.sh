#!/bin/sh
# Submits the shards of the folder `inputs` (in the current folder) as an array job of SHARDS tasks
# (default 4), then the merge once every task has ended (afterany: a task whose files fail exits 1,
# and the merged report says which). Waits for the merge and exits with its status.
set -eu
recipes=$(dirname "$0")
shards=${SHARDS:-4}
array=$(sbatch --parsable --array="1-$shards" "$recipes/shards.sbatch")
sbatch --wait --dependency="afterany:${array%%;*}" "$recipes/merge.sbatch"
