//! `solvebatch tournament` end to end: display, save, errors.

use crate::common::setup;

use predicates::prelude::*;

const EXAMPLE: &str = "3\n0,1,0\n1,2,0\n3,4,1\n5,0,2\n";
const EXAMPLE_ROUND: &str = "Table 0: 1 vs. 2\nTable 1: 3 vs. 4\nTable 2: 5 vs. 0\n";

#[test]
fn prints_the_spec_example_round() {
    let (_dir, mut command) = setup(&[("example.csv", EXAMPLE)]);
    command.args(["tournament", "example.csv"]).assert().success().stdout(EXAMPLE_ROUND);
}

#[test]
fn reads_standard_input() {
    let (_dir, mut command) = setup(&[]);
    command.args(["tournament", "-"]).write_stdin(EXAMPLE).assert().success().stdout(EXAMPLE_ROUND);
}

#[test]
fn saves_exactly_the_printed_text() {
    let (dir, mut command) = setup(&[("example.csv", EXAMPLE)]);
    command
        .args(["tournament", "example.csv", "--save", "round.txt"])
        .assert()
        .success()
        .stdout(EXAMPLE_ROUND);
    assert_eq!(std::fs::read_to_string(dir.path().join("round.txt")).unwrap(), EXAMPLE_ROUND);
}

#[test]
fn no_round_prints_the_message_and_saves_nothing() {
    let (dir, mut command) = setup(&[("none.csv", "2\n0,1,0\n0,2,1\n")]);
    command
        .args(["tournament", "none.csv", "--save", "round.txt"])
        .assert()
        .success()
        .stdout("No tournament found.\n");
    assert!(!dir.path().join("round.txt").exists());
}

#[test]
fn bad_input_is_an_error_naming_the_file_and_leaves_the_saved_file_untouched() {
    let (dir, mut command) = setup(&[("bad.csv", "3\n0,1,0\n2,2,1\n"), ("round.txt", "earlier round\n")]);
    command
        .args(["tournament", "bad.csv", "--save", "round.txt"])
        .assert()
        .code(1)
        .stdout("")
        .stderr("error: bad.csv: Line 2: The players are the same.\n");
    assert_eq!(std::fs::read_to_string(dir.path().join("round.txt")).unwrap(), "earlier round\n");
}

#[test]
fn a_missing_file_is_an_error_naming_it() {
    let (_dir, mut command) = setup(&[]);
    command
        .args(["tournament", "absent.csv"])
        .assert()
        .code(2)
        .stderr("error: absent.csv: no such file or folder\n");
}

#[test]
fn an_unknown_solver_is_a_usage_error() {
    let (_dir, mut command) = setup(&[("example.csv", EXAMPLE)]);
    command
        .args(["tournament", "example.csv", "--solver", "magic"])
        .assert()
        .code(2)
        .stderr(predicate::str::contains("the tournament family has no solver `magic`"));
}

/// Two rounds: 0-1, 2-3, 4-5 at tables 0, 1, 2 (the reference's), and 2-3, 4-5, 0-1.
const TWO_ROUNDS: &str = "3\n0,1,0\n2,3,0\n2,3,1\n4,5,1\n4,5,2\n0,1,2\n";
const SECOND_ROUND: &str = "Table 0: 2 vs. 3\nTable 1: 4 vs. 5\nTable 2: 0 vs. 1\n";

#[test]
fn fix_and_forbid_give_the_other_round_through_every_solver() {
    for solver in ["backtrack", "dlx", "sat"] {
        for pin in [["--fix", "0:3-2"], ["--forbid", "1:2-3"]] {
            let (_dir, mut command) = setup(&[("two.csv", TWO_ROUNDS)]);
            command
                .args(["tournament", "two.csv", "--solver", solver])
                .args(pin)
                .assert()
                .success()
                .stdout(SECOND_ROUND);
        }
    }
}

