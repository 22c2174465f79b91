//! Reports end to end: JSON lines, CSV and Markdown on standard output, one schema for `run` and
//! `compare`, `--strict`, the terminal table (quiet, colour, width) and snapshots of the tables.

use crate::common::{command_in, setup, text};

use std::collections::BTreeSet;

use predicates::prelude::*;
use serde_json::{json, Value};

/// A solved file whose reference is the backtracking matcher's round.
const SOLVED: (&str, &str) = ("a/x.csv", "1\n0,1,0\n");
const SOLVED_REFERENCE: (&str, &str) = ("a/x.csv.expected", "Table 0: 0 vs. 1\n");
/// Two tables, players 0 to 3 each in two pairings: no round.
const NO_ROUND: (&str, &str) = ("a/none.csv", "2\n0,1,0\n");
/// The first line is not a number of tables.
const INVALID: (&str, &str) = ("a/bad.csv", "x\n");
const INVALID_MESSAGE: &str = "Line 0: The number of tables is not an integer.";

/// Two tables where the backtracking matcher and dlx find different rounds.
const TWO_ROUNDS: &str = "2\n0,1,1\n1,2,0\n3,0,1\n2,3,0\n";
const BACKTRACK_ROUND: &str = "Table 0: 2 vs. 3\nTable 1: 0 vs. 1\n";
const DLX_ROUND: &str = "Table 0: 1 vs. 2\nTable 1: 3 vs. 0\n";

/// The fields of every `file` record, `type` included.
const FILE_FIELDS: [&str; 23] = [
    "type",
    "file",
    "family",
    "solver",
    "status",
    "message",
    "warning",
    "verdict",
    "ms",
    "min_ms",
    "max_ms",
    "runs",
    "ratio",
    "ratio_sd",
    "mean_ms",
    "sd_ms",
    "cpu_ms",
    "max_rss_kb",
    "peak_heap_kb",
    "stats",
    "output",
    "input_hash",
    "reference_hash",
];

fn three_files() -> [(&'static str, &'static str); 4] {
    [SOLVED, SOLVED_REFERENCE, NO_ROUND, INVALID]
}

fn keys(value: &Value) -> BTreeSet<String> {
    value.as_object().unwrap().keys().cloned().collect()
}

fn json_lines(text: &str) -> Vec<Value> {
    text.lines()
        .map(|line| serde_json::from_str(line).unwrap_or_else(|error| panic!("{error}: {line}")))
        .collect()
}

/// The summary lines of the three files, up to the times.
const THREE_FILES_SUMMARY: &str =
    "3 files: 1 solved, 1 no round, 1 invalid; references: 1 same, 0 valid, 0 differ; time: wall ";

/// Where the times of a summary line begin in `line`: at `time:` followed by ` wall` or by the end of
/// the line (wrapped to the terminal, the times go on on the next lines).
fn times_at(line: &str) -> Option<usize> {
    let start = line.find("time:")?;
    let rest = &line[start + "time:".len()..];
    (rest.is_empty() || rest.starts_with(" wall")).then_some(start)
}

/// `line` with the times of a summary line (`time: wall ..., solving ... (sum), median ...`)
/// replaced by a placeholder; trailing blanks (Markdown line breaks) kept.
fn without_times(line: &str) -> String {
    match times_at(line) {
        Some(start) => {
            let trailing = line.len() - line.trim_end().len();
            format!("{}time: <times>{}", &line[..start], &line[line.len() - trailing..])
        }
        None => line.to_string(),
    }
}

