//! The family's solver registry: one replay, since the spec fixes every byte of the output.

use std::fmt;
use std::str::FromStr;

/// A way to replay a game file (the `--solver` of the family).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Solver {
    /// [`crate::replay`]: the diagonal fallback by a cursor, wins by per-line counters.
    Cursor,
}

impl Solver {
    /// Every solver, the default first.
    pub const ALL: [Solver; 1] = [Solver::Cursor];

    /// The name given to `--solver`.
    pub fn name(self) -> &'static str {
        match self {
            Solver::Cursor => "replay",
        }
    }

    /// One line for `list-solvers`.
    pub fn description(self) -> &'static str {
        match self {
            Solver::Cursor => "replay the moves: diagonal fallback cursor, per-line win counters",
        }
    }
}

pub use solvebatch_core::UnknownSolver;

impl FromStr for Solver {
    type Err = UnknownSolver;

    fn from_str(name: &str) -> Result<Solver, UnknownSolver> {
        Solver::ALL.into_iter().find(|solver| solver.name() == name).ok_or_else(|| UnknownSolver {
            family: "tictactoe",
            solver: name.to_string(),
            offered: Solver::ALL.iter().map(|solver| solver.name()).collect(),
        })
    }
}

impl fmt::Display for Solver {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// Every solver, the default first.
pub fn solvers() -> &'static [Solver] {
    &Solver::ALL
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_read_back() {
        assert_eq!("replay".parse(), Ok(Solver::Cursor));
        assert_eq!(
            "fast".parse::<Solver>().unwrap_err().to_string(),
            "the tictactoe family has no solver `fast` (it has: replay)"
        );
        assert_eq!(solvers().iter().map(|solver| solver.name()).collect::<Vec<_>>(), ["replay"]);
    }
}
