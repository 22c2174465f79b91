//! `compare --isolate` and the measures of a solve (CPU time, peak memory), on the hidden `probe`
//! family whose files say what its solver does (sleep, spin, allocate, abort, segfault, panic).

use std::path::Path;

use serde_json::Value;

use crate::common::{command_in, output_in, text};

/// `compare` with the probe family switched on, in `dir` with `args`: the records by file (the
/// summary dropped) and the exit status.
fn compare(dir: &Path, args: &[&str]) -> (Vec<Value>, Option<i32>) {
    let output = command_in(dir)
        .env("SOLVEBATCH_PROBE_FAMILY", "1")
        .args(["compare", "--solvers", "probe", "--json", "-", "-q"])
        .args(args)
        .output()
        .unwrap();
    let records = text(&output.stdout)
        .lines()
        .map(|line| serde_json::from_str::<Value>(line).unwrap())
        .filter(|line| line["type"] == "file")
        .collect();
    (records, output.status.code())
}

/// The standard error of `solvebatch` run in `dir` with `args`, which must exit 2 (a usage error).
fn usage_error(dir: &Path, args: &[&str]) -> String {
    let output = output_in(dir, args);
    let stderr = text(&output.stderr);
    assert_eq!(output.status.code(), Some(2), "{args:?}: {stderr}");
    stderr
}

/// A folder with one probe file per `(name, line)`.
fn probes(files: &[(&str, &str)]) -> tempfile::TempDir {
    let dir = tempfile::tempdir().unwrap();
    for (name, line) in files {
        std::fs::write(dir.path().join(format!("{name}.probe")), format!("{line}\n")).unwrap();
    }
    dir
}

/// Each record's file, status and message.
fn rows(records: &[Value]) -> Vec<(String, String, Value)> {
    records
        .iter()
        .map(|record| {
            (
                record["file"].as_str().unwrap().to_string(),
                record["status"].as_str().unwrap().to_string(),
                record["message"].clone(),
            )
        })
        .collect()
}

#[test]
fn under_isolate_each_crash_is_its_file_s_row_with_its_cause_and_the_batch_goes_on() {
    let dir = probes(&[
        ("a", "segfault"),
        ("b", "abort"),
        ("c", "alloc 1024"),
        ("d", "panic"),
        ("e", "sleep 60000"),
        ("f", "solved"),
    ]);
    let (records, code) =
        // A limit long enough for c.probe to reach its memory cap first on a busy machine.
        compare(dir.path(), &[".", "--isolate", "--memory-limit", "256M", "--timeout", "3"]);
    let message = |text: &str| Value::String(format!("probe: {text}"));
    assert_eq!(
        rows(&records),
        [
            ("./a.probe".to_string(), "failed".to_string(), message("killed by signal 11 (SIGSEGV)")),
            ("./b.probe".to_string(), "failed".to_string(), message("killed by signal 6 (SIGABRT)")),
            ("./c.probe".to_string(), "failed".to_string(), message("memory limit 256M reached")),
            ("./d.probe".to_string(), "failed".to_string(), message("internal error: the solver panicked")),
            ("./e.probe".to_string(), "timeout".to_string(), "killed 1 s after the time limit of 3 s".into()),
            ("./f.probe".to_string(), "solved".to_string(), Value::Null),
        ]
    );
    assert_eq!(code, Some(1));
    // Every child was measured from outside, the crashed ones too.
    for record in &records {
        assert!(record["cpu_ms"].as_f64().is_some_and(|ms| ms > 0.0), "{record}");
        assert!(record["max_rss_kb"].as_u64().is_some_and(|kb| kb > 1000), "{record}");
    }
    // The killed child had run past its limit and its grace when it was stopped, and no longer.
    let killed_ms = records[4]["ms"].as_f64().unwrap();
    assert!((4000.0..30_000.0).contains(&killed_ms), "{killed_ms}");
}

#[test]
fn under_isolate_the_peak_memory_of_a_solve_is_measured() {
    let dir = probes(&[("big", "alloc 1024")]);
    let (records, code) = compare(dir.path(), &[".", "--isolate"]);
    assert_eq!(code, Some(0));
    assert_eq!(records[0]["status"], "solved");
    let peak = records[0]["max_rss_kb"].as_u64().unwrap();
    assert!(peak >= 1 << 20, "{peak} KiB is less than the GiB written");
}

