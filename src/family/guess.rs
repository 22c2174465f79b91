//! The guess family in the batch runner: `.guess` batch files answered with `solvebatch_guess`.
//!
//! `--solver` is the strategy and `--digits` the number of digits (4 when not given).

use std::path::{Path, PathBuf};

use solvebatch_guess::{self as guess, BatchError, Digits};

use super::{Family, Job, Outcome, SolverInfo, Status};

/// The guess family.
pub struct Guess;

impl Family for Guess {
    fn name(&self) -> &'static str {
        "guess"
    }

    fn is_input(&self, path: &Path) -> bool {
        super::name_ends_with(path, ".guess")
    }

    fn reference_path(&self, input: &Path) -> PathBuf {
        super::with_suffix(input, ".expected")
    }

    fn solvers(&self) -> Vec<SolverInfo> {
        guess::strategies()
            .iter()
            .map(|strategy| SolverInfo { name: strategy.name(), description: strategy.description() })
            .collect()
    }

    /// Answers every line; a file with malformed lines is [`Status::Invalid`] with the first error as
    /// message, and its output still holds every line.
    fn solve(&self, job: &Job) -> Outcome {
        let text = crate::text::decode_lossy(job.input);
        let digits = match Digits::new(job.options.digits.unwrap_or(Digits::FOUR.get())) {
            Ok(digits) => digits,
            Err(error) => return Outcome::invalid(error.to_string()),
        };
        let strategy = match guess::strategy(job.solver) {
            Ok(strategy) => strategy,
            Err(error) => return Outcome::invalid(error.to_string()),
        };
        match guess::solve_batch(&text, digits, strategy, job.deadline) {
            Ok(report) => Outcome {
                status: match report.errors.first() {
                    Some(error) => Status::Invalid(error.to_string()),
                    None => Status::Solved,
                },
                output: report.output,
                stats: vec![
                    ("jobs", report.jobs as u64),
                    ("guesses", report.guesses),
                    ("errors", report.errors.len() as u64),
                ],
            },
            Err(BatchError::Interrupted) => Outcome::timeout(),
            Err(error @ BatchError::UnsupportedDigits(_)) => Outcome::invalid(error.to_string()),
        }
    }
}
