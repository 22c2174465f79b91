//! The Scrabble family: `.scrabble` position files, `.scrabble.expected` references, judged by
//! [`solvebatch_scrabble::PositionSolver`] (which reads each dictionary once per run).

use std::path::{Path, PathBuf};

use solvebatch_scrabble::{Generator, PositionOutcome, PositionSettings, PositionSolver, Rules};

use crate::family::boundary::{Deadline, Family, Prepared, Settings, SolverInfo};
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
        let regular = std::fs::metadata(input).is_ok_and(|metadata| metadata.is_file());
        let Some(text) = regular.then(|| crate::text::read_limited(input, None).ok()).flatten() else {
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
        Generator::ALL
            .iter()
            .map(|generator| SolverInfo { name: generator.name(), description: generator.description() })
            .collect()
    }

    fn prepare(&self, solver: &str, settings: &Settings) -> Result<Box<dyn Prepared>, String> {
        let (generator, rules) = generator_and_rules(solver, settings)?;
        let settings = PositionSettings {
            dictionary: settings.dictionary.clone(),
            tiles: settings.tiles.clone(),
            rules,
            dictionary_cache: settings.dictionary_cache.clone(),
        };
        Ok(Box::new(PositionSolver::new(generator, settings).map_err(|error| error.to_string())?))
    }
}

/// The move generator called `solver` and the rules `settings` name, if any.
///
/// # Errors
/// An unknown generator or rules, in words.
pub fn generator_and_rules(solver: &str, settings: &Settings) -> Result<(Generator, Option<Rules>), String> {
    let generator: Generator = solver.parse().map_err(|error| format!("{error}"))?;
    let rules = settings
        .rules
        .as_deref()
        .map(|name| name.parse::<Rules>().map_err(|error| error.to_string()))
        .transpose()?;
    Ok((generator, rules))
}

impl Prepared for PositionSolver {
    fn solver(&self) -> &'static str {
        self.generator().name()
    }

    fn solve(&self, path: &Path, input: &[u8], deadline: Deadline) -> Outcome {
        let text = match crate::text::decode(input) {
            Ok(text) => text,
            Err(message) => return Outcome::invalid(message),
        };
        match PositionSolver::solve(self, path, text, deadline) {
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
        }
    }

    /// Checks every listed play on the board ([`solvebatch_scrabble::verify`]); says whether one
    /// exists.
    fn verify(&self, path: &Path, input: &[u8], output: &str) -> Result<bool, String> {
        let text = crate::text::decode(input)?;
        let loaded = self.load(path, text, true).map_err(|error| error.to_string())?;
        solvebatch_scrabble::verify(&loaded, output).map_err(|error| error.to_string())?;
        Ok(output.lines().last() != Some("no valid play"))
    }
}
