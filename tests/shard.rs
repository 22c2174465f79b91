//! `run --shard` and `merge`: the shards partition the inputs, their merge is the report of a single
//! run, sets of reports that do not belong together are refused, and the GNU parallel and Kubernetes
//! recipes of docs/scale-out.md run as written.

use std::collections::{BTreeMap, BTreeSet};
use std::path::{Path, PathBuf};
use std::process::Command as Process;

use assert_cmd::Command;
use serde_json::Value;
use tempfile::TempDir;

/// Engine variables that `--shard auto` reads: removed so that the tests pass inside a Slurm job too.
const ENGINE_VARIABLES: [&str; 7] = [
    "SLURM_ARRAY_TASK_ID",
    "SLURM_ARRAY_TASK_MIN",
    "SLURM_ARRAY_TASK_MAX",
    "SLURM_ARRAY_TASK_COUNT",
    "JOB_COMPLETION_INDEX",
    "PARALLEL_SEQ",
    "SOLVEBATCH_SHARD_COUNT",
];

/// Fields that hold times: left out when reports are compared.
const TIMES: [&str; 7] = ["ms", "min_ms", "max_ms", "cpu_ms", "wall_ms", "solve_ms", "median_ms"];

fn repository() -> &'static Path {
    Path::new(env!("CARGO_MANIFEST_DIR"))
}

/// A folder `d` with 21 inputs in nested folders: tournament files (solved, without a round, invalid,
/// one whose reference differs), tic-tac-toe and guess files with their references, and a file no
/// family reads.
fn mixed_inputs() -> TempDir {
    let mut files: Vec<(String, String)> = Vec::new();
    for i in 0..12 {
        let text = match i % 3 {
            0 => "1\n0,1,0\n".to_string(),
            1 => "2\n0,1,0\n".to_string(),
            _ => "2\n0,1,0\n2,3,1\n".to_string(),
        };
        files.push((format!("d/{}/t{i}.csv", ["a", "b/c", "b"][i % 3]), text));
    }
    files.push(("d/a/bad.csv".to_string(), "1\n0,0,0\n".to_string()));
    files.push(("d/wrong.csv".to_string(), "1\n1,0,0\n".to_string()));
    files.push(("d/wrong.csv.expected".to_string(), "Table 0: 0 vs. 1\n".to_string()));
    files.push(("d/README.txt".to_string(), "not an input\n".to_string()));
    for name in ["tictactoe/00-example", "tictactoe/01-example", "tictactoe/02-out-of-turn"] {
        for extension in [".in", ".ref"] {
            let source = repository().join(format!("datasets/{name}{extension}"));
            let target = format!("d/games/{}{extension}", name.rsplit('/').next().unwrap());
            files.push((target, std::fs::read_to_string(source).unwrap()));
        }
    }
    for name in ["answers", "inconsistent"] {
        for extension in [".guess", ".guess.expected"] {
            let source = repository().join(format!("datasets/guess/{name}{extension}"));
            files.push((format!("d/guess/{name}{extension}"), std::fs::read_to_string(source).unwrap()));
        }
    }
    let borrowed: Vec<(&str, &str)> =
        files.iter().map(|(name, text)| (name.as_str(), text.as_str())).collect();
    crate::common::setup(&borrowed).0
}

/// `solvebatch` in `dir`, without the engine variables.
fn solvebatch(dir: &Path) -> Command {
    let mut command = crate::common::command_in(dir);
    for name in ENGINE_VARIABLES {
        command.env_remove(name);
    }
    command
}

/// Runs `solvebatch ARGS` in `dir`: its exit status and standard error.
fn run(dir: &Path, args: &[&str]) -> (i32, String) {
    let output = solvebatch(dir).args(args).output().unwrap();
    (output.status.code().unwrap(), String::from_utf8(output.stderr).unwrap())
}

/// The lines of a JSON lines report of `run` or `merge`, after its `run` line (checked).
fn json_lines(path: &Path) -> Vec<Value> {
    let text = std::fs::read_to_string(path).unwrap_or_else(|error| panic!("{}: {error}", path.display()));
    crate::common::run_report_lines(&text)
}

/// A JSON lines report: its rows and its summary, times left out.
fn report(path: &Path) -> (Vec<Value>, Value) {
    let mut lines = json_lines(path);
    for line in &mut lines {
        let object = line.as_object_mut().unwrap();
        for field in TIMES {
            object.remove(field);
        }
    }
    let summary = lines.pop().unwrap();
    assert_eq!(summary["type"], "summary");
    (lines, summary)
}

