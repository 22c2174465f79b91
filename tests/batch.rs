//! `solvebatch run` end to end: walking, verdicts, reports, outputs, time limits, exit codes.

use crate::common::{hard_instance, setup};

use predicates::prelude::*;
use tempfile::TempDir;

fn read(dir: &TempDir, name: &str) -> String {
    std::fs::read_to_string(dir.path().join(name)).unwrap()
}

const GOOD: (&str, &str) = ("a/good.csv", "1\n0,1,0\n");
const GOOD_REFERENCE: (&str, &str) = ("a/good.csv.expected", "Table 0: 0 vs. 1\n");

#[test]
fn one_differing_reference_exits_1_and_names_the_file() {
    let (_dir, mut command) = setup(&[
        GOOD,
        GOOD_REFERENCE,
        ("b/wrong.csv", "1\n1,0,0\n"),
        ("b/wrong.csv.expected", "Table 0: 0 vs. 1\n"),
    ]);
    command
        .args(["run", "."])
        .assert()
        .code(1)
        .stdout(
            predicate::str::is_match(r"\| b/wrong\.csv +\| tournament \| backtrack \| solved +\| DIFFERS")
                .unwrap(),
        )
        .stdout(
            predicate::str::is_match(r"\| a/good\.csv +\| tournament \| backtrack \| solved +\| same")
                .unwrap(),
        )
        .stdout(predicate::str::contains("2 files: 2 solved; references: 1 same, 0 valid, 1 differ"))
        .stdout(predicate::str::contains("\nnot as expected: ./b/wrong.csv\n"));
}

#[test]
fn diff_shows_the_difference_with_the_reference() {
    let (_dir, mut command) =
        setup(&[("wrong.csv", "1\n1,0,0\n"), ("wrong.csv.expected", "Table 0: 0 vs. 1\n")]);
    command
        .args(["run", "--diff", "wrong.csv"])
        .assert()
        .code(1)
        .stdout(predicate::str::contains("--- wrong.csv.expected\n+++ wrong.csv (output)\n"))
        .stdout(predicate::str::contains("-Table 0: 0 vs. 1\n+Table 0: 1 vs. 0\n"));
}

#[test]
fn a_bad_file_is_its_own_row_and_the_batch_goes_on() {
    let (_dir, mut command) = setup(&[GOOD, ("a/bad.csv", "x\n")]);
    command
        .args(["run", "a"])
        .assert()
        .code(1)
        .stdout(predicate::str::contains("| invalid: Line 0: The number of tables is not an integer. |"))
        .stdout(predicate::str::contains("2 files: 1 solved, 1 invalid;"));
}

#[test]
fn an_expected_error_with_its_reference_passes() {
    let (_dir, mut command) =
        setup(&[("bad.csv", "0\n"), ("bad.csv.expected", "The number of tables must be positive.\n")]);
    command.args(["run", "bad.csv"]).assert().success();
}

