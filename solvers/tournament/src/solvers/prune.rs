//! Cheaper pruning for Algorithm X on bitsets ([`crate::search::pruning`]), measured one technique
//! at a time ([`pruned_effort`]), and `dlx-restarts` ([`DlxRestarts`]): failed-option tests
//! near the root (probing) and randomised restarts on a Luby schedule (Gomes, Selman and Kautz,
//! "Boosting combinatorial search through randomization", AAAI 1998; Luby, Sinclair and Zuckerman,
//! "Optimal speedup of Las Vegas algorithms", 1993).

use crate::instance::Instance;
use crate::round::Round;
use crate::search::bitset;
use crate::search::links::Links;
use crate::search::pruning::{ProbeStats, Pruning};
use crate::search::restarts::Restarts;
use crate::solver::{Interrupted, Limits, Solution, Solver, Stats};
use crate::solvers::dlx;
use crate::stop::Stop;

/// Options per unit of the Luby sequence for [`DlxRestarts`]: on the five planted 60-table files of
/// degree 6 (seeds 1 to 5, 15 s each), 1 000 solved none and 10 000 one (seed 1, in 7.5 s, where the
/// plain search timed out).
pub(crate) const RESTART_UNIT: u64 = 10_000;

/// Algorithm X on bitsets (as [`crate::solvers::dlx::Dlx`] on one thread), restarted from the root with a fresh
/// random option order at every level after `luby(i) * 10 000` options in run `i` (Luby, Sinclair and
/// Zuckerman 1993), against the heavy-tailed run times of instances with a round (Gomes, Selman and
/// Kautz 1998). The order of run `i` comes from ChaCha8 seeded [`Limits::seed`]` + i`, so the round
/// found depends on the seed. A run that ends before its budget settles the answer, so it still
/// proves that no round exists, at the cost of the restarts before it. Instances beyond the bitsets
/// (see [`crate::solvers::dlx::Dlx`]) are searched on dancing links without restarts.
#[derive(Debug, Clone, Copy, Default)]
pub struct DlxRestarts;

impl Solver for DlxRestarts {
    fn name(&self) -> &'static str {
        "dlx-restarts"
    }

    fn description(&self) -> &'static str {
        "Algorithm X on bitsets restarted on a Luby schedule with random orders (Gomes, Selman and Kautz \
         1998), one thread; wins where dlx finds a round late (60 tables, degree 6, with a round)"
    }

    fn solve(&self, instance: &Instance, limits: &Limits) -> Result<Solution, Interrupted> {
        solve_restarted(instance, &Stop::new(limits), limits.seed)
    }
}

/// [`DlxRestarts`]'s search, stopped by `stop` (a deadline, or another solver of a race answering).
pub(crate) fn solve_restarted(instance: &Instance, stop: &Stop, seed: u64) -> Result<Solution, Interrupted> {
    let restarts = Some(Restarts { unit: RESTART_UNIT, seed });
    let (round, stats, _) = search(instance, stop, &Pruning { restarts, ..Pruning::default() });
    Ok(Solution { round: round?, stats })
}

/// Searches `instance` on one thread with `pruning` (on bitsets when it fits, else plain dancing
/// links), to measure it: the round found, `None` when there is none, and the effort, also when
/// interrupted.
pub fn pruned_effort(
    instance: &Instance,
    limits: &Limits,
    pruning: &Pruning,
) -> (Result<Option<Round>, Interrupted>, Stats, ProbeStats) {
    search(instance, &Stop::new(limits), pruning)
}

/// [`pruned_effort`]'s search, stopped by `stop`.
fn search(
    instance: &Instance,
    stop: &Stop,
    pruning: &Pruning,
) -> (Result<Option<Round>, Interrupted>, Stats, ProbeStats) {
    let (mut stats, mut probe) = (Stats::default(), ProbeStats::default());
    let Some(n) = instance.tables_if_coverable() else { return (Ok(None), stats, probe) };
    let (options, pairing) = dlx::options(instance, n);
    let found = match bitset::Problem::new(3 * n, &options) {
        Some(problem) => problem.search_pruned(stop, pruning, &mut stats, &mut probe),
        None => {
            let mut links = Links::new(&options, 3 * n, crate::search::branching::Branching::FewestOptions);
            let found = links.search(stop);
            stats = links.stats;
            found
        }
    };
    let round = found.map(|found| {
        found.map(|chosen| Round::from_pairings(instance, chosen.iter().map(|&option| pairing[option])))
    });
    (round, stats, probe)
}

#[cfg(test)]
mod tests {
    use proptest::prelude::*;

    use super::*;
    use crate::instance::tests::instances;
    use crate::instance::Pairing;
    use crate::parse;
    use crate::round::check_round;
    use crate::search::pruning::FilterStats;
    use crate::solver::Solver;
    use crate::solvers::backtrack::Backtrack;