fn files_of(rows: &[Value]) -> Vec<String> {
    rows.iter().map(|row| row["file"].as_str().unwrap().to_string()).collect()
}

/// Runs the N shards of `d` with `--json sK.jsonl`, checks each shard's summary, and returns the files
/// of each shard.
fn run_shards(dir: &Path, count: usize, extra: &[&str]) -> Vec<Vec<String>> {
    (1..=count)
        .map(|index| {
            let (shard, json) = (format!("{index}/{count}"), format!("s{index}.jsonl"));
            let mut args = vec!["run", "d", "--shard", &shard, "--quiet", "--json", &json];
            args.extend_from_slice(extra);
            let (code, stderr) = run(dir, &args);
            assert!(code <= 1, "shard {shard}: {stderr}");
            let (rows, summary) = report(&dir.join(&json));
            assert_eq!(summary["shard"], serde_json::json!({"index": index, "count": count}));
            assert_eq!(summary["files"], rows.len());
            files_of(&rows)
        })
        .collect()
}

#[test]
fn shards_partition_the_inputs_and_their_merge_is_the_single_run() {
    let dir = mixed_inputs();
    let dir = dir.path();
    let (single_code, _) = run(dir, &["run", "d", "--quiet", "--json", "all.jsonl"]);
    assert_eq!(single_code, 1, "wrong.csv differs from its reference");
    let (all_rows, all_summary) = report(&dir.join("all.jsonl"));
    assert_eq!(all_rows.len(), 19);
    assert_eq!(all_summary["skipped"], 1);
    assert_eq!(all_summary["shard"], Value::Null);
    assert_eq!(all_summary["inputs"]["files"], 19);
    assert_eq!(all_summary["inputs"]["roots"], serde_json::json!(["d"]));
    let all_files: BTreeSet<String> = files_of(&all_rows).into_iter().collect();
    for count in [1, 2, 3, 7] {
        let shards = run_shards(dir, count, &[]);
        let mut union = BTreeSet::new();
        for files in &shards {
            for file in files {
                assert!(union.insert(file.clone()), "{file} is in two of {count} shards");
            }
        }
        assert_eq!(union, all_files, "{count} shards");
        assert!(shards.iter().all(|files| files.len() < 19) || count == 1);

        // Given in reverse order: merge sorts the shards and the rows.
        let mut args = vec!["merge".to_string()];
        args.extend((1..=count).rev().map(|index| format!("s{index}.jsonl")));
        args.extend(["--quiet", "--json", "merged.jsonl"].map(String::from));
        let args: Vec<&str> = args.iter().map(String::as_str).collect();
        let (code, stderr) = run(dir, &args);
        assert_eq!(code, single_code, "{count} shards: {stderr}");
        let (rows, summary) = report(&dir.join("merged.jsonl"));
        assert_eq!(rows, all_rows, "{count} shards");
        assert_eq!(summary, all_summary, "{count} shards");
    }
}

#[test]
fn a_file_added_to_the_folder_moves_only_itself() {
    let dir = mixed_inputs();
    let dir = dir.path();
    let shard_of = |shards: &[Vec<String>]| -> BTreeMap<String, usize> {
        let pairs =
            shards.iter().enumerate().flat_map(|(k, files)| files.iter().map(move |f| (f.clone(), k)));
        pairs.collect()
    };
    let before = shard_of(&run_shards(dir, 3, &[]));
    std::fs::rename(dir.join("s1.jsonl"), dir.join("old-s1.jsonl")).unwrap();
    std::fs::write(dir.join("d/b/new.csv"), "1\n0,1,0\n").unwrap();
    let after = shard_of(&run_shards(dir, 3, &[]));
    assert_eq!(after.len(), before.len() + 1);
    for (file, shard) in &before {
        assert_eq!(after[file], *shard, "{file} moved");
    }
    assert!(after.contains_key("d/b/new.csv"));
    let (code, stderr) = run(dir, &["merge", "old-s1.jsonl", "s2.jsonl", "s3.jsonl"]);
    assert_eq!(code, 2);
    assert_eq!(
        stderr,
        "error: s2.jsonl (shard 2/3) was run on other inputs than old-s1.jsonl (shard 1/3): 20 inputs, \
         not 19\n"
    );
}

