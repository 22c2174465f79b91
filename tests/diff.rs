//! `solvebatch diff` and `run --baseline`: two reports made here, every change classified, the exit
//! status with and without `--fail-on-slowdown`, the exporters, and reports that cannot be read.

use crate::common::{hard_instance, mkfifo, output_in, setup, text};

use std::io::Write;
use std::path::Path;
use std::time::{Duration, Instant};

use serde_json::Value;

const ONE_TABLE: &str = "1\n0,1,0\n";
const ONE_ROUND: &str = "Table 0: 0 vs. 1\n";
const TWO_TABLES: &str = "2\n0,1,0\n2,3,1\n";

/// A folder run twice: `old.jsonl`, then, after these changes, `new.jsonl`: `d/b.csv`'s reference
/// doctored (same -> differs), `d/c.csv` removed, `d/e.csv` added, `d/x.csv` made easy (timeout ->
/// solved), `d/y.csv` made hard (solved -> timeout), and `slow.csv` a FIFO written 300 ms after the
/// run starts (slower).
fn two_reports() -> tempfile::TempDir {
    let hard = hard_instance();
    let (dir, _) = setup(&[
        ("d/a.csv", ONE_TABLE),
        ("d/a.csv.expected", ONE_ROUND),
        ("d/b.csv", TWO_TABLES),
        ("d/b.csv.expected", "Table 0: 0 vs. 1\nTable 1: 2 vs. 3\n"),
        ("d/c.csv", ONE_TABLE),
        ("d/x.csv", &hard),
        ("d/y.csv", ONE_TABLE),
        ("slow.csv", ONE_TABLE),
    ]);
    let run = ["run", "d", "slow.csv", "--timeout", "1", "--json"];
    let old = output_in(dir.path(), &[&run[..], &["old.jsonl"]].concat());
    assert_eq!(old.status.code(), Some(1), "x.csv times out: {}", text(&old.stdout));
    let path = |name: &str| dir.path().join(name);
    std::fs::write(path("d/b.csv.expected"), "Table 0: 2 vs. 3\nTable 1: 0 vs. 1\n").unwrap();
    std::fs::remove_file(path("d/c.csv")).unwrap();
    std::fs::write(path("d/e.csv"), ONE_TABLE).unwrap();
    std::fs::write(path("d/x.csv"), ONE_TABLE).unwrap();
    std::fs::write(path("d/y.csv"), &hard).unwrap();
    std::fs::remove_file(path("slow.csv")).unwrap();
    mkfifo(&path("slow.csv"));
    let fifo = path("slow.csv");
    // Written 300 ms after the batch has opened `slow.csv` (a writer that does not block opens only
    // once a reader has): its time is at least that.
    let writer = std::thread::spawn(move || {
        use std::os::unix::fs::OpenOptionsExt;
        let started = Instant::now();
        let mut file = loop {
            match std::fs::OpenOptions::new().write(true).custom_flags(libc::O_NONBLOCK).open(&fifo) {
                Ok(file) => break file,
                Err(_) if started.elapsed() < Duration::from_secs(20) => {
                    std::thread::sleep(Duration::from_millis(5))
                }
                Err(error) => panic!("the batch never opened slow.csv: {error}"),
            }
        };
        std::thread::sleep(Duration::from_millis(300));
        file.write_all(ONE_TABLE.as_bytes()).unwrap();
    });
    let new = output_in(dir.path(), &[&run[..], &["new.jsonl"]].concat());
    writer.join().unwrap();
    assert_eq!(new.status.code(), Some(1), "{}", text(&new.stdout));
    dir
}

fn hash(text: &str) -> String {
    format!("{:032x}", xxhash_rust::xxh3::xxh3_128(text.as_bytes()))[..12].to_string()
}

fn json_lines(path: &Path) -> Vec<Value> {
    std::fs::read_to_string(path).unwrap().lines().map(|line| serde_json::from_str(line).unwrap()).collect()
}

/// The `slow.csv` record of a report, alone, as a report of its own.
fn slow_only(dir: &Path, report: &str, into: &str) {
    let line = std::fs::read_to_string(dir.join(report))
        .unwrap()
        .lines()
        .find(|line| line.contains("\"file\":\"slow.csv\""))
        .unwrap()
        .to_string();
    std::fs::write(dir.join(into), line + "\n").unwrap();
}

