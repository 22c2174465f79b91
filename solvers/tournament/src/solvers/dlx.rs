//! The exact cover solvers: Algorithm X with the fewest-options item choice (Knuth, "Dancing Links",
//! 2000; TAOCP 7.2.2.1). Items are the `n` tables and `2n` players, options the pairings, three items
//! each.

use std::collections::HashSet;
use std::hash::Hash;

use crate::instance::{Instance, Pairing};
use crate::round::Round;
use crate::search::bitset;
use crate::search::branching::Branching;
use crate::search::links::Links;
use crate::solver::{Interrupted, Limits, Solution, Solver, Stats};
use crate::stop::Stop;

/// Algorithm X, on bitsets when the instance has at most 64 tables and 1024 distinct pairings (see
/// `bitset.rs`: the same search as dancing links, with cheaper nodes), on dancing links otherwise;
/// either on [`Limits::threads`] threads (after a head start on the calling thread alone, which
/// answers small instances without starting a thread: `stop::head_start`), subtrees taken in depth-first order and split again while
/// a thread waits, a round counting once the subtrees before it are refuted, so that the round is
/// the one-thread round whatever the number of threads (`search::in_order`).
/// [`Stats::nodes`] counts options tried, [`Stats::backtracks`] options taken back.
#[derive(Debug, Clone, Copy, Default)]
pub struct Dlx;

impl Solver for Dlx {
    fn name(&self) -> &'static str {
        "dlx"
    }

    fn description(&self) -> &'static str {
        "exact cover, Algorithm X, fewest options first (Knuth 2000) on bitsets (dancing links past 64 \
         tables), threads in depth-first order (one round whatever -j); fastest on most files"
    }

    fn solve(&self, instance: &Instance, limits: &Limits) -> Result<Solution, Interrupted> {
        solve(instance, &Stop::new(limits), limits.threads, Engine::Fastest)
    }
}

/// [`Dlx`] with the failure-rate item choice FRB instead of fewest-options (Li, Yin and Li,
/// "Failure Based Variable Ordering Heuristics for Solving CSPs", CP 2021; [`Branching`]): an item
/// with no option or one option first, else the smallest `size / ((fails + 0.5) / assigns)`, the
/// counters kept by the search over its whole run (a subtree given to another thread starts from a
/// copy). Up to 64 tables the items are scanned in the order Knuth's `ssxcc-frb0` keeps its active
/// items (a covered item swapped with the last uncovered one), the first among equal scores
/// winning; that order, not the counters, is what makes FRB search smaller trees than
/// fewest-options there.
#[derive(Debug, Clone, Copy, Default)]
pub struct DlxFrb;

impl Solver for DlxFrb {
    fn name(&self) -> &'static str {
        "dlx-frb"
    }

    fn description(&self) -> &'static str {
        "dlx choosing the item that failed most per option tried (FRB: Li, Yin and Li, CP 2021, in the \
         item order of Knuth's ssxcc-frb0); smaller trees, dearer nodes: wins where it meets a round early"
    }

    fn solve(&self, instance: &Instance, limits: &Limits) -> Result<Solution, Interrupted> {
        solve_by(instance, &Stop::new(limits), limits.threads, Engine::Fastest, Branching::FailureRate)
    }
}

/// Which representation of the exact cover problem a search uses.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Engine {
    /// Bitsets when the problem fits ([`bitset::Problem::new`]), dancing links otherwise.
    Fastest,
    /// Dancing links whatever the size: the search over 64 tables, tested here on small files.
    #[cfg(test)]
    Links,
}

/// Solves `instance` with `engine` on up to `threads` threads, fewest options first, stopping when
/// `stop` says so.
pub(crate) fn solve(
    instance: &Instance,
    stop: &Stop,
    threads: usize,
    engine: Engine,
) -> Result<Solution, Interrupted> {
    solve_by(instance, stop, threads, engine, Branching::FewestOptions)
}