#[test]
fn an_impossible_pin_is_an_error_naming_the_item_it_leaves_uncovered() {
    let (_dir, mut command) = setup(&[("two.csv", TWO_ROUNDS)]);
    command
        .args(["tournament", "two.csv", "--fix", "0:0-1", "--fix", "1:4-5"])
        .assert()
        .code(1)
        .stdout("")
        .stderr(
            "error: two.csv: --fix 1:4-5 leaves player 2 uncovered: each of its pairings shares a table or \
             player with a pin\n",
        );
    let (_dir, mut command) = setup(&[("two.csv", TWO_ROUNDS)]);
    command
        .args(["tournament", "two.csv", "--fix", "0:0-2"])
        .assert()
        .code(1)
        .stderr("error: two.csv: --fix 0:0-2: not an allowable pairing (no line 0,2,0 or 2,0,0)\n");
    let (_dir, mut command) = setup(&[("two.csv", TWO_ROUNDS)]);
    command
        .args(["tournament", "two.csv", "--forbid", "0-1"])
        .assert()
        .code(2)
        .stderr(predicate::str::contains("`0-1` is not T:A-B (table, then the two players, such as 0:1-2)"));
}

/// `--fix 99999999999999999999:1-2` was "not T:A-B" though its shape is right: the table is too
/// large, and the message says so and names the limit.
#[test]
fn a_pin_with_a_number_too_large_says_so_naming_the_limit() {
    let (_dir, mut command) = setup(&[("two.csv", TWO_ROUNDS)]);
    command
        .args(["tournament", "two.csv", "--fix", "99999999999999999999:1-2"])
        .assert()
        .code(2)
        .stdout("")
        .stderr(
        "error: invalid value '99999999999999999999:1-2' for '--fix <T:A-B>': `99999999999999999999:1-2`: \
             table 99999999999999999999 is too large (a pin's numbers go up to 18446744073709551615)\n\nFor \
             more information, try '--help'.\n",
    );
    let (_dir, mut command) = setup(&[("two.csv", TWO_ROUNDS)]);
    command.args(["tournament", "two.csv", "--forbid", "0:1-99999999999999999999"]).assert().code(2).stderr(
        predicate::str::contains(
            "`0:1-99999999999999999999`: player 99999999999999999999 is too large (a pin's numbers go up to \
             18446744073709551615)",
        ),
    );
}

#[test]
fn count_prints_the_number_of_rounds_and_writes_it_as_json() {
    let (_dir, mut command) = setup(&[("example.csv", EXAMPLE)]);
    command.args(["tournament", "example.csv", "--count"]).assert().success().stdout("1\n");
    let (dir, mut command) = setup(&[("two.csv", TWO_ROUNDS)]);
    command
        .args(["tournament", "two.csv", "--count", "--json", "count.json"])
        .assert()
        .success()
        .stdout("2\n");
    let line: serde_json::Value =
        serde_json::from_str(&std::fs::read_to_string(dir.path().join("count.json")).unwrap()).unwrap();
    assert_eq!(
        (&line["type"], &line["file"], &line["rounds"]),
        (&"round_count".into(), &"two.csv".into(), &"2".into())
    );
    assert_eq!(line["nodes"], 6, "table 0 tries its two pairings, each forcing one at each other table");
    let (_dir, mut command) = setup(&[("two.csv", TWO_ROUNDS)]);
    command.args(["tournament", "two.csv", "--count", "--fix", "0:2-3"]).assert().success().stdout("1\n");
    let (_dir, mut command) = setup(&[("two.csv", TWO_ROUNDS)]);
    command
        .args(["tournament", "two.csv", "--count", "--solver", "sat"])
        .assert()
        .code(2)
        .stderr(predicate::str::contains("the argument '--count' cannot be used with '--solver <SOLVER>'"));
}

#[test]
fn all_prints_every_round_or_the_first_k_and_saves_them() {
    let first = "Table 0: 0 vs. 1\nTable 1: 2 vs. 3\nTable 2: 4 vs. 5\n";
    let (_dir, mut command) = setup(&[("two.csv", TWO_ROUNDS)]);
    command
        .args(["tournament", "two.csv", "--all"])
        .assert()
        .success()
        .stdout(format!("{first}\n{SECOND_ROUND}"));
    let (dir, mut command) = setup(&[("two.csv", TWO_ROUNDS)]);
    command
        .args(["tournament", "two.csv", "--all", "--limit", "1", "--save", "rounds.txt"])
        .assert()
        .success()
        .stdout(first);
    assert_eq!(std::fs::read_to_string(dir.path().join("rounds.txt")).unwrap(), first);
    let (_dir, mut command) = setup(&[("two.csv", TWO_ROUNDS)]);
    command
        .args(["tournament", "two.csv", "--all", "--limit", "9"])
        .assert()
        .success()
        .stdout(format!("{first}\n{SECOND_ROUND}"));
    let (dir, mut command) = setup(&[("none.csv", "2\n0,1,0\n0,2,1\n")]);
    command
        .args(["tournament", "none.csv", "--all", "--save", "rounds.txt"])
        .assert()
        .success()
        .stdout("No tournament found.\n");
    assert!(!dir.path().join("rounds.txt").exists());
}