#[test]
fn json_lines_on_standard_output_hold_every_field_and_close_with_the_summary() {
    let (_dir, mut command) = setup(&three_files());
    let output = command.args(["run", "a", "--json", "-"]).output().unwrap();
    assert_eq!(output.status.code(), Some(1), "the invalid file fails the batch");
    let stdout = text(&output.stdout);
    let lines = crate::common::run_report_lines(&stdout);
    assert_eq!(lines.len(), 4, "three files and the summary, nothing else on standard output:\n{stdout}");

    let files = &lines[..3];
    for record in files {
        assert_eq!(record["type"], "file");
        let expected: BTreeSet<String> = FILE_FIELDS.iter().map(|field| field.to_string()).collect();
        assert_eq!(keys(record), expected, "{record}");
        assert_eq!(record["family"], "tournament");
        assert_eq!(record["solver"], "backtrack");
        assert_eq!(record["runs"], 1);
        assert_eq!(record["ratio"], Value::Null, "no ratio in run");
        assert_eq!(record["output"], Value::Null, "no output without --json-outputs");
        let ms = record["ms"].as_f64().unwrap();
        assert!(ms >= 0.0);
        assert_eq!(record["min_ms"].as_f64(), Some(ms), "one run: min, median and max agree");
        assert_eq!(record["max_ms"].as_f64(), Some(ms));
    }
    let second = stdout.lines().nth(1).unwrap();
    assert!(second.starts_with(r#"{"type":"file","file":"a/bad.csv","family":"tournament","#), "{second}");
    let by_file: Vec<(&str, &str, &Value, &Value, &Value)> = files
        .iter()
        .map(|record| {
            (
                record["file"].as_str().unwrap(),
                record["status"].as_str().unwrap(),
                &record["message"],
                &record["verdict"],
                &record["stats"],
            )
        })
        .collect();
    assert_eq!(
        by_file,
        [
            ("a/bad.csv", "invalid", &json!(INVALID_MESSAGE), &Value::Null, &json!({})),
            ("a/none.csv", "no_solution", &Value::Null, &Value::Null, &json!({"backtracks": 0, "nodes": 0})),
            ("a/x.csv", "solved", &Value::Null, &json!("same"), &json!({"backtracks": 0, "nodes": 1})),
        ]
    );

    let summary = &lines[3];
    assert_eq!(summary["type"], "summary");
    assert_eq!(summary["files"], 3);
    assert_eq!(
        summary["statuses"],
        json!({"solved": 1, "no_solution": 1, "invalid": 1, "timeout": 0, "interrupted": 0, "failed": 0})
    );
    assert_eq!(summary["verdicts"], json!({"same": 1, "valid": 0, "differs": 0}));
    assert_eq!(summary["skipped"], 0);
    assert_eq!(summary["failing"], json!(["a/bad.csv"]));
    assert_eq!(summary["left_out"], 0);
    assert_eq!(summary["solvers"], json!([]));
    assert_eq!(summary["interrupted"], false);
    assert_eq!(summary["exit_code"], 1);
    let solve_ms: f64 = files.iter().map(|record| record["ms"].as_f64().unwrap()).sum();
    assert!((summary["solve_ms"].as_f64().unwrap() - solve_ms).abs() < 0.01);
    assert!(summary["wall_ms"].as_f64().unwrap() >= summary["median_ms"].as_f64().unwrap());

    let stderr = text(&output.stderr);
    let stderr: Vec<&str> = stderr.lines().collect();
    assert_eq!(stderr.len(), 2, "only the summary goes to standard error: {stderr:?}");
    assert!(stderr[0].starts_with(THREE_FILES_SUMMARY), "{}", stderr[0]);
    assert_eq!(stderr[1], "not as expected: a/bad.csv");
}

#[test]
fn csv_on_standard_output_has_a_header_and_one_row_per_file() {
    let (_dir, mut command) = setup(&three_files());
    let output = command.args(["run", "a", "--csv", "-"]).output().unwrap();
    assert_eq!(output.status.code(), Some(1));
    let stdout = text(&output.stdout);
    let mut reader = csv::Reader::from_reader(stdout.as_bytes());
    let header: Vec<String> = reader.headers().unwrap().iter().map(String::from).collect();
    // The record fields but the line type and the output text.
    let fields: Vec<&str> =
        FILE_FIELDS.iter().copied().filter(|field| !["type", "output"].contains(field)).collect();
    assert_eq!(header, fields);
    let rows: Vec<csv::StringRecord> = reader.records().map(Result::unwrap).collect();
    assert_eq!(rows.len(), 3, "one row per file and nothing else:\n{stdout}");
    let fixed: Vec<Vec<&str>> = rows
        .iter()
        .map(|row| [0, 1, 2, 3, 4, 6, 10, 11].iter().map(|index| &row[*index]).collect())
        .collect();
    assert_eq!(
        fixed,
        [
            vec!["a/bad.csv", "tournament", "backtrack", "invalid", INVALID_MESSAGE, "", "1", ""],
            vec!["a/none.csv", "tournament", "backtrack", "no_solution", "", "", "1", ""],
            vec!["a/x.csv", "tournament", "backtrack", "solved", "", "same", "1", ""],
        ]
    );
    for row in &rows {
        let ms: f64 = row[7].parse().unwrap();
        assert!(ms >= 0.0);
        assert_eq!(row[8].parse::<f64>().unwrap(), ms);
        assert_eq!(row[9].parse::<f64>().unwrap(), ms);
    }
    assert!(rows.iter().all(|row| (12..15).all(|column| row[column].is_empty())));
    assert!(rows.iter().all(|row| row[15].parse::<f64>().is_ok_and(|cpu| cpu >= 0.0) && row[16].is_empty()));
    assert!(rows.iter().all(|row| row[17].is_empty()), "run counts no heap");
    let stats: Vec<Value> = rows.iter().map(|row| serde_json::from_str(&row[18]).unwrap()).collect();
    assert_eq!(
        stats,
        [json!({}), json!({"backtracks": 0, "nodes": 0}), json!({"backtracks": 0, "nodes": 1})]
    );

    let stderr = text(&output.stderr);
    assert!(stderr.starts_with(THREE_FILES_SUMMARY), "{stderr}");
    assert!(stderr.ends_with("\nnot as expected: a/bad.csv\n"), "{stderr}");
}

/// The cells of a Markdown table row, trimmed.
fn cells(row: &str) -> Vec<&str> {
    let inner =
        row.strip_prefix('|').and_then(|row| row.strip_suffix('|')).unwrap_or_else(|| panic!("{row}"));
    inner.split('|').map(str::trim).collect()
}

#[test]
fn markdown_on_standard_output_is_the_only_table_there() {
    let (_dir, mut command) = setup(&three_files());
    let output = command.args(["run", "a", "--markdown", "-"]).output().unwrap();
    assert_eq!(output.status.code(), Some(1));
    let stdout = text(&output.stdout);
    let lines: Vec<&str> = stdout.lines().collect();
    assert_eq!(lines.len(), 8, "the table, a blank line and two summary lines:\n{stdout}");
    assert_eq!(cells(lines[0]), ["file", "family", "solver", "result", "reference", "ms"]);
    assert!(cells(lines[1]).iter().all(|cell| !cell.is_empty() && cell.chars().all(|c| c == '-')));
    let rows: Vec<Vec<&str>> = lines[2..5].iter().map(|row| cells(row)).collect();
    let invalid = format!("invalid: {INVALID_MESSAGE}");
    assert_eq!(rows[0][..5], ["a/bad.csv", "tournament", "backtrack", invalid.as_str(), ""]);
    assert_eq!(rows[1][..5], ["a/none.csv", "tournament", "backtrack", "no round", ""]);
    assert_eq!(rows[2][..5], ["a/x.csv", "tournament", "backtrack", "solved", "same"]);
    for row in &rows {
        let ms = row[5];
        assert!(ms.parse::<f64>().is_ok_and(|ms| ms >= 0.0), "{ms}");
        assert_eq!(ms.split_once('.').map(|(_, decimals)| decimals.len()), Some(3), "{ms}");
    }
    assert_eq!(lines[5], "");
    assert!(lines[6].starts_with(THREE_FILES_SUMMARY) && lines[6].ends_with("  "), "{}", lines[6]);
    assert_eq!(lines[7], "not as expected: a/bad.csv");

    let stderr = text(&output.stderr);
    assert!(stderr.starts_with(THREE_FILES_SUMMARY), "{stderr}");
    assert_eq!(stderr.lines().count(), 2, "{stderr}");
    assert!(!stderr.contains('|'), "no table on standard error either:\n{stderr}");
}

#[test]
fn run_and_compare_write_file_records_with_the_same_fields() {
    let (dir, mut command) = setup(&[SOLVED, SOLVED_REFERENCE]);
    command.args(["run", "a/x.csv", "--json", "run.jsonl"]).assert().success();
    let mut compare = command_in(dir.path());
    compare
        .args(["compare", "a/x.csv", "--solvers", "backtrack,dlx", "--json", "compare.jsonl"])
        .assert()
        .success();
    let run =
        crate::common::run_report_lines(&std::fs::read_to_string(dir.path().join("run.jsonl")).unwrap());
    let compare = json_lines(&std::fs::read_to_string(dir.path().join("compare.jsonl")).unwrap());
    assert_eq!(run.len(), 2);
    assert_eq!(compare.len(), 3, "one record per solver, then the summary");
    let expected: BTreeSet<String> = FILE_FIELDS.iter().map(|field| field.to_string()).collect();
    for record in run[..1].iter().chain(&compare[..2]) {
        assert_eq!(record["type"], "file");
        assert_eq!(keys(record), expected, "{record}");
    }
    assert_eq!(keys(&run[1]), keys(&compare[2]), "the summaries share their fields too");
    assert_eq!(
        compare[..2].iter().map(|record| record["solver"].as_str().unwrap()).collect::<Vec<_>>(),
        ["backtrack", "dlx"]
    );
    assert_eq!(run[0]["ratio"], Value::Null);
    for field in ["input_hash", "reference_hash"] {
        assert_eq!(compare[0][field], run[0][field], "{field}: the same bytes");
        assert_eq!(run[0][field].as_str().map(str::len), Some(32), "{field}");
    }
    assert!(compare[..2].iter().all(|record| record["ratio"].as_f64().is_some_and(|ratio| ratio >= 1.0)));
}

#[test]
fn a_report_path_that_cannot_be_written_stops_the_batch_before_any_work() {
    let (dir, mut command) = setup(&[SOLVED]);
    command
        .args(["run", "a", "--out", "o", "--json", "/nonexistent-dir/r.json"])
        .assert()
        .code(2)
        .stdout("")
        .stderr(predicate::str::starts_with(
            "error: /nonexistent-dir/r.json: cannot create a file in /nonexistent-dir",
        ));
    assert!(!dir.path().join("o").exists(), "no output was written");
}

#[test]
fn a_report_that_cannot_be_created_is_named_without_its_temporary_file() {
    let (_dir, mut command) = setup(&[SOLVED]);
    command.args(["run", "a", "--markdown", "/nonexistent-dir/r.md"]).assert().code(2).stdout("").stderr(
        "error: /nonexistent-dir/r.md: cannot create a file in /nonexistent-dir: No such file or directory \
         (os error 2)\n",
    );
    let (_dir, mut command) = setup(&[SOLVED]);
    command.args(["tournament", "a/x.csv", "--save", "/nonexistent-dir/round.txt"]).assert().code(1).stderr(
        "error: /nonexistent-dir/round.txt: cannot create a file in /nonexistent-dir: No such file or \
         directory (os error 2)\n",
    );
}

#[test]
fn compare_lists_an_invalid_file_and_leaves_it_out_of_wins_and_means() {
    let (dir, mut command) = setup(&[("c/bad.csv", "x\n"), ("c/good.csv", TWO_ROUNDS)]);
    let output = command
        .args(["compare", "c", "--solvers", "backtrack,dlx", "--json", "compare.jsonl"])
        .output()
        .unwrap();
    assert_eq!(output.status.code(), Some(0), "an invalid input on which the solvers agree is no failure");
    let stdout = text(&output.stdout);
    assert!(
        stdout.contains(&format!("| bad.csv  | invalid: {INVALID_MESSAGE} |")),
        "the invalid file is listed:\n{stdout}"
    );
    assert!(stdout.contains(
        "2 files: 1 solved, 1 invalid\n1 file left out of wins, ratios and means: a solver found the input invalid\n"
    ));

    let lines = json_lines(&std::fs::read_to_string(dir.path().join("compare.jsonl")).unwrap());
    assert_eq!(lines.len(), 5);
    let (bad, good, summary) = (&lines[0..2], &lines[2..4], &lines[4]);
    for record in bad {
        assert_eq!(record["file"], "c/bad.csv");
        assert_eq!(record["status"], "invalid");
        assert_eq!(record["ratio"], Value::Null, "no ratio for a file left out");
    }
    let ratios: Vec<f64> = good.iter().map(|record| record["ratio"].as_f64().unwrap()).collect();
    assert!(ratios.contains(&1.0), "the fastest solver has ratio 1: {ratios:?}");
    assert_eq!(summary["left_out"], 1);
    assert_eq!(summary["failing"], json!([]));
    let solvers = summary["solvers"].as_array().unwrap();
    assert_eq!(solvers.len(), 2);
    let mut wins = 0;
    for (solver, record) in solvers.iter().zip(good) {
        assert_eq!(solver["solver"], record["solver"]);
        assert_eq!(solver["files"], 2, "the file left out still counts as run");
        assert_eq!(solver["timeouts"], 0);
        // Over the one file that counts, the geometric mean is that file's ratio and the total its time.
        let (mean, ratio) =
            (solver["geometric_mean_ratio"].as_f64().unwrap(), record["ratio"].as_f64().unwrap());
        assert!((mean - ratio).abs() <= 1e-9 * ratio, "exp(ln r) is r up to rounding: {mean} and {ratio}");
        assert!((solver["total_ms"].as_f64().unwrap() - record["ms"].as_f64().unwrap()).abs() <= 0.0005);
        assert_eq!(solver["wins"], u64::from(record["ratio"] == 1.0));
        wins += solver["wins"].as_u64().unwrap();
    }
    assert!((1..=2).contains(&wins), "only the good file has a winner: {wins} wins");
}

/// A folder of tournament files with references saved from the backtracking matcher's rounds.
fn references_from_backtrack() -> (tempfile::TempDir, assert_cmd::Command) {
    let (dir, command) = setup(&[("t/one.csv", "1\n0,1,0\n"), ("t/two.csv", TWO_ROUNDS)]);
    for file in ["t/one.csv", "t/two.csv"] {
        let reference = format!("{file}.expected");
        command_in(dir.path()).args(["tournament", file, "--save", &reference]).assert().success();
    }
    let reference = std::fs::read_to_string(dir.path().join("t/two.csv.expected")).unwrap();
    assert_eq!(reference, BACKTRACK_ROUND);
    (dir, command)
}

#[test]
fn another_valid_round_passes_unless_strict() {
    let (dir, mut command) = references_from_backtrack();
    let mut dlx = command_in(dir.path());
    dlx.args(["tournament", "t/two.csv", "--solver", "dlx"]).assert().success().stdout(DLX_ROUND);

    let output = command.args(["run", "t", "--solver", "dlx", "--json", "-"]).output().unwrap();
    assert_eq!(output.status.code(), Some(0), "{}", text(&output.stderr));
    let lines = crate::common::run_report_lines(&text(&output.stdout));
    let verdicts: Vec<(&str, &str)> = lines[..2]
        .iter()
        .map(|record| (record["file"].as_str().unwrap(), record["verdict"].as_str().unwrap()))
        .collect();
    assert_eq!(verdicts, [("t/one.csv", "same"), ("t/two.csv", "valid")]);
    assert_eq!(lines[2]["verdicts"], json!({"same": 1, "valid": 1, "differs": 0}));

    let mut strict = command_in(dir.path());
    strict
        .args(["run", "t", "--solver", "dlx", "--strict"])
        .assert()
        .code(1)
        .stdout(predicate::str::contains("| two.csv | tournament | dlx    | solved | valid     |"))
        .stdout(predicate::str::contains("2 files: 2 solved; references: 1 same, 1 valid, 0 differ;"))
        .stdout(predicate::str::ends_with("\nnot as expected: t/two.csv\n"));

    // The backtracking matcher itself is `same` on both, strict or not.
    let mut backtrack = command_in(dir.path());
    backtrack
        .args(["run", "t", "--strict"])
        .assert()
        .success()
        .stdout(predicate::str::contains("references: 2 same, 0 valid, 0 differ;"));
}

#[test]
fn a_reference_with_a_wrong_round_differs() {
    let (dir, mut command) = references_from_backtrack();
    // Pairing 0,1 is played at table 1, not 0: no solver may print this.
    std::fs::write(dir.path().join("t/two.csv.expected"), "Table 0: 0 vs. 1\nTable 1: 2 vs. 3\n").unwrap();
    command
        .args(["run", "t", "--solver", "dlx"])
        .assert()
        .code(1)
        .stdout(predicate::str::contains("| two.csv | tournament | dlx    | solved | DIFFERS   |"))
        .stdout(predicate::str::contains("references: 1 same, 0 valid, 1 differ;"))
        .stdout(predicate::str::ends_with("\nnot as expected: t/two.csv\n"));
}

#[test]
fn quiet_prints_only_the_summary() {
    let (_dir, mut command) = setup(&[SOLVED, SOLVED_REFERENCE]);
    let output = command.args(["run", "a", "-q"]).output().unwrap();
    assert!(output.status.success());
    let stdout = text(&output.stdout);
    assert_eq!(
        without_times(stdout.strip_suffix('\n').unwrap()),
        "1 file: 1 solved; references: 1 same, 0 valid, 0 differ; time: <times>",
        "{stdout}"
    );
    assert_eq!(output.stderr, b"");
}

/// `text` without ANSI colour sequences (`ESC [ ... m`).
fn strip_ansi(text: &str) -> String {
    let mut plain = String::new();
    let mut chars = text.chars();
    while let Some(c) = chars.next() {
        if c == '\u{1b}' {
            for c in chars.by_ref() {
                if c == 'm' {
                    break;
                }
            }
        } else {
            plain.push(c);
        }
    }
    plain
}

/// The verdict files of the colour tests: same, valid and differs.
fn verdict_files() -> Vec<(&'static str, &'static str)> {
    vec![
        ("a/same.csv", "1\n0,1,0\n"),
        ("a/same.csv.expected", "Table 0: 0 vs. 1\n"),
        ("a/valid.csv", TWO_ROUNDS),
        ("a/valid.csv.expected", DLX_ROUND),
        ("a/wrong.csv", "1\n1,0,0\n"),
        ("a/wrong.csv.expected", "Table 0: 0 vs. 1\n"),
    ]
}

/// The line of `table` about `file`, and the cell in it holding `verdict`.
fn verdict_cell<'a>(table: &'a str, file: &str, verdict: &str) -> &'a str {
    let line =
        table.lines().find(|line| line.contains(file)).unwrap_or_else(|| panic!("no {file} in\n{table}"));
    line.split(['┆', '│', '|'])
        .find(|cell| strip_ansi(cell).trim() == verdict)
        .unwrap_or_else(|| panic!("no {verdict} in {line:?}"))
}

