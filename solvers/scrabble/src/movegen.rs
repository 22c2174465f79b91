//! Move generation: every valid play of a rack ([`crate::Rulebook::moves`], by anchor squares and
//! cross-checks over the DAWG, Appel and Jacobson 1988), the best N of them ([`best`], [`rank`]), the
//! slow reference they are tested against ([`moves_by_brute_force`]), and the registry of generators
//! the batch runner offers ([`solvers`], each a [`Solver`]).

pub use crate::brute_force::{moves_by_brute_force, TimedOut};
pub use crate::moves::{best, format, rank, LetterRun, Move};
pub use crate::solver::{solvers, Solver, UnknownSolver};
