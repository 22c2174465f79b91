//! The tournament family: `.csv` pairing files, `.csv.expected` references, solved by
//! [`solvebatch_tournament::Job`].

use std::path::Path;

use solvebatch_tournament::{self as tournament, Job, RoundOutcome};

use crate::family::boundary::{Deadline, Family, FamilyError, Prepared, Settings, SolverInfo};
use crate::outcome::Outcome;
use crate::outcome::Status;

/// The tournament-round family.
pub struct Tournament;

impl Family for Tournament {
    fn name(&self) -> &'static str {
        "tournament"
    }

    fn extension(&self) -> &'static str {
        ".csv"
    }

    fn no_solution_label(&self) -> &'static str {
        "no round"
    }

    fn solvers(&self) -> Vec<SolverInfo> {
        tournament::solvers()
            .iter()
            .map(|solver| SolverInfo { name: solver.name(), description: solver.description() })
            .collect()
    }

    fn prepare(&self, solver: &str, settings: &Settings) -> Result<Box<dyn Prepared>, FamilyError> {
        Ok(Box::new(Job::new(solver, settings.threads, settings.seed)?))
    }
}

impl Prepared for Job {
    fn solver(&self) -> &'static str {
        Job::solver(self).name()
    }

    fn solve(&self, _path: &Path, input: &[u8], deadline: Deadline) -> Outcome {
        match Job::solve(self, input, deadline) {
            RoundOutcome::Found { output, stats } => Outcome::answer(Status::Solved, output, &stats),
            RoundOutcome::NoRound { output, stats } => Outcome::answer(Status::NoSolution, output, &stats),
            RoundOutcome::Invalid(error) => Outcome::invalid(error.to_string()),
            RoundOutcome::Interrupted => Outcome::stopped(deadline),
        }
    }

    /// Reads the printed round back and checks it against the input ([`tournament::verify`]).
    fn verify(&self, _path: &Path, input: &[u8], output: &str) -> Result<bool, FamilyError> {
        Ok(tournament::verify(input, output)?)
    }

    /// Any valid round is a correct answer; the reference matcher's is one of them.
    fn output_is_fixed(&self) -> bool {
        false
    }
}