#[test]
fn color_always_colours_the_verdicts_on_a_pipe_and_in_a_given_width() {
    for columns in [None, Some("80")] {
        let (_dir, mut command) = setup(&verdict_files());
        if let Some(columns) = columns {
            command.env("COLUMNS", columns);
        }
        let output = command.args(["run", "a", "--color", "always"]).output().unwrap();
        assert_eq!(output.status.code(), Some(1));
        let stdout = text(&output.stdout);
        for (file, verdict, colour) in [
            ("same.csv", "same", "\u{1b}[38;5;10m"),
            ("valid.csv", "valid", "\u{1b}[38;5;11m"),
            ("wrong.csv", "DIFFERS", "\u{1b}[38;5;9m"),
        ] {
            let cell = verdict_cell(&stdout, file, verdict);
            assert!(cell.starts_with(colour), "COLUMNS={columns:?}: {file}: {cell:?} in\n{stdout}");
        }
    }
}

#[test]
fn no_color_or_a_pipe_leaves_the_table_plain() {
    for (no_color, choice) in [(Some("1"), "auto"), (None, "auto"), (None, "never"), (Some("1"), "never")] {
        let (_dir, mut command) = setup(&verdict_files());
        command.env("COLUMNS", "80");
        if let Some(value) = no_color {
            command.env("NO_COLOR", value);
        }
        let output = command.args(["run", "a", "--color", choice]).output().unwrap();
        assert_eq!(output.status.code(), Some(1));
        let stdout = text(&output.stdout);
        assert!(!stdout.contains('\u{1b}'), "NO_COLOR={no_color:?} --color {choice}:\n{stdout}");
        assert_eq!(verdict_cell(&stdout, "wrong.csv", "DIFFERS"), " DIFFERS   ");
    }
}