#[test]
fn every_change_is_classified_and_regressions_exit_1() {
    let dir = two_reports();
    let output = output_in(
        dir.path(),
        &[
            "diff",
            "old.jsonl",
            "new.jsonl",
            // slow.csv is slower by 300 ms or more; a tiny solve stalled by a busy machine is not.
            "--min-ms",
            "100",
            "--html",
            "diff.html",
            "--json",
            "diff.jsonl",
            "--csv",
            "diff.csv",
            "--markdown",
            "diff.md",
        ],
    );
    assert_eq!(output.status.code(), Some(1), "{}", text(&output.stderr));
    let stdout = text(&output.stdout);
    let lines: Vec<&str> = stdout.lines().collect();
    let hard = hard_instance();
    let (b_old, b_new) =
        (hash("Table 0: 0 vs. 1\nTable 1: 2 vs. 3\n"), hash("Table 0: 2 vs. 3\nTable 1: 0 vs. 1\n"));
    let (easy, hard) = (hash(ONE_TABLE), hash(&hard));
    let rows = [
        ["file", "change", "old", "new"],
        ["d/b.csv", "regression", "solved, same", "solved, differs"],
        ["d/b.csv", "reference changed", &b_old, &b_new],
        ["d/c.csv", "removed", "solved", ""],
        ["d/e.csv", "added", "", "solved"],
        ["d/x.csv", "improvement", "timeout", "solved"],
        ["d/x.csv", "input changed", &hard, &easy],
        ["d/y.csv", "regression", "solved", "timeout"],
        ["d/y.csv", "input changed", &easy, &hard],
    ];
    // The Markdown table (standard output is not a terminal): cells padded to the widest, which
    // depends on the measured time of the last row.
    let cells = |line: &str| -> Vec<String> {
        line.trim_matches('|').split('|').map(|cell| cell.trim().to_string()).collect()
    };
    assert_eq!(cells(lines[0]), rows[0], "{stdout}");
    assert!(lines[1].starts_with("|----------|-------------------|--------------|---"), "{stdout}");
    for (line, row) in lines[2..].iter().zip(&rows[1..]) {
        assert_eq!(cells(line), row, "{stdout}");
    }
    let slow = cells(lines[rows.len() + 1]);
    assert_eq!(slow[..2], ["slow.csv", "slower"], "{stdout}");
    assert!(
        slow[2].ends_with(" µs") && slow[3].contains(" ms (") && slow[3].ends_with("x slower)"),
        "{slow:?}"
    );
    assert_eq!(
        lines[rows.len() + 2..],
        [
            "diff: 5 files in both, 1 added, 1 removed; 2 regressions, 1 improvement, 2 input changed, 1 reference changed, 1 slower",
            "times: 3 timed once: a change counts past 2x and 100 ms"
        ]
    );

    // The Markdown report holds the same table and lines under its title.
    let markdown = std::fs::read_to_string(dir.path().join("diff.md")).unwrap();
    let table: String = lines[..rows.len() + 2].iter().map(|line| format!("{line}\n")).collect();
    let (first, times) = (lines[rows.len() + 2], lines[rows.len() + 3]);
    assert_eq!(markdown, format!("# solvebatch diff\n\n{table}\n{first}\n\n{times}\n\n"));

    // The chart has one point per file timed in both: a, b and slow (x and y timed out once).
    let html = std::fs::read_to_string(dir.path().join("diff.html")).unwrap();
    assert_eq!(html.matches("<circle").count(), 3, "{html}");
    assert!(html.contains("<td class=\"bad\">regression</td>"));
    let changes = json_lines(&dir.path().join("diff.jsonl"));
    let kinds: Vec<(&str, &str)> = changes[..changes.len() - 1]
        .iter()
        .map(|change| (change["file"].as_str().unwrap(), change["change"].as_str().unwrap()))
        .collect();
    assert_eq!(
        kinds,
        [
            ("d/b.csv", "regression"),
            ("d/b.csv", "reference"),
            ("d/c.csv", "removed"),
            ("d/e.csv", "added"),
            ("d/x.csv", "improvement"),
            ("d/x.csv", "input"),
            ("d/y.csv", "regression"),
            ("d/y.csv", "input"),
            ("slow.csv", "slower")
        ]
    );
    let summary = changes.last().unwrap();
    assert_eq!((summary["type"].as_str(), summary["common"].as_u64()), (Some("summary"), Some(5)));
    assert_eq!(
        (summary["changes"]["regression"].as_u64(), summary["exit_code"].as_u64()),
        (Some(2), Some(1))
    );
    assert!(changes[8]["new_ms"].as_f64().unwrap() >= 300.0);
    let csv = std::fs::read_to_string(dir.path().join("diff.csv")).unwrap();
    assert_eq!(csv.lines().next(), Some("file,solver,change,old,new,old_ms,new_ms"));
    assert_eq!(csv.lines().nth(1), Some("d/b.csv,,regression,\"solved, same\",\"solved, differs\",,"));
    assert_eq!(csv.lines().count(), 10);
}