#[test]
fn json_and_csv_reports_hold_every_field() {
    let (dir, mut command) = setup(&[GOOD, GOOD_REFERENCE, ("a/none.csv", "2\n0,1,0\n")]);
    command.args(["run", "a", "--json", "report.json", "--csv", "report.csv"]).assert().success();
    let json = read(&dir, "report.json");
    let lines = crate::common::run_report_lines(&json);
    assert_eq!(lines.len(), 3);
    assert_eq!(lines[0]["type"], "file");
    assert_eq!(lines[0]["file"], "a/good.csv");
    assert_eq!(lines[0]["family"], "tournament");
    assert_eq!(lines[0]["solver"], "backtrack");
    assert_eq!(lines[0]["status"], "solved");
    assert_eq!(lines[0]["message"], serde_json::Value::Null);
    assert_eq!(lines[0]["verdict"], "same");
    assert_eq!(lines[0]["runs"], 1);
    assert_eq!(lines[0]["ratio"], serde_json::Value::Null);
    assert_eq!(lines[0]["stats"], serde_json::json!({"backtracks": 0, "nodes": 1}));
    assert_eq!(lines[0]["output"], serde_json::Value::Null);
    assert!(lines[0]["ms"].as_f64().unwrap() >= 0.0);
    assert_eq!(lines[1]["file"], "a/none.csv");
    assert_eq!(lines[1]["status"], "no_solution");
    assert_eq!(lines[1]["verdict"], serde_json::Value::Null);
    assert_eq!(lines[2]["type"], "summary");
    assert_eq!(lines[2]["files"], 2);
    assert_eq!(
        lines[2]["statuses"],
        serde_json::json!({"solved": 1, "no_solution": 1, "invalid": 0, "timeout": 0, "interrupted": 0, "failed": 0})
    );
    assert_eq!(lines[2]["verdicts"], serde_json::json!({"same": 1, "valid": 0, "differs": 0}));
    assert_eq!(lines[2]["exit_code"], 0);

    let csv = read(&dir, "report.csv");
    let mut rows = csv.lines();
    assert_eq!(
        rows.next(),
        Some("file,family,solver,status,message,warning,verdict,ms,min_ms,max_ms,runs,ratio,ratio_sd,mean_ms,sd_ms,cpu_ms,max_rss_kb,peak_heap_kb,stats,input_hash,reference_hash")
    );
    assert!(rows.next().unwrap().starts_with("a/good.csv,tournament,backtrack,solved,,,same,"));
    let none = rows.next().unwrap();
    assert!(none.starts_with("a/none.csv,tournament,backtrack,no_solution,,,,"), "{none}");
    let hash = |name: &str| {
        format!("{:032x}", xxhash_rust::xxh3::xxh3_128(&std::fs::read(dir.path().join(name)).unwrap()))
    };
    let row = csv::Reader::from_reader(csv.as_bytes()).records().nth(1).unwrap().unwrap();
    // runs, ratio, ratio_sd, mean_ms, sd_ms, cpu_ms (the solving thread's, in milliseconds),
    // max_rss_kb, peak_heap_kb, stats, the hashes.
    assert_eq!([&row[10], &row[11], &row[12], &row[13], &row[14]], ["1", "", "", "", ""], "{none}");
    assert!(row[15].parse::<f64>().is_ok_and(|ms| ms >= 0.0), "{none}");
    let stats = r#"{"backtracks":0,"nodes":0}"#;
    assert_eq!(row.iter().skip(16).collect::<Vec<_>>(), ["", "", stats, &hash("a/none.csv"), ""], "{none}");
    assert_eq!(lines[0]["input_hash"], hash("a/good.csv").as_str());
    assert_eq!(lines[0]["reference_hash"], hash("a/good.csv.expected").as_str());
    assert_eq!(lines[1]["reference_hash"], serde_json::Value::Null);
}

#[test]
fn json_outputs_hold_each_output_text() {
    let (dir, mut command) = setup(&[GOOD]);
    command.args(["run", "a", "--json", "report.json", "--json-outputs"]).assert().success();
    let lines = crate::common::run_report_lines(&read(&dir, "report.json"));
    assert_eq!(lines[0]["output"], "Table 0: 0 vs. 1\n");
}

#[test]
fn out_mirrors_each_input_path_as_given() {
    let (dir, mut command) = setup(&[GOOD, ("a/deeper/bad.csv", "1\n0,0,0\n")]);
    command.args(["run", "a", "--out", "results"]).assert().code(1);
    assert_eq!(read(&dir, "results/a/good.csv.out"), "Table 0: 0 vs. 1\n");
    assert_eq!(read(&dir, "results/a/deeper/bad.csv.out"), "Line 1: The players are the same.\n");
}