#[test]
fn columns_80_fits_the_table_eliding_long_paths_in_the_middle() {
    use unicode_width::UnicodeWidthStr;
    let long = format!("{}.csv", "n".repeat(96));
    assert_eq!(long.len(), 100);
    let long_path = format!("a/{long}");
    let mut files = three_files().to_vec();
    files.push((&long_path, "1\n0,1,0\n"));
    let (_dir, mut command) = setup(&files);
    let output = command.env("COLUMNS", "80").args(["run", "a"]).output().unwrap();
    assert_eq!(output.status.code(), Some(1));
    let stdout = text(&output.stdout);
    let lines: Vec<&str> = stdout.lines().collect();
    // The columns that say one thing on every row are said once, above the table.
    assert_eq!(lines[0], "family: tournament; solver: backtrack");
    // The paths follow the folder the files share, named once above the table.
    assert_eq!(lines[1], "files under a/:");
    let table: Vec<&str> = lines[2..].iter().copied().take_while(|line| !line.contains(" files: ")).collect();
    assert_eq!(
        table.len(),
        4 + 4 + 1,
        "top, header, rule, one line per file, the message under its row, bottom:\n{stdout}"
    );
    for line in &table {
        assert!(line.width() <= 80, "{} columns: {line}", line.width());
    }
    assert_eq!(table[0].width(), 80, "the table uses the width it is given");
    let first_cell = |row: &str| row.split('┆').next().unwrap().trim_start_matches('│').trim().to_string();
    let rows: Vec<String> = [3, 5, 6, 7].iter().map(|&line| first_cell(table[line])).collect();
    assert_eq!(rows[0], "bad.csv");
    assert_eq!(rows[2], "none.csv");
    assert_eq!(rows[3], "x.csv");
    let (head, tail) = rows[1].split_once('…').unwrap_or_else(|| panic!("not elided: {}", rows[1]));
    assert!(!head.is_empty() && long.starts_with(head), "{}", rows[1]);
    assert!(tail.ends_with("n.csv") && long.ends_with(tail), "{}", rows[1]);
    // The message, too long for its cell, is whole on the line under its row.
    assert!(table[3].contains("┆ invalid ↓ ┆"), "the cell points below: {}", table[3]);
    assert_eq!(
        table[4].trim_start_matches("│ ").trim_end_matches('│').trim_end(),
        "↳ invalid: Line 0: The number of tables is not an integer."
    );
}

