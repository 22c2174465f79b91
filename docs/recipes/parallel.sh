# GNU parallel: four shards of the folder `inputs` on this machine, then one report (run it from the
# folder that holds `inputs`; `;` and not `&&`, since a shard whose files fail exits 1).
parallel solvebatch run inputs --shard {}/4 --quiet --json shard-{}.jsonl ::: 1 2 3 4; solvebatch merge shard-*.jsonl --json report.jsonl --markdown report.md