#[test]
fn the_cpu_time_of_a_two_thread_solve_is_about_twice_its_wall_time() {
    let dir = probes(&[("spin", "spin 2 300")]);
    for isolate in [true, false] {
        let args: &[&str] = if isolate { &[".", "--isolate"] } else { &["."] };
        let (records, code) = compare(dir.path(), args);
        assert_eq!(code, Some(0));
        let (cpu, wall) = (records[0]["cpu_ms"].as_f64().unwrap(), records[0]["ms"].as_f64().unwrap());
        // Each thread spins for 300 ms of its own CPU time: 600 ms in all when both threads are
        // counted, over 300 ms of wall time on two free cores (a ratio of 2), longer when other work
        // shares the cores (a smaller ratio: the machine's load, not the measure, sets the floor).
        assert!((600.0..700.0).contains(&cpu), "isolate {isolate}: cpu {cpu} ms");
        assert!(wall >= 300.0 && cpu / wall <= 2.2, "isolate {isolate}: cpu {cpu} ms, wall {wall} ms");
        assert_eq!(records[0]["max_rss_kb"].is_null(), !isolate);
    }
}

#[test]
fn without_isolate_a_panic_is_a_row_and_the_batch_goes_on() {
    let dir = probes(&[("a", "panic"), ("b", "solved")]);
    let (records, code) = compare(dir.path(), &["."]);
    assert_eq!(
        rows(&records),
        [
            (
                "./a.probe".to_string(),
                "failed".to_string(),
                "probe: internal error: the solver panicked".into()
            ),
            ("./b.probe".to_string(), "solved".to_string(), Value::Null),
        ]
    );
    assert_eq!(code, Some(1));
}

#[test]
fn a_memory_limit_needs_isolate_and_a_size() {
    let dir = probes(&[("a", "solved")]);
    let said = usage_error(dir.path(), &["compare", ".", "--memory-limit", "1GiB"]);
    assert!(said.contains("the following required arguments were not provided:\n  --isolate"), "{said}");
    let said = usage_error(dir.path(), &["compare", ".", "--isolate", "--memory-limit", "lots"]);
    assert!(
        said.contains("invalid value 'lots' for '--memory-limit <SIZE>': `lots` is not a size such as 512MiB, 1GiB or 512M"),
        "{said}"
    );
}

#[test]
fn run_isolate_makes_a_crash_its_file_s_row_and_measures_every_file() {
    let dir = probes(&[("a", "segfault"), ("b", "solved")]);
    let output = command_in(dir.path())
        .env("SOLVEBATCH_PROBE_FAMILY", "1")
        .args(["run", ".", "--isolate", "--json", "-", "-q"])
        .output()
        .unwrap();
    assert_eq!(output.status.code(), Some(1));
    let records: Vec<Value> = crate::common::run_report_lines(&text(&output.stdout))
        .into_iter()
        .filter(|line| line["type"] == "file")
        .collect();
    assert_eq!(
        rows(&records),
        [
            ("./a.probe".to_string(), "failed".to_string(), "killed by signal 11 (SIGSEGV)".into()),
            ("./b.probe".to_string(), "solved".to_string(), Value::Null),
        ]
    );
    assert!(records.iter().all(|record| record["max_rss_kb"].as_u64().is_some_and(|kb| kb > 1000)));
}

#[test]
fn run_without_isolate_gives_the_solving_thread_s_cpu_time_and_no_memory() {
    let dir = probes(&[("spin", "spin 1 100")]);
    let output = command_in(dir.path())
        .env("SOLVEBATCH_PROBE_FAMILY", "1")
        .args(["run", ".", "--json", "-", "-q"])
        .output()
        .unwrap();
    assert_eq!(output.status.code(), Some(0));
    let lines = crate::common::run_report_lines(&text(&output.stdout));
    // The solving thread's own clock: the 100 ms it spun, whatever else ran meanwhile.
    let cpu = lines[0]["cpu_ms"].as_f64().unwrap();
    assert!((100.0..150.0).contains(&cpu), "{cpu}");
    assert!(lines[0]["max_rss_kb"].is_null());
    // Files may be solved several at once: the allocator does not count.
    assert!(lines[0]["peak_heap_kb"].is_null());
}

