//! The tic-tac-toe family in the batch runner: `.in` game files, each with its `.ref` reference beside
//! it (`a.in` -> `a.ref`), replayed by `solvebatch-tictactoe`.

use std::path::{Path, PathBuf};

use solvebatch_tictactoe::{replay, Statistics};

use super::{Family, Job, Outcome, SolverInfo, Status};

/// The ultimate tic-tac-toe replay family.
pub struct TicTacToe;

impl Family for TicTacToe {
    fn name(&self) -> &'static str {
        "tictactoe"
    }

    fn is_input(&self, path: &Path) -> bool {
        super::name_ends_with(path, ".in")
    }

    fn reference_path(&self, input: &Path) -> PathBuf {
        input.with_extension("ref")
    }

    fn solvers(&self) -> Vec<SolverInfo> {
        vec![SolverInfo {
            name: "replay",
            description: "replay the moves: diagonal fallback cursor, per-line win counters",
        }]
    }

    fn solve(&self, job: &Job) -> Outcome {
        // A replay takes time linear in the file (milliseconds for a million moves): no deadline polling.
        match replay(job.input) {
            Ok(replayed) => Outcome {
                status: Status::Solved,
                output: replayed.output,
                stats: stats(&replayed.statistics),
            },
            Err(error) => Outcome::invalid(error.to_string()),
        }
    }
}

fn stats(statistics: &Statistics) -> Vec<(&'static str, u64)> {
    vec![
        ("moves", statistics.moves),
        ("rounds", statistics.rounds),
        ("assigned", statistics.assigned),
        ("messages", statistics.messages),
        ("ignored", statistics.ignored),
    ]
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::family::JobOptions;

    fn solve(input: &[u8]) -> Outcome {
        let options = JobOptions::default();
        let job =
            Job { path: Path::new("game.in"), input, solver: "replay", deadline: None, options: &options };
        TicTacToe.solve(&job)
    }

    #[test]
    fn takes_in_files_with_ref_references_beside_them() {
        assert!(TicTacToe.is_input(Path::new("games/a.in")));
        assert!(!TicTacToe.is_input(Path::new("games/a.ref")));
        assert!(!TicTacToe.is_input(Path::new("games/.in")));
        assert!(!TicTacToe.is_input(Path::new("games/a.csv")));
        assert_eq!(TicTacToe.reference_path(Path::new("games/a.in")), Path::new("games/a.ref"));
        assert_eq!(TicTacToe.reference_path(Path::new("a.b.in")), Path::new("a.b.ref"));
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
            outcome.stats,
            [("moves", 3), ("rounds", 1), ("assigned", 0), ("messages", 3), ("ignored", 0)]
        );
    }

    #[test]
    fn a_malformed_game_is_invalid_with_the_line() {
        let outcome = solve(b"3 2\nX 0 0\n");
        let message = "line 2: the file ends after 1 of 2 moves";
        assert_eq!(outcome.status, Status::Invalid(message.to_string()));
        assert_eq!(outcome.output, format!("{message}\n"));
    }
}