/// A folder whose files' messages are long and whose paths read alike once shortened.
fn long_message_files() -> Vec<(&'static str, &'static str)> {
    vec![
        ("a/club-evenings/round-of-the-first-week-for-the-tables-at-the-club.csv", "1\n0,1,0\n"),
        ("a/club-evenings/round-of-the-second-week-for-the-tables-at-the-club.csv", "2\n0,1,0\n0,1,5\n"),
        ("a/empty.csv", ""),
        ("a/two.csv", "2\n0,1,0\n2,3,1\n"),
        ("a/two.csv.expected", "Table 0: 0 vs. 1\nTable 1: 2 vs. 3\n"),
        ("a/spec.guess", include_str!("../datasets/guess/spec-example.guess")),
    ]
}

/// Snapshots `run a` over `files` (some file not as expected) at 80 and 120 columns, named
/// `terminal_table_{name}_{columns}_columns`.
fn snapshots_at_80_and_120_columns(name: &str, files: &[(&str, &str)]) {
    for columns in ["80", "120"] {
        let stdout = with_short_times(|| {
            let (_dir, mut command) = setup(files);
            let output = command.env("COLUMNS", columns).args(["run", "a"]).output().unwrap();
            assert_eq!(output.status.code(), Some(1));
            text(&output.stdout)
        });
        insta::assert_snapshot!(format!("terminal_table_{name}_{columns}_columns"), normalised(&stdout));
    }
}

