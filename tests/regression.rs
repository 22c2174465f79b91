//! The bundled datasets against their references: every family's inputs under `datasets/` give their
//! reference outputs through `solvebatch run` (and the family subcommand), and every reference round
//! of a tournament is a valid round of its input, checked from the text alone. Each test is named
//! after the case it pins down.

use std::collections::HashSet;
use std::fs;
use std::path::{Path, PathBuf};

use predicates::prelude::*;

use crate::common::solvebatch;

/// The bundled dataset folder of `family`.
fn dataset(family: &str) -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("datasets").join(family)
}

#[test]
fn tournament_datasets_match_their_references() {
    let datasets = dataset("tournament");
    solvebatch()
        .arg("run")
        .arg(&datasets)
        .assert()
        .success()
        .stdout(predicate::str::contains(" same, 0 valid, 0 differ;"));
}

#[test]
fn tournament_datasets_give_same_or_valid_rounds_with_dlx_and_sat() {
    let datasets = dataset("tournament");
    for solver in ["dlx", "sat"] {
        solvebatch()
            .args(["run", "--solver", solver])
            .arg(&datasets)
            .assert()
            .success()
            .stdout(predicate::str::is_match(r"references: \d+ same, [1-9]\d* valid, 0 differ;").unwrap());
    }
}

#[test]
fn guess_datasets_match_their_references() {
    let datasets = dataset("guess");
    solvebatch()
        .arg("run")
        .arg(&datasets)
        .assert()
        .success()
        .stdout(predicate::str::contains("references: 5 same, 0 valid, 0 differ"));
}

#[test]
fn scrabble_datasets_match_their_references() {
    solvebatch()
        .args(["run", "--jobs", "2"])
        .arg(dataset("scrabble"))
        .assert()
        .success()
        .stdout(predicate::str::contains("midgame-10.scrabble"));
}

/// Every dataset game through the command: a valid game prints its reference, a malformed one fails
/// with `error: FILE: ` followed by its reference.
#[test]
fn tictactoe_dataset_games_print_their_references() {
    let mut inputs: Vec<PathBuf> = fs::read_dir(dataset("tictactoe"))
        .unwrap()
        .map(|entry| entry.unwrap().path())
        .filter(|path| path.extension().is_some_and(|extension| extension == "in"))
        .collect();
    inputs.sort();
    assert!(inputs.len() >= 17, "the dataset holds the two examples and at least 15 crafted games");
    for input in inputs {
        let reference = fs::read_to_string(input.with_extension("ref")).unwrap();
        let output = solvebatch().arg("tictactoe").arg(&input).output().unwrap();
        if output.status.success() {
            assert_eq!(String::from_utf8(output.stdout).unwrap(), reference, "{}", input.display());
        } else {
            assert_eq!(output.status.code(), Some(1), "{}", input.display());
            let expected = format!("error: {}: {reference}", input.display());
            assert_eq!(String::from_utf8(output.stderr).unwrap(), expected, "{}", input.display());
        }
    }
}

#[test]
fn tictactoe_datasets_match_their_references() {
    solvebatch().arg("run").arg(dataset("tictactoe")).assert().success();
}

/// A set of pairings as `(first, second, table)`.
type Pairings = HashSet<(u64, u64, u64)>;

/// The table count and the pairings of a pairing file, for files that parse.
fn pairings(text: &str) -> Option<(u64, Pairings)> {
    let mut lines = text.trim_start_matches('\u{feff}').lines();
    let tables = lines.next()?.trim().parse().ok()?;
    let mut set = HashSet::new();
    for line in lines.filter(|line| !line.trim().is_empty()) {
        let fields: Vec<u64> = line
            .split(',')
            .map(|field| field.trim().trim_start_matches('+').parse().ok())
            .collect::<Option<_>>()?;
        let [first, second, table] = fields[..] else { return None };
        set.insert((first, second, table));
    }
    Some((tables, set))
}