#[test]
fn in_process_the_heap_peak_of_a_solve_is_at_least_what_it_allocates_and_small_for_a_tiny_one() {
    let dir = probes(&[("big", "alloc 64"), ("tiny", "solved")]);
    let output = command_in(dir.path())
        .env("SOLVEBATCH_PROBE_FAMILY", "1")
        .args(["compare", "--solvers", "probe", ".", "--repeat", "2", "--json", "-", "-q"])
        .args(["--html", "c.html", "--plot-data", "plots"])
        .output()
        .unwrap();
    assert_eq!(output.status.code(), Some(0), "{}", text(&output.stderr));
    let lines: Vec<Value> =
        text(&output.stdout).lines().map(|line| serde_json::from_str(line).unwrap()).collect();
    let heap = |line: &Value| (line["peak_heap_kb"].as_u64(), line["max_rss_kb"].as_u64());
    // The 64 MiB vector (65 536 KiB) and the few bytes of the answer; no resident figure in-process.
    let (big, rss) = heap(&lines[0]);
    assert!(big.is_some_and(|kb| (64 << 10..65 << 10).contains(&kb)), "{big:?}");
    assert_eq!(rss, None);
    let (tiny, _) = heap(&lines[1]);
    assert!(tiny.is_some_and(|kb| (1..64).contains(&kb)), "a tiny solve: {tiny:?} KiB");
    // The summary's solver row keeps the largest.
    assert_eq!(heap(&lines[2]["solvers"][0]), (big, None));
    let memory = std::fs::read_to_string(dir.path().join("plots/memory.csv")).unwrap();
    let rows = format!("file,solver,max_rss_kb,peak_heap_kb\n./big.probe,probe,,{}\n", big.unwrap());
    assert!(memory.starts_with(&rows), "{memory}");
    let html = std::fs::read_to_string(dir.path().join("c.html")).unwrap();
    assert!(html.contains(">\nPeak heap per file\n</text>"), "no heap chart");
}

#[test]
fn the_heap_is_not_counted_in_a_child_nor_when_solves_share_the_process() {
    let dir = probes(&[("big", "alloc 16"), ("tiny", "solved")]);
    for mode in ["--isolate", "--parallel"] {
        let (records, code) = compare(dir.path(), &[".", mode]);
        assert_eq!(code, Some(0));
        assert_eq!(records.len(), 2);
        assert!(records.iter().all(|record| record["peak_heap_kb"].is_null()), "{mode}: {records:?}");
    }
}

#[test]
fn warmup_runs_are_not_counted_and_the_baseline_is_the_reference() {
    let dir = probes(&[("a", "solved")]);
    let output = command_in(dir.path())
        .env("SOLVEBATCH_PROBE_FAMILY", "1")
        .args(["compare", ".", "--repeat", "3", "--warmup", "2", "--baseline", "steady", "--json", "-", "-q"])
        .output()
        .unwrap();
    assert_eq!(output.status.code(), Some(0));
    let lines: Vec<Value> =
        text(&output.stdout).lines().map(|line| serde_json::from_str(line).unwrap()).collect();
    let (probe, steady, summary) = (&lines[0], &lines[1], &lines[2]);
    assert_eq!((probe["runs"].as_u64(), steady["runs"].as_u64()), (Some(3), Some(3)));
    assert_eq!(steady["ratio"], 1.0);
    assert_eq!(steady["ratio_sd"], Value::Null, "the reference has no uncertainty");
    assert!(probe["ratio_sd"].as_f64().is_some() && probe["sd_ms"].as_f64().is_some(), "{probe}");
    let mean = probe["mean_ms"].as_f64().unwrap();
    assert!(probe["min_ms"].as_f64().unwrap() <= mean && mean <= probe["max_ms"].as_f64().unwrap());
    // Solves of microseconds: each is warned of in the summary, and on standard error once for both.
    let too_short = "runs under 50 µs are too short to time one by one: use a larger --repeat (now 3)";
    let warning = |solver: &str| format!("./a.probe, {solver}: {too_short}");
    let warnings: Vec<&str> =
        summary["warnings"].as_array().unwrap().iter().map(|warning| warning.as_str().unwrap()).collect();
    assert!(warnings.contains(&warning("probe").as_str()) && warnings.contains(&warning("steady").as_str()));
    let once =
        format!("warning: {too_short}; 2 file and solver pairs: ./a.probe, probe; ./a.probe, steady\n");
    assert_eq!(text(&output.stderr).matches("too short to time").count(), 1, "{}", text(&output.stderr));
    assert!(text(&output.stderr).contains(&once), "{}", text(&output.stderr));
}

