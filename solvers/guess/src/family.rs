//! The guess family as the runner sees it ([`solvebatch_core::Family`]): `.guess` batch files
//! answered by [`Job`]. The solver is the strategy; the option `digits` the number of digits (4 when
//! not given).

use std::ffi::OsStr;
use std::path::Path;

use solvebatch_core::family::FamilyOption;
use solvebatch_core::{Deadline, Family, FamilyError, Outcome, Prepared, Settings, SolverInfo, Status};

use crate::{self as guess, BatchError, Digits, Job};

/// The guess family.
pub struct Guess;

/// The guess family's own settings.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct GuessSettings {
    /// The number of digits of the secrets; 4 when not given.
    pub digits: Option<u32>,
}

/// The options the guess family takes.
const OPTIONS: &[FamilyOption] = &[FamilyOption { name: "digits", values: "a number from 2 to 9" }];

/// The number `value` names, from [`Digits::MIN`] to [`Digits::MAX`].
fn digits_of(value: &str) -> Result<u32, String> {
    let digits = value.parse::<u32>().ok().filter(|digits| (Digits::MIN..=Digits::MAX).contains(digits));
    digits.ok_or_else(|| format!("`{value}` is not a number from {} to {}", Digits::MIN, Digits::MAX))
}

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

    fn figures_kinds(&self) -> &'static [solvebatch_core::figures::FiguresKind] {
        crate::figures::KINDS
    }

    fn options(&self) -> &'static [FamilyOption] {
        OPTIONS
    }

    fn set_option(&self, settings: &mut Settings, name: &str, value: &OsStr) -> Result<(), FamilyError> {
        match name {
            "digits" => settings.update(|own: &mut GuessSettings| {
                own.digits = Some(digits_of(&value.to_string_lossy())?);
                Ok::<_, FamilyError>(())
            }),
            _ => Err(Box::new(solvebatch_core::UnknownOption {
                family: self.name(),
                option: name.to_string(),
            })),
        }
    }

    fn prepare(&self, solver: &str, settings: &Settings) -> Result<Box<dyn Prepared>, FamilyError> {
        let own = settings.get::<GuessSettings>().copied().unwrap_or_default();
        Ok(Box::new(Job::new(solver, own.digits)?))
    }
}

impl Prepared for Job {
    fn solver(&self) -> &'static str {
        Job::solver(self).name()
    }

    /// Answers every line; a file with malformed lines is [`Status::Invalid`] with the first error as
    /// message, and its output still holds every line. A file with no job (empty, or blank lines and
    /// comments only) is [`Status::Invalid`] as a whole: no game to play.
    fn solve(&self, _path: &Path, input: &[u8], deadline: Deadline) -> Outcome {
        match Job::solve(self, input, deadline) {
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
            Err(error @ (BatchError::UnsupportedDigits(_) | BatchError::Empty | BatchError::NoJob)) => {
                Outcome::invalid(error.to_string())
            }
        }
    }

    /// Checks every line's answer ([`guess::verify`]).
    fn verify(&self, _path: &Path, input: &[u8], output: &str) -> Result<bool, FamilyError> {
        guess::verify(input, self.digits(), output)?;
        Ok(true)
    }

    /// The spec fixes the reference strategy's answers (`first`); other strategies' correct answers
    /// are `valid`.
    fn output_is_fixed(&self) -> bool {
        Job::solver(self).name() == "first"
    }
}