/// `gen tournament` with `args`: the pairing file's text.
fn generated(args: &[&str]) -> String {
    let output = crate::common::solvebatch().args(["gen", "tournament"]).args(args).output().unwrap();
    assert!(output.status.success());
    String::from_utf8(output.stdout).unwrap()
}

/// On a small file and on one whose tree the threads split (25 tables, degree 6, seed 3, planted:
/// 24 rounds in 78 088 options, past the one-thread sample of 8192), `--count` and `--all` print
/// on 2 to 4 threads what they print on one.
#[test]
fn count_and_all_answer_the_same_on_any_number_of_threads() {
    let twelve = generated(&["--tables", "12", "--degree", "4", "--seed", "3", "--planted"]);
    let split = generated(&["--tables", "25", "--degree", "6", "--seed", "3", "--planted"]);
    let (dir, _) = setup(&[("two.csv", TWO_ROUNDS), ("twelve.csv", &twelve), ("split.csv", &split)]);
    let out = |args: &[&str]| {
        let output = crate::common::output_in(dir.path(), args);
        assert!(output.status.success(), "{args:?}");
        String::from_utf8(output.stdout).unwrap()
    };
    let count = out(&["tournament", "twelve.csv", "--count", "-j", "1"]);
    let all = out(&["tournament", "twelve.csv", "--all", "-j", "1"]);
    assert_eq!(all.split("\n\n").count().to_string() + "\n", count, "--all prints every counted round");
    for jobs in ["2", "3", "4"] {
        assert_eq!(out(&["tournament", "two.csv", "--count", "-j", jobs]), "2\n");
        assert_eq!(out(&["tournament", "twelve.csv", "--count", "-j", jobs]), count);
        assert_eq!(out(&["tournament", "twelve.csv", "--all", "-j", jobs]), all);
        let first_two: Vec<&str> = all.split("\n\n").take(2).collect();
        assert_eq!(
            out(&["tournament", "twelve.csv", "--all", "--limit", "2", "-j", jobs]),
            first_two.join("\n\n")
        );
    }
    let all = out(&["tournament", "split.csv", "--all", "-j", "1"]);
    assert_eq!(all.split("\n\n").count(), 24);
    for jobs in ["1", "2", "3", "4"] {
        assert_eq!(out(&["tournament", "split.csv", "--count", "-j", jobs]), "24\n", "-j {jobs}");
        assert_eq!(out(&["tournament", "split.csv", "--all", "-j", jobs]), all, "-j {jobs}");
        let first_five: Vec<&str> = all.split("\n\n").take(5).collect();
        assert_eq!(
            out(&["tournament", "split.csv", "--all", "--limit", "5", "-j", jobs]),
            first_five.join("\n\n") + "\n",
            "-j {jobs}"
        );
    }
}

/// `dlx` prints the one-thread round whatever -j: on 45 tables, degree 6, seed 1 (9 rounds) and on a
/// planted 70-table file (dancing links), 2, 3 and 4 threads print what `-j 1` prints.
#[test]
fn dlx_prints_the_same_round_on_any_number_of_threads() {
    let rounds = generated(&["--tables", "45", "--degree", "6", "--seed", "1"]);
    let large = generated(&["--tables", "70", "--degree", "3", "--seed", "1", "--planted"]);
    let (dir, _) = setup(&[("rounds.csv", &rounds), ("large.csv", &large)]);
    let out = |args: &[&str]| {
        let output = crate::common::output_in(dir.path(), args);
        assert!(output.status.success(), "{args:?}");
        String::from_utf8(output.stdout).unwrap()
    };
    for file in ["rounds.csv", "large.csv"] {
        let one = out(&["tournament", file, "--solver", "dlx", "-j", "1"]);
        assert!(one.starts_with("Table 0: "), "{one}");
        for jobs in ["2", "3", "4"] {
            assert_eq!(out(&["tournament", file, "--solver", "dlx", "-j", jobs]), one, "{file} -j {jobs}");
        }
    }
}