#[test]
fn a_baseline_must_be_a_solver_compared() {
    let dir = probes(&[("a", "solved")]);
    let refused = |args: &[&str], message: &str| {
        let output = command_in(dir.path())
            .env("SOLVEBATCH_PROBE_FAMILY", "1")
            .arg("compare")
            .args(args)
            .output()
            .unwrap();
        assert_eq!((output.status.code(), text(&output.stderr)), (Some(2), format!("error: {message}\n")));
    };
    refused(
        &[".", "--solvers", "probe", "--baseline", "steady"],
        "--baseline steady is not among --solvers probe",
    );
    refused(
        &[".", "--baseline", "dlx"],
        "--baseline: the probe family has no solver `dlx` (it has: probe, steady)",
    );
}

#[test]
fn the_summary_scores_the_solvers_as_competitions_do() {
    let dir = probes(&[("a", "solved"), ("b", "sleep 60000"), ("c", "segfault")]);
    let output = command_in(dir.path())
        .env("SOLVEBATCH_PROBE_FAMILY", "1")
        .args(["compare", ".", "--isolate", "--timeout", "0.5", "--json", "-"])
        .output()
        .unwrap();
    assert_eq!(output.status.code(), Some(1), "the segfault fails the comparison");
    let lines: Vec<Value> =
        text(&output.stdout).lines().filter_map(|line| serde_json::from_str(line).ok()).collect();
    let summary = lines.last().unwrap();
    assert_eq!(summary["type"], "summary");
    let ms = |index: usize| lines[index]["ms"].as_f64().unwrap();
    let solvers = summary["solvers"].as_array().unwrap();
    let counts =
        |solver: &Value| ["solved", "timeouts", "failures"].map(|field| solver[field].as_u64().unwrap());
    // probe: a solved, b timed out, c crashed; steady solved all three.
    assert_eq!((solvers[0]["solver"].as_str(), counts(&solvers[0])), (Some("probe"), [1, 1, 1]));
    assert_eq!((solvers[1]["solver"].as_str(), counts(&solvers[1])), (Some("steady"), [3, 0, 0]));
    // PAR-2: the times of the files solved, and twice the 500 ms limit for each of the others.
    let close = |value: &Value, expected: f64| (value.as_f64().unwrap() - expected).abs() < 0.002;
    assert!(close(&solvers[0]["par2"], ms(0) + 2000.0), "{}", solvers[0]);
    assert!(close(&solvers[1]["par2"], ms(1) + ms(3) + ms(5)), "{}", solvers[1]);
    assert_eq!(summary["single_best"], "steady");
    let best = &summary["virtual_best"];
    assert_eq!(best["solved"], 3);
    assert!(close(&best["par2"], ms(0).min(ms(1)) + ms(3) + ms(5)), "{best}");
    assert!(solvers.iter().all(|solver| solver["max_rss_kb"].as_u64().is_some_and(|kb| kb > 1000)));
    assert_eq!(
        summary["unique"],
        serde_json::json!([{"file": "./b.probe", "solver": "steady"}, {"file": "./c.probe", "solver": "steady"}])
    );
    // With the report on standard output, the summary lines go to standard error.
    let said = text(&output.stderr);
    assert!(said.contains("\nsolved by one solver only: ./b.probe (steady), ./c.probe (steady)\n"), "{said}");
}