/// Checks a printed round: `Table i: j vs. k` for i = 0..n in order, every pairing allowed, every player
/// of `0..2n` exactly once.
fn check(input: &str, round: &str) -> Result<(), String> {
    let (tables, allowed) = pairings(input).ok_or("the input does not parse")?;
    let lines: Vec<&str> = round.lines().collect();
    if lines.len() as u64 != tables || !round.ends_with('\n') {
        return Err(format!("{} lines for {tables} tables", lines.len()));
    }
    let mut players = HashSet::new();
    for (table, line) in lines.iter().enumerate() {
        let rest = line.strip_prefix(&format!("Table {table}: ")).ok_or(format!("bad line {line:?}"))?;
        let (first, second) = rest.split_once(" vs. ").ok_or(format!("bad line {line:?}"))?;
        let (first, second): (u64, u64) =
            (first.parse().map_err(|_| line.to_string())?, second.parse().map_err(|_| line.to_string())?);
        if !allowed.contains(&(first, second, table as u64)) {
            return Err(format!("{line:?} is not an allowable pairing"));
        }
        for player in [first, second] {
            if player >= 2 * tables || !players.insert(player) {
                return Err(format!("player {player} is out of range or plays twice"));
            }
        }
    }
    Ok(())
}

fn csv_files(folder: &Path, found: &mut Vec<PathBuf>) {
    for entry in std::fs::read_dir(folder).unwrap() {
        let path = entry.unwrap().path();
        if path.is_dir() {
            csv_files(&path, found);
        } else if path.extension().is_some_and(|extension| extension == "csv") {
            found.push(path);
        }
    }
}

#[test]
fn tournament_reference_rounds_are_valid_rounds_of_their_inputs() {
    let mut files = Vec::new();
    csv_files(&dataset("tournament"), &mut files);
    let mut rounds = 0;
    for file in files {
        let Ok(reference) = std::fs::read_to_string(file.with_extension("csv.expected")) else { continue };
        if reference.starts_with("Table ") {
            let input = std::fs::read_to_string(&file).unwrap();
            check(&input, &reference).unwrap_or_else(|error| panic!("{}: {error}", file.display()));
            rounds += 1;
        }
    }
    assert!(rounds >= 8, "only {rounds} rounds among the references");
}

#[test]
fn the_tournament_round_checker_rejects_broken_rounds() {
    let input = "2\n0,1,0\n2,3,1\n0,2,1\n";
    assert_eq!(check(input, "Table 0: 0 vs. 1\nTable 1: 2 vs. 3\n"), Ok(()));
    assert!(check(input, "Table 0: 0 vs. 1\n").is_err());
    assert!(check(input, "Table 0: 0 vs. 1\nTable 1: 0 vs. 2\n").is_err());
    assert!(check(input, "Table 0: 0 vs. 1\nTable 1: 3 vs. 2\n").is_err());
    assert!(check(input, "Table 1: 2 vs. 3\nTable 0: 0 vs. 1\n").is_err());
}

/// The README's first command prints the summary the README quotes: the counts of files, results,
/// references and skipped files (the times aside).
#[test]
fn the_readme_quotes_the_summary_of_its_first_command() {
    let readme = include_str!("../README.md");
    let quoted: Vec<&str> = readme
        .lines()
        .skip_while(|line| {
            !(line.starts_with("    ") && line.contains(" files: ") && line.contains("references:"))
        })
        .take(2)
        .map(str::trim)
        .collect();
    let output =
        crate::common::output_in(std::path::Path::new(env!("CARGO_MANIFEST_DIR")), &["run", "datasets"]);
    let printed = crate::common::text(&output.stdout);
    let lines: Vec<&str> = printed.lines().rev().take(2).collect();
    let (summary, skipped) = (lines[1], lines[0]);
    let counts = |line: &str| line.split("; time:").next().unwrap().to_string();
    assert_eq!(counts(quoted[0]), counts(summary), "the README's summary line");
    assert_eq!(quoted[1], skipped, "the README's skipped line");
}