/// The time limit stops every thread of `--count`, on a 60-table degree-6 file whose count takes far
/// longer; the margin is generous, for a loaded machine.
#[test]
fn a_time_limit_stops_a_count_on_every_thread() {
    let hard = generated(&["--tables", "60", "--degree", "6", "--seed", "1"]);
    let (dir, _) = setup(&[("hard.csv", &hard)]);
    let started = std::time::Instant::now();
    let output = crate::common::output_in(
        dir.path(),
        &["tournament", "hard.csv", "--count", "-j", "4", "--timeout", "0.3"],
    );
    let elapsed = started.elapsed();
    assert_eq!(
        String::from_utf8(output.stderr).unwrap(),
        "error: hard.csv: no answer within the time limit\n"
    );
    assert!(elapsed < std::time::Duration::from_millis(300 + 1500), "{elapsed:?}");
}

#[test]
fn help_says_which_solvers_are_deterministic() {
    let output = crate::common::solvebatch().args(["tournament", "--help"]).output().unwrap();
    // Words as the terminal width wraps them.
    let help = String::from_utf8(output.stdout).unwrap().split_whitespace().collect::<Vec<_>>().join(" ");
    for said in [
        "Deterministic, the same file giving the same round",
        "Not deterministic: portfolio",
        "and sat with -j 2 or more",
        "dlx (the same round whatever -j",
        "dlx-frb with -j 2 or more",
    ] {
        assert!(help.contains(said), "{help}");
    }
}

/// A 30-table degree-4 instance without a round, refuted by varisat in a few hundred conflicts.
fn no_round_instance() -> String {
    let regular = solvebatch_tournament::Regular { tables: 30, degree: 4, seed: 2, planted: false };
    solvebatch_tournament::generate::to_text(&regular.generate().unwrap())
}

#[test]
fn a_proof_of_no_round_is_written_and_accepted_and_a_corrupted_one_refused() {
    let text = no_round_instance();
    let (dir, mut command) = setup(&[("none.csv", &text)]);
    command
        .args(["tournament", "none.csv", "--solver", "sat", "--proof", "none.drat"])
        .assert()
        .success()
        .stdout("No tournament found.\n");
    let proof = std::fs::read_to_string(dir.path().join("none.drat")).unwrap();
    assert!(proof.ends_with("\n0\n"), "ends with the empty clause");
    let mut command = crate::common::command_in(dir.path());
    command.args(["tournament", "none.csv", "--check-proof", "none.drat"]).assert().success().stdout(
        predicate::str::is_match(r"^none\.drat: valid: none\.csv has no round \(\d+ lemmas checked\)\n$")
            .unwrap(),
    );
    // The empty clause first: unit propagation on the formula alone finds no conflict.
    let corrupted = format!("0\n{proof}");
    std::fs::write(dir.path().join("bad.drat"), corrupted).unwrap();
    let mut command = crate::common::command_in(dir.path());
    command.args(["tournament", "none.csv", "--check-proof", "bad.drat"]).assert().code(1).stdout("").stderr(
        "error: bad.drat: refused as a proof that none.csv has no round: line 1: the lemma `0` does not \
             follow (neither RUP nor RAT on its first literal)\n",
    );
}

#[test]
fn a_file_with_a_round_gets_the_round_and_no_proof() {
    let (dir, mut command) = setup(&[("example.csv", EXAMPLE)]);
    command
        .args(["tournament", "example.csv", "--solver", "sat", "--proof", "example.drat"])
        .assert()
        .success()
        .stdout(EXAMPLE_ROUND)
        .stderr("example.drat: not written: the file has a round\n");
    assert!(!dir.path().join("example.drat").exists());
    let (_dir, mut command) = setup(&[("example.csv", EXAMPLE)]);
    command.args(["tournament", "example.csv", "--proof", "example.drat"]).assert().code(2).stderr(
        "error: --proof needs --solver sat: only the SAT solver writes a proof (not --solver backtrack)\n",
    );
}