#[test]
fn merge_refuses_a_missing_a_duplicated_or_a_foreign_shard() {
    let dir = mixed_inputs();
    let dir = dir.path();
    run_shards(dir, 3, &[]);
    let refusal = |args: &[&str]| {
        let (code, stderr) = run(dir, args);
        assert_eq!(code, 2, "{args:?}: {stderr}");
        stderr
    };
    assert_eq!(
        refusal(&["merge", "s1.jsonl", "s3.jsonl"]),
        "error: shard 2/3 is missing (given: 1/3, 3/3)\n"
    );
    assert_eq!(refusal(&["merge", "s3.jsonl"]), "error: shards 1/3, 2/3 are missing (given: 3/3)\n");
    std::fs::copy(dir.join("s2.jsonl"), dir.join("copy.jsonl")).unwrap();
    assert_eq!(
        refusal(&["merge", "s1.jsonl", "s2.jsonl", "copy.jsonl", "s3.jsonl"]),
        "error: s2.jsonl and copy.jsonl are both shard 2/3\n"
    );

    let (code, _) = run(dir, &["run", "d", "--shard", "2/3", "--seed", "1", "-q", "--json", "seed.jsonl"]);
    assert_eq!(code, 1);
    assert_eq!(
        refusal(&["merge", "s1.jsonl", "seed.jsonl", "s3.jsonl"]),
        "error: seed.jsonl (shard 2/3) was run with other options than s1.jsonl (shard 1/3): seed 1, not 0\n"
    );
    run(dir, &["run", "d", "--shard", "2/3", "--timeout", "9", "-q", "--json", "timeout.jsonl"]);
    assert_eq!(
        refusal(&["merge", "s1.jsonl", "timeout.jsonl", "s3.jsonl"]),
        "error: timeout.jsonl (shard 2/3) was run with other options than s1.jsonl (shard 1/3): \
         timeout_ms 9000.0, not null\n"
    );
    run(dir, &["run", "d", "--shard", "2/2", "-q", "--json", "half.jsonl"]);
    assert_eq!(
        refusal(&["merge", "s1.jsonl", "half.jsonl"]),
        "error: half.jsonl is shard 2/2, s1.jsonl shard 1/3: the shard counts differ\n"
    );
    run(dir, &["run", "d/a", "d/b", "--shard", "2/3", "-q", "--json", "roots.jsonl"]);
    assert_eq!(
        refusal(&["merge", "s1.jsonl", "roots.jsonl", "s3.jsonl"]),
        "error: roots.jsonl (shard 2/3) was run on other inputs than s1.jsonl (shard 1/3): roots d/a d/b, \
         not d\n"
    );
}

/// Writes a report to `path`: `rows`, then `summary` with `files` set to the number of rows.
fn write_report(path: &Path, rows: &[Value], mut summary: Value) {
    summary["files"] = rows.len().into();
    let lines: Vec<String> = rows.iter().chain([&summary]).map(Value::to_string).collect();
    std::fs::write(path, lines.join("\n") + "\n").unwrap();
}

#[test]
fn merge_refuses_rows_outside_their_shard_or_missing() {
    let dir = mixed_inputs();
    let dir = dir.path();
    run_shards(dir, 3, &[]);
    let mut first = json_lines(&dir.join("s1.jsonl"));
    let first_summary = first.pop().unwrap();
    let mut second = json_lines(&dir.join("s2.jsonl"));
    let second_summary = second.pop().unwrap();
    let moved = first.remove(0);
    write_report(&dir.join("short.jsonl"), &first, first_summary);
    assert_eq!(
        run(dir, &["merge", "short.jsonl", "s2.jsonl", "s3.jsonl"]),
        (2, "error: the shards hold 18 rows, but the batch has 19 inputs\n".to_string())
    );
    second.insert(0, moved.clone());
    write_report(&dir.join("long.jsonl"), &second, second_summary);
    assert_eq!(
        run(dir, &["merge", "short.jsonl", "long.jsonl", "s3.jsonl"]),
        (
            2,
            format!(
                "error: long.jsonl: the row of {} is not in shard 2/3 (a shard from another solvebatch \
                 version?)\n",
                moved["file"].as_str().unwrap()
            )
        )
    );
}

