//! `solvebatch guess` (play, host, simulate) and `solvebatch run` on `.guess` files, end to end, with
//! the interactive modes driven through piped standard input.

use crate::common::solvebatch;
use assert_cmd::Command;
use predicates::prelude::*;
use tempfile::TempDir;

/// The answer to `guess` for `secret`, by comparing the decimal texts character by character.
fn matches_by_text(guess: &str, secret: &str) -> usize {
    guess.chars().zip(secret.chars()).filter(|(a, b)| a == b).count()
}

fn stdout_of(command: &mut Command, input: &str) -> String {
    let output = command.write_stdin(input).assert().success().get_output().stdout.clone();
    String::from_utf8(output).unwrap()
}

#[test]
fn play_the_3242_game_through_a_pipe() {
    solvebatch()
        .args(["guess", "play"])
        .write_stdin("0\n0\n3\n2\n3\n4\n")
        .assert()
        .success()
        .stdout(predicate::str::starts_with(
            "Think of a 4-digit number from 1000 to 9999. After each guess, type how many of its digits are \
             the right digit in the right place (0 to 4).\nGuess 1: 1000\nMatches? Guess 2: 2111\n",
        ))
        .stdout(predicate::str::ends_with("Found 3242 with 6 guesses: 1000 2111 3222 3223 3232 3242\n"));
}

#[test]
fn play_retries_invalid_answers_and_ends_cleanly_at_end_of_input() {
    solvebatch()
        .args(["guess", "play", "--digits", "3"])
        .write_stdin("seven\n4\n0\n")
        .assert()
        .success()
        .stdout(predicate::str::contains("Think of a 3-digit number from 100 to 999."))
        .stdout(predicate::str::contains("\"seven\" is not a number of matches from 0 to 3; try again.\n"))
        .stdout(predicate::str::contains("\"4\" is not a number of matches from 0 to 3; try again.\n"))
        .stdout(predicate::str::ends_with(
            "Guess 2: 211\nMatches? \nInput ended after 2 guesses: 100 211.\n",
        ));
}

#[test]
fn play_detects_inconsistent_answers() {
    solvebatch().args(["guess", "play"]).write_stdin("3\n2\n1\n").assert().code(1).stdout(
        predicate::str::ends_with(
            "Guess 3: 1010\nMatches? No number matches all your answers after 3 guesses: 1000 1001 1010.\n",
        ),
    );
}

#[test]
fn play_with_each_scoring_strategy_opens_with_the_smallest_number() {
    for strategy in ["minimax", "max-parts", "entropy", "optimal"] {
        solvebatch()
            .args(["guess", "play", "--digits", "2", "--strategy", strategy])
            .write_stdin("2\n")
            .assert()
            .success()
            .stdout(predicate::str::ends_with("Guess 1: 10\nMatches? Found 10 with 1 guess: 10\n"));
    }
}

#[test]
fn play_refuses_a_strategy_beyond_its_digits_as_a_usage_error() {
    solvebatch()
        .args(["guess", "play", "--digits", "7", "--strategy", "minimax"])
        .assert()
        .code(2)
        .stderr("error: strategy minimax handles at most 5 digits, not 7\n");
    solvebatch().args(["guess", "play", "--strategy", "best"]).assert().code(2).stderr(
        predicate::str::contains(
            "the guess family has no solver `best` (it has: first, minimax, max-parts, entropy, optimal)",
        ),
    );
    solvebatch()
        .args(["guess", "play", "--digits", "5", "--strategy", "optimal"])
        .assert()
        .code(2)
        .stderr("error: strategy optimal handles at most 4 digits, not 5\n");
    solvebatch()
        .args(["guess", "host", "--digits", "1"])
        .assert()
        .code(2)
        .stderr(predicate::str::contains("the number of digits must be from 2 to 9, not 1"));
    // Past any whole number the game takes, or below zero: the same range, in words.
    for given in ["-1", "123456789012345678901234567890"] {
        solvebatch().args(["guess", "host", "--digits", given]).assert().code(2).stderr(format!(
            "error: invalid value '{given}' for '--digits <D>': {given} is not a number of digits from 2 to 9\n\n\
             For more information, try '--help'.\n"
        ));
    }
}

