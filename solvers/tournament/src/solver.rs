//! The solver interface: what a solve may use ([`Limits`]), what it answers ([`Solution`],
//! [`Stats`]) or [`Interrupted`]; the registry of every solver is [`mod@crate::solvers`].

use serde::Serialize;
pub use solvebatch_core::Deadline;

use crate::instance::Instance;
use crate::round::Round;

/// What a solve may use: a deadline, threads and a seed.
#[derive(Debug, Clone, Copy)]
pub struct Limits<'a> {
    /// Stop with [`Interrupted`] soon after this passes (solvers check it every few thousand nodes).
    pub deadline: Deadline<'a>,
    /// Worker threads a solver may use (1: single-threaded).
    pub threads: usize,
    /// Seed for solvers with randomness.
    pub seed: u64,
}

impl Default for Limits<'static> {
    fn default() -> Limits<'static> {
        Limits { deadline: Deadline::NEVER, threads: 1, seed: 0 }
    }
}

impl Limits<'_> {
    /// Whether the deadline has passed.
    pub fn expired(&self) -> bool {
        self.deadline.passed()
    }
}

/// The solve ran past [`Limits::deadline`].
#[derive(Debug, Clone, Copy, PartialEq, Eq, thiserror::Error)]
#[error("the time limit was reached")]
pub struct Interrupted;

/// Search effort, comparable across runs of one solver.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Serialize)]
pub struct Stats {
    /// Search nodes: pairings examined (backtrack), options tried (dancing links); 0 for SAT, whose
    /// solver does not report its decisions.
    pub nodes: u64,
    /// Dead ends: pairings taken back (backtrack, dancing links), conflicts (SAT).
    pub backtracks: u64,
}

/// The answer of a solver: a round if one exists, and the effort spent.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Solution {
    /// A round, or `None` when the instance has none.
    pub round: Option<Round>,
    /// Search statistics.
    pub stats: Stats,
}

/// A tournament-round solver. Every round it reports is valid, and all solvers agree on whether a round
/// exists; which round is reported when there are several is up to the solver.
pub trait Solver: Sync {
    /// The name given to `--solver`.
    fn name(&self) -> &'static str;

    /// One line describing the method, with its source.
    fn description(&self) -> &'static str;

    /// Finds a round of `instance`.
    ///
    /// # Errors
    /// [`Interrupted`] when [`Limits::deadline`] passes first.
    fn solve(&self, instance: &Instance, limits: &Limits) -> Result<Solution, Interrupted>;
}