#[test]
fn plot_data_holds_the_charts_series_and_the_html_report_a_memory_chart() {
    let dir = probes(&[("a", "solved"), ("b", "abort")]);
    let output = command_in(dir.path())
        .env("SOLVEBATCH_PROBE_FAMILY", "1")
        .args([
            "compare",
            "a.probe",
            "b.probe",
            "--isolate",
            "--html",
            "c.html",
            "--plot-data",
            "plots",
            "-q",
        ])
        .output()
        .unwrap();
    assert_eq!(output.status.code(), Some(1), "the abort fails the comparison");
    let read = |name: &str| std::fs::read_to_string(dir.path().join("plots").join(name)).unwrap();
    // probe solved a; steady solved both, so it is the single best and the baseline.
    let cactus: Vec<String> = read("cactus.csv")
        .lines()
        .map(|line| line.rsplit_once(',').map_or(line, |(start, _)| start).to_string())
        .collect();
    assert_eq!(
        cactus,
        ["series,solved", "probe,1", "steady,1", "steady,2", "virtual best,1", "virtual best,2"]
    );
    let scatter: Vec<Vec<String>> =
        read("scatter.csv").lines().map(|line| line.split(',').map(String::from).collect()).collect();
    assert_eq!(scatter[0], ["file", "solver", "baseline_ms", "solver_ms"]);
    assert_eq!(
        (scatter.len(), &scatter[1][..2], &scatter[2][..2]),
        (
            3,
            &["a.probe".to_string(), "probe".to_string()][..],
            &["b.probe".to_string(), "probe".to_string()][..]
        )
    );
    assert_eq!(scatter[2][3], "", "probe did not solve b");
    let memory = read("memory.csv");
    assert_eq!(memory.lines().count(), 5, "a header and one row per solver and file:\n{memory}");
    assert!(memory.starts_with("file,solver,max_rss_kb,peak_heap_kb\na.probe,probe,"), "{memory}");
    let html = std::fs::read_to_string(dir.path().join("c.html")).unwrap();
    assert!(html.contains(">\nPeak memory per file\n</text>"), "no memory chart");
}

#[test]
fn parallel_solves_keep_the_path_order_and_the_summary_says_times_contended() {
    let dir = probes(&[("a", "solved"), ("b", "spin 1 50"), ("c", "solved")]);
    let run = |args: &[&str]| {
        let output = command_in(dir.path())
            .env("SOLVEBATCH_PROBE_FAMILY", "1")
            .args(["compare", ".", "--solvers", "probe", "--json", "report.jsonl", "-q"])
            .args(args)
            .output()
            .unwrap();
        assert_eq!(output.status.code(), Some(0));
        let report = std::fs::read_to_string(dir.path().join("report.jsonl")).unwrap();
        let lines: Vec<Value> = report.lines().map(|line| serde_json::from_str(line).unwrap()).collect();
        let files: Vec<String> =
            lines[..3].iter().map(|line| line["file"].as_str().unwrap().to_string()).collect();
        (files, lines[3]["parallel"].clone(), text(&output.stdout))
    };
    let (files, parallel, said) = run(&["--parallel"]);
    assert_eq!(files, ["./a.probe", "./b.probe", "./c.probe"]);
    assert_eq!(parallel, true);
    assert!(
        said.contains("\nsolves ran in parallel (--parallel): their times contended for cores\n"),
        "{said}"
    );
    let (_, parallel, said) = run(&[]);
    assert_eq!(parallel, false, "one solve at a time by default");
    assert!(!said.contains("parallel"), "{said}");
}

#[test]
fn shards_of_a_comparison_merge_into_the_whole_comparison() {
    let dir = probes(&[]);
    let inputs =
        probes(&[("a", "solved"), ("b", "segfault"), ("c", "solved"), ("d", "abort"), ("e", "solved")]);
    let root = inputs.path().to_str().unwrap();
    let compare = |args: &[&str]| {
        let output = command_in(dir.path())
            .env("SOLVEBATCH_PROBE_FAMILY", "1")
            .args(["compare", root, "--isolate", "-q"])
            .args(args)
            .output()
            .unwrap();
        assert_eq!(output.status.code(), Some(1), "{}", text(&output.stderr));
    };
    compare(&["--json", "whole.jsonl"]);
    compare(&["--shard", "1/2", "--json", "one.jsonl"]);
    compare(&["--shard", "2/2", "--json", "two.jsonl"]);
    let output = command_in(dir.path())
        .args(["merge", "two.jsonl", "one.jsonl", "--json", "merged.jsonl", "-q"])
        .output()
        .unwrap();
    assert_eq!(output.status.code(), Some(1), "{}", text(&output.stderr));
    let read = |name: &str| -> Vec<Value> {
        let report = std::fs::read_to_string(dir.path().join(name)).unwrap();
        report.lines().map(|line| serde_json::from_str(line).unwrap()).collect()
    };
    let (whole, merged) = (read("whole.jsonl"), read("merged.jsonl"));
    // The same rows in the same order, and the same scores, times aside.
    let rows = |lines: &[Value]| -> Vec<(Value, Value, Value, Value)> {
        lines
            .iter()
            .map(|line| {
                (line["type"].clone(), line["file"].clone(), line["solver"].clone(), line["status"].clone())
            })
            .collect()
    };
    assert_eq!(rows(&merged), rows(&whole));
    assert_eq!(merged.len(), 11, "five files of two solvers and the summary");
    let scores = |summary: &Value| -> Vec<Value> {
        let mut scores: Vec<Value> = summary["solvers"]
            .as_array()
            .unwrap()
            .iter()
            .map(|solver| {
                serde_json::json!([solver["solver"], solver["solved"], solver["failures"], solver["files"]])
            })
            .collect();
        scores.extend(
            ["files", "failing", "unique", "single_best", "exit_code"].map(|field| summary[field].clone()),
        );
        scores.push(summary["virtual_best"]["solved"].clone());
        scores
    };
    assert_eq!(scores(&merged[10]), scores(&whole[10]));
    assert_eq!(merged[10]["unique"].as_array().unwrap().len(), 2, "b and d only steady solved");
}