#[test]
fn host_answers_truthfully_for_its_seeded_secret() {
    let transcript =
        stdout_of(solvebatch().args(["guess", "host", "--seed", "42"]), "1234\n5678\n90\n9012\n");
    let secret = transcript.trim_end().rsplit(' ').next().unwrap().trim_end_matches('.').to_string();
    assert_eq!(secret.len(), 4, "{transcript}");
    let answers: Vec<&str> = transcript.lines().skip(1).collect();
    let say = |guess: &str| match matches_by_text(guess, &secret) {
        1 => "1 match.".to_string(),
        n => format!("{n} matches."),
    };
    assert_eq!(answers[0], format!("Guess 1? {}", say("1234")));
    assert_eq!(answers[1], format!("Guess 2? {}", say("5678")));
    assert_eq!(answers[2], "Guess 3? \"90\" is not a 4-digit number (1000 to 9999); try again.");
    assert_eq!(answers[3], format!("Guess 3? {}", say("9012")));
    assert_eq!(answers[4], "Guess 4? ");
    assert_eq!(answers[5], format!("Input ended; the number was {secret}."));

    let again = stdout_of(solvebatch().args(["guess", "host", "--seed", "42"]), &format!("{secret}\n"));
    assert!(again.ends_with(&format!("Guess 1? 4 matches: you found {secret} with 1 guess.\n")), "{again}");
}

#[test]
fn simulate_the_reference_over_every_secret() {
    // The distribution was checked against an independent implementation of the reference rule.
    solvebatch()
        .args(["guess", "simulate"])
        .assert()
        .success()
        .stdout(predicate::str::starts_with(
            "strategy first, 4 digits, 9000 secrets\nworst case: 16 guesses (9876)\nmean: 10.1891 guesses\n\
             guesses  secrets\n      1        1  #\n      2        4  #\n      3       14  #\n",
        ))
        .stdout(predicate::str::contains(format!("     11     2097  {}\n", "#".repeat(50))))
        .stdout(predicate::str::contains("     15        5  #\n     16        1  #\ntime: "));
}

#[test]
fn simulate_listed_secrets_with_json_export() {
    let dir = TempDir::new().unwrap();
    std::fs::write(dir.path().join("secrets.txt"), "# two secrets\n3242\n1000 3242\n").unwrap();
    solvebatch()
        .current_dir(dir.path())
        .args(["guess", "simulate", "--secrets", "secrets.txt", "--json", "figures.jsonl"])
        .assert()
        .success()
        .stdout(predicate::str::starts_with(
            "strategy first, 4 digits, 2 secrets\nworst case: 6 guesses (3242)\nmean: 3.5000 guesses\n\
             guesses  secrets\n      1        1  ",
        ));
    let json: serde_json::Value =
        serde_json::from_str(&std::fs::read_to_string(dir.path().join("figures.jsonl")).unwrap()).unwrap();
    assert_eq!(json["type"], "simulation");
    assert_eq!(json["strategy"], "first");
    assert_eq!(json["digits"], 4);
    assert_eq!(json["secrets"], 2);
    assert_eq!(json["worst_case"], 6);
    assert_eq!(json["worst_secrets"], serde_json::json!([3242]));
    assert_eq!(json["mean"], 3.5);
    assert_eq!(json["histogram"][5], serde_json::json!({"guesses": 6, "secrets": 1}));
}

#[test]
fn simulate_writes_a_transcript_of_every_game() {
    let dir = TempDir::new().unwrap();
    std::fs::write(dir.path().join("secrets.txt"), "3242 1000\n").unwrap();
    solvebatch()
        .current_dir(dir.path())
        .args(["guess", "simulate", "--secrets", "secrets.txt", "--transcript", "games.txt"])
        .assert()
        .success();
    // The game of the specification's example, and 1000 found at once.
    assert_eq!(
        std::fs::read_to_string(dir.path().join("games.txt")).unwrap(),
        "1000 1000\n3242 1000 2111 3222 3223 3232 3242\n"
    );
}