#[test]
fn merge_refuses_reports_that_are_incomplete_or_not_from_run() {
    let dir = mixed_inputs();
    let dir = dir.path();
    run_shards(dir, 2, &[]);
    let text = std::fs::read_to_string(dir.join("s2.jsonl")).unwrap();
    let without_summary: Vec<&str> = text.lines().take(text.lines().count() - 1).collect();
    std::fs::write(dir.join("cut.jsonl"), without_summary.join("\n")).unwrap();
    assert_eq!(
        run(dir, &["merge", "s1.jsonl", "cut.jsonl"]),
        (2, "error: cut.jsonl: no summary line: the report is incomplete\n".to_string())
    );
    std::fs::write(dir.join("junk.jsonl"), "{\"type\":\"file\"}\n").unwrap();
    let (code, stderr) = run(dir, &["merge", "junk.jsonl"]);
    assert_eq!(code, 2, "refused as every bad argument is");
    assert!(
        stderr.starts_with("error: junk.jsonl line 1: not a line of a solvebatch JSON report (missing field"),
        "{stderr}"
    );
    std::fs::write(dir.join("notes.jsonl"), "hello\n").unwrap();
    assert_eq!(
        run(dir, &["merge", "notes.jsonl"]),
        (
            2,
            "error: notes.jsonl line 1: not a line of a solvebatch JSON report (expected value at line 1 column 1)\n"
                .to_string()
        )
    );
    // A comparison merges as a comparison (alone, it is its own one shard), never with a run.
    run(dir, &["compare", "d/a", "-q", "--json", "compare.jsonl"]);
    assert_eq!(run(dir, &["merge", "compare.jsonl", "-q"]).0, 0);
    run(dir, &["run", "d/a", "-q", "--json", "run.jsonl", "--shard", "1/2"]);
    assert_eq!(
        run(dir, &["merge", "run.jsonl", "compare.jsonl"]),
        (2, "error: run.jsonl is a report of `run` and compare.jsonl of `compare`: merge one kind at a time\n".to_string())
    );
}

#[test]
fn shards_may_be_empty_and_still_merge() {
    let (dir, _) = crate::common::setup(&[("d/only.csv", "1\n0,1,0\n")]);
    let dir = dir.path();
    let shards = run_shards(dir, 3, &[]);
    assert_eq!(shards.iter().map(Vec::len).collect::<BTreeSet<_>>(), BTreeSet::from([0, 1]));
    run(dir, &["run", "d", "-q", "--json", "all.jsonl"]);
    assert_eq!(run(dir, &["merge", "s1.jsonl", "s2.jsonl", "s3.jsonl", "-q", "--json", "m.jsonl"]).0, 0);
    assert_eq!(report(&dir.join("m.jsonl")), report(&dir.join("all.jsonl")));
}

#[test]
fn shard_auto_reads_the_engine_variables_or_says_none_is_set() {
    let dir = mixed_inputs();
    let dir = dir.path();
    run_shards(dir, 3, &[]);
    let auto = |vars: &[(&str, &str)], json: &str| {
        let mut command = solvebatch(dir);
        command.args(["run", "d", "--shard", "auto", "-q", "--json", json]);
        for (name, value) in vars {
            command.env(name, value);
        }
        let output = command.output().unwrap();
        (output.status.code().unwrap(), String::from_utf8(output.stderr).unwrap())
    };
    let engines: [&[(&str, &str)]; 3] = [
        &[("SLURM_ARRAY_TASK_ID", "6"), ("SLURM_ARRAY_TASK_MIN", "5"), ("SLURM_ARRAY_TASK_MAX", "7")],
        &[("JOB_COMPLETION_INDEX", "1"), ("SOLVEBATCH_SHARD_COUNT", "3")],
        &[("PARALLEL_SEQ", "2"), ("SOLVEBATCH_SHARD_COUNT", "3")],
    ];
    for vars in engines {
        assert!(auto(vars, "auto.jsonl").0 <= 1, "{vars:?}");
        assert_eq!(report(&dir.join("auto.jsonl")), report(&dir.join("s2.jsonl")), "{vars:?}");
    }
    assert_eq!(
        auto(&[], "none.jsonl"),
        (
            2,
            "error: --shard auto found no cluster engine's variables (SLURM_ARRAY_TASK_ID of a Slurm array \
             job, JOB_COMPLETION_INDEX of a Kubernetes Indexed Job, PARALLEL_SEQ of GNU parallel): give \
             --shard K/N instead\n"
                .to_string()
        )
    );
    assert_eq!(
        run(dir, &["run", "d", "--shard", "1/2", "--shard-count", "2"]),
        (2, "error: --shard-count goes with --shard auto\n".to_string())
    );
    let (code, stderr) = run(dir, &["run", "d", "--shard", "3/2"]);
    assert_eq!(code, 2);
    assert!(stderr.contains("`3/2`: K must be from 1 to N, or auto"), "{stderr}");
}

