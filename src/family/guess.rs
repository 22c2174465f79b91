//! The guess family: `.guess` batch files answered by [`solvebatch_guess::Job`].
//!
//! `--solver` is the strategy and `--digits` the number of digits (4 when not given).

use std::path::Path;

use solvebatch_guess::{self as guess, BatchError, Job};

use crate::family::boundary::{Deadline, Family, FamilyError, Prepared, Settings, SolverInfo};
use crate::outcome::Outcome;
use crate::outcome::Status;

/// The guess family.
pub struct Guess;

impl Family for Guess {
    fn name(&self) -> &'static str {
        "guess"
    }

    fn extension(&self) -> &'static str {
        ".guess"
    }

    fn solvers(&self) -> Vec<SolverInfo> {
        guess::solvers()
            .iter()
            .map(|solver| SolverInfo { name: solver.name(), description: solver.description() })
            .collect()
    }

    fn prepare(&self, solver: &str, settings: &Settings) -> Result<Box<dyn Prepared>, FamilyError> {
        Ok(Box::new(Job::new(solver, settings.digits)?))
    }
}

impl Prepared for Job {
    fn solver(&self) -> &'static str {
        Job::solver(self).name()
    }

    /// Answers every line; a file with malformed lines is [`Status::Invalid`] with the first error as
    /// message, and its output still holds every line.
    fn solve(&self, _path: &Path, input: &[u8], deadline: Deadline) -> Outcome {
        let text = guess::text::decode_lossy(input);
        match Job::solve(self, &text, deadline) {
            Ok(report) => {
                let statistics = report.statistics();
                let mut outcome = Outcome::answer(Status::Solved, report.output, &statistics);
                if let Some(error) = report.errors.first() {
                    outcome.status = Status::Invalid;
                    outcome.message = Some(error.to_string());
                }
                outcome
            }
            Err(BatchError::Interrupted) => Outcome::stopped(deadline),
            Err(error @ BatchError::UnsupportedDigits(_)) => Outcome::invalid(error.to_string()),
        }
    }

    /// Checks every line's answer ([`guess::verify`]).
    fn verify(&self, _path: &Path, input: &[u8], output: &str) -> Result<bool, FamilyError> {
        let text = guess::text::decode_lossy(input);
        guess::verify(&text, self.digits(), output)?;
        Ok(true)
    }

    /// The spec fixes the reference strategy's answers (`first`); other strategies' correct answers
    /// are `valid`.
    fn output_is_fixed(&self) -> bool {
        Job::solver(self).name() == "first"
    }
}
