//! Reference hygiene: `--require-references`, orphan references (`--orphans warn|fail|delete`) and
//! `--ci`, with their exact messages and exit codes.

use crate::common::setup;

use predicates::prelude::*;
use serde_json::{json, Value};

const SAME: (&str, &str) = ("d/same.csv", "1\n0,1,0\n");
const SAME_REFERENCE: (&str, &str) = ("d/same.csv.expected", "Table 0: 0 vs. 1\n");
const MISSING: (&str, &str) = ("d/missing.csv", "1\n1,0,0\n");
const ORPHAN: (&str, &str) = ("d/gone.csv.expected", "Table 0: 0 vs. 1\n");
const ORPHAN_REF: (&str, &str) = ("d/sub/game.ref", "X wins\n");

fn summary(report: &str) -> Value {
    serde_json::from_str(report.lines().last().unwrap()).unwrap()
}

#[test]
fn require_references_fails_an_input_without_one() {
    let (dir, mut command) = setup(&[SAME, SAME_REFERENCE, MISSING]);
    command
        .args(["run", "d", "--require-references", "--json", "r.jsonl"])
        .assert()
        .code(1)
        .stdout(predicate::str::contains(
            "| failed: no reference (d/missing.csv.expected); bless it with --bless |",
        ))
        .stdout(predicate::str::contains("\nnot as expected: d/missing.csv\n"));
    let report = std::fs::read_to_string(dir.path().join("r.jsonl")).unwrap();
    let missing = &crate::common::run_report_lines(&report)[0];
    assert_eq!(missing["status"], "failed");
    assert_eq!(missing["message"], "no reference (d/missing.csv.expected); bless it with --bless");
    assert_eq!(summary(&report)["options"]["require_references"], true);
}

#[test]
fn require_references_with_bless_creates_them_and_passes() {
    let (dir, mut command) = setup(&[SAME, SAME_REFERENCE, MISSING]);
    command.args(["run", "d", "--require-references", "--bless"]).assert().code(0);
    assert_eq!(
        std::fs::read_to_string(dir.path().join("d/missing.csv.expected")).unwrap(),
        "Table 0: 1 vs. 0\n"
    );
}

#[test]
fn orphans_are_listed_and_pass_by_default() {
    // The reference of a tic-tac-toe game `KEPT.IN` is `KEPT.ref`: not an orphan.
    let game = include_str!("../datasets/tictactoe/00-example.in");
    let replay = include_str!("../datasets/tictactoe/00-example.ref");
    let (dir, mut command) = setup(&[
        SAME,
        SAME_REFERENCE,
        ORPHAN,
        ORPHAN_REF,
        ("d/sub/KEPT.IN", game),
        ("d/sub/KEPT.ref", replay),
    ]);
    command.args(["run", "d", "--json", "r.jsonl"]).assert().code(0).stdout(predicate::str::contains(
        "\n2 orphan references, whose input is gone: d/gone.csv.expected, d/sub/game.ref\n",
    ));
    let report = std::fs::read_to_string(dir.path().join("r.jsonl")).unwrap();
    assert_eq!(
        summary(&report)["orphans"],
        json!({
            "policy": "warn",
            "dry_run": false,
            "files": ["d/gone.csv.expected", "d/sub/game.ref"],
            "deleted": 0,
            "problems": []
        })
    );
}

#[test]
fn orphans_fail_exits_1() {
    let (_dir, mut command) = setup(&[SAME, SAME_REFERENCE, ORPHAN]);
    command
        .args(["run", "d", "--orphans", "fail"])
        .assert()
        .code(1)
        .stdout(predicate::str::contains("\n1 orphan reference, whose input is gone: d/gone.csv.expected\n"));
}

