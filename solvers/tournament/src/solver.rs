//! The solver interface and the registry of every solver this crate offers.

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

/// Every solver of this crate; the first, the reference backtracking matcher, is the default.
pub fn solvers() -> &'static [&'static dyn Solver] {
    &[&crate::Backtrack, &crate::Dlx, &crate::DlxFrb, &crate::DlxRestarts, &crate::Sat, &crate::Portfolio]
}

/// The solver called `name`, if there is one.
pub fn solver(name: &str) -> Option<&'static dyn Solver> {
    solvers().iter().copied().find(|solver| solver.name() == name)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::{check_round, format, parse};

    const TABLES: usize = 2000;

    /// Solves, with the solver called `name`, the file of [`TABLES`] tables with one pairing each
    /// (`2t,2t+1,t` on line `t + 1`), checks that the answer is its only round, each table playing its
    /// pairing, and returns the statistics.
    fn solves_one_pairing_per_table(name: &str) -> Stats {
        let text: String = std::iter::once(format!("{TABLES}\n"))
            .chain((0..TABLES).map(|t| format!("{},{},{t}\n", 2 * t, 2 * t + 1)))
            .collect();
        let instance = parse(&text).unwrap();
        let solution = solver(name).unwrap().solve(&instance, &Limits::default()).unwrap();
        let round = solution.round.expect("a round");
        assert_eq!(check_round(&instance, &round), Ok(()));
        assert_eq!(round.pairing_at_table, (0..TABLES).collect::<Vec<_>>());
        let printed = format(&instance, Some(&round));
        assert!(printed.starts_with("Table 0: 0 vs. 1\nTable 1: 2 vs. 3\nTable 2: 4 vs. 5\n"), "{name}");
        assert!(printed.ends_with("\nTable 1999: 3998 vs. 3999\n"), "{name}");
        assert_eq!(printed.lines().count(), TABLES);
        solution.stats
    }

    #[test]
    fn backtrack_takes_one_pairing_per_table_in_one_pass() {
        assert_eq!(solves_one_pairing_per_table("backtrack"), Stats { nodes: 2000, backtracks: 0 });
    }

    /// Every item has one option: each level takes the first table's, without a dead end.
    #[test]
    fn dlx_takes_one_pairing_per_table_without_a_dead_end() {
        assert_eq!(solves_one_pairing_per_table("dlx"), Stats { nodes: 2000, backtracks: 0 });
    }

    /// Over 64 tables `dlx-restarts` searches on dancing links: every item has one option, no dead end.
    #[test]
    fn dlx_restarts_takes_one_pairing_per_table_without_a_dead_end() {
        assert_eq!(solves_one_pairing_per_table("dlx-restarts"), Stats { nodes: 2000, backtracks: 0 });
    }

    /// The split forces every pairing: one empty cube, solved without a conflict.
    #[test]
    fn sat_takes_one_pairing_per_table_without_a_conflict() {
        assert_eq!(solves_one_pairing_per_table("sat"), Stats { nodes: 0, backtracks: 0 });
    }

    #[test]
    fn portfolio_takes_one_pairing_per_table() {
        solves_one_pairing_per_table("portfolio");
    }
}
