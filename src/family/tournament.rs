//! The tournament family in the batch runner: `.csv` pairing files, `.csv.expected` references.

use std::path::{Path, PathBuf};

use solvebatch_tournament as tournament;

use super::{Family, Job, Outcome, SolverInfo, Status};

/// The tournament-round family.
pub struct Tournament;

impl Family for Tournament {
    fn name(&self) -> &'static str {
        "tournament"
    }

    fn is_input(&self, path: &Path) -> bool {
        super::name_ends_with(path, ".csv")
    }

    fn reference_path(&self, input: &Path) -> PathBuf {
        super::with_suffix(input, ".expected")
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

    fn solve(&self, job: &Job) -> Outcome {
        let instance = match tournament::parse(job.input) {
            Ok(instance) => instance,
            Err(error) => return Outcome::invalid(error.to_string()),
        };
        let Some(solver) = tournament::solver(job.solver) else {
            return Outcome::invalid(format!("no tournament solver is called `{}`", job.solver));
        };
        let limits = tournament::Limits {
            deadline: job.deadline,
            threads: job.options.threads,
            seed: job.options.seed,
        };
        match solver.solve(&instance, &limits) {
            Ok(solution) => Outcome {
                status: if solution.round.is_some() { Status::Solved } else { Status::NoSolution },
                output: tournament::format(&instance, solution.round.as_ref()),
                stats: vec![("nodes", solution.stats.nodes), ("backtracks", solution.stats.backtracks)],
            },
            Err(tournament::Interrupted) => Outcome::timeout(),
        }
    }

    /// Reads the printed round back and checks it against the input ([`tournament::read_round`]).
    fn verify(&self, job: &Job, outcome: &Outcome) -> Result<(), String> {
        let instance = match tournament::parse(job.input) {
            Ok(instance) => instance,
            Err(error) if outcome.status == Status::Invalid(error.to_string()) => return Ok(()),
            Err(error) => {
                return Err(format!("the input is invalid ({error}) but the result is not that error"))
            }
        };
        match (&outcome.status, tournament::read_round(&instance, &outcome.output)) {
            (Status::Timeout, _) | (Status::Solved, Ok(Some(_))) | (Status::NoSolution, Ok(None)) => Ok(()),
            (_, Err(error)) => Err(error.to_string()),
            (Status::Solved, Ok(None)) => Err("solved, yet the output says no round".to_string()),
            (_, Ok(_)) => Err("the output does not match the result".to_string()),
        }
    }
}