#[test]
fn a_hard_instance_times_out_and_the_batch_goes_on() {
    let (dir, mut command) = setup(&[GOOD, ("a/hard.csv", &hard_instance())]);
    command
        .args(["run", "a", "--timeout", "0.3", "--json", "report.json"])
        .assert()
        .code(1)
        .stdout(predicate::str::is_match(r"\| hard\.csv +\| tournament \| backtrack \| timeout").unwrap())
        .stdout(predicate::str::contains("2 files: 1 solved, 1 timeout;"));
    let json = read(&dir, "report.json");
    let hard = &crate::common::run_report_lines(&json)[1];
    assert_eq!(hard["status"], "timeout");
    let ms = hard["ms"].as_f64().unwrap();
    assert!((300.0..400.0).contains(&ms), "stopped after {ms} ms for a 300 ms limit");
}

#[test]
fn usage_errors_exit_2() {
    let (_dir, mut command) = setup(&[GOOD]);
    command.args(["run", "a", "--kind", "chess"]).assert().code(2).stderr(
        "error: no family is called `chess`; the families are tournament, tictactoe, guess, scrabble, gcg\n",
    );
    let (_dir, mut command) = setup(&[GOOD]);
    command.args(["run", "a", "--solver", "magic"]).assert().code(2);
    let (_dir, mut command) = setup(&[GOOD]);
    command.args(["run", "a", "--kind", "guess", "--solver", "dlx"]).assert().code(2).stderr(
        "error: the guess family has no solver `dlx` (it has: first, minimax, max-parts, entropy, optimal)\n",
    );
    let (_dir, mut command) = setup(&[GOOD]);
    command.args(["run", "a", "--timeout", "-1"]).assert().code(2);
    let (_dir, mut command) = setup(&[GOOD]);
    command
        .args(["compare", "a", "--solvers", "dlx,dlx-restarts,dlx"])
        .assert()
        .code(2)
        .stderr("error: --solvers names `dlx` twice\n");
}

#[test]
fn a_folder_without_inputs_is_an_error() {
    let (_dir, mut command) = setup(&[("notes.txt", "nothing to solve")]);
    command.args(["run", "."]).assert().code(1).stderr(predicate::str::starts_with("error: no inputs found"));
}

#[test]
fn a_folder_without_inputs_of_the_kind_given_says_how_to_read_a_file_as_that_kind() {
    let (_dir, mut command) = setup(&[("d/notes.txt", "nothing to solve")]);
    command.args(["run", "d", "--kind", "guess"]).assert().code(1).stderr(
        "error: no guess inputs found (1 other file skipped) (in folders, .guess files); name a file itself \
         to read it as guess\n",
    );
}

#[test]
fn kind_forces_the_family_of_a_named_file() {
    let (_dir, mut command) = setup(&[("round.txt", "1\n0,1,0\n")]);
    command
        .args(["run", "--kind", "tournament", "round.txt"])
        .assert()
        .success()
        .stdout(predicate::str::contains("solved"));
}

#[test]
fn a_missing_path_is_a_usage_error_before_any_work() {
    // A typo stops the batch before anything is solved or written, as ripgrep does.
    let (dir, mut command) = setup(&[GOOD]);
    command
        .args(["run", "absent", "a", "--json", "r.jsonl"])
        .assert()
        .code(2)
        .stdout("")
        .stderr("error: absent: no such file or folder\n");
    assert!(!dir.path().join("r.jsonl").exists(), "no report is started");
    let (_dir, mut command) = setup(&[GOOD]);
    command
        .args(["compare", "absent", "gone", "a", "--solvers", "backtrack,dlx"])
        .assert()
        .code(2)
        .stderr("error: no such files or folders: absent, gone\n");
    // A path that exists but cannot be read is still its own row, and the batch goes on.
    let (_dir, mut command) = setup(&[GOOD]);
    command
        .args(["run", "a/good.csv/x", "a"])
        .assert()
        .code(1)
        .stdout(predicate::str::is_match(r"\| a/good.csv/x +\| - +\| - +\| failed: cannot read: ").unwrap())
        .stdout(predicate::str::contains("2 files: 1 solved, 1 failed;"));
}