    /// Table `t` seats players `2t` and `2t + 1` in either order (2^20 rounds): the first run takes one
    /// option per table, whatever the order, without a dead end or a restart.
    #[test]
    fn restarts_take_a_round_in_the_first_run_when_there_is_no_dead_end() {
        let pairings = (0..20)
            .flat_map(|t| {
                [
                    Pairing { first: 2 * t, second: 2 * t + 1, table: t },
                    Pairing { first: 2 * t + 1, second: 2 * t, table: t },
                ]
            })
            .collect();
        let instance = Instance { tables: 20, pairings };
        for seed in [0, 1, 2] {
            let solution = DlxRestarts.solve(&instance, &Limits { seed, ..Limits::default() }).unwrap();
            assert_eq!(check_round(&instance, &solution.round.unwrap()), Ok(()));
            assert_eq!((solution.stats.nodes, solution.stats.backtracks), (20, 0));
        }
    }

    /// Players 2 and 3 each have one pairing, both at table 1: the first test, of table 0's only
    /// pairing 0-1, removes both and leaves them without one, so that pairing goes and table 0 is left
    /// without any: the root is refuted after one test, with no option tried, where `dlx` tries one.
    #[test]
    fn probing_the_root_refutes_two_forced_pairings_on_one_table() {
        let instance = parse("2\n0,1,0\n0,2,1\n1,3,1\n").unwrap();
        let pruning = Pruning { probe_levels: 1, ..Pruning::default() };
        let (round, stats, probe) = pruned_effort(&instance, &Limits::default(), &pruning);
        assert_eq!(round, Ok(None));
        assert_eq!((stats.nodes, probe.tests, probe.removed), (0, 1, 1));
        let plain = pruned_effort(&instance, &Limits::default(), &Pruning::default());
        assert_eq!((plain.0, plain.1.nodes), (Ok(None), 1));
    }

    /// Table 1's one pairing seats players 2 and 3, so table 0's pairing 0-2 is in no b-matching of
    /// tables onto players, and the edge 0-2 in no perfect matching of the path 1-0-2-3: each filter
    /// removes that one option of the three at the root and the search takes the round.
    #[test]
    fn each_filter_removes_the_pairing_no_round_uses() {
        let instance = parse("2\n0,1,0\n0,2,0\n2,3,1\n").unwrap();
        for pruning in [
            Pruning { table_filter_levels: 1, ..Pruning::default() },
            Pruning { pair_filter_levels: 1, ..Pruning::default() },
        ] {
            let (round, stats, probe) = pruned_effort(&instance, &Limits::default(), &pruning);
            assert_eq!(round.unwrap().unwrap().pairing_at_table, [0, 2]);
            assert_eq!(stats.nodes, 2);
            let filter =
                if pruning.table_filter_levels == 1 { probe.table_filter } else { probe.pair_filter };
            let expected = FilterStats { calls: 1, cuts: 0, options: 3, removed: 1, ..filter };
            assert_eq!(filter, expected);
        }
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(300))]

        /// `dlx-restarts`, probing at every level, the matching checks and filters and restarts after
        /// every few options change neither whether a round is found nor its validity.
        #[test]
        fn pruned_searches_agree_with_dlx_and_backtracking(instance in instances(), seed in 0u64..100) {
            let expected = Backtrack.solve(&instance, &Limits::default()).unwrap().round.is_some();
            let by_dlx = crate::solvers::dlx::Dlx.solve(&instance, &Limits::default()).unwrap().round.is_some();
            prop_assert_eq!(by_dlx, expected);
            let limits = Limits { seed, ..Limits::default() };
            let by_restarts = DlxRestarts.solve(&instance, &limits).unwrap().round;
            prop_assert_eq!(by_restarts.is_some(), expected);
            if let Some(round) = by_restarts {
                prop_assert_eq!(check_round(&instance, &round), Ok(()));
            }
            let restarts = Some(Restarts { unit: 2, seed });
            for pruning in [
                Pruning { probe_levels: 40, ..Pruning::default() },
                Pruning { restarts, ..Pruning::default() },
                Pruning { pairing_levels: 40, ..Pruning::default() },
                Pruning { table_filter_levels: 40, ..Pruning::default() },
                Pruning { pair_filter_levels: 40, ..Pruning::default() },
                Pruning { table_filter_levels: 3, pair_filter_levels: 40, restarts, ..Pruning::default() },
                Pruning { probe_levels: 2, matching_levels: 40, pairing_levels: 40, restarts, ..Pruning::default() },
            ] {
                let round = pruned_effort(&instance, &Limits::default(), &pruning).0.unwrap();
                prop_assert_eq!(round.is_some(), expected, "{:?}", pruning);
                if let Some(round) = round {
                    prop_assert_eq!(check_round(&instance, &round), Ok(()));
                }
            }
        }
    }
}
