//! Algorithm X pruned by the LP relaxation: at a node with at least [`LP_TABLES`] tables left, the
//! fractional exact cover of the remaining items by the remaining options must exist, or the node has no
//! round. Below that size the subtree goes to the plain search (bitsets, or dancing links when too large).

use std::time::Instant;

use crate::bitset;
use crate::dlx;
use crate::instance::Instance;
use crate::links::Links;
use crate::lp::{Lp, Snapshot, Status};
use crate::round::Round;
use crate::solver::{Interrupted, Limits, LpStats, Solution, Solver, Stats};
use crate::stop::Stop;

/// The fewest tables left at which a node solves its LP. Measured on the 45-table regular instances of
/// degree 6, seeds 1 and 3 (`dlx`: 0.95 M and 2.56 M nodes, 63 and 200 ms), with the LP from this many
/// tables left: 20 or 25, 22.6 k and 59.7 k nodes (the LPs refute nodes from 37 tables left down to
/// 23, most at 30 to 33); 30, 96 k and 214 k; 33, 618 k and 1.59 M; 36, 946 k and 2.54 M; 40, the
/// same nodes as `dlx`. Each LP takes about 30 pivots, 100 to 200 us, so every threshold that cuts
/// nodes is slower than `dlx` there; 20 keeps the smallest tree.
pub(crate) const LP_TABLES: usize = 20;

/// The most tables for which LPs are solved: the dense basis inverse takes `(3n)^2` numbers, and one
/// copy is kept per level with an LP (at 100 tables, 720 kB each). Larger instances are searched
/// without LPs.
pub(crate) const LP_MAX_TABLES: usize = 100;

/// Dual simplex pivots one LP may take before it is abandoned (the node is then searched unpruned).
const PIVOT_BUDGET: u64 = 2000;

/// Infeasibility certificates kept for reuse, the most recent first.
const POOL_SIZE: usize = 8;

/// A certificate proves a node infeasible when its value exceeds this, relative to `1 + sum |y_i|`
/// over the remaining items: far above the rounding error of the sums, far below the values of real
/// certificates.
const CERTIFICATE_MARGIN: f64 = 1e-9;

/// Algorithm X with the fewest-options item choice (Knuth 2000) whose nodes with at least 20 tables
/// left are pruned when the LP relaxation of the remaining exact cover is infeasible: a warm-started
/// bounded dual simplex (Lemke 1954), each refutation checked against its Farkas certificate (Farkas
/// 1902) and kept to refute later nodes without an LP. One thread. Besides [`Stats::nodes`] and
/// [`Stats::backtracks`] (as [`crate::Dlx`]) it reports the LPs solved, their pivots, the nodes refuted
/// by a kept certificate and the time spent in LPs. Instances of more than 100 tables are searched as
/// [`crate::Dlx`] does on one thread.
#[derive(Debug, Clone, Copy, Default)]
pub struct DlxLp;

impl Solver for DlxLp {
    fn name(&self) -> &'static str {
        "dlx-lp"
    }

    fn description(&self) -> &'static str {
        "exact cover, Algorithm X (Knuth 2000) pruned by the LP relaxation (warm-started dual simplex) \
         at nodes with 20 or more tables left, one thread"
    }

    fn solve(&self, instance: &Instance, limits: &Limits) -> Result<Solution, Interrupted> {
        solve(instance, &Stop::new(limits), LP_TABLES)
    }
}

/// Solves `instance`, with LPs at nodes with at least `lp_tables` tables left.
pub(crate) fn solve(instance: &Instance, stop: &Stop, lp_tables: usize) -> Result<Solution, Interrupted> {
    let no_lp = Some(LpStats::default());
    let Some(n) = instance.tables_if_coverable() else {
        return Ok(Solution { round: None, stats: Stats { lp: no_lp, ..Stats::default() } });
    };
    if n > LP_MAX_TABLES {
        let solution = dlx::solve(instance, stop, 1, dlx::Engine::Fastest)?;
        return Ok(Solution { stats: Stats { lp: no_lp, ..solution.stats }, ..solution });
    }
    let (options, pairing) = dlx::options(instance, n);
    let mut search = Search::new(&options, 3 * n, lp_tables.max(1), stop);
    let found = search.node(n)?;
    let round =
        found.map(|chosen| Round::from_pairings(instance, chosen.iter().map(|&option| pairing[option])));
    let lp = LpStats { lp_pivots: search.lp.pivots, ..search.lp_stats };
    Ok(Solution { round, stats: Stats { lp: Some(lp), ..search.stats } })
}