#[test]
fn terminal_table_with_long_messages_snapshots_at_80_and_120_columns() {
    snapshots_at_80_and_120_columns("long_messages", &long_message_files());
    // A one-family run says its family and solver once, above the table, and keeps its width for them.
    let stdout = with_short_times(|| {
        let (_dir, mut command) = setup(&long_message_files()[..5]);
        let output = command.env("COLUMNS", "80").args(["run", "a"]).output().unwrap();
        text(&output.stdout)
    });
    insta::assert_snapshot!("terminal_table_one_family_80_columns", normalised(&stdout));
}

/// Runs `command` until every time in the table has one digit before the point (under 10 ms), so
/// that the column widths do not depend on the machine's load; at most 5 tries.
fn with_short_times(mut run: impl FnMut() -> String) -> String {
    for _ in 0..5 {
        let stdout = run();
        let slow = stdout.lines().any(|line| ms_cell(line).is_some_and(|cell| line[cell].trim().len() > 5));
        if !slow {
            return stdout;
        }
    }
    panic!("a tiny file took 10 ms or more five times over");
}

/// Where the last cell of a table row (the `ms` column) is, when the line is a row with a number
/// there.
fn ms_cell(line: &str) -> Option<std::ops::Range<usize>> {
    let body = line.strip_suffix('|').or_else(|| line.strip_suffix('│'))?;
    let separator = body.rfind(['|', '┆'])?;
    let start = separator + body[separator..].chars().next()?.len_utf8();
    body[start..].trim().parse::<f64>().is_ok().then_some(start..body.len())
}

