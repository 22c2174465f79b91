//! The Scrabble family: `.scrabble` position files, `.scrabble.expected` references, judged by
//! [`solvebatch_scrabble::Job`] (which reads each dictionary once per run).

use std::path::{Path, PathBuf};

use solvebatch_scrabble::{Job, PositionOutcome, PositionSettings, Rules, Solver};

use crate::family::boundary::{Deadline, Family, FamilyError, Prepared, Settings, SolverInfo};
use crate::outcome::Outcome;
use crate::outcome::Status;

/// The Scrabble position family.
pub struct Scrabble;

impl Family for Scrabble {
    fn name(&self) -> &'static str {
        "scrabble"
    }

    fn extension(&self) -> &'static str {
        ".scrabble"
    }

    fn no_solution_label(&self) -> &'static str {
        "no play"
    }

    /// The dictionary and tile file a position file's `dictionary:` and `tiles:` lines name
    /// (relative to its folder), where the command line gives none. Only a regular file is read for
    /// them: a FIFO would lose what it holds.
    fn files_named(&self, input: &Path, settings: &Settings) -> Vec<(&'static str, PathBuf)> {
        let Some(text) = crate::text::read_regular(input) else {
            return Vec::new();
        };
        let folder = input.parent().unwrap_or(Path::new(""));
        let keys = [
            ("dictionary", "the dictionary", &settings.dictionary),
            ("tiles", "the tile file", &settings.tiles),
        ];
        let mut named = Vec::new();
        // The header lines come before `board:`; a bad file is the solve's to report.
        for line in String::from_utf8_lossy(&text).lines() {
            let Some((key, value)) = line.split_once(':') else { continue };
            let key = key.trim();
            if key == "board" {
                break;
            }
            for (name, role, given) in keys {
                if key == name && given.is_none() && !value.trim().is_empty() {
                    named.push((role, folder.join(value.trim())));
                }
            }
        }
        named
    }

    fn solvers(&self) -> Vec<SolverInfo> {
        solvebatch_scrabble::solvers()
            .iter()
            .map(|solver| SolverInfo { name: solver.name(), description: solver.description() })
            .collect()
    }

    fn prepare(&self, solver: &str, settings: &Settings) -> Result<Box<dyn Prepared>, FamilyError> {
        let (solver, rules) = solver_and_rules(solver, settings)?;
        let settings = PositionSettings {
            dictionary: settings.dictionary.clone(),
            tiles: settings.tiles.clone(),
            rules,
            dictionary_cache: settings.dictionary_cache.clone(),
        };
        Ok(Box::new(Job::new(solver, settings)?))
    }
}

/// The move generator called `solver` and the rules `settings` name, if any.
///
/// # Errors
/// An unknown generator or rules.
pub fn solver_and_rules(solver: &str, settings: &Settings) -> Result<(Solver, Option<Rules>), FamilyError> {
    let solver: Solver = solver.parse()?;
    let rules = settings.rules.as_deref().map(str::parse::<Rules>).transpose()?;
    Ok((solver, rules))
}

impl Prepared for Job {
    fn solver(&self) -> &'static str {
        Job::solver(self).name()
    }

    fn solve(&self, path: &Path, input: &[u8], deadline: Deadline) -> Outcome {
        let text = match crate::text::decode(input) {
            Ok(text) => text,
            Err(message) => return Outcome::invalid(message),
        };
        let judged = Job::solve(self, path, text, deadline);
        let outcome = match judged.outcome {
            PositionOutcome::Solved(solution) => {
                let statistics = solution.statistics();
                Outcome::answer(Status::Solved, solution.text, &statistics)
            }
            PositionOutcome::NoPlay(solution) => {
                let statistics = solution.statistics();
                Outcome::answer(Status::NoSolution, solution.text, &statistics)
            }
            PositionOutcome::Invalid(error) => Outcome::invalid(error.to_string()),
            PositionOutcome::Interrupted => Outcome::stopped(deadline),
        };
        Outcome { warning: judged.warning, ..outcome }
    }

    /// Checks every listed play on the board ([`solvebatch_scrabble::verify`]); says whether one
    /// exists.
    fn verify(&self, path: &Path, input: &[u8], output: &str) -> Result<bool, FamilyError> {
        let text = crate::text::decode(input)?;
        let loaded = self.load(path, text, true)?;
        solvebatch_scrabble::verify(&loaded, output)?;
        Ok(output.lines().last() != Some("no valid play"))
    }
}