#[test]
fn a_slowdown_alone_exits_0_unless_it_counts() {
    let dir = two_reports();
    slow_only(dir.path(), "old.jsonl", "old-slow.jsonl");
    slow_only(dir.path(), "new.jsonl", "new-slow.jsonl");
    let output = output_in(dir.path(), &["diff", "old-slow.jsonl", "new-slow.jsonl", "-q"]);
    assert_eq!(output.status.code(), Some(0), "{}", text(&output.stderr));
    assert_eq!(
        text(&output.stdout),
        "diff: 1 file in both; 1 slower\ntimes: 1 timed once: a change counts past 2x and 1 ms\n"
    );
    let counted =
        output_in(dir.path(), &["diff", "old-slow.jsonl", "new-slow.jsonl", "-q", "--fail-on-slowdown"]);
    assert_eq!(counted.status.code(), Some(1));
    // Past the least change only.
    let output = output_in(dir.path(), &["diff", "old-slow.jsonl", "new-slow.jsonl", "--min-ms", "60000"]);
    assert_eq!(text(&output.stdout).lines().next(), Some("diff: 1 file in both; no changes"));
    let same = output_in(dir.path(), &["diff", "new.jsonl", "new.jsonl"]);
    assert_eq!(same.status.code(), Some(0));
    assert_eq!(
        text(&same.stdout),
        "diff: 6 files in both; no changes\ntimes: 5 timed once: a change counts past 2x and 1 ms\n"
    );
}

#[test]
fn repeated_runs_count_only_where_the_ranges_do_not_overlap() {
    let (dir, mut command) = setup(&[("d/a.csv", ONE_TABLE)]);
    let output = command.args(["compare", "d", "--repeat", "3", "--json", "c.jsonl"]).output().unwrap();
    assert_eq!(output.status.code(), Some(0), "{}", text(&output.stderr));
    let doctored: Vec<String> = json_lines(&dir.path().join("c.jsonl"))
        .into_iter()
        .map(|mut line| {
            if line["type"] == "file" {
                // Ten times as slow, but its fastest run within the old range: noise.
                line["ms"] = serde_json::json!(line["max_ms"].as_f64().unwrap() * 10.0 + 10.0);
                line["max_ms"] = serde_json::json!(line["max_ms"].as_f64().unwrap() * 20.0 + 20.0);
            }
            line.to_string()
        })
        .collect();
    std::fs::write(dir.path().join("slow.jsonl"), doctored.join("\n") + "\n").unwrap();
    let output = output_in(dir.path(), &["diff", "c.jsonl", "slow.jsonl"]);
    assert_eq!(output.status.code(), Some(0));
    let solvers = json_lines(&dir.path().join("c.jsonl")).len() - 1;
    assert_eq!(
        text(&output.stdout),
        format!(
            "diff: {solvers} files in both; no changes\ntimes: {solvers} with repeated runs: a change counts where the min..max ranges do not overlap\n"
        )
    );
}

#[test]
fn run_baseline_prints_the_comparison_after_its_summary() {
    let (dir, mut command) = setup(&[("d/a.csv", ONE_TABLE), ("d/a.csv.expected", ONE_ROUND)]);
    assert!(command.args(["run", "d", "--json", "old.jsonl"]).output().unwrap().status.success());
    std::fs::write(dir.path().join("d/a.csv.expected"), "Table 0: 1 vs. 0\n").unwrap();
    let output = output_in(dir.path(), &["run", "d", "--baseline", "old.jsonl", "-q", "--json", "new.jsonl"]);
    assert_eq!(output.status.code(), Some(1));
    let stdout = text(&output.stdout);
    // A busy machine may stall either solve past the rule (twice the other's time and 1 ms more):
    // the comparison then counts it slower or faster, as it should.
    let ms = |report: &str| json_lines(&dir.path().join(report))[1]["ms"].as_f64().unwrap();
    let (old, new) = (ms("old.jsonl"), ms("new.jsonl"));
    let past = |a: f64, b: f64| a > 2.0 * b && a - b > 1.0;
    let slower = match (past(new, old), past(old, new)) {
        (true, _) => ", 1 slower",
        (_, true) => ", 1 faster",
        _ => "",
    };
    assert!(
        stdout.ends_with(&format!(
            "\nnot as expected: d/a.csv\ndiff: 1 file in both; 1 regression, 1 reference changed{slower}\n\
             times: 1 timed once: a change counts past 2x and 1 ms\n"
        )),
        "{stdout}"
    );
    let refused = output_in(dir.path(), &["run", "d", "--baseline", "old.jsonl", "--json", "old.jsonl"]);
    assert_eq!(refused.status.code(), Some(2));
    assert_eq!(
        text(&refused.stderr),
        "error: old.jsonl is both the baseline report and the file --json writes; writing would destroy it\n"
    );
}

