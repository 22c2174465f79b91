//! The tictactoe family in the batch runner (placeholder until the family crate lands).

use std::path::{Path, PathBuf};

use super::{Family, Job, Outcome, SolverInfo};

/// The tictactoe family.
pub struct TicTacToe;

impl Family for TicTacToe {
    fn name(&self) -> &'static str {
        "tictactoe"
    }

    fn is_input(&self, _path: &Path) -> bool {
        false
    }

    fn reference_path(&self, input: &Path) -> PathBuf {
        super::with_suffix(input, ".expected")
    }

    fn solvers(&self) -> Vec<SolverInfo> {
        Vec::new()
    }

    fn solve(&self, _job: &Job) -> Outcome {
        Outcome::invalid("not available yet".to_string())
    }
}