#[test]
fn shards_measured_otherwise_do_not_merge() {
    let dir = probes(&[]);
    let inputs = probes(&[("a", "solved"), ("b", "solved")]);
    let root = inputs.path().to_str().unwrap();
    let shard = |share: &str, args: &[&str]| {
        let name = format!("{}-{}.jsonl", share.replace('/', "of"), args.join("").replace('-', ""));
        let output = command_in(dir.path())
            .env("SOLVEBATCH_PROBE_FAMILY", "1")
            .args(["compare", root, "-q", "--shard", share, "--json", &name])
            .args(args)
            .output()
            .unwrap();
        assert_eq!(output.status.code(), Some(0), "{}", text(&output.stderr));
        name
    };
    let one = shard("1/2", &[]);
    let refused = |other: &[&str], said: &str| {
        let two = shard("2/2", other);
        let expected =
            format!("error: {two} (shard 2/2) was run with other options than {one} (shard 1/2): {said}\n");
        assert_eq!(usage_error(dir.path(), &["merge", &one, &two, "--json", "-", "-q"]), expected);
    };
    refused(&["--repeat", "3"], "repeat 3, not 1");
    refused(&["--warmup", "2"], "warmup 2, not 0");
    refused(&["--baseline", "steady"], "baseline \"steady\", not null");
    refused(&["--isolate"], "isolate true, not false");
    refused(&["--isolate", "--memory-limit", "1GiB"], "isolate true, not false");
    refused(&["--parallel"], "parallel true, not false");
    let limited = shard("1/2", &["--isolate", "--memory-limit", "1GiB"]);
    let said =
        usage_error(dir.path(), &["merge", &limited, &shard("2/2", &["--isolate"]), "--json", "-", "-q"]);
    assert!(said.ends_with(": memory_limit null, not \"1GiB\"\n"), "{said}");
    // The same options merge.
    let output = output_in(dir.path(), &["merge", &one, &shard("2/2", &[]), "--json", "-", "-q"]);
    assert_eq!(output.status.code(), Some(0), "{}", text(&output.stderr));
}

#[test]
fn under_isolate_a_child_s_peak_memory_is_its_own_not_its_parent_s() {
    let dir = probes(&[("b", "solved")]);
    // The parent reads a.probe's 200 MiB (blank lines after the first: an input is text, and a NUL
    // byte would refuse it) before it starts b.probe's child.
    let mut big = b"solved\n".to_vec();
    big.resize(200 << 20, b'\n');
    std::fs::write(dir.path().join("a.probe"), big).unwrap();
    let (records, code) = compare(dir.path(), &[".", "--isolate"]);
    assert_eq!(code, Some(0));
    let peaks: Vec<(&str, u64)> = records
        .iter()
        .map(|record| (record["file"].as_str().unwrap(), record["max_rss_kb"].as_u64().unwrap()))
        .collect();
    assert_eq!(peaks[0].0, "./a.probe");
    assert!(peaks[0].1 >= 200 << 10, "a's child read 200 MiB: {peaks:?}");
    assert_eq!(peaks[1].0, "./b.probe");
    assert!(peaks[1].1 < 64 << 10, "b's child is small, whatever its parent's peak: {peaks:?}");
}