#[test]
fn reports_that_cannot_be_read_are_named_with_their_line() {
    let (dir, mut command) = setup(&[("d/a.csv", ONE_TABLE)]);
    assert!(command.args(["run", "d", "--json", "r.jsonl"]).output().unwrap().status.success());
    let report = std::fs::read_to_string(dir.path().join("r.jsonl")).unwrap();
    let record = report.lines().nth(1).unwrap();
    assert!(record.starts_with(r#"{"type":"file","#), "the line after the run line: {record}");
    std::fs::write(dir.path().join("bad.jsonl"), format!("{record}\nnot json\n")).unwrap();
    let output = output_in(dir.path(), &["diff", "r.jsonl", "bad.jsonl"]);
    assert_eq!(output.status.code(), Some(2));
    assert_eq!(
        text(&output.stderr),
        "error: bad.jsonl line 2: not a line of a solvebatch JSON report, whose every line is a JSON object \
         with a \"type\" of \"run\", \"file\" or \"summary\", as `run --json` writes\n"
    );
    // A last line cut mid-way is what a kill leaves: left out, with a note.
    std::fs::write(dir.path().join("cut.jsonl"), format!("{record}\n{}", &record[..30])).unwrap();
    let (_, mut command) = setup(&[]);
    let output = command
        .current_dir(dir.path())
        .args(["diff", "-", "cut.jsonl"])
        .write_stdin(report)
        .output()
        .unwrap();
    assert_eq!(output.status.code(), Some(0));
    assert_eq!(
        text(&output.stderr),
        "note: cut.jsonl line 2 is cut off (the report was stopped while writing it); it is left out\n\
         note: cut.jsonl has no summary line: the run it reports did not finish (`run --resume` \
         finishes a partial report), so files it never reached show as added or removed\n"
    );
    assert_eq!(
        text(&output.stdout),
        "diff: 1 file in both; no changes\ntimes: 1 timed once: a change counts past 2x and 1 ms\n"
    );
    let both = output_in(dir.path(), &["diff", "-", "-"]);
    assert_eq!(text(&both.stderr), "error: OLD and NEW cannot both be `-` (standard input)\n");
    assert_eq!(both.status.code(), Some(2));
}

#[test]
fn an_empty_file_is_no_report_to_compare() {
    let (dir, _) = setup(&[("a.csv", ONE_TABLE), ("empty.jsonl", "")]);
    assert!(output_in(dir.path(), &["run", "a.csv", "--json", "old.jsonl"]).status.success());
    let output = output_in(dir.path(), &["diff", "empty.jsonl", "old.jsonl"]);
    assert_eq!(output.status.code(), Some(2));
    assert_eq!(
        text(&output.stderr),
        "error: empty.jsonl: empty, not a report of this tool (`run --json FILE` writes one)\n"
    );
    assert!(output.stdout.is_empty());
}

/// A report cut off before its summary (a run killed, or copied while it ran) is compared as far as
/// it goes, with a note that its run did not finish; statuses read as the tables word them.
#[test]
fn a_report_without_its_summary_is_named_as_unfinished() {
    let (dir, _) = setup(&[("a.csv", ONE_TABLE), ("b.csv", "2\n0,1,0\n1,2,1\n")]);
    let new = output_in(dir.path(), &["run", "a.csv", "b.csv", "--solver", "dlx", "--json", "new.jsonl"]);
    assert_eq!(new.status.code(), Some(0), "{}", text(&new.stderr));
    let report = std::fs::read_to_string(dir.path().join("new.jsonl")).unwrap();
    // The first line says how the run was made, the second is a.csv's record: b.csv and the
    // summary are not written yet.
    let cut: String = report.split_inclusive('\n').take(2).collect();
    std::fs::write(dir.path().join("old.jsonl"), cut).unwrap();
    let output = output_in(dir.path(), &["diff", "old.jsonl", "new.jsonl", "--color", "never"]);
    assert_eq!(output.status.code(), Some(0));
    assert_eq!(
        text(&output.stderr),
        "note: old.jsonl has no summary line: the run it reports did not finish (`run --resume` \
         finishes a partial report), so files it never reached show as added or removed\n"
    );
    let stdout = text(&output.stdout);
    let added = stdout.lines().find(|line| line.contains("b.csv")).unwrap();
    assert!(added.contains("added") && added.contains("no round"), "{stdout}");
    assert!(!stdout.contains("no_solution"), "{stdout}");
}
