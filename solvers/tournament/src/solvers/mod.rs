//! The solvers, one file each, and their registry ([`solvers`], [`solver`]): the reference
//! backtracking matcher ([`backtrack`]), Algorithm X on dancing links or bitsets with its item
//! choices ([`dlx`]), Algorithm X restarted on a Luby schedule and the measurement of each pruning
//! ([`prune`]), SAT on varisat ([`sat`], over the CNF encoding of [`cnf`], split into cubes by
//! `cube`, one cube share solved alone by [`share`], its DRAT proof written by `proof_sink`) and
//! the race of several ([`portfolio`]). They search with the engine of [`crate::search`].

pub mod backtrack;
pub mod cnf;
mod cube;
pub mod dlx;
pub mod portfolio;
mod proof_sink;
pub mod prune;
pub mod sat;
pub mod share;

use crate::solver::Solver;
use crate::solvers::backtrack::Backtrack;
use crate::solvers::dlx::{Dlx, DlxFrb};
use crate::solvers::portfolio::Portfolio;
use crate::solvers::prune::DlxRestarts;
use crate::solvers::sat::Sat;

/// Every solver of this crate; the first, the reference backtracking matcher, is the default.
pub fn solvers() -> &'static [&'static dyn Solver] {
    &[&Backtrack, &Dlx, &DlxFrb, &DlxRestarts, &Sat, &Portfolio]
}

/// The solver called `name`, if there is one.
pub fn solver(name: &str) -> Option<&'static dyn Solver> {
    solvers().iter().copied().find(|solver| solver.name() == name)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::parse;
    use crate::round::{check_round, format};
    use crate::solver::{Limits, Stats};

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