/// The columns of a CSV row with plain first fields, the four time columns (ms, min_ms, max_ms,
/// cpu_ms) left out.
fn without_time_columns(line: &str) -> String {
    let fields: Vec<&str> = line.splitn(17, ',').collect();
    [&fields[..7], &fields[10..15], &fields[16..]].concat().join(",")
}

#[test]
fn merge_writes_every_report_format_like_a_single_run() {
    let files: Vec<(String, String)> =
        (0..9).map(|i| (format!("d/{}/t{i}.csv", i % 2), format!("{}\n0,1,0\n", 1 + i % 2))).collect();
    let borrowed: Vec<(&str, &str)> =
        files.iter().map(|(name, text)| (name.as_str(), text.as_str())).collect();
    let (dir, _) = crate::common::setup(&borrowed);
    let dir = dir.path();
    run_shards(dir, 2, &[]);
    let stdout = |args: &[&str]| {
        let output = solvebatch(dir).args(args).output().unwrap();
        assert_eq!(output.status.code(), Some(0), "{args:?}");
        String::from_utf8(output.stdout).unwrap()
    };
    let single = stdout(&["run", "d", "--csv", "-"]);
    let merged = stdout(&["merge", "s1.jsonl", "s2.jsonl", "--csv", "-"]);
    assert_eq!(merged.lines().count(), 10);
    assert_eq!(
        merged.lines().map(without_time_columns).collect::<Vec<_>>(),
        single.lines().map(without_time_columns).collect::<Vec<_>>()
    );
    let markdown = stdout(&["merge", "s1.jsonl", "s2.jsonl", "--markdown", "-"]);
    assert!(markdown.contains("| d/0/t0.csv | tournament | backtrack | solved "), "{markdown}");
    assert_eq!(markdown.lines().filter(|line| line.contains(" | tournament | ")).count(), 9);
    let html = stdout(&["merge", "s1.jsonl", "s2.jsonl", "--html", "-"]);
    assert!(html.contains("d/1/t7.csv"));
    let table = stdout(&["merge", "s1.jsonl", "s2.jsonl"]);
    // On the terminal, paths are shown relative to the one folder given, as in a single run.
    assert!(table.contains("| 0/t0.csv | tournament | backtrack | solved "), "{table}");
    assert!(table.contains("\n9 files: 5 solved, 4 no round;"), "{table}");
}

/// The recipe file `name` under docs/recipes, checked to be shown as it is in docs/scale-out.md.
fn recipe(name: &str) -> String {
    let text = std::fs::read_to_string(repository().join("docs/recipes").join(name)).unwrap();
    let guide = std::fs::read_to_string(repository().join("docs/scale-out.md")).unwrap();
    assert!(guide.contains(&text), "docs/scale-out.md does not show docs/recipes/{name} as it is");
    text
}

/// A folder holding `inputs` (31 pairing files, with and without a round, one with a differing
/// reference), and the
/// `PATH` that finds the `solvebatch` under test first.
fn recipe_folder() -> (TempDir, String) {
    let dir = TempDir::new().unwrap();
    for planted in [&[][..], &["--planted"]] {
        let generated = solvebatch(dir.path())
            .args(["gen", "tournament", "--tables", "8", "--degree", "2", "--count", "15", "--out", "inputs"])
            .args(planted)
            .output()
            .unwrap();
        assert!(generated.status.success());
    }
    std::fs::write(dir.path().join("inputs/wrong.csv"), "1\n1,0,0\n").unwrap();
    std::fs::write(dir.path().join("inputs/wrong.csv.expected"), "Table 0: 0 vs. 1\n").unwrap();
    let binary = PathBuf::from(env!("CARGO_BIN_EXE_solvebatch"));
    let path =
        format!("{}:{}", binary.parent().unwrap().display(), std::env::var("PATH").unwrap_or_default());
    (dir, path)
}