/// The search state: what remains, the LP with the same bounds, and the kept certificates.
struct Search<'a> {
    options: &'a [[u32; 3]],
    /// The options of each item.
    item_options: Vec<Vec<u32>>,
    /// Whether each option remains, and how many remain per item.
    alive: Vec<bool>,
    count: Vec<u32>,
    covered: Vec<bool>,
    /// Options removed, in order, to put back when going up.
    removed: Vec<u32>,
    /// The options chosen from the root.
    chosen: Vec<usize>,
    lp: Lp,
    /// The LP's solved state at each node with an LP on the current path, by number of tables left.
    snapshots: Vec<Snapshot>,
    /// Farkas certificates of refuted nodes, the most recent first.
    pool: Vec<Vec<f64>>,
    lp_tables: usize,
    stop: &'a Stop<'a>,
    stats: Stats,
    /// The LP figures, but for the pivots, which the LP counts.
    lp_stats: LpStats,
}

impl<'a> Search<'a> {
    fn new(options: &'a [[u32; 3]], items: usize, lp_tables: usize, stop: &'a Stop<'a>) -> Search<'a> {
        let item_options = dlx::item_options(options, items);
        let count = item_options.iter().map(|list| list.len() as u32).collect();
        Search {
            options,
            item_options,
            alive: vec![true; options.len()],
            count,
            covered: vec![false; items],
            removed: Vec::new(),
            chosen: Vec::new(),
            lp: Lp::new(options, items),
            snapshots: std::iter::repeat_with(Snapshot::default).take(items / 3 + 1).collect(),
            pool: Vec::new(),
            lp_tables,
            stop,
            stats: Stats::default(),
            lp_stats: LpStats::default(),
        }
    }

    /// Searches below the current node, `tables` tables left: the options of a round from the root, or
    /// `None`.
    fn node(&mut self, tables: usize) -> Result<Option<Vec<usize>>, Interrupted> {
        if tables < self.lp_tables {
            return self.hand_over();
        }
        self.stop.check()?;
        let Some(item) = self.fewest_options_item() else { return Ok(Some(self.chosen.clone())) };
        if self.count[item] == 0 || self.refuted() {
            return Ok(None);
        }
        let mut snapshot = std::mem::take(&mut self.snapshots[tables]);
        self.lp.save(&mut snapshot);
        let branches: Vec<u32> =
            self.item_options[item].iter().copied().filter(|&option| self.alive[option as usize]).collect();
        for option in branches {
            let mark = self.removed.len();
            self.lp.restore(&snapshot);
            self.select(option as usize);
            self.stats.nodes += 1;
            if let Some(found) = self.node(tables - 1)? {
                return Ok(Some(found));
            }
            self.deselect(option as usize, mark);
            self.stats.backtracks += 1;
        }
        self.snapshots[tables] = snapshot;
        Ok(None)
    }

    /// The uncovered item with the fewest remaining options (the first among equals), or `None` when
    /// every item is covered.
    fn fewest_options_item(&self) -> Option<usize> {
        (0..self.count.len()).filter(|&item| !self.covered[item]).min_by_key(|&item| self.count[item])
    }

    /// Chooses `option`: covers its items, removing every remaining option that meets them.
    fn select(&mut self, option: usize) {
        for item in self.options[option] {
            self.covered[item as usize] = true;
            for index in 0..self.item_options[item as usize].len() {
                let other = self.item_options[item as usize][index] as usize;
                if self.alive[other] {
                    self.alive[other] = false;
                    self.options[other].iter().for_each(|&i| self.count[i as usize] -= 1);
                    self.removed.push(other as u32);
                    self.lp.set_bounds(other, 0.0, 0.0);
                }
            }
        }
        self.lp.set_bounds(option, 1.0, 1.0);
        self.chosen.push(option);
    }

    /// Undoes [`Search::select`] of `option`, which removed the options from `mark` on.
    fn deselect(&mut self, option: usize, mark: usize) {
        self.chosen.pop();
        for other in self.removed.drain(mark..) {
            let other = other as usize;
            self.alive[other] = true;
            self.options[other].iter().for_each(|&i| self.count[i as usize] += 1);
            self.lp.set_bounds(other, 0.0, 1.0);
        }
        self.options[option].iter().for_each(|&item| self.covered[item as usize] = false);
    }

    /// Whether the current node is proved to hold no exact cover: by a kept certificate, or by its LP.
    fn refuted(&mut self) -> bool {
        let start = Instant::now();
        if let Some(index) = self.pool.iter().position(|y| self.proves_infeasible(y)) {
            self.lp_stats.certificate_hits += 1;
            let certificate = self.pool.remove(index);
            self.pool.insert(0, certificate);
            self.lp_stats.lp_microseconds += start.elapsed().as_micros() as u64;
            return true;
        }
        let status = self.lp.solve(PIVOT_BUDGET);
        self.lp_stats.lp_solves += 1;
        let refuted = status == Status::Infeasible && {
            let verified = self.proves_infeasible(self.lp.certificate());
            debug_assert!(verified, "the LP's certificate of infeasibility does not verify");
            verified
        };
        if refuted {
            if self.pool.len() == POOL_SIZE {
                self.pool.pop();
            }
            self.pool.insert(0, self.lp.certificate().to_vec());
        }
        self.lp_stats.lp_microseconds += start.elapsed().as_micros() as u64;
        refuted
    }

    /// Whether `y` is a Farkas certificate for the current node: over the uncovered items `R` and the
    /// remaining options `C`, `sum_R y_i > sum_C max(0, y . a_j)` (see [`Lp::certificate`]), with a
    /// margin for rounding.
    fn proves_infeasible(&self, y: &[f64]) -> bool {
        let mut value = 0.0;
        let mut scale = 1.0;
        for (item, &weight) in y.iter().enumerate() {
            if !self.covered[item] {
                value += weight;
                scale += weight.abs();
            }
        }
        if value <= CERTIFICATE_MARGIN * scale {
            return false;
        }
        for (option, items) in self.options.iter().enumerate() {
            if self.alive[option] {
                let product: f64 = items.iter().map(|&item| y[item as usize]).sum();
                value -= product.max(0.0);
            }
        }
        value > CERTIFICATE_MARGIN * scale
    }

    /// Searches the subtree below the current node without LPs, on bitsets when it fits.
    fn hand_over(&mut self) -> Result<Option<Vec<usize>>, Interrupted> {
        let mut index = vec![u32::MAX; self.count.len()];
        let mut items = 0;
        for (item, slot) in index.iter_mut().enumerate() {
            if !self.covered[item] {
                *slot = items;
                items += 1;
            }
        }
        let (mut options, mut original) = (Vec::new(), Vec::new());
        for (option, its) in self.options.iter().enumerate() {
            if self.alive[option] {
                options.push(its.map(|item| index[item as usize]));
                original.push(option);
            }
        }
        let found = match bitset::Problem::new(items as usize, &options) {
            Some(problem) => problem.search(self.stop, 1, &mut self.stats)?,
            None => {
                let mut links = Links::new(&options, items as usize);
                let found = links.search(self.stop);
                self.stats.nodes += links.stats.nodes;
                self.stats.backtracks += links.stats.backtracks;
                found?
            }
        };
        Ok(found
            .map(|below| self.chosen.iter().copied().chain(below.into_iter().map(|o| original[o])).collect()))
    }
}

#[cfg(test)]
mod tests {
    use std::time::Instant;

