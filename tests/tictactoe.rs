//! `solvebatch tictactoe` and `solvebatch run` on tic-tac-toe games, end to end.

use crate::common::solvebatch;
use std::fs;

const EXAMPLE: &str = "3 8\nX 0 0\n0 0 3\nX 0 1\n0 0 4\nX 0 2\n0 0 5\n0 0 0\nX 0 0\n";
const EXAMPLE_OUTPUT: &str =
    "NOT YOUR TURN\nNOT AN EMPTY CELL\nX0-\n---\n---\nDraw again! Let's play darts!\n\
                              X 0.2500000000\n0 0.3333333333\n";

#[test]
fn run_reports_a_game_that_differs_from_its_reference() {
    let folder = tempfile::tempdir().unwrap();
    fs::write(folder.path().join("game.in"), EXAMPLE).unwrap();
    fs::write(folder.path().join("game.ref"), EXAMPLE_OUTPUT.replace("0.2500000000", "0.2500000001"))
        .unwrap();
    solvebatch().arg("run").arg(folder.path()).assert().code(1);
}

#[test]
fn reads_standard_input_for_a_dash() {
    solvebatch().args(["tictactoe", "-"]).write_stdin(EXAMPLE).assert().success().stdout(EXAMPLE_OUTPUT);
}

#[test]
fn writes_the_output_to_a_file() {
    let folder = tempfile::tempdir().unwrap();
    let output = folder.path().join("game.out");
    solvebatch()
        .args(["tictactoe", "-", "--output"])
        .arg(&output)
        .write_stdin(EXAMPLE)
        .assert()
        .success()
        .stdout("");
    assert_eq!(fs::read_to_string(output).unwrap(), EXAMPLE_OUTPUT);
}

#[test]
fn a_malformed_game_names_the_file_and_the_line() {
    let folder = tempfile::tempdir().unwrap();
    let game = folder.path().join("bad.in");
    fs::write(&game, "3 2\nX 0 0\n0 x 1\n").unwrap();
    solvebatch()
        .arg("tictactoe")
        .arg(&game)
        .assert()
        .code(1)
        .stdout("")
        .stderr(format!("error: {}: line 3: expected the row x of move 2, found \"x\"\n", game.display()));
    solvebatch()
        .args(["tictactoe", "-"])
        .write_stdin("3 1\nO 0 0\n")
        .assert()
        .code(1)
        .stderr("error: standard input: line 2: the player of move 1 must be X or 0, found \"O\"\n");
}

#[test]
fn a_missing_file_is_named() {
    // A usage error, as a missing input of `run` is.
    solvebatch()
        .args(["tictactoe", "no-such-game.in"])
        .assert()
        .code(2)
        .stderr("error: no-such-game.in: no such file or folder\n");
}

#[test]
fn an_error_quoting_the_input_shows_its_control_characters_as_escapes() {
    solvebatch().args(["tictactoe", "-"]).write_stdin("ab\u{1b}[31mred\u{7}x\n").assert().code(1).stderr(
        "error: standard input: line 1: expected the board size n, found \"ab\\u{1b}[31mred\\u{7}x\"\n",
    );
}

#[test]
fn a_binary_file_named_to_a_family_command_is_refused_from_its_first_block_and_never_echoed() {
    let folder = tempfile::tempdir().unwrap();
    let mut bytes = b"3 1\n\xff\x00\x07X 0 0\n".to_vec();
    bytes.resize(64 << 10, b'x');
    for (command, name) in [("tictactoe", "bin.in"), ("tournament", "bin.csv")] {
        fs::write(folder.path().join(name), &bytes).unwrap();
        crate::common::command_in(folder.path())
            .args([command, name])
            .assert()
            .code(1)
            .stdout("")
            .stderr(format!("error: {name}: a binary file, not text (a NUL byte in its first 8 KiB)\n"));
    }
}

#[test]
fn a_missing_file_named_to_guess_or_scrabble_is_a_usage_error_as_in_run() {
    let folder = tempfile::tempdir().unwrap();
    let commands: [&[&str]; 2] =
        [&["guess", "simulate", "--secrets", "missing.txt"], &["scrabble", "hint", "missing.scrabble"]];
    for args in commands {
        crate::common::command_in(folder.path())
            .args(args)
            .assert()
            .code(2)
            .stdout("")
            .stderr(format!("error: {}: no such file or folder\n", args[args.len() - 1]));
    }
}
