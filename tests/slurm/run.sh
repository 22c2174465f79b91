#!/usr/bin/env bash
# The Slurm recipe of docs/scale-out.md on a real single-node Slurm: starts munged, slurmctld and
# slurmd on this machine (as root, without systemd, with a private configuration, key, socket, ports
# and state under a temporary folder), runs docs/recipes/slurm/submit.sh on generated inputs (an
# array job of 4 shards, then the dependent merge job, with sbatch --wait), checks that the merged
# report has the rows, summary and exit status of a single run, and stops the daemons on exit.
#
# Needs the Debian packages slurm-wlm and munge (.ci/run installs them) and a built solvebatch:
# $SOLVEBATCH, else $CARGO_TARGET_DIR/debug/solvebatch, else target/debug/solvebatch.
# Exit status 0 when the check passes; 1 with the reason (and the daemons' logs) otherwise.
set -euo pipefail

repository=$(cd "$(dirname "$0")/../.." && pwd)
solvebatch=${SOLVEBATCH:-${CARGO_TARGET_DIR:-$repository/target}/debug/solvebatch}

fail() {
  echo "tests/slurm/run.sh: $*" >&2
  exit 1
}

for tool in munged munge slurmctld slurmd sbatch sinfo scontrol timeout; do
  command -v "$tool" >/dev/null || fail "$tool is missing: apt-get install slurm-wlm munge"
done
[ -x "$solvebatch" ] || fail "no solvebatch at $solvebatch: run cargo build first, or set SOLVEBATCH"
solvebatch=$(cd "$(dirname "$solvebatch")" && pwd)/$(basename "$solvebatch")

work=$(mktemp -d /tmp/solvebatch-slurm.XXXXXX)
# The daemons run in the foreground, as children of this script, so that their process ids are known.
daemons=()