    use proptest::prelude::*;

    use super::*;
    use crate::dlx::Engine;
    use crate::{check_round, format, parse, Backtrack, Pairing, Regular};

    /// Solves with an LP at every node, checks the round if any, and returns the solution.
    fn solve_checked(instance: &Instance, lp_tables: usize) -> Solution {
        let solution = solve(instance, &Stop::new(&Limits::default()), lp_tables).unwrap();
        if let Some(round) = &solution.round {
            assert_eq!(check_round(instance, round), Ok(()));
        }
        solution
    }

    #[test]
    fn spec_example_has_its_only_round() {
        let instance = parse("3\n0,1,0\n1,2,0\n3,4,1\n5,0,2\n").unwrap();
        let solution = solve_checked(&instance, 1);
        assert_eq!(
            format(&instance, solution.round.as_ref()),
            "Table 0: 1 vs. 2\nTable 1: 3 vs. 4\nTable 2: 5 vs. 0\n"
        );
    }

    /// Players 2 and 3 each have one pairing, both at table 1 (the LP test of the same name, as a file):
    /// the root's LP refutes the instance before any branch, where `dlx` tries table 0's pairing first.
    #[test]
    fn the_root_lp_refutes_two_forced_pairings_on_one_table() {
        let instance = parse("2\n0,1,0\n0,2,1\n1,3,1\n").unwrap();
        let stats = solve_checked(&instance, 1).stats;
        assert_eq!((stats.nodes, stats.backtracks, stats.lp.unwrap().lp_solves), (0, 0, 1));
        assert!(stats.lp.unwrap().lp_pivots > 0);
        assert_eq!(crate::Dlx.solve(&instance, &Limits::default()).unwrap().stats.nodes, 1);
    }

