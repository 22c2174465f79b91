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

/// A name that no solver has.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("no tic-tac-toe solver is called `{0}` (there is: replay)")]
pub struct UnknownSolver(pub String);

impl FromStr for Solver {
    type Err = UnknownSolver;

    fn from_str(name: &str) -> Result<Solver, UnknownSolver> {
        Solver::ALL
            .into_iter()
            .find(|solver| solver.name() == name)
            .ok_or_else(|| UnknownSolver(name.to_string()))
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
            "no tic-tac-toe solver is called `fast` (there is: replay)"
        );
        assert_eq!(solvers().iter().map(|solver| solver.name()).collect::<Vec<_>>(), ["replay"]);
    }
}
