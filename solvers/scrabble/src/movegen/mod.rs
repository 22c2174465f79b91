//! Move generation: every valid play of a rack ([`crate::play::Rulebook::moves`], by anchor squares
//! and cross-checks over the DAWG, Appel and Jacobson 1988: [`generate`], reading the board as
//! lines with their anchors and cross-checks, `lines`), a generated [`moves::Move`]
//! and the best N of them ([`moves::best`], [`moves::rank`]), the slow reference they are tested
//! against ([`brute_force::moves_by_brute_force`]), and the registry of generators the batch runner
//! offers ([`solver::solvers`], each a [`solver::Solver`]).

pub mod brute_force;
pub mod generate;
pub(crate) mod lines;
pub mod moves;
pub mod solver;