/// `stdout` with the digits of the `ms` column masked as `#` and the summary's times replaced, with
/// the further lines (indented) the times took when the summary line was wrapped to the terminal:
/// where the line breaks before them depends only on the words before them.
fn normalised(stdout: &str) -> String {
    let mut in_times = false;
    stdout
        .lines()
        .filter_map(|line| {
            if in_times && line.starts_with("  ") {
                return None;
            }
            in_times = times_at(line).is_some();
            Some(match ms_cell(line) {
                Some(cell) => {
                    let masked: String = line[cell.clone()]
                        .chars()
                        .map(|c| if c.is_ascii_digit() { '#' } else { c })
                        .collect();
                    format!("{}{masked}{}", &line[..cell.start], &line[cell.end..])
                }
                None => without_times(line),
            })
        })
        .collect::<Vec<_>>()
        .join("\n")
        + "\n"
}

#[test]
fn markdown_report_snapshot() {
    let stdout = with_short_times(|| {
        let (_dir, mut command) = setup(&three_files());
        let output = command.args(["run", "a", "--markdown", "-"]).output().unwrap();
        assert_eq!(output.status.code(), Some(1));
        text(&output.stdout)
    });
    insta::assert_snapshot!("markdown_report", normalised(&stdout));
}

#[test]
fn terminal_table_in_80_columns_snapshot() {
    let stdout = with_short_times(|| {
        let (_dir, mut command) = setup(&three_files());
        let output = command.env("COLUMNS", "80").args(["run", "a"]).output().unwrap();
        assert_eq!(output.status.code(), Some(1));
        text(&output.stdout)
    });
    insta::assert_snapshot!("terminal_table_80_columns", normalised(&stdout));
}

#[test]
fn an_empty_sum_is_zero_not_minus_zero_in_compare_totals() {
    let (_dir, mut command) = setup(&[("c/bad.csv", "x\n")]);
    let output =
        command.args(["compare", "c", "--solvers", "backtrack,dlx", "--json", "-"]).output().unwrap();
    assert_eq!(output.status.code(), Some(0));
    let lines = json_lines(&text(&output.stdout));
    let totals: Vec<&str> = lines[2]["solvers"]
        .as_array()
        .unwrap()
        .iter()
        .map(|solver| solver["solver"].as_str().unwrap())
        .collect();
    assert_eq!(totals, ["backtrack", "dlx"]);
    // The only file is left out: each total (the virtual best's too) is a sum of nothing, printed
    // as 0.0, not -0.0.
    let raw = text(&output.stdout);
    assert_eq!(raw.matches("\"total_ms\":0.0").count(), 3, "{raw}");
    assert!(!raw.contains("-0.0"), "{raw}");
    let table = setup(&[("c/bad.csv", "x\n")])
        .1
        .args(["compare", "c", "--solvers", "backtrack,dlx"])
        .output()
        .unwrap();
    let table = text(&table.stdout);
    assert!(
        table.contains(
            "| backtrack    |     1 |        0 |        0 |        0 |                      - |    0 |    0 \
             |                    - | 0.0 µs | 0.0 µs |           - |\n"
        ),
        "{table}"
    );
}

/// Two positions naming `words.txt`, whose fourth and fifth entries are no words, and a round.
fn skipped_entry_files() -> Vec<(&'static str, String)> {
    let position = include_str!("../datasets/scrabble/assignment-are-la.scrabble")
        .replace("dictionary: assignment-words.txt", "dictionary: words.txt");
    vec![
        ("a/words/words.txt", "are\nla\nhello\nx-ray\n2nd\n".to_string()),
        ("a/words/first.scrabble", position.clone()),
        ("a/words/second.scrabble", position),
        ("a/x.csv", "1\n0,1,0\n".to_string()),
    ]
}

const SKIPPED_NOTE: &str =
    "a/words/words.txt: skipped 2 entries with a character other than a letter, the first on line 4: \"x-ray\"";

