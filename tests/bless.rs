//! `run --bless`: which references are written, byte for byte, what is refused, `--dry-run`, Ctrl-C.

use crate::common::{mkfifo, setup};

use std::io::{BufRead, BufReader};
use std::path::Path;
use std::process::Stdio;

use predicates::prelude::*;
use serde_json::Value;

const SAME: (&str, &str) = ("d/same.csv", "1\n0,1,0\n");
const SAME_REFERENCE: (&str, &str) = ("d/same.csv.expected", "Table 0: 0 vs. 1\n");
const DIFFERS: (&str, &str) = ("d/differs.csv", "1\n1,0,0\n");
const DIFFERS_REFERENCE: (&str, &str) = ("d/differs.csv.expected", "Table 0: 0 vs. 1\n");
const MISSING: (&str, &str) = ("d/missing.csv", "2\n0,1,0\n2,3,1\n");
/// Two rounds; dlx finds the first, the reference holds the second.
const VALID: (&str, &str) = ("d/valid.csv", "2\n0,1,0\n2,3,1\n1,2,0\n3,0,1\n");
const VALID_REFERENCE: (&str, &str) = ("d/valid.csv.expected", "Table 0: 1 vs. 2\nTable 1: 3 vs. 0\n");
const INVALID: (&str, &str) = ("d/invalid.csv", "x\n");

fn read(dir: &Path, name: &str) -> String {
    std::fs::read_to_string(dir.join(name)).unwrap()
}

/// Every file below `dir`, relative to it, sorted.
fn files(dir: &Path) -> Vec<String> {
    let mut names: Vec<String> = walkdir::WalkDir::new(dir)
        .into_iter()
        .map(Result::unwrap)
        .filter(|entry| !entry.file_type().is_dir())
        .map(|entry| entry.path().strip_prefix(dir).unwrap().to_string_lossy().into_owned())
        .collect();
    names.sort();
    names
}

#[test]
fn bless_writes_exactly_the_differing_and_missing_references() {
    let (dir, mut command) =
        setup(&[SAME, SAME_REFERENCE, DIFFERS, DIFFERS_REFERENCE, MISSING, VALID, VALID_REFERENCE, INVALID]);
    // A FIFO named directly with no writer times out: it is never blessed.
    mkfifo(&dir.path().join("slow.csv"));
    let output = command
        .args(["run", "d", "slow.csv", "--solver", "dlx", "--timeout", "0.2", "--bless", "--json", "r.jsonl"])
        .output()
        .unwrap();
    let stdout = String::from_utf8(output.stdout).unwrap();
    assert_eq!(output.status.code(), Some(1), "the timeout still fails:\n{stdout}");
    assert!(stdout.contains("\nblessed: 1 reference written, 2 created, 2 left as they were\n"), "{stdout}");
    assert!(stdout.contains("\nnot as expected: slow.csv\n"), "{stdout}");
    assert_eq!(read(dir.path(), "d/differs.csv.expected"), "Table 0: 1 vs. 0\n");
    assert_eq!(read(dir.path(), "d/missing.csv.expected"), "Table 0: 0 vs. 1\nTable 1: 2 vs. 3\n");
    assert_eq!(
        read(dir.path(), "d/invalid.csv.expected"),
        "Line 0: The number of tables is not an integer.\n"
    );
    assert_eq!(read(dir.path(), "d/same.csv.expected"), SAME_REFERENCE.1);
    assert_eq!(read(dir.path(), "d/valid.csv.expected"), VALID_REFERENCE.1, "a valid round is kept");
    assert!(!dir.path().join("slow.csv.expected").exists());

    let report = read(dir.path(), "r.jsonl");
    let summary: Value = serde_json::from_str(report.lines().last().unwrap()).unwrap();
    assert_eq!(
        summary["bless"],
        serde_json::json!({
            "mode": "all",
            "dry_run": false,
            "written": ["d/differs.csv.expected"],
            "created": ["d/invalid.csv.expected", "d/missing.csv.expected"],
            "left": 2
        })
    );
    assert_eq!(summary["failing"], serde_json::json!(["slow.csv"]));

    let mut again = crate::common::solvebatch();
    again
        .current_dir(dir.path())
        .args(["run", "d", "--solver", "dlx", "--strict"])
        .assert()
        .code(1)
        .stdout(predicate::str::contains("references: 4 same, 1 valid, 0 differ;"))
        .stdout(predicate::str::contains("\nnot as expected: d/valid.csv\n"));
}

