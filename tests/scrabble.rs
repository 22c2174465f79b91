//! `solvebatch scrabble ...` and `solvebatch run` on Scrabble positions, end to end.

use std::path::{Path, PathBuf};

use assert_cmd::Command;
use predicates::prelude::*;

fn datasets() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("datasets/scrabble")
}

fn solvebatch() -> Command {
    Command::cargo_bin("solvebatch").unwrap()
}

const ASSIGNMENT_AFTER_ARE: &str = concat!(
    "play AE 0 -1 horizontal: 5\n",
    "words: ARE 3, LA 2\n",
    " 765432101234567\n",
    "7               7\n",
    "6               6\n",
    "5               5\n",
    "4               4\n",
    "3          SAY  3\n",
    "2           L   2\n",
    "1        WOULD  1\n",
    "0    HELLO      0\n",
    "1       ARE     1\n",
    "2        L      2\n",
    "3        D      3\n",
    "4               4\n",
    "5               5\n",
    "6               6\n",
    "7               7\n",
    " 765432101234567\n",
);

#[test]
fn check_scores_the_assignment_play_and_prints_the_board() {
    solvebatch()
        .args([
            "scrabble",
            "check",
            "assignment-are-la.scrabble",
            "--rack",
            "AE",
            "--play",
            "AE 0 -1 horizontal",
        ])
        .current_dir(datasets())
        .assert()
        .success()
        .stdout(ASSIGNMENT_AFTER_ARE);
}

#[test]
fn check_suggests_the_same_letters_elsewhere() {
    solvebatch()
        .args(["scrabble", "check", "assignment-are-la.scrabble", "--rack", "ae", "--play", "AE 1 -1 horizontal"])
        .current_dir(datasets())
        .assert()
        .code(1)
        .stdout("play AE 1 -1 horizontal: rejected: not in the dictionary: RAE\nhint: try AE 0 -1 horizontal (5 points)\n");
}

#[test]
fn check_suggests_other_letters_with_the_best_plays() {
    solvebatch()
        .args([
            "scrabble",
            "check",
            "assignment-are-la.scrabble",
            "--rack",
            "AET",
            "--play",
            "T 5 2 horizontal",
        ])
        .args(["--top", "2"])
        .current_dir(datasets())
        .assert()
        .code(1)
        .stdout(concat!(
            "play T 5 2 horizontal: rejected: not in the dictionary: LT, YTD\n",
            "hint: T makes no valid play from any start square or direction; try other letters\n",
            "5 ARE 0 -1 horizontal AE\n",
            "2 LA -1 0 vertical A\n",
        ));
}

#[test]
fn check_takes_the_rack_from_the_file_and_a_dictionary_from_d() {
    let folder = tempfile::tempdir().unwrap();
    let words = folder.path().join("words.txt");
    std::fs::write(&words, "// assignment words, ERA added\nare\nla\nera\nle\n").unwrap();
    solvebatch()
        .args(["scrabble", "check", "assignment-are-la.scrabble", "-D"])
        .arg(&words)
        .args(["--play", "EA 0 -1 horizontal"])
        .current_dir(datasets())
        .assert()
        .success()
        .stdout(predicate::str::starts_with("play EA 0 -1 horizontal: 5\nwords: ERA 3, LE 2\n"));
}

#[test]
fn hint_lists_the_best_plays() {
    solvebatch()
        .args(["scrabble", "hint", "single-tiles.scrabble", "--rack", "BB", "--top", "3"])
        .current_dir(datasets())
        .assert()
        .success()
        .stdout("10 BB -1 1 horizontal BB\n10 BB -1 1 vertical BB\n10 BB 0 1 horizontal BB\n");
}

#[test]
fn bad_inputs_name_the_file_and_line() {
    let folder = tempfile::tempdir().unwrap();
    let board = folder.path().join("board.scrabble");
    std::fs::write(&board, "rack: AE\ntop: many\n").unwrap();
    solvebatch()
        .args(["scrabble", "hint"])
        .arg(&board)
        .assert()
        .code(1)
        .stderr(format!("error: {}: line 2: top: 'many' is not a non-negative integer\n", board.display()));
    std::fs::write(&board, "dictionary: missing.txt\nboard:\n").unwrap();
    solvebatch()
        .args(["scrabble", "hint"])
        .arg(&board)
        .assert()
        .code(1)
        .stderr(format!("error: {}: the file ends after 0 of the 15 board rows\n", board.display()));
    let mut text = "dictionary: missing.txt\nboard:\n".to_string();
    text.push_str(&"...............\n".repeat(15));
    std::fs::write(&board, &text).unwrap();
    solvebatch().args(["scrabble", "hint", "--rack", "AE"]).arg(&board).assert().code(1).stderr(
        predicate::str::starts_with(format!(
            "error: {}: cannot read the dictionary: ",
            folder.path().join("missing.txt").display()
        )),
    );
    solvebatch()
        .args(["scrabble", "check", "--rack", "A1"])
        .arg(&board)
        .args(["--play", "A 0 0 horizontal"])
        .assert()
        .code(2)
        .stderr(predicate::str::contains("'1' is not a letter"));
}

#[test]
fn tiles_are_derived_from_a_dictionary_and_written_whole() {
    let folder = tempfile::tempdir().unwrap();
    let words = folder.path().join("words.txt");
    let tiles = folder.path().join("tiles.txt");
    // A occurs 3 times, B and C once: scores round(3/3) = 1 and round(3/1) = 3; the pool of 100 is
    // 60, 20 and 20. "x1" is skipped.
    std::fs::write(&words, "aab\nAC\nx1\n").unwrap();
    std::fs::write(&tiles, "old contents").unwrap();
    solvebatch()
        .args(["scrabble", "tiles", "-d"])
        .arg(&words)
        .arg("-o")
        .arg(&tiles)
        .assert()
        .success()
        .stderr(format!("{}: skipped 1 entries\n", words.display()))
        .stdout(format!("{}: 3 letters, 100 tiles\n", tiles.display()));
    assert_eq!(std::fs::read_to_string(&tiles).unwrap(), "A 1 60\nB 3 20\nC 3 20\n");
}

#[test]
fn run_matches_every_bundled_reference() {
    solvebatch()
        .args(["run", "--jobs", "2"])
        .arg(datasets())
        .assert()
        .success()
        .stdout(predicate::str::contains("midgame-10.scrabble"));
}

#[test]
fn run_uses_the_dictionary_option_and_reports_bad_files() {
    let folder = tempfile::tempdir().unwrap();
    let words = folder.path().join("words.txt");
    std::fs::write(&words, "at\nta\n").unwrap();
    let mut text = "rack: AT\ntop: 1\nboard:\n".to_string();
    text.push_str(&"...............\n".repeat(15));
    std::fs::write(folder.path().join("first.scrabble"), &text).unwrap();
    std::fs::write(folder.path().join("first.scrabble.expected"), "2 AT 0 1 vertical AT\n").unwrap();
    std::fs::write(folder.path().join("bad.scrabble"), "rack: AT\nplay: AT 0 0 diagonal\n").unwrap();
    std::fs::write(
        folder.path().join("bad.scrabble.expected"),
        "line 2: play: 'diagonal' is not a direction (horizontal or vertical)\n",
    )
    .unwrap();
    solvebatch().arg("run").arg(folder.path()).arg("--dictionary").arg(&words).assert().success();
    solvebatch().arg("run").arg(folder.path().join("first.scrabble")).assert().code(1);
}
