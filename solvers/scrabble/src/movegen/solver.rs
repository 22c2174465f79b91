//! The move generators offered to the batch runner, by name.

use solvebatch_core::Deadline;
use std::fmt;
use std::str::FromStr;

use crate::board::Board;
use crate::movegen::brute_force::{moves_by_brute_force, TimedOut};
use crate::movegen::moves::Move;
use crate::play::Rulebook;
use crate::quote::quote;
use crate::tiles::rack::Rack;

/// A way to find every valid play (a move generator: the `--solver` of the family).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Solver {
    /// Anchor squares and cross-checks over the DAWG (Appel and Jacobson 1988): the default.
    Anchor,
    /// Every start square, direction and ordered selection of the rack, checked by the play checker.
    BruteForce,
}

impl Solver {
    /// Every generator, the default first.
    pub const ALL: [Solver; 2] = [Solver::Anchor, Solver::BruteForce];

    /// The name given to `--solver`.
    pub fn name(self) -> &'static str {
        match self {
            Solver::Anchor => "anchor",
            Solver::BruteForce => "brute-force",
        }
    }

    /// One line for `list-solvers`.
    pub fn description(self) -> &'static str {
        match self {
            Solver::Anchor => "anchor squares and cross-checks over a DAWG (Appel and Jacobson 1988)",
            Solver::BruteForce => {
                "every start square, direction and ordering of rack letters, checked one by one (slow)"
            }
        }
    }

    /// Every valid play of `rack` on `board`, in no particular order.
    ///
    /// # Errors
    /// [`TimedOut`] when `deadline` passes first (only the brute force is slow enough to check).
    pub fn moves(
        self,
        rulebook: &Rulebook,
        board: &Board,
        rack: &Rack,
        deadline: Deadline<'_>,
    ) -> Result<Vec<Move>, TimedOut> {
        match self {
            Solver::Anchor => Ok(rulebook.moves(board, rack)),
            Solver::BruteForce => moves_by_brute_force(rulebook, board, rack, deadline),
        }
    }
}

impl fmt::Display for Solver {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

pub use solvebatch_core::UnknownSolver;

impl FromStr for Solver {
    type Err = UnknownSolver;

    fn from_str(name: &str) -> Result<Solver, UnknownSolver> {
        Solver::ALL.into_iter().find(|generator| generator.name() == name).ok_or_else(|| UnknownSolver {
            family: "scrabble",
            solver: quote(name),
            offered: Solver::ALL.iter().map(|generator| generator.name()).collect(),
        })
    }
}

/// Every move generator, the default first.
pub fn solvers() -> &'static [Solver] {
    &Solver::ALL
}