#[test]
fn orphans_delete_removes_them_and_dry_run_keeps_them() {
    let (dir, mut command) = setup(&[SAME, SAME_REFERENCE, ORPHAN, ORPHAN_REF]);
    command.args(["run", "d", "--orphans", "delete", "--dry-run"]).assert().code(0).stdout(
        predicate::str::contains(
            "\n2 orphan references, whose input is gone (--dry-run: none deleted): d/gone.csv.expected, d/sub/game.ref\n",
        ),
    );
    assert!(dir.path().join("d/gone.csv.expected").exists());
    let mut again = crate::common::solvebatch();
    again.current_dir(dir.path()).args(["run", "d", "--orphans", "delete"]).assert().code(0).stdout(
        predicate::str::contains(
            "\n2 orphan references, whose input is gone (2 deleted): d/gone.csv.expected, d/sub/game.ref\n",
        ),
    );
    assert!(!dir.path().join("d/gone.csv.expected").exists());
    assert!(!dir.path().join("d/sub/game.ref").exists());
    assert!(dir.path().join("d/same.csv.expected").exists());
}

#[test]
fn an_orphan_linked_out_of_its_folder_is_not_deleted() {
    let (dir, mut command) = setup(&[SAME, SAME_REFERENCE, ("kept.txt", "kept\n")]);
    std::os::unix::fs::symlink("../kept.txt", dir.path().join("d/gone.csv.expected")).unwrap();
    let target = std::fs::canonicalize(dir.path().join("kept.txt")).unwrap();
    command.args(["run", "d", "--orphans", "delete"]).assert().code(1).stdout(predicate::str::contains(
        format!(
            "\n1 orphan reference, whose input is gone (0 deleted): d/gone.csv.expected\n\
         cannot delete: d/gone.csv.expected is a link out of its input's folder (to {}); left alone\n",
            target.display()
        ),
    ));
    assert!(std::fs::symlink_metadata(dir.path().join("d/gone.csv.expected")).unwrap().is_symlink());
    assert_eq!(std::fs::read_to_string(dir.path().join("kept.txt")).unwrap(), "kept\n");
}

#[test]
fn ci_requires_references_fails_on_orphans_and_refuses_bless() {
    let (_dir, mut command) = setup(&[SAME, SAME_REFERENCE, MISSING, ORPHAN]);
    command
        .args(["run", "d", "--ci", "--json", "r.jsonl"])
        .assert()
        .code(1)
        .stdout(predicate::str::contains(
            "| failed: no reference (d/missing.csv.expected); bless it with --bless |",
        ))
        .stdout(predicate::str::contains("\n1 orphan reference, whose input is gone: d/gone.csv.expected\n"));
    let (_dir, mut command) = setup(&[SAME, SAME_REFERENCE]);
    command
        .args(["run", "d", "--ci", "--bless"])
        .assert()
        .code(2)
        .stderr("error: --ci refuses --bless: bless references where you review them, then commit them\n");
    let (_dir, mut command) = setup(&[SAME, SAME_REFERENCE, ORPHAN]);
    command.args(["run", "d", "--ci", "--orphans", "warn"]).assert().code(2).stderr(
        predicate::str::contains("error: the argument '--ci' cannot be used with '--orphans <WHAT>'"),
    );
}

#[test]
fn the_ci_variable_changes_nothing() {
    let (_dir, mut command) = setup(&[SAME, SAME_REFERENCE, MISSING, ORPHAN]);
    command
        .env("CI", "true")
        .args(["run", "d"])
        .assert()
        .code(0)
        .stdout(predicate::str::contains("| missing.csv | tournament | backtrack | solved |           |"));
}

#[test]
fn under_ci_an_invalid_input_without_a_reference_keeps_its_own_error() {
    let (dir, mut command) = setup(&[SAME, SAME_REFERENCE, ("d/bad.csv", "1\nA,1,0\n")]);
    let message = "no reference (d/bad.csv.expected); bless it with --bless \
                   (invalid: Line 1: The first player is not an integer.)";
    command
        .args(["run", "d", "--ci", "--json", "r.jsonl", "--junit", "r.xml"])
        .assert()
        .code(1)
        .stdout(predicate::str::contains(format!("| failed: {message} |")));
    let report = std::fs::read_to_string(dir.path().join("r.jsonl")).unwrap();
    let bad = &crate::common::run_report_lines(&report)[0];
    assert_eq!((bad["status"].as_str(), bad["message"].as_str()), (Some("failed"), Some(message)));
    let junit = std::fs::read_to_string(dir.path().join("r.xml")).unwrap();
    assert!(junit.contains("(invalid: Line 1: The first player is not an integer.)"), "{junit}");
}
