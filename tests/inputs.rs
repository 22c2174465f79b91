//! No input goes missing: awkward file names, FIFOs, devices and the tool's own outputs.

mod common;
use common::setup;

use std::time::{Duration, Instant};

use predicates::prelude::*;

const GOOD: &str = "1\n0,1,0\n";

#[cfg(unix)]
#[test]
fn a_file_name_that_is_not_utf8_is_solved_and_shown_escaped() {
    use std::os::unix::ffi::OsStrExt;
    let (dir, mut command) = setup(&[]);
    let name = std::ffi::OsStr::from_bytes(b"zo\xe8.csv");
    std::fs::create_dir(dir.path().join("d")).unwrap();
    std::fs::write(dir.path().join("d").join(name), GOOD).unwrap();
    command
        .args(["run", "d", "--json", "report.json"])
        .assert()
        .success()
        .stdout(predicate::str::contains("| zo\\xE8.csv | tournament | backtrack | solved |"));
    let report = std::fs::read_to_string(dir.path().join("report.json")).unwrap();
    let first: serde_json::Value = serde_json::from_str(report.lines().next().unwrap()).unwrap();
    assert_eq!(first["file"], "d/zo\\xE8.csv");
    assert_eq!(first["status"], "solved");
}

#[test]
fn control_characters_and_bars_in_names_are_escaped_in_the_table() {
    let (_dir, mut command) =
        setup(&[("d/a\nb.csv", GOOD), ("d/e\u{1b}[31m.csv", GOOD), ("d/p|q.csv", GOOD)]);
    let output = command.args(["run", "d"]).output().unwrap();
    let stdout = String::from_utf8(output.stdout).unwrap();
    assert!(stdout.contains("| a\\nb.csv "), "{stdout}");
    assert!(stdout.contains("| e\\u{1b}[31m.csv "), "{stdout}");
    assert!(stdout.contains("| p\\|q.csv "), "{stdout}");
    assert!(!stdout.contains('\u{1b}'));
    // A header, a rule, three rows, the summary: one line each.
    assert_eq!(stdout.lines().count(), 6, "{stdout}");
}

#[cfg(unix)]
#[test]
fn a_fifo_named_directly_is_read_within_the_time_limit() {
    let (dir, mut command) = setup(&[("d/ok.csv", GOOD)]);
    let made = std::process::Command::new("mkfifo").arg(dir.path().join("d/fifo.csv")).status().unwrap();
    assert!(made.success());
    let started = Instant::now();
    command
        .args(["run", "d/fifo.csv", "d/ok.csv", "--timeout", "1"])
        .assert()
        .code(1)
        .stdout(
            predicate::str::is_match(
                r"\| d/fifo\.csv +\| tournament \| - +\| timeout: nothing to read within the time limit",
            )
            .unwrap(),
        )
        .stdout(predicate::str::contains("2 files: 1 solved, 1 timeout;"));
    assert!(started.elapsed() < Duration::from_secs(2), "took {:?}", started.elapsed());
}

#[cfg(unix)]
#[test]
fn a_fifo_in_a_walked_folder_is_its_own_row_and_never_opened() {
    let (dir, mut command) = setup(&[("d/ok.csv", GOOD)]);
    std::process::Command::new("mkfifo").arg(dir.path().join("d/fifo.csv")).status().unwrap();
    command.args(["run", "d"]).timeout(Duration::from_secs(10)).assert().code(1).stdout(
        predicate::str::contains("| failed: not a regular file (a FIFO); name it directly to read it |"),
    );
}

#[test]
fn the_file_standard_output_goes_to_is_never_read() {
    let (dir, _) = setup(&[("tree/a.csv", GOOD)]);
    let out = std::fs::File::create(dir.path().join("tree/out.csv")).unwrap();
    let status = std::process::Command::new(env!("CARGO_BIN_EXE_solvebatch"))
        .args(["run", "tree"])
        .current_dir(dir.path())
        .stdout(out)
        .status()
        .unwrap();
    assert!(status.success());
    let printed = std::fs::read_to_string(dir.path().join("tree/out.csv")).unwrap();
    assert!(printed.contains("\n1 file: 1 solved;"), "{printed}");
}

#[test]
fn files_no_family_reads_are_counted() {
    let (_dir, mut command) = setup(&[
        ("d/a.csv", GOOD),
        ("d/a.csv.expected", "Table 0: 0 vs. 1\n"),
        ("d/notes.txt", "x"),
        ("d/more/readme.md", "x"),
    ]);
    command.args(["run", "d"]).assert().success().stdout(predicate::str::contains(
        "\n2 other files skipped; name them with --kind FAMILY to read them\n",
    ));
}

#[cfg(unix)]
#[test]
fn a_device_named_directly_is_read_no_further_than_the_limit() {
    let (_dir, mut command) = setup(&[]);
    command
        .args(["run", "--kind", "tournament", "/dev/zero"])
        .timeout(Duration::from_secs(20))
        .assert()
        .code(1)
        .stdout(predicate::str::contains("| failed: larger than 256 MiB, the most an input may hold |"));
}

#[test]
fn a_file_named_twice_is_solved_once() {
    let (_dir, mut command) = setup(&[("d/a.csv", GOOD)]);
    command
        .args(["run", "d/a.csv", "./d/a.csv", "d", "-q"])
        .assert()
        .success()
        .stdout(predicate::str::starts_with("1 file: 1 solved;"));
}