    /// With LPs at every node (more than [`crate::lp::REFACTOR_PIVOTS`] pivots in all, so the inverse
    /// is recomputed), and with the default threshold, the answer is the reference's.
    #[test]
    fn agrees_with_the_reference_on_generated_instances() {
        for (tables, degree, seed) in [(8, 2, 1), (9, 3, 1), (10, 4, 2), (10, 5, 3), (11, 6, 4), (24, 6, 5)] {
            for planted in [false, true] {
                let instance = Regular { tables, degree, seed, planted }.generate().unwrap();
                let expected = crate::Dlx.solve(&instance, &Limits::default()).unwrap().round.is_some();
                for lp_tables in [1, LP_TABLES] {
                    let solution = solve_checked(&instance, lp_tables);
                    assert_eq!(solution.round.is_some(), expected, "{tables} {degree} {seed} {planted}");
                }
            }
        }
        let instance = Regular { tables: 30, degree: 6, seed: 2, planted: true }.generate().unwrap();
        let stats = solve_checked(&instance, 1).stats;
        assert!(stats.lp.unwrap().lp_pivots > crate::lp::REFACTOR_PIVOTS, "{stats:?}");
    }

    /// The LP prunes: on a 30-table instance of degree 6 without a round, far fewer nodes than `dlx`.
    #[test]
    fn lps_near_the_root_cut_the_tree_of_an_instance_without_a_round() {
        let instance = Regular { tables: 30, degree: 6, seed: 1, planted: false }.generate().unwrap();
        let stop = Stop::new(&Limits::default());
        let plain = dlx::solve(&instance, &stop, 1, Engine::Fastest).unwrap();
        let pruned = solve_checked(&instance, 10);
        assert_eq!(pruned.round.is_some(), plain.round.is_some());
        assert!(pruned.stats.nodes * 4 < plain.stats.nodes, "{:?} against {:?}", pruned.stats, plain.stats);
        assert!(pruned.stats.lp.unwrap().lp_solves > 0 && pruned.stats.lp.unwrap().lp_microseconds > 0);
    }

    #[test]
    fn an_expired_deadline_interrupts() {
        let instance = Regular { tables: 60, degree: 6, seed: 1, planted: false }.generate().unwrap();
        let limits = Limits { deadline: crate::Deadline::at(Some(Instant::now())), ..Limits::default() };
        assert_eq!(DlxLp.solve(&instance, &limits), Err(Interrupted));
    }

    /// Instances with 1 to 10 tables: random pairings (repeats allowed), often with a round hidden
    /// among them.
    fn instances() -> impl Strategy<Value = Instance> {
        (1u64..=10).prop_flat_map(|tables| {
            let pairing = (0..2 * tables, 0..2 * tables, 0..tables)
                .prop_filter("players differ", |(first, second, _)| first != second)
                .prop_map(|(first, second, table)| Pairing { first, second, table });
            let players = Just((0..2 * tables).collect::<Vec<_>>()).prop_shuffle();
            (proptest::collection::vec(pairing, 0..=6 * tables as usize), players, any::<bool>()).prop_map(
                move |(mut pairings, players, plant)| {
                    if plant {
                        let round = players.chunks_exact(2).enumerate();
                        pairings.extend(round.map(|(table, pair)| Pairing {
                            first: pair[0],
                            second: pair[1],
                            table: table as u64,
                        }));
                        pairings.reverse();
                    }
                    Instance { tables, pairings }
                },
            )
        })
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(300))]

        /// With an LP at every node, `dlx-lp` agrees with `dlx` and the backtracking matcher.
        #[test]
        fn agrees_with_dlx_and_backtracking_on_random_instances(instance in instances()) {
            let expected = Backtrack.solve(&instance, &Limits::default()).unwrap().round.is_some();
            let by_dlx = crate::Dlx.solve(&instance, &Limits::default()).unwrap().round.is_some();
            prop_assert_eq!(by_dlx, expected);
            prop_assert_eq!(solve_checked(&instance, 1).round.is_some(), expected);
        }
    }
}