#[test]
fn bless_missing_only_creates() {
    let (dir, mut command) = setup(&[DIFFERS, DIFFERS_REFERENCE, MISSING]);
    command
        .args(["run", "d", "--bless=missing"])
        .assert()
        .code(1)
        .stdout(predicate::str::contains("\nblessed: 0 references written, 1 created, 1 left as they were\n"))
        .stdout(predicate::str::contains("\nnot as expected: d/differs.csv\n"));
    assert_eq!(read(dir.path(), "d/differs.csv.expected"), DIFFERS_REFERENCE.1);
    assert_eq!(read(dir.path(), "d/missing.csv.expected"), "Table 0: 0 vs. 1\nTable 1: 2 vs. 3\n");
}

#[test]
fn dry_run_lists_and_writes_nothing() {
    let (dir, mut command) = setup(&[SAME, SAME_REFERENCE, DIFFERS, DIFFERS_REFERENCE, MISSING]);
    let before = files(dir.path());
    command.args(["run", "d", "--bless", "--dry-run"]).assert().code(1).stdout(predicate::str::ends_with(
        "--dry-run: 1 reference would be written, 1 created, 1 left as they were\n\
         would write d/differs.csv.expected\n\
         would create d/missing.csv.expected\n\
         not as expected: d/differs.csv\n",
    ));
    assert_eq!(files(dir.path()), before);
    assert_eq!(read(dir.path(), "d/differs.csv.expected"), DIFFERS_REFERENCE.1);
}

#[test]
fn dry_run_needs_bless() {
    let (_dir, mut command) = setup(&[SAME]);
    command
        .args(["run", "d", "--dry-run"])
        .assert()
        .code(2)
        .stderr("error: --dry-run goes with --bless or --orphans delete\n");
}

#[test]
fn a_reference_linked_out_of_the_folder_is_refused_and_untouched() {
    let (dir, mut command) = setup(&[DIFFERS, ("elsewhere.txt", "kept\n")]);
    std::os::unix::fs::symlink("../elsewhere.txt", dir.path().join("d/differs.csv.expected")).unwrap();
    let target = std::fs::canonicalize(dir.path().join("elsewhere.txt")).unwrap();
    command.args(["run", "d", "--bless"]).assert().code(1).stdout(predicate::str::contains(format!(
        "| failed: cannot bless: d/differs.csv.expected is a link out of its input's folder (to {}); left alone |",
        target.display()
    )));
    assert_eq!(read(dir.path(), "elsewhere.txt"), "kept\n");
    assert!(std::fs::symlink_metadata(dir.path().join("d/differs.csv.expected")).unwrap().is_symlink());
}

#[test]
fn a_reference_linked_to_an_input_is_a_usage_error() {
    let (dir, mut command) = setup(&[MISSING, ("d/other.csv", "1\n0,1,0\n")]);
    std::os::unix::fs::symlink("other.csv", dir.path().join("d/missing.csv.expected")).unwrap();
    command.args(["run", "d", "--bless"]).assert().code(2).stderr(
        "error: d/missing.csv.expected is both an input (d/other.csv) and the file --bless writes; \
         writing would destroy it\n",
    );
    assert_eq!(read(dir.path(), "d/other.csv"), "1\n0,1,0\n");
}

#[test]
fn ctrl_c_during_bless_leaves_whole_references_and_no_temporary_file() {
    // Solved in path order on one worker: d/first.csv, then the FIFO the test holds, then last.csv.
    let (dir, _) = setup(&[("d/first.csv", "1\n0,1,0\n"), ("last.csv", "1\n0,1,0\n")]);
    mkfifo(&dir.path().join("fifo.csv"));
    let mut child = crate::common::child()
        .current_dir(dir.path())
        .args(["run", "d", "fifo.csv", "last.csv", "-j", "1", "--bless"])
        .stdout(Stdio::null())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    // Opening the FIFO returns once the batch reads it: the first file is blessed by then.
    let fifo = std::fs::OpenOptions::new().write(true).open(dir.path().join("fifo.csv")).unwrap();
    assert_eq!(unsafe { libc::kill(child.id() as libc::pid_t, libc::SIGINT) }, 0);
    let mut stderr = BufReader::new(child.stderr.take().unwrap());
    let mut line = String::new();
    while !line.contains("interrupted") {
        line.clear();
        assert_ne!(stderr.read_line(&mut line).unwrap(), 0, "the batch ended without noticing the signal");
    }
    // The signal stops the file under way: it is recorded interrupted, and never blessed.
    assert_eq!(child.wait().unwrap().code(), Some(130));
    drop(fifo);
    assert_eq!(read(dir.path(), "d/first.csv.expected"), "Table 0: 0 vs. 1\n");
    assert_eq!(
        files(dir.path()),
        ["d/first.csv", "d/first.csv.expected", "fifo.csv", "last.csv"],
        "neither the interrupted file nor the one not started is blessed, and no temporary file is left"
    );
}