/// Solves `instance` as [`solve`] does, branching by `branching`.
pub(crate) fn solve_by(
    instance: &Instance,
    stop: &Stop,
    threads: usize,
    engine: Engine,
    branching: Branching,
) -> Result<Solution, Interrupted> {
    let Some(n) = instance.tables_if_coverable() else {
        return Ok(Solution { round: None, stats: Stats::default() });
    };
    let (options, pairing) = options(instance, n);
    let bitset = (engine == Engine::Fastest).then(|| bitset::Problem::new(3 * n, &options)).flatten();
    let (found, stats) = crate::stop::head_start(stop, threads.max(1), |stop, threads| {
        let mut stats = Stats::default();
        let found = match &bitset {
            Some(problem) => problem.search(stop, threads, branching, &mut stats)?,
            None => Links::new(&options, 3 * n, branching).search_on(threads, stop, &mut stats)?,
        };
        Ok((found, stats))
    })?;
    let round =
        found.map(|chosen| Round::from_pairings(instance, chosen.iter().map(|&option| pairing[option])));
    Ok(Solution { round, stats })
}

/// The number of rounds of `instance` found by `dlx`'s search on one thread going on past each round
/// to the end of the tree, branching by `branching`, and the options tried: the whole tree without
/// the memo of `--count`, as Knuth's exact cover programs count it (to compare item choices on whole
/// trees). As in `--count`, a pairing listed in both orders is two options (two printed rounds), so
/// the count equals `--count`'s. `None` when the instance is too large for the bitsets (over 64
/// tables).
///
/// # Errors
/// [`Interrupted`] when the deadline of `limits` passes first.
pub fn whole_tree(
    instance: &Instance,
    limits: &Limits,
    branching: Branching,
) -> Result<Option<(u64, Stats)>, Interrupted> {
    let mut stats = Stats::default();
    let Some(n) = instance.tables_if_coverable() else { return Ok(Some((0, stats))) };
    let (options, _) = options_by(instance, n, |pairing| *pairing);
    let Some(problem) = bitset::Problem::new(3 * n, &options) else { return Ok(None) };
    let covers = problem.enumerate(&Stop::new(limits), 1, branching, 0, None, &mut stats)?;
    Ok(Some((covers.map_or(0, |covers| covers.count), stats)))
}

/// The options of `instance` (items: tables `0..n`, players `n..3n`) and the pairing index behind each.
/// The same two players at the same table twice is one option: the second copy adds nothing.
pub(crate) fn options(instance: &Instance, n: usize) -> (Vec<[u32; 3]>, Vec<usize>) {
    options_by(instance, n, |p| (p.table, p.first.min(p.second), p.first.max(p.second)))
}

/// The options of `instance` as [`options`], but two pairings are one option only when `key` gives
/// them the same value: the first of them stands for both.
pub(crate) fn options_by<K: Hash + Eq>(
    instance: &Instance,
    n: usize,
    key: impl Fn(&Pairing) -> K,
) -> (Vec<[u32; 3]>, Vec<usize>) {
    let mut seen = HashSet::new();
    let mut options = Vec::with_capacity(instance.pairings.len());
    let mut pairing = Vec::with_capacity(instance.pairings.len());
    for (index, p) in instance.pairings.iter().enumerate() {
        if seen.insert(key(p)) {
            options.push([p.table as u32, (n as u64 + p.first) as u32, (n as u64 + p.second) as u32]);
            pairing.push(index);
        }
    }
    (options, pairing)
}

/// The options of each of `items` items, in option order: the column lists of the exact cover matrix
/// whose rows are `options`.
pub(crate) fn item_options(options: &[[u32; 3]], items: usize) -> Vec<Vec<u32>> {
    let mut by_item = vec![Vec::new(); items];
    for (option, option_items) in options.iter().enumerate() {
        for &item in option_items {
            by_item[item as usize].push(option as u32);
        }
    }
    by_item
}

#[cfg(test)]
mod tests {
    use std::time::{Duration, Instant};

    use proptest::prelude::*;

