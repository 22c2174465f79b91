//! The whole job on one pairing file, as every front end runs it (the batch runner, `compare`, the
//! `tournament` command, the web app): a [`Job`] prepared once per run, then
//! [`Job::solve`] on each file's bytes; [`verify`] checks any printed answer.

use crate::instance::Instance;
use crate::parse::{parse, ParseError};
use crate::round::format;
use crate::solver::{Deadline, Limits, Solver, Stats};
use crate::solvers::{solver, solvers};
use crate::verify::{read_round, OutputError};

pub use solvebatch_core::UnknownSolver;

/// The error for `name`, which no solver has.
fn unknown(name: &str) -> UnknownSolver {
    let offered = solvers().iter().map(|solver| solver.name()).collect();
    UnknownSolver { family: "tournament", solver: name.to_string(), offered }
}

/// How one pairing file ended.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum RoundOutcome {
    /// A round: its printed form (`Table i: j vs. k` lines) and the search effort.
    Found {
        /// The round as [`format()`] prints it.
        output: String,
        /// Search statistics.
        stats: Stats,
    },
    /// No round exists: the printed line `No tournament found.` and the search effort.
    NoRound {
        /// [`crate::round::NO_ROUND`].
        output: String,
        /// Search statistics.
        stats: Stats,
    },
    /// The file breaks the format; the error carries the spec's text and line.
    Invalid(ParseError),
    /// The deadline passed first.
    Interrupted,
}

/// A run over pairing files: the solver with its threads and seed.
#[derive(Debug, Clone, Copy)]
pub struct Job {
    solver: &'static dyn Solver,
    threads: usize,
    seed: u64,
}

impl std::fmt::Debug for dyn Solver {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(self.name())
    }
}

impl Job {
    /// Prepares a run with the solver called `name`, `threads` worker threads (at least 1) and a seed.
    ///
    /// # Errors
    /// [`UnknownSolver`] when no solver has that name.
    pub fn new(name: &str, threads: usize, seed: u64) -> Result<Job, UnknownSolver> {
        let solver = solver(name).ok_or_else(|| unknown(name))?;
        Ok(Job { solver, threads: threads.max(1), seed })
    }

    /// The solver of this run.
    pub fn solver(&self) -> &'static dyn Solver {
        self.solver
    }

    /// Reads the pairing file `input` and finds a round, stopping soon after `deadline`.
    pub fn solve(&self, input: &[u8], deadline: Deadline<'_>) -> RoundOutcome {
        match parse(input) {
            Ok(instance) => self.solve_instance(&instance, deadline),
            Err(error) => RoundOutcome::Invalid(error),
        }
    }

    /// Finds a round of a parsed `instance` (one with [`crate::pins::Pins`] applied, say), stopping soon
    /// after `deadline`; never [`RoundOutcome::Invalid`].
    pub fn solve_instance(&self, instance: &Instance, deadline: Deadline<'_>) -> RoundOutcome {
        let limits = Limits { deadline, threads: self.threads, seed: self.seed };
        match self.solver.solve(instance, &limits) {
            Ok(solution) => {
                let output = format(instance, solution.round.as_ref());
                match solution.round {
                    Some(_) => RoundOutcome::Found { output, stats: solution.stats },
                    None => RoundOutcome::NoRound { output, stats: solution.stats },
                }
            }
            Err(_) => RoundOutcome::Interrupted,
        }
    }
}

/// Why a printed answer cannot be checked, or is wrong; the cause ([`std::error::Error::source`])
/// says what exactly.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum VerifyError {
    /// The pairing file itself is invalid.
    #[error("the input is invalid")]
    Input(#[source] ParseError),
    /// The answer is not a round of the input.
    #[error(transparent)]
    Output(#[from] OutputError),
}

/// Checks a printed answer against its pairing file, independently of any solver: `Ok(true)` for a
/// valid round, `Ok(false)` for `No tournament found.` (which only a complete search can confirm:
/// compare it with another solver's or a reference's answer).
///
/// ```
/// use solvebatch_tournament::verify;
///
/// let input = b"3\n0,1,0\n1,2,0\n3,4,1\n5,0,2\n";
/// assert_eq!(verify(input, "Table 0: 1 vs. 2\nTable 1: 3 vs. 4\nTable 2: 5 vs. 0\n"), Ok(true));
/// assert_eq!(verify(input, "No tournament found.\n"), Ok(false));
/// let error = verify(input, "Table 0: 0 vs. 1\nTable 1: 3 vs. 4\nTable 2: 5 vs. 0\n").unwrap_err();
/// let cause = std::error::Error::source(&error).unwrap();
/// assert_eq!(format!("{error}: {cause}"), "not a round: player 0 plays twice");
/// let invalid = verify(b"0\n", "").unwrap_err();
/// let cause = std::error::Error::source(&invalid).unwrap();
/// assert_eq!(format!("{invalid}: {cause}"), "the input is invalid: The number of tables must be positive.");
/// ```
///
/// # Errors
/// [`VerifyError::Input`] for an invalid pairing file, [`VerifyError::Output`] for an answer that is
/// not a round of it.
pub fn verify(input: &[u8], output: &str) -> Result<bool, VerifyError> {
    let instance = parse(input).map_err(VerifyError::Input)?;
    Ok(read_round(&instance, output)?.is_some())
}

#[cfg(test)]
mod tests {
    use super::*;

    const EXAMPLE: &[u8] = b"3\n0,1,0\n1,2,0\n3,4,1\n5,0,2\n";

    #[test]
    fn each_outcome_of_a_file() {
        let job = Job::new("dlx", 1, 0).unwrap();
        assert_eq!(
            job.solve(EXAMPLE, Deadline::NEVER),
            RoundOutcome::Found {
                output: "Table 0: 1 vs. 2\nTable 1: 3 vs. 4\nTable 2: 5 vs. 0\n".to_string(),
                stats: Stats { nodes: 3, backtracks: 0 },
            }
        );
        assert!(
            matches!(job.solve(b"2\n0,1,0\n", Deadline::NEVER), RoundOutcome::NoRound { ref output, .. } if output == "No tournament found.\n")
        );
        // Player 0 against itself on line 1 (lines count from 0).
        assert_eq!(
            job.solve(b"1\n0,0,0\n", Deadline::NEVER),
            RoundOutcome::Invalid(ParseError::SamePlayers { line: 1 })
        );
        assert_eq!(
            Job::new("magic", 1, 0).unwrap_err().to_string(),
            "the tournament family has no solver `magic` (it has: backtrack, dlx, dlx-frb, dlx-restarts, sat, \
             portfolio)"
        );
    }
}