show_logs() {
  for log in "$work"/*.log "$work"/munge/*.log; do
    [ -s "$log" ] && { echo "--- $log" >&2; tail -n 20 "$log" >&2; }
  done
  return 0
}

stop_daemons() {
  local status=$? pid alive
  [ "$status" -eq 0 ] || show_logs
  for pid in "${daemons[@]}"; do
    kill "$pid" 2>/dev/null || true
  done
  for _ in $(seq 25); do
    alive=0
    for pid in "${daemons[@]}"; do
      kill -0 "$pid" 2>/dev/null && alive=1
    done
    [ "$alive" -eq 0 ] && break
    sleep 0.2
  done
  for pid in "${daemons[@]}"; do
    kill -KILL "$pid" 2>/dev/null || true
  done
  wait 2>/dev/null || true
  rm -rf "$work"
  exit "$status"
}
trap stop_daemons EXIT

# Runs the command "$2..." until it succeeds, for at most $1 seconds; fails after that.
wait_for() {
  local deadline=$((SECONDS + $1))
  shift
  until "$@"; do
    [ "$SECONDS" -lt "$deadline" ] || return 1
    sleep 0.5
  done
}

# munge: a private key and socket (slurm.conf points the daemons and clients at the socket).
mkdir -p "$work/munge"
chmod 0700 "$work/munge"
dd if=/dev/urandom of="$work/munge/munge.key" bs=1024 count=1 status=none
chmod 0400 "$work/munge/munge.key"
socket="$work/munge/munge.socket"
munged --foreground --force --key-file="$work/munge/munge.key" --socket="$socket" \
  --pid-file="$work/munge/munged.pid" --log-file="$work/munge/munged.log" \
  --seed-file="$work/munge/munged.seed" 2>"$work/munge/start.log" &
daemons+=($!)
munge_works() { munge --socket="$socket" -n 2>/dev/null | unmunge --socket="$socket" >/dev/null 2>&1; }
wait_for 10 munge_works || fail "munged did not start: $(cat "$work/munge/start.log")"

# Slurm: one node, this machine, on ports of its own.
node=$(hostname -s)
mkdir -p "$work/state" "$work/spool"
export SLURM_CONF="$work/slurm.conf"
cat >"$SLURM_CONF" <<EOF
ClusterName=solvebatch-test
SlurmctldHost=$node(127.0.0.1)
SlurmctldPort=16817
SlurmdPort=16818
AuthType=auth/munge
AuthInfo=socket=$socket
CredType=cred/munge
SlurmUser=root
SlurmdUser=root
ProctrackType=proctrack/linuxproc
TaskPlugin=task/none
MpiDefault=none
SelectType=select/cons_tres
SelectTypeParameters=CR_Core
ReturnToService=2
SchedulerType=sched/backfill
JobCompType=jobcomp/none
AccountingStorageType=accounting_storage/none
MessageTimeout=5
StateSaveLocation=$work/state
SlurmdSpoolDir=$work/spool
SlurmctldPidFile=$work/slurmctld.pid
SlurmdPidFile=$work/slurmd.pid
SlurmctldLogFile=$work/slurmctld.log
SlurmdLogFile=$work/slurmd.log
NodeName=$node NodeAddr=127.0.0.1 CPUs=$(nproc) State=UNKNOWN
PartitionName=test Nodes=$node Default=YES MaxTime=INFINITE State=UP
EOF
slurmctld -D -c -f "$SLURM_CONF" 2>"$work/slurmctld.start.log" &
controller=$!
daemons+=("$controller")
controller_up() {
  kill -0 "$controller" 2>/dev/null || fail "slurmctld exited: $(tail -n 2 "$work/slurmctld.log" 2>/dev/null)"
  timeout 3 scontrol ping 2>/dev/null | grep -q 'is UP'
}
wait_for 20 controller_up || fail "slurmctld does not answer after 20 s"
slurmd -D -f "$SLURM_CONF" 2>"$work/slurmd.start.log" &
daemons+=($!)
node_idle() { [ "$(timeout 3 sinfo -h -o %t 2>/dev/null)" = idle ]; }
wait_for 30 node_idle || fail "the node is not idle after 30 s (sinfo says '$(timeout 3 sinfo -h -o %t 2>&1)')"

# The recipe, as written, from the folder that holds `inputs`.
mkdir "$work/run"
cd "$work/run"
"$solvebatch" gen tournament --tables 8 --degree 2 --count 20 --out inputs >/dev/null
"$solvebatch" gen tournament --tables 8 --degree 2 --count 20 --planted --out inputs >/dev/null
printf '1\n1,0,0\n' >inputs/wrong.csv
printf 'Table 0: 0 vs. 1\n' >inputs/wrong.csv.expected
export PATH="$(dirname "$solvebatch"):$PATH"
merged=0
SHARDS=4 "$repository/docs/recipes/slurm/submit.sh" >submit.out 2>&1 || merged=$?
for k in 1 2 3 4; do
  [ -s "shard-$k.jsonl" ] || fail "array task $k wrote no report: $(cat submit.out "shard-$k.log" 2>/dev/null)"
done
[ -s report.jsonl ] || fail "the merge job wrote no report: $(cat submit.out merge.log 2>/dev/null)"

single=0
solvebatch run inputs --quiet --json single.jsonl >/dev/null || single=$?
[ "$single" -eq 1 ] || fail "the single run exited $single, not 1 (inputs/wrong.csv differs)"
[ "$merged" -eq "$single" ] || fail "the merge job exited $merged, the single run $single: $(cat submit.out merge.log)"
without_times() {
  sed -E 's/"(ms|min_ms|max_ms|cpu_ms|wall_ms|solve_ms|median_ms)":[-0-9.eE+]+/"\1":0/g' "$1"
}
diff <(without_times single.jsonl) <(without_times report.jsonl) >report.diff ||
  fail "the merged report differs from the single run: $(cat report.diff)"
rows=$(grep -c '"type":"file"' report.jsonl)
[ "$rows" -eq 41 ] || fail "the merged report has $rows rows, not 41"
echo "tests/slurm/run.sh: 4 array tasks and the merge job on Slurm $(sinfo -V | cut -d' ' -f2): $rows rows, exit status $merged, as a single run"