#[test]
fn a_word_lists_skipped_entries_reach_every_record_naming_it_and_the_table_once() {
    let files = skipped_entry_files();
    let files: Vec<(&str, &str)> = files.iter().map(|(name, text)| (*name, text.as_str())).collect();
    let (_dir, mut command) = setup(&files);
    let output = command.args(["run", "a", "--json", "-"]).output().unwrap();
    assert_eq!(output.status.code(), Some(0), "{}", text(&output.stderr));
    let warnings: Vec<(String, Value)> = json_lines(&text(&output.stdout))
        .into_iter()
        .filter(|line| line["type"] == "file")
        .map(|record| (record["file"].as_str().unwrap().to_string(), record["warning"].clone()))
        .collect();
    assert_eq!(
        warnings,
        [
            ("a/words/first.scrabble".to_string(), json!(SKIPPED_NOTE)),
            ("a/words/second.scrabble".to_string(), json!(SKIPPED_NOTE)),
            ("a/x.csv".to_string(), Value::Null),
        ]
    );
    // The table says it once, under the first row naming the list, at any width and in Markdown.
    for columns in [Some("80"), Some("120"), None] {
        let (_dir, mut command) = setup(&files);
        if let Some(columns) = columns {
            command.env("COLUMNS", columns);
        }
        let stdout = text(&command.args(["run", "a"]).output().unwrap().stdout);
        let lines: Vec<&str> = stdout.lines().collect();
        let said: Vec<usize> =
            (0..lines.len()).filter(|&line| lines[line].contains("skipped 2 entries")).collect();
        assert_eq!(said.len(), 1, "COLUMNS={columns:?}:\n{stdout}");
        let line = lines[said[0]];
        if columns.is_some() {
            assert!(lines[said[0] - 1].contains("first.scrabble"), "under its row:\n{stdout}");
            assert!(line.starts_with("│ ↳ warning: a/words/words.txt: skipped 2 entries"), "{line}");
        } else {
            assert_eq!(line, format!("words/first.scrabble: warning: {SKIPPED_NOTE}"));
        }
    }
    // Reading one position, `scrabble hint` says it on standard error.
    let (_dir, mut command) = setup(&files);
    let output = command.args(["scrabble", "hint", "a/words/first.scrabble"]).output().unwrap();
    assert_eq!(output.status.code(), Some(0));
    assert_eq!(text(&output.stderr), format!("{SKIPPED_NOTE}\n"));
}

/// A mixed run whose paths are long for 80 columns: grouped under folder headings, each row shows
/// its file's name; at 120 columns the paths fit and stay whole.
#[test]
fn terminal_table_with_nested_folders_snapshots_at_80_and_120_columns() {
    let round = "1\n0,1,0\n";
    let files = [
        ("a/club/evenings/round-of-the-first-week-at-the-club.csv", round),
        ("a/club/evenings/round-of-the-second-week-at-the-club.csv", round),
        ("a/club/evenings/round-of-the-second-week-at-the-club.csv.expected", "Table 0: 0 vs. 1\n"),
        ("a/club/mornings/round-of-the-first-week-at-the-club.csv", "x\n"),
        ("a/guesses/spec.guess", include_str!("../datasets/guess/spec-example.guess")),
    ];
    snapshots_at_80_and_120_columns("nested_folders", &files);
}

/// One folder of mixed families in path order, some files invalid, with a long-named subfolder: at
/// 80 columns its rows are grouped by family under a heading each, not headed at each change of
/// family; a folder too long for a line breaks after a `/`; and the summary lines wrap at spaces,
/// a path too long staying whole.
#[test]
fn terminal_table_of_a_mixed_folder_snapshots_at_80_and_120_columns() {
    let files = [
        ("a/mixed/a-round.csv", "1\n0,1,0\n"),
        ("a/mixed/a-round.csv.expected", "Table 0: 0 vs. 1\n"),
        ("a/mixed/b-game.in", include_str!("../datasets/tictactoe/00-example.in")),
        ("a/mixed/c-empty.in", ""),
        ("a/mixed/d-spec.guess", include_str!("../datasets/guess/spec-example.guess")),
        ("a/mixed/e-bad.csv", "x\n"),
        ("a/mixed/f-bad.guess", "secret 12\n"),
        ("a/mixed/g-rack.scrabble", ""),
        ("a/mixed/h-round.csv", "2\n0,1,0\n2,3,1\n"),
        ("a/a-folder-whose-name-is-long-enough-to-need-two-lines-at-eighty/with-a-subfolder/x.csv", "x\n"),
    ];
    snapshots_at_80_and_120_columns("mixed_folder", &files);
    // At 80 columns the paths are cut: a heading per folder and family, not one per change of family.
    let stdout = with_short_times(|| {
        let (_dir, mut command) = setup(&files);
        text(&command.env("COLUMNS", "80").args(["run", "a"]).output().unwrap().stdout)
    });
    let headings = stdout.lines().filter(|line| line.contains(" — ")).count();
    assert_eq!(headings, 5, "{stdout}");
}
