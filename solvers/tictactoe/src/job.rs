//! The whole job on one game file, as every front end runs it (the batch runner, `compare`, the web
//! app): a [`Job`] prepared once per run with a solver of [`crate::solvers`], then [`Job::solve`] on
//! each file's bytes; [`crate::verify`] checks any printed output.

use crate::parse::GameFileError;
use crate::registry::{Solver, UnknownSolver};
use crate::replay::{replay, Replayed};

/// A run over game files with one solver.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Job {
    solver: Solver,
}

impl Job {
    /// Prepares a run with the solver called `name`.
    ///
    /// # Errors
    /// [`UnknownSolver`] when no solver has that name.
    pub fn new(name: &str) -> Result<Job, UnknownSolver> {
        Ok(Job { solver: name.parse()? })
    }

    /// The solver of this run.
    pub fn solver(&self) -> Solver {
        self.solver
    }

    /// Replays the game file `text` ([`crate::replay`]).
    ///
    /// # Errors
    /// The first [`GameFileError`] of the file.
    pub fn solve(&self, text: &[u8]) -> Result<Replayed, GameFileError> {
        match self.solver {
            Solver::Cursor => replay(text),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_job_replays_with_its_solver_and_refuses_unknown_names() {
        let job = Job::new("replay").unwrap();
        assert_eq!(job.solver(), Solver::Cursor);
        assert_eq!(job.solve(b"1 1\nX 0 0\n").unwrap().output, "X\nX won\nX 1.0000000000\n0 N/A\n");
        assert_eq!(
            Job::new("fast").unwrap_err().to_string(),
            "the tictactoe family has no solver `fast` (it has: replay)"
        );
    }
}