/// Runs `script` with `sh -c` in `dir` with `env`: its exit status.
fn shell(dir: &Path, path: &str, script: &str, env: &[(&str, String)]) -> i32 {
    let mut command = Process::new("sh");
    command.arg("-c").arg(script).current_dir(dir).env("PATH", path);
    for name in ENGINE_VARIABLES {
        command.env_remove(name);
    }
    for (name, value) in env {
        command.env(name, value);
    }
    let output = command.output().unwrap();
    assert!(output.status.code().is_some(), "{script}: {output:?}");
    output.status.code().unwrap()
}

/// The single run of `inputs` in `dir` against the merged `report.jsonl`: same rows, summary and exit
/// status (`merged_code`).
fn assert_merged_as_single_run(dir: &Path, merged_code: i32) {
    let (code, _) = run(dir, &["run", "inputs", "-q", "--json", "single.jsonl"]);
    assert_eq!(code, 1);
    assert_eq!(merged_code, code);
    assert_eq!(report(&dir.join("report.jsonl")), report(&dir.join("single.jsonl")));
    assert!(std::fs::read_to_string(dir.join("report.md")).unwrap().contains("| inputs/wrong.csv "));
}

#[test]
#[ignore = "needs GNU parallel: apt-get install parallel"]
fn the_gnu_parallel_recipe_runs_as_written() {
    let found = Process::new("parallel").arg("--version").output();
    assert!(
        found.is_ok_and(|output| output.status.success()),
        "GNU parallel is not installed: `apt-get install parallel` (the Debian package), as .ci/run does"
    );
    let text = recipe("parallel.sh");
    let line = text.lines().find(|line| !line.starts_with('#')).unwrap();
    assert!(line.starts_with("parallel solvebatch run inputs --shard {}/4 "), "{line}");
    let (dir, path) = recipe_folder();
    let code = shell(dir.path(), &path, line, &[]);
    assert_merged_as_single_run(dir.path(), code);
}

/// The container command of a Job manifest (`sh -c SCRIPT`), its working folder and variables.
fn container(manifest: &serde_norway::Value) -> (String, Vec<(String, String)>) {
    assert_eq!(manifest["apiVersion"], "batch/v1");
    assert_eq!(manifest["kind"], "Job");
    let spec = &manifest["spec"]["template"]["spec"];
    assert_eq!(spec["restartPolicy"], "Never");
    let containers = spec["containers"].as_sequence().unwrap();
    assert_eq!(containers.len(), 1);
    let container = &containers[0];
    assert_eq!(container["workingDir"], "/data");
    assert_eq!(container["volumeMounts"][0]["mountPath"], "/data");
    let command: Vec<&str> =
        container["command"].as_sequence().unwrap().iter().map(|part| part.as_str().unwrap()).collect();
    assert_eq!(command[..2], ["sh", "-c"]);
    let env = container["env"].as_sequence().map_or(Vec::new(), |vars| {
        let pair = |var: &serde_norway::Value| {
            (var["name"].as_str().unwrap().to_string(), var["value"].as_str().unwrap().to_string())
        };
        vars.iter().map(pair).collect()
    });
    (command[2].to_string(), env)
}

#[test]
fn the_kubernetes_manifests_parse_and_their_commands_run() {
    let shards: serde_norway::Value = serde_norway::from_str(&recipe("kubernetes/shards.yaml")).unwrap();
    let merge: serde_norway::Value = serde_norway::from_str(&recipe("kubernetes/merge.yaml")).unwrap();
    assert_eq!(shards["spec"]["completionMode"], "Indexed");
    let completions = shards["spec"]["completions"].as_u64().unwrap();
    let (shard_script, shard_env) = container(&shards);
    assert_eq!(shard_env, [("SOLVEBATCH_SHARD_COUNT".to_string(), completions.to_string())]);
    let (merge_script, merge_env) = container(&merge);
    assert!(merge_env.is_empty());

    let (dir, path) = recipe_folder();
    for index in 0..completions {
        let mut env = vec![("JOB_COMPLETION_INDEX", index.to_string())];
        env.extend(shard_env.iter().map(|(name, value)| (name.as_str(), value.clone())));
        assert_eq!(shell(dir.path(), &path, &shard_script, &env), 0, "pod {index}: exit 1 is a result");
    }
    let code = shell(dir.path(), &path, &merge_script, &[]);
    assert_merged_as_single_run(dir.path(), code);
}