#[test]
fn two_roots_with_the_same_file_name_write_both_outputs() {
    let (dir, mut command) = setup(&[GOOD, ("b/good.csv", "1\n1,0,0\n")]);
    command.args(["run", "a/good.csv", "b/good.csv", "--out", "results"]).assert().success();
    assert_eq!(read(&dir, "results/a/good.csv.out"), "Table 0: 0 vs. 1\n");
    assert_eq!(read(&dir, "results/b/good.csv.out"), "Table 0: 1 vs. 0\n");
}

#[test]
fn a_mixed_run_takes_a_solver_per_family() {
    let guess = ("b/spec.guess", include_str!("../datasets/guess/spec-example.guess"));
    let (dir, mut command) = setup(&[GOOD, GOOD_REFERENCE, guess]);
    command
        .args([
            "run",
            ".",
            "--solver",
            "tournament=dlx",
            "--solver",
            "guess=optimal",
            "--json",
            "r.jsonl",
            "-q",
        ])
        .assert()
        .success();
    let report = read(&dir, "r.jsonl");
    let run: serde_json::Value = serde_json::from_str(report.lines().next().unwrap()).unwrap();
    assert_eq!(run["options"]["solver"], "guess=optimal,tournament=dlx");
    let lines = crate::common::run_report_lines(&report);
    let solvers: Vec<(&str, &str)> = lines[..2]
        .iter()
        .map(|record| (record["file"].as_str().unwrap(), record["solver"].as_str().unwrap()))
        .collect();
    assert_eq!(solvers, [("./a/good.csv", "dlx"), ("./b/spec.guess", "optimal")]);
    // The bare name is for one-family runs; a mixed run is told of the FAMILY=NAME form.
    let (_dir, mut command) = setup(&[GOOD, guess]);
    command.args(["run", ".", "--solver", "dlx"]).assert().code(2).stderr(
        "error: the guess family has no solver `dlx` (it has: first, minimax, max-parts, entropy, optimal); \
         give each family its own solver with --solver FAMILY=NAME, such as --solver guess=first\n",
    );
    for (given, error) in [
        ("chess=dlx", "--solver chess=dlx: no family is called `chess`; the families are tournament, tictactoe, guess, scrabble, gcg"),
        ("guess=dlx", "--solver guess=dlx: the guess family has no solver `dlx` (it has: first, minimax, max-parts, entropy, optimal)"),
    ] {
        let (_dir, mut command) = setup(&[GOOD]);
        command.args(["run", ".", "--solver", given]).assert().code(2).stderr(format!("error: {error}\n"));
    }
}

#[test]
fn a_number_out_of_an_options_range_is_named_with_the_range_in_words() {
    let huge = "123456789012345678901234567890";
    let cases: [(&[&str], &str); 5] = [
        (
            &["run", "a", "--seed", huge],
            &format!("'{huge}' for '--seed <SEED>': {huge} is not a seed (at most 18446744073709551615)"),
        ),
        (&["run", "a", "-j", "0"], "'0' for '--jobs <N>': 0 is not a number of files at once (at least 1)"),
        (
            &["compare", "a", "--repeat", "0"],
            "'0' for '--repeat <N>': 0 is not a number of runs from 1 to 1000",
        ),
        (
            &["compare", "a", "--warmup", "-1"],
            "'-1' for '--warmup <N>': -1 is not a number of warm-up runs from 0 to 100",
        ),
        (
            &["guess", "host", "--seed", "1e9"],
            "'1e9' for '--seed <N>': `1e9` is not a seed (a whole number, at least 0)",
        ),
    ];
    for (args, message) in cases {
        let (_dir, mut command) = setup(&[GOOD]);
        command
            .args(args)
            .assert()
            .code(2)
            .stdout("")
            .stderr(format!("error: invalid value {message}\n\nFor more information, try '--help'.\n"));
    }
}

#[test]
fn a_negative_number_gets_the_options_own_message() {
    let (_dir, mut command) = setup(&[GOOD]);
    command.args(["run", "a", "--timeout", "-1"]).assert().code(2).stderr(predicate::str::starts_with(
        "error: invalid value '-1' for '--timeout <SECONDS>': the time limit must be positive, not -1\n",
    ));
}