#[test]
fn compare_trusts_a_no_round_answer_with_a_checked_proof() {
    let (dir, mut command) = setup(&[("none.csv", &no_round_instance())]);
    command
        .args(["compare", "none.csv", "--solvers", "dlx,sat", "--verify-no-round", "--json", "c.jsonl"])
        .assert()
        .success();
    let report = std::fs::read_to_string(dir.path().join("c.jsonl")).unwrap();
    let records: Vec<serde_json::Value> = report
        .lines()
        .map(|line| serde_json::from_str::<serde_json::Value>(line).unwrap())
        .filter(|line| line["type"] == "file")
        .collect();
    let answers: Vec<(&str, &str)> =
        records.iter().map(|r| (r["solver"].as_str().unwrap(), r["status"].as_str().unwrap())).collect();
    assert_eq!(answers, [("dlx", "no_solution"), ("sat", "no_solution")]);
    assert!(records.iter().all(|record| record.get("message").is_none_or(|m| m.is_null())), "{report}");
}

#[test]
fn the_default_solver_names_a_faster_one_after_two_seconds_without_an_answer() {
    let (dir, _) = crate::common::setup(&[("hard.csv", &crate::common::hard_instance())]);
    let output = crate::common::output_in(dir.path(), &["tournament", "hard.csv", "--timeout", "5"]);
    let stderr = crate::common::text(&output.stderr);
    assert_eq!(output.status.code(), Some(1), "{stderr}");
    assert!(
        stderr.starts_with(
            "note: no answer yet after 2 s of the default `backtrack`, the specified search; \
             `--solver dlx` is usually far faster\n"
        ),
        "{stderr}"
    );
    // A solver chosen, or an answer within two seconds: no note.
    let output = crate::common::output_in(
        dir.path(),
        &["tournament", "hard.csv", "--solver", "dlx", "--timeout", "5"],
    );
    assert!(!crate::common::text(&output.stderr).contains("note:"));
}

/// The 13-byte proof that made the checker try to allocate 48 GB: variable 1,000,000,000 is a new
/// variable of a RAT lemma, numbered after the formula's, and the proof is refused as incomplete at
/// once; a binary proof is refused saying how to write one as text.
#[test]
fn a_proof_naming_variable_1000000000_is_checked_without_sizing_anything_by_it() {
    let text = no_round_instance();
    let (dir, mut command) = setup(&[("none.csv", &text), ("huge.drat", "1000000000 0\n")]);
    command
        .args(["tournament", "none.csv", "--check-proof", "huge.drat"])
        .assert()
        .code(1)
        .stdout("")
        .stderr(
        "error: huge.drat: refused as a proof that none.csv has no round: the proof ends without deriving \
         the empty clause\n",
    );
    std::fs::write(dir.path().join("binary.drat"), [b'a', 4, 0, b'a', 0]).unwrap();
    let mut command = crate::common::command_in(dir.path());
    command
        .args(["tournament", "none.csv", "--check-proof", "binary.drat"])
        .assert()
        .code(1)
        .stdout("")
        .stderr(
        "error: binary.drat: refused as a proof that none.csv has no round: a binary DRAT proof; write the \
         proof as text (--binary=false)\n",
    );
}

#[test]
fn gen_refuses_more_pairings_than_an_instance_may_hold_before_any_work() {
    crate::common::solvebatch()
        .args(["gen", "tournament", "--tables", "4294967295", "--degree", "6"])
        .assert()
        .code(2)
        .stdout("")
        .stderr(
            "error: 4294967295 tables of degree 6 make 25769803770 pairings, above the 10000000 a generated \
             instance may hold\n",
        );
}

#[test]
fn a_limit_of_zero_rounds_is_a_usage_error_naming_the_range() {
    crate::common::solvebatch().args(["tournament", "-", "--all", "--limit", "0"]).assert().code(2).stderr(
        "error: invalid value '0' for '--limit <K>': 0 is not a number of rounds (at least 1)\n\n\
             For more information, try '--help'.\n",
    );
}

#[test]
fn a_thread_count_past_any_machine_is_refused_before_any_thread_starts() {
    let file = crate::server::dataset("tournament/spec-example.csv");
    for args in [["run", "--threads"], ["tournament", "-j"]] {
        crate::common::solvebatch()
            .args(args)
            .arg("4000000000")
            .arg(&file)
            .assert()
            .code(2)
            .stdout("")
            .stderr(format!(
                "error: invalid value '4000000000' for '{} <N>': 4000000000 is not a thread count from 1 to \
                 1024\n\nFor more information, try '--help'.\n",
                if args[1] == "-j" { "--jobs" } else { "--threads" }
            ));
    }
    // The most a solve may take is accepted.
    crate::common::solvebatch()
        .args(["tournament", "-j", "1024", "--solver", "dlx"])
        .arg(&file)
        .assert()
        .success();
}