    use super::*;
    use crate::generate::Regular;
    use crate::parse;
    use crate::round::{check_round, format};
    use crate::solvers::backtrack::Backtrack;

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(200))]

        /// On 1 to 4 threads, by either branching and on either engine, the search agrees with one
        /// thread of fewest-options on whether a round exists, and every round it gives is valid.
        #[test]
        fn threads_and_branchings_agree_with_one_thread(instance in crate::instance::tests::instances()) {
            let stop = Stop::new(&Limits::default());
            let expected = solve(&instance, &stop, 1, Engine::Fastest).unwrap().round.is_some();
            for threads in 1..=4 {
                for branching in [Branching::FewestOptions, Branching::FailureRate] {
                    for engine in [Engine::Fastest, Engine::Links] {
                        let solution = solve_by(&instance, &stop, threads, engine, branching).unwrap();
                        prop_assert_eq!(solution.round.is_some(), expected);
                        if let Some(round) = &solution.round {
                            prop_assert_eq!(check_round(&instance, round), Ok(()));
                        }
                    }
                }
            }
        }
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(200))]

        /// Fewest-options on 1 to 4 threads prints the one-thread round (the first in depth-first
        /// order), on either engine, and both engines search the same tree, so print the same round.
        #[test]
        fn the_round_on_any_number_of_threads_is_the_one_thread_round(
            instance in crate::instance::tests::instances()
        ) {
            let stop = Stop::new(&Limits::default());
            let one = solve(&instance, &stop, 1, Engine::Fastest).unwrap().round;
            for threads in 1..=4 {
                for engine in [Engine::Fastest, Engine::Links] {
                    let round = solve(&instance, &stop, threads, engine).unwrap().round;
                    prop_assert_eq!(&round, &one, "{} threads, {:?}", threads, engine);
                }
            }
        }
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(200))]

        /// The whole tree of either branching holds every round once: its count is `--count`'s.
        #[test]
        fn whole_trees_count_what_count_counts(instance in crate::instance::tests::instances()) {
            let limits = Limits::default();
            let expected = crate::count::count_rounds(&instance, &limits).unwrap().rounds;
            for branching in [Branching::FewestOptions, Branching::FailureRate] {
                let (covers, _) = whole_tree(&instance, &limits, branching).unwrap().expect("small");
                prop_assert_eq!(num_bigint::BigUint::from(covers), expected.clone());
            }
        }
    }

    /// The whole tree of 45 tables, degree 5, seed 1 (no round) is the tree `dlx` refutes; on the
    /// spec example it holds its one round.
    #[test]
    fn a_whole_tree_without_a_round_is_the_refuted_tree() {
        let instance = Regular { tables: 45, degree: 5, seed: 1, planted: false }.generate().unwrap();
        let tree = whole_tree(&instance, &Limits::default(), Branching::FewestOptions).unwrap();
        assert_eq!(tree.map(|(covers, stats)| (covers, stats.nodes)), Some((0, 451_760)));
        let example = parse("3\n0,1,0\n1,2,0\n3,4,1\n5,0,2\n").unwrap();
        let tree = whole_tree(&example, &Limits::default(), Branching::FailureRate).unwrap();
        assert_eq!(tree.map(|(covers, stats)| (covers, stats.nodes)), Some((1, 3)));
    }

    /// Without a round, the threads refute the tree one thread refutes, each option once: the
    /// subtrees taken in order and split again while a thread waits (45 tables, degree 5: over
    /// 1700 slices of 256 options) try the options one depth-first search tries, no more, no fewer; on
    /// either engine, which search the same tree.
    #[test]
    fn threads_refute_the_one_thread_tree_trying_each_option_once() {
        let instance = Regular { tables: 45, degree: 5, seed: 1, planted: false }.generate().unwrap();
        let stop = Stop::new(&Limits::default());
        let one = solve(&instance, &stop, 1, Engine::Fastest).unwrap();
        assert_eq!((one.round, one.stats.nodes), (None, 451_760));
        for threads in [2, 3, 4] {
            let many = solve(&instance, &stop, threads, Engine::Fastest).unwrap();
            assert_eq!((many.round, many.stats.nodes), (None, 451_760), "{threads} threads");
        }
        for threads in [1, 2, 4] {
            let links = solve(&instance, &stop, threads, Engine::Links).unwrap();
            assert_eq!((links.round, links.stats.nodes), (None, 451_760), "{threads} threads, links");
        }
    }

    /// A round found in a later subtree waits for the earlier ones: on 45 tables, degree 6, seed 1
    /// (9 rounds), 2, 3 and 4 threads print the round one thread prints, on either engine.
    #[test]
    fn threads_print_the_one_thread_round_on_a_file_with_several_rounds() {
        let instance = Regular { tables: 45, degree: 6, seed: 1, planted: false }.generate().unwrap();
        let stop = Stop::new(&Limits::default());
        let one = solve(&instance, &stop, 1, Engine::Fastest).unwrap().round.expect("a round");
        assert_eq!(check_round(&instance, &one), Ok(()));
        for threads in [2, 3, 4] {
            for engine in [Engine::Fastest, Engine::Links] {
                let round = solve(&instance, &stop, threads, engine).unwrap().round;
                assert_eq!(round.as_ref(), Some(&one), "{threads} threads, {engine:?}");
            }
        }
    }

    /// FRB with fresh counters branches as fewest-options does, so both try the same first option;
    /// then they part: on a 45-table file without a round both refute the whole tree, through
    /// different numbers of options.
    #[test]
    fn frb_refutes_what_fewest_options_refutes() {
        let instance = Regular { tables: 45, degree: 5, seed: 1, planted: false }.generate().unwrap();
        let stop = Stop::new(&Limits::default());
        for engine in [Engine::Fastest, Engine::Links] {
            let fewest = solve_by(&instance, &stop, 1, engine, Branching::FewestOptions).unwrap();
            let frb = solve_by(&instance, &stop, 1, engine, Branching::FailureRate).unwrap();
            assert_eq!((fewest.round, frb.round), (None, None));
            assert_ne!(fewest.stats.nodes, frb.stats.nodes);
        }
    }

    /// A time limit stops every thread: the search answers [`Interrupted`] soon after it, on a file
    /// whose search takes far longer (60 tables, degree 6: over 30 s on one thread). The margin is
    /// generous, for a loaded machine: the threads look at the clock every 4096 options.
    #[test]
    fn a_time_limit_stops_every_thread() {
        let instance = Regular { tables: 60, degree: 6, seed: 1, planted: false }.generate().unwrap();
        let limit = Duration::from_millis(200);
        for (threads, branching, engine) in [
            (2, Branching::FewestOptions, Engine::Fastest),
            (4, Branching::FailureRate, Engine::Fastest),
            (3, Branching::FewestOptions, Engine::Links),
        ] {
            let started = Instant::now();
            let limits =
                Limits { deadline: crate::solver::Deadline::at(Some(started + limit)), ..Limits::default() };
            let answer = solve_by(&instance, &Stop::new(&limits), threads, engine, branching);
            assert_eq!(answer, Err(Interrupted));
            assert!(started.elapsed() < limit + Duration::from_secs(1), "{:?}", started.elapsed());
        }
    }

    fn solve_text(text: &str, engine: Engine) -> String {
        let instance = parse(text).unwrap();
        let solution = solve(&instance, &Stop::new(&Limits::default()), 1, engine).unwrap();
        format(&instance, solution.round.as_ref())
    }

    #[test]
    fn spec_example_has_its_only_round() {
        for engine in [Engine::Fastest, Engine::Links] {
            assert_eq!(
                solve_text("3\n0,1,0\n1,2,0\n3,4,1\n5,0,2\n", engine),
                "Table 0: 1 vs. 2\nTable 1: 3 vs. 4\nTable 2: 5 vs. 0\n"
            );
        }
    }

    #[test]
    fn no_round_when_a_player_has_no_pairing_or_pairings_are_too_few() {
        for engine in [Engine::Fastest, Engine::Links] {
            assert_eq!(solve_text("2\n0,1,0\n0,2,1\n1,2,1\n", engine), "No tournament found.\n");
            assert_eq!(solve_text("1000000000000\n0,1,0\n2,3,1\n", engine), "No tournament found.\n");
        }
    }

    #[test]
    fn repeated_pairings_are_one_option_and_either_order_is_printed_as_given() {
        // (0,1,0) appears as 1,0 first: that pairing is kept and printed in its order.
        for engine in [Engine::Fastest, Engine::Links] {
            assert_eq!(
                solve_text("2\n1,0,0\n0,1,0\n1,0,0\n2,3,1\n", engine),
                "Table 0: 1 vs. 0\nTable 1: 2 vs. 3\n"
            );
        }
    }

    #[test]
    fn engines_and_thread_counts_agree_with_the_reference_on_generated_instances() {
        for (tables, degree, seed) in [(8, 2, 1), (9, 3, 1), (10, 4, 2), (10, 5, 3), (11, 6, 4), (12, 3, 5)] {
            for planted in [false, true] {
                let instance = Regular { tables, degree, seed, planted }.generate().unwrap();
                let expected = Backtrack.solve(&instance, &Limits::default()).unwrap().round.is_some();
                for (threads, engine) in [(1, Engine::Fastest), (2, Engine::Fastest), (1, Engine::Links)] {
                    let solution = solve(&instance, &Stop::new(&Limits::default()), threads, engine).unwrap();
                    assert_eq!(solution.round.is_some(), expected, "{tables} {degree} {seed} {planted}");
                    if let Some(round) = &solution.round {
                        assert_eq!(check_round(&instance, round), Ok(()));
                    }
                }
            }
        }
    }

    /// Threads print the one-thread round; how many nodes the other threads visit before the first
    /// round stops them depends on timing, so only one thread's count is fixed.
    #[test]
    fn the_round_does_not_depend_on_the_thread_count() {
        let instance = Regular { tables: 30, degree: 5, seed: 9, planted: true }.generate().unwrap();
        let solve =
            |threads| solve(&instance, &Stop::new(&Limits::default()), threads, Engine::Fastest).unwrap();
        let one = solve(1);
        assert!(one.round.is_some());
        assert_eq!(solve(1), one);
        for threads in [2, 2, 4] {
            assert_eq!(solve(threads).round, one.round, "{threads} threads");
        }
    }

    #[test]
    fn more_than_64_tables_go_to_dancing_links() {
        let instance = Regular { tables: 70, degree: 3, seed: 1, planted: true }.generate().unwrap();
        let (options, _) = options(&instance, 70);
        assert!(bitset::Problem::new(210, &options).is_none());
        let round = Dlx.solve(&instance, &Limits::default()).unwrap().round.expect("a planted round");
        assert_eq!(check_round(&instance, &round), Ok(()));
    }

    /// Over 64 tables the dancing-links search runs on threads too, and prints the one-thread round;
    /// without a round (70 tables, degree 3, seed 2), every thread count tries the same options.
    #[test]
    fn over_64_tables_threads_answer_as_one_thread() {
        let stop = Stop::new(&Limits::default());
        for (seed, planted) in [(1, true), (2, false)] {
            let instance = Regular { tables: 70, degree: 3, seed, planted }.generate().unwrap();
            let one = solve(&instance, &stop, 1, Engine::Fastest).unwrap();
            for threads in [2, 4] {
                let many = solve(&instance, &stop, threads, Engine::Fastest).unwrap();
                assert_eq!(many.round, one.round, "seed {seed}, {threads} threads");
                if one.round.is_none() {
                    assert_eq!(many.stats.nodes, one.stats.nodes, "seed {seed}, {threads} threads");
                }
            }
        }
    }

    #[test]
    fn an_expired_deadline_interrupts_both_engines() {
        let instance = Regular { tables: 60, degree: 6, seed: 1, planted: false }.generate().unwrap();
        let limits =
            Limits { deadline: crate::solver::Deadline::at(Some(Instant::now())), ..Limits::default() };
        for engine in [Engine::Fastest, Engine::Links] {
            assert_eq!(solve(&instance, &Stop::new(&limits), 1, engine), Err(Interrupted));
        }
    }
}