#[test]
fn simulate_the_optimal_strategy_with_its_transcript() {
    let dir = TempDir::new().unwrap();
    solvebatch()
        .current_dir(dir.path())
        .args(["guess", "simulate", "--strategy", "optimal", "--digits", "3", "--transcript", "games.txt"])
        .assert()
        .success()
        .stdout(predicate::str::starts_with(
            "strategy optimal, 3 digits, 900 secrets\nworst case: 11 guesses (",
        ));
    let transcript = std::fs::read_to_string(dir.path().join("games.txt")).unwrap();
    let lines: Vec<&str> = transcript.lines().collect();
    assert_eq!(lines.len(), 900);
    for line in lines {
        let fields: Vec<&str> = line.split(' ').collect();
        let (secret, guesses) = fields.split_first().unwrap();
        assert_eq!(guesses.last(), Some(secret), "{line}");
        assert!(guesses.len() <= 11, "{line}");
        assert!(
            guesses[..guesses.len() - 1].iter().all(|guess| matches_by_text(guess, secret) < 3),
            "{line}"
        );
    }
}

#[test]
fn bound_proves_12_guesses_for_four_digits() {
    solvebatch()
        .args(["guess", "bound"])
        .assert()
        .success()
        .stdout(predicate::str::starts_with(
            "4 digits: answers 0 to the first j guesses always leave a box at least as hard as P_j\n\
             P_8 = {1} x {0,1}^3 ",
        ))
        .stdout(predicate::str::contains("P_7 = {1,2} x {0,1,2}^3 "))
        .stdout(predicate::str::contains(" 54 numbers:  5 guesses (4 guesses fail: exhaustive search)\n"))
        .stdout(predicate::str::contains(
            " 9000 numbers: 12 guesses (11 guesses fail: an answer 0 leaves a copy of P_1)\n\
             minimum worst case: 12 guesses (no strategy guarantees 11; the search found one that needs no more)\n\
             time: ",
        ));
}

#[test]
fn bound_for_two_digits_and_beyond_its_limit() {
    // 90 numbers: 1 + 2 + 4 + ... + 2^(k-1) >= 90 needs k >= 7 by counting, but seven answers 0 in a
    // row can be forced, and the remaining box {a,b} x {c,d,e} takes 3 more.
    solvebatch()
        .args(["guess", "bound", "--digits", "2"])
        .assert()
        .success()
        .stdout(predicate::str::contains(" 2 numbers:  2 guesses (1 guess fails: counting bound)\n"))
        .stdout(predicate::str::contains("P_7 = {1,2} x {0,1,2} "))
        .stdout(predicate::str::contains("minimum worst case: 10 guesses (no strategy guarantees 9;"));
    solvebatch()
        .args(["guess", "bound", "--digits", "6"])
        .assert()
        .code(2)
        .stderr("error: bound handles at most 5 digits, not 6\n");
}

#[test]
fn simulate_names_the_bad_line_of_a_secrets_file() {
    let dir = TempDir::new().unwrap();
    std::fs::write(dir.path().join("secrets.txt"), "1000\n2000 300\n").unwrap();
    solvebatch()
        .current_dir(dir.path())
        .args(["guess", "simulate", "--secrets", "secrets.txt"])
        .assert()
        .code(1)
        .stderr("error: secrets.txt: line 2: 300 is not a 4-digit number (1000 to 9999)\n");
    std::fs::write(dir.path().join("secrets.txt"), b"1000\n\xff2000\n").unwrap();
    solvebatch()
        .current_dir(dir.path())
        .args(["guess", "simulate", "--secrets", "secrets.txt"])
        .assert()
        .code(1)
        .stderr("error: secrets.txt: line 2: not UTF-8 text\n");
    solvebatch()
        .args(["guess", "simulate", "--strategy", "entropy", "--digits", "6"])
        .assert()
        .code(2)
        .stderr("error: strategy entropy handles at most 5 digits, not 6\n");
}

/// An empty batch file has no game to play: the specification's batch file holds one job a line.
/// It is invalid as a whole, as any other invalid input: its row says why, the batch exits 1, and a
/// reference holding the message makes it expected.
#[test]
fn a_batch_file_with_no_job_is_invalid_as_a_whole() {
    let empty = "the file is empty: a batch file holds one job a line (secret N, or answers G=M ...)";
    let comments = "no job: every line is blank or a comment (a job is secret N, or answers G=M ...)";
    let (dir, _) = crate::common::setup(&[
        ("empty.guess", ""),
        ("blank.guess", "\n  \n"),
        ("comments.guess", "# secrets to come\n"),
    ]);
    let rows = crate::common::invalid_run_rows(dir.path());
    assert_eq!(
        rows,
        [
            ["./blank.guess", "invalid", empty],
            ["./comments.guess", "invalid", comments],
            ["./empty.guess", "invalid", empty]
        ]
    );
    // Kept on purpose: the references hold the messages.
    std::fs::write(dir.path().join("empty.guess.expected"), format!("{empty}\n")).unwrap();
    std::fs::write(dir.path().join("blank.guess.expected"), format!("{empty}\n")).unwrap();
    std::fs::write(dir.path().join("comments.guess.expected"), format!("{comments}\n")).unwrap();
    solvebatch()
        .current_dir(dir.path())
        .args(["run", "."])
        .assert()
        .success()
        .stdout(predicate::str::contains("references: 3 same, 0 valid, 0 differ"));
}