#[test]
fn compare_finding_no_inputs_says_what_run_says() {
    let dir = probes(&[]);
    std::fs::write(dir.path().join("notes.txt"), "x").unwrap();
    std::fs::write(dir.path().join("x.probe"), "solved\n").unwrap();
    let said = |command: &str, kind: &[&str]| {
        let output = command_in(dir.path()).args([command, "."]).args(kind).output().unwrap();
        (output.status.code(), text(&output.stderr))
    };
    // Without the probe family, both files are skipped; `--kind` names its family's files.
    let (code, message) = said("compare", &[]);
    assert_eq!((code, message.clone()), said("run", &[]));
    assert_eq!(code, Some(1));
    assert!(
        message.starts_with("error: no inputs found (2 other files skipped) (tournament .csv, "),
        "{message}"
    );
    assert!(
        message.ends_with("); name other files with --kind FAMILY to read them as that family\n"),
        "{message}"
    );
    let (code, message) = said("compare", &["--kind", "tictactoe"]);
    assert_eq!((code, message.clone()), said("run", &["--kind", "tictactoe"]));
    assert_eq!(code, Some(1));
    assert!(message.contains(" inputs found (2 other files skipped) (in folders, "), "{message}");
    assert!(!message.contains("--kind"), "{message}");
}

#[test]
fn a_solve_waiting_far_past_its_cpu_time_is_warned_of_once() {
    // A sleeping solver takes wall time without CPU time, as a solver waiting for a busy core does.
    let dir = probes(&[("a", "sleep 40"), ("b", "sleep 40")]);
    let output = command_in(dir.path())
        .env("SOLVEBATCH_PROBE_FAMILY", "1")
        .args(["compare", ".", "--solvers", "probe", "--json", "-", "-q"])
        .output()
        .unwrap();
    assert_eq!(output.status.code(), Some(0), "{}", text(&output.stderr));
    let stderr = text(&output.stderr);
    let said: Vec<&str> = stderr.lines().filter(|line| line.contains("their CPU time")).collect();
    assert_eq!(said.len(), 1, "{stderr}");
    assert!(
        said[0].starts_with("warning: the comparison: the solves took ")
            && said[0].ends_with(
                "x their CPU time on the wall clock: the machine was busy, and the times show its load \
                 as much as the solvers; compare on a quieter machine, or with --isolate"
            ),
        "{stderr}"
    );
    // Solves too short to judge are not counted.
    let dir = probes(&[("a", "solved")]);
    let output = command_in(dir.path())
        .env("SOLVEBATCH_PROBE_FAMILY", "1")
        .args(["compare", ".", "--solvers", "steady", "-q"])
        .output()
        .unwrap();
    assert!(!text(&output.stderr).contains("their CPU time"), "{}", text(&output.stderr));
}

#[test]
fn compare_records_the_threads_of_each_solve_and_merge_refuses_shards_whose_threads_differ() {
    let dir = probes(&[]);
    let inputs = probes(&[("a", "solved"), ("b", "solved")]);
    let root = inputs.path().to_str().unwrap();
    let shard = |share: &str, threads: &str| {
        let name = format!("{}-{threads}.jsonl", share.replace('/', "of"));
        let output = command_in(dir.path())
            .env("SOLVEBATCH_PROBE_FAMILY", "1")
            .args(["compare", root, "-q", "--shard", share, "--threads", threads, "--json", &name])
            .output()
            .unwrap();
        assert_eq!(output.status.code(), Some(0), "{}", text(&output.stderr));
        name
    };
    let one = shard("1/2", "1");
    let report = std::fs::read_to_string(dir.path().join(&one)).unwrap();
    let summary: Value = serde_json::from_str(report.lines().last().unwrap()).unwrap();
    assert_eq!(summary["options"]["threads"], 1);
    let three = shard("2/2", "3");
    assert_eq!(
        usage_error(dir.path(), &["merge", &one, &three, "--json", "-", "-q"]),
        format!("error: {three} (shard 2/2) was run with other options than {one} (shard 1/2): threads 3, not 1\n")
    );
    let same = shard("2/2", "1");
    let output = output_in(dir.path(), &["merge", &one, &same, "--json", "-", "-q"]);
    assert_eq!(output.status.code(), Some(0), "{}", text(&output.stderr));
}

#[test]
fn several_files_at_once_with_several_threads_each_need_isolate() {
    let dir = probes(&[("a", "solved")]);
    assert_eq!(
        usage_error(dir.path(), &["compare", ".", "-j", "2", "--threads", "2"]),
        "error: --threads 2 with 2 files at once needs --isolate: in one process the CPU time of a \
         solve's threads cannot be told from the other files'\n"
    );
}
