//! The tic-tac-toe family as the runner sees it ([`solvebatch_core::Family`]): `.in` game files,
//! each with its `.ref` reference beside it (`a.in` -> `a.ref`), replayed by [`Job`].

use std::path::{Path, PathBuf};

use solvebatch_core::{Deadline, Family, FamilyError, Outcome, Prepared, Settings, SolverInfo, Status};

use crate::{self as tictactoe, Job};

/// The ultimate tic-tac-toe replay family.
pub struct TicTacToe;

impl Family for TicTacToe {
    fn name(&self) -> &'static str {
        "tictactoe"
    }

    fn title(&self) -> &'static str {
        "tic-tac-toe"
    }

    fn extension(&self) -> &'static str {
        ".in"
    }

    fn reference_path(&self, input: &Path) -> PathBuf {
        input.with_extension("ref")
    }

    fn solvers(&self) -> Vec<SolverInfo> {
        tictactoe::solvers()
            .iter()
            .map(|solver| SolverInfo { name: solver.name(), description: solver.description() })
            .collect()
    }

    fn prepare(&self, solver: &str, _settings: &Settings) -> Result<Box<dyn Prepared>, FamilyError> {
        Ok(Box::new(Job::new(solver)?))
    }
}

impl Prepared for Job {
    fn solver(&self) -> &'static str {
        Job::solver(self).name()
    }

    /// A replay takes time linear in the file (milliseconds for a million moves): no deadline polling.
    fn solve(&self, _path: &Path, input: &[u8], _deadline: Deadline) -> Outcome {
        match Job::solve(self, input) {
            Ok(replayed) => Outcome::answer(Status::Solved, replayed.output, &replayed.statistics),
            Err(error) => Outcome::invalid(error.to_string()),
        }
    }

    /// Compares with the replay ([`tictactoe::verify`]): the spec fixes every byte.
    fn verify(&self, _path: &Path, input: &[u8], output: &str) -> Result<bool, FamilyError> {
        match tictactoe::verify(input, output) {
            Ok(()) => Ok(true),
            Err(tictactoe::OutputMismatch::Input(error)) if output == format!("{error}\n") => Ok(false),
            Err(error) => Err(error.into()),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn solve(input: &[u8]) -> Outcome {
        TicTacToe.prepare("replay", &Settings::default()).unwrap().solve(
            Path::new("game.in"),
            input,
            Deadline::NEVER,
        )
    }

    #[test]
    fn a_valid_game_is_solved_with_its_output_and_counts() {
        let outcome = solve(b"1 3\nX 0 0\nX 0 0\n0 7 7\n");
        assert_eq!(outcome.status, Status::Solved);
        assert_eq!(
            outcome.output,
            "NOT YOUR TURN\nINVALID INDEX\nFULL BOARD\nX\nX won\nX 1.0000000000\n0 N/A\n"
        );
        assert_eq!(
            serde_json::to_value(&outcome.stats).unwrap(),
            serde_json::json!({"moves": 3, "rounds": 1, "assigned": 0, "messages": 3, "ignored": 0})
        );
    }

    #[test]
    fn a_malformed_game_is_invalid_with_the_line() {
        let outcome = solve(b"3 2\nX 0 0\n");
        assert_eq!(outcome.status, Status::Invalid);
        assert_eq!(outcome.message.as_deref(), Some("line 2: the file ends after 1 of 2 moves"));
        assert_eq!(outcome.output, "line 2: the file ends after 1 of 2 moves\n");
    }
}