#[test]
fn run_answers_every_line_around_one_that_is_not_utf8() {
    let dir = TempDir::new().unwrap();
    // A byte-order mark first, then "12\xe934" (Latin-1 for 12é34) on line 2.
    std::fs::write(
        dir.path().join("mixed.guess"),
        b"\xef\xbb\xbfsecret 2111\nsecret 12\xe934\nsecret 1000\n",
    )
    .unwrap();
    std::fs::write(
        dir.path().join("mixed.guess.expected"),
        "secret 2111: 1000 2111 (2 guesses)\nline 2: not UTF-8 text\nsecret 1000: 1000 (1 guess)\n",
    )
    .unwrap();
    solvebatch()
        .current_dir(dir.path())
        .args(["run", "."])
        .assert()
        .success()
        .stdout(predicate::str::contains("invalid: line 2: not UTF-8 text "))
        .stdout(predicate::str::contains("references: 1 same, 0 valid, 0 differ"));
}

#[test]
fn run_reads_digits_and_strategy_from_the_command_line() {
    let dir = TempDir::new().unwrap();
    // 100 answered 0: first digit 2..=9, others 1..=9: 648 numbers, 211 the smallest.
    std::fs::write(dir.path().join("three.guess"), "secret 100\nanswers 100=0\n").unwrap();
    std::fs::write(
        dir.path().join("three.guess.expected"),
        "secret 100: 100 (1 guess)\nanswers 100=0: next 211 (648 candidates left)\n",
    )
    .unwrap();
    solvebatch()
        .current_dir(dir.path())
        .args(["run", "--digits", "3", "."])
        .assert()
        .success()
        .stdout(predicate::str::contains("references: 1 same, 0 valid, 0 differ"));
    // A scoring strategy plays the same secret to its end, whatever its guesses.
    std::fs::write(dir.path().join("three.guess"), "secret 987\n").unwrap();
    std::fs::remove_file(dir.path().join("three.guess.expected")).unwrap();
    let out = dir.path().join("out");
    solvebatch()
        .current_dir(dir.path())
        .args(["run", "--digits", "3", "--solver", "max-parts", "--out", "out", "."])
        .assert()
        .success();
    let output = std::fs::read_to_string(out.join("three.guess.out")).unwrap();
    assert!(output.starts_with("secret 987: 100 ") && output.contains(" 987 ("), "{output}");
}

#[test]
fn ctrl_c_while_hosting_tells_the_secret_before_the_end() {
    use std::io::Read;
    let secret = {
        let transcript = stdout_of(solvebatch().args(["guess", "host", "--seed", "42"]), "");
        transcript.trim_end().rsplit(' ').next().unwrap().trim_end_matches('.').to_string()
    };
    let mut child = crate::common::child()
        .args(["guess", "host", "--seed", "42"])
        .stdin(std::process::Stdio::piped())
        .stdout(std::process::Stdio::piped())
        .spawn()
        .unwrap();
    // The first question is asked once the game reads its input, which a signal then ends.
    let mut stdout = child.stdout.take().unwrap();
    let mut seen = Vec::new();
    while !String::from_utf8_lossy(&seen).contains("Guess 1? ") {
        let mut byte = [0];
        assert_eq!(stdout.read(&mut byte).unwrap(), 1, "the game ended early: {seen:?}");
        seen.push(byte[0]);
    }
    assert_eq!(unsafe { libc::kill(child.id() as libc::pid_t, libc::SIGINT) }, 0);
    stdout.read_to_end(&mut seen).unwrap();
    let status = child.wait().unwrap();
    assert_eq!(status.code(), Some(0));
    assert!(
        String::from_utf8(seen)
            .unwrap()
            .ends_with(&format!("Guess 1? \nInput ended; the number was {secret}.\n")),
        "the secret is told"
    );
}