#[test]
fn the_slurm_recipe_is_shown_in_the_guide() {
    for name in ["slurm/shards.sbatch", "slurm/merge.sbatch", "slurm/submit.sh"] {
        assert!(recipe(name).starts_with("#!/bin/sh\n"), "{name}");
    }
    assert!(recipe("slurm/shards.sbatch").contains("solvebatch run inputs --shard auto "));
}

#[test]
fn a_shards_summary_line_names_its_share() {
    let dir = mixed_inputs();
    let output = solvebatch(dir.path()).args(["run", "d", "--shard", "2/3", "-q"]).output().unwrap();
    let stdout = String::from_utf8(output.stdout).unwrap();
    assert!(stdout.starts_with("shard 2/3: "), "{stdout}");
}

#[test]
fn upper_case_extensions_are_inputs_of_shards() {
    let (dir, _command) = crate::common::setup(&[
        ("d/A.CSV", "1\n0,1,0\n"),
        ("d/b.Csv", "1\n0,1,0\n"),
        ("d/c.csv", "1\n0,1,0\n"),
    ]);
    let dir = dir.path();
    let shards = run_shards(dir, 7, &[]);
    let mut union: Vec<String> = shards.concat();
    union.sort();
    assert_eq!(union, ["d/A.CSV", "d/b.Csv", "d/c.csv"]);
    // The keys are the paths as given: `A.CSV` goes to the shard its own name hashes to.
    let (code, stderr) = run(dir, &["run", "d", "--quiet", "--json", "all.jsonl"]);
    assert_eq!(code, 0, "{stderr}");
    let mut args = vec!["merge".to_string()];
    args.extend((1..=7).map(|index| format!("s{index}.jsonl")));
    args.extend(["--quiet", "--json", "merged.jsonl"].map(String::from));
    let args: Vec<&str> = args.iter().map(String::as_str).collect();
    let (code, stderr) = run(dir, &args);
    assert_eq!(code, 0, "{stderr}");
    assert_eq!(report(&dir.join("merged.jsonl")), report(&dir.join("all.jsonl")));
}

#[test]
fn an_empty_sum_is_zero_not_minus_zero_in_an_empty_shard() {
    let (dir, _command) = crate::common::setup(&[("d/a.csv", "1\n0,1,0\n")]);
    let dir = dir.path();
    let shards = run_shards(dir, 2, &[]);
    let empty = shards.iter().position(Vec::is_empty).expect("one of two shards holds no file") + 1;
    let summary = json_lines(&dir.join(format!("s{empty}.jsonl"))).pop().unwrap();
    assert_eq!((summary["files"].as_u64(), summary["solve_ms"].as_f64()), (Some(0), Some(0.0)));
    assert!(summary["solve_ms"].as_f64().unwrap().is_sign_positive(), "{summary}");
    let output = solvebatch(dir).args(["run", "d", "--shard", &format!("{empty}/2")]).output().unwrap();
    let printed = String::from_utf8(output.stdout).unwrap();
    assert!(printed.contains("solving 0.0 µs (sum), median 0.0 µs"), "{printed}");
}

#[test]
fn merge_refuses_shards_whose_threads_differ() {
    let dir = mixed_inputs();
    let dir = dir.path();
    for (share, threads, json) in
        [("1/2", "1", "t1.jsonl"), ("2/2", "2", "t2.jsonl"), ("2/2", "1", "u2.jsonl")]
    {
        let (code, stderr) =
            run(dir, &["run", "d", "--shard", share, "--threads", threads, "-q", "--json", json]);
        assert!(code <= 1, "{stderr}");
    }
    assert_eq!(json_lines(&dir.join("t2.jsonl")).last().unwrap()["options"]["threads"], 2);
    assert_eq!(
        run(dir, &["merge", "t1.jsonl", "t2.jsonl"]),
        (
            2,
            "error: t2.jsonl (shard 2/2) was run with other options than t1.jsonl (shard 1/2): threads 2, not 1\n"
                .to_string()
        )
    );
    let (code, stderr) = run(dir, &["merge", "t1.jsonl", "u2.jsonl", "-q"]);
    assert!(code <= 1, "the same threads merge: {stderr}");
}
