//! `history FILE.db flaky`: the files whose result flips between runs while nothing they are judged
//! by changed, as snapshot tools list the snapshots that keep changing.
//!
//! The results of a file and solver are taken in run order, among the runs that read the same input
//! (equal input hashes) and the same reference (equal reference hashes, or none in both). A result
//! is its status, its verdict and its output's hash (outputs compare only where both runs hashed
//! one). The file is flaky when a result comes back after another one: `same, differs, same`, or
//! `solved, timeout, solved`. A result that changed once and stayed (a fix, a new solver version) is
//! a change ([`super::changes`]), not a flip.

use std::collections::BTreeMap;

use serde::Serialize;

use super::changes::{outcome, series};
use super::store::ResultRow;

/// A flaky file and solver.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct Flaky {
    /// The input file.
    pub file: String,
    /// The solver, if one ran.
    pub solver: Option<String>,
    /// The input's hash (XXH3-128, hexadecimal) in the runs that flipped.
    pub input_hash: String,
    /// Runs with that input and reference.
    pub runs: usize,
    /// Times the result differed from the previous such run's.
    pub flips: usize,
    /// Each result seen (status and verdict in words; `output …` where only the output differed),
    /// with its count, in the order first seen.
    pub results: Vec<(String, usize)>,
    /// The last run of the flips.
    pub last_run: i64,
}

/// What a run's result is, for telling flips.
#[derive(Debug, Clone, PartialEq)]
struct Result_<'a> {
    words: String,
    output: Option<&'a str>,
}

impl Result_<'_> {
    /// Equal status and verdict, and equal outputs where both were hashed.
    fn matches(&self, other: &Result_) -> bool {
        self.words == other.words
            && match (self.output, other.output) {
                (Some(one), Some(other)) => one == other,
                _ => true,
            }
    }
}

/// The flaky files and solvers, by file and solver.
pub fn find(results: &[ResultRow]) -> Vec<Flaky> {
    let mut found = Vec::new();
    for ((file, solver), rows) in series(results) {
        let mut groups: BTreeMap<(&str, Option<&str>), Vec<&ResultRow>> = BTreeMap::new();
        for row in rows {
            if let Some(input) = &row.input_hash {
                groups.entry((input.as_str(), row.reference_hash.as_deref())).or_default().push(row);
            }
        }
        for ((input, _), rows) in groups {
            if let Some(flaky) = flips(&rows) {
                found.push(Flaky {
                    file: file.to_string(),
                    solver: solver.map(str::to_string),
                    input_hash: input.to_string(),
                    ..flaky
                });
            }
        }
    }
    found
}

/// The flips of one group of runs, when a result came back after another.
fn flips(rows: &[&ResultRow]) -> Option<Flaky> {
    let results: Vec<Result_> =
        rows.iter().map(|row| Result_ { words: outcome(row), output: row.output_hash.as_deref() }).collect();
    let mut seen: Vec<(Result_, usize)> = Vec::new();
    let (mut flips, mut came_back, mut last_run) = (0, false, 0);
    for (index, result) in results.iter().enumerate() {
        if index > 0 && !result.matches(&results[index - 1]) {
            flips += 1;
            last_run = rows[index].run;
            came_back |= seen.iter().any(|(earlier, _)| earlier.matches(result));
        }
        match seen
            .iter_mut()
            .find(|(earlier, _)| earlier.words == result.words && earlier.output == result.output)
        {
            Some((_, count)) => *count += 1,
            None => seen.push((result.clone(), 1)),
        }
    }
    let output_differs = seen
        .iter()
        .any(|(one, _)| seen.iter().any(|(other, _)| one.words == other.words && one.output != other.output));
    came_back.then(|| Flaky {
        file: String::new(),
        solver: None,
        input_hash: String::new(),
        runs: rows.len(),
        flips,
        results: seen
            .into_iter()
            .map(|(result, count)| match (output_differs, result.output) {
                (true, Some(output)) => {
                    (format!("{}, output {}", result.words, super::changes::short(output)), count)
                }
                _ => (result.words, count),
            })
            .collect(),
        last_run,
    })
}
