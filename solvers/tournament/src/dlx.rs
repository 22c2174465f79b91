//! The exact cover solvers: Algorithm X with the fewest-options item choice (Knuth, "Dancing Links",
//! 2000; TAOCP 7.2.2.1). Items are the `n` tables and `2n` players, options the pairings, three items
//! each.

use std::collections::HashSet;
use std::hash::Hash;

use crate::bitset;
use crate::instance::{Instance, Pairing};
use crate::links::Links;
use crate::round::Round;
use crate::solver::{Interrupted, Limits, Solution, Solver, Stats};
use crate::stop::Stop;

/// Algorithm X, on bitsets when the instance has at most 64 tables and 1024 distinct pairings (see
/// `bitset.rs`: the same search as dancing links, with cheaper nodes, its first levels cut into
/// subtrees searched in turns, on [`Limits::threads`] threads), on dancing links otherwise.
/// [`Stats::nodes`] counts options tried, [`Stats::backtracks`] options taken back.
#[derive(Debug, Clone, Copy, Default)]
pub struct Dlx;

impl Solver for Dlx {
    fn name(&self) -> &'static str {
        "dlx"
    }

    fn description(&self) -> &'static str {
        "exact cover, Algorithm X, fewest options first (Knuth 2000), bitsets up to 64 tables, threads \
         with --jobs; fastest on 22 of 30 files at 45 tables, 3.4x the xcov crate on their sum"
    }

    fn solve(&self, instance: &Instance, limits: &Limits) -> Result<Solution, Interrupted> {
        solve(instance, &Stop::new(limits), limits.threads, Engine::Fastest)
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

/// Solves `instance` with `engine` on up to `threads` threads, stopping when `stop` says so.
pub(crate) fn solve(
    instance: &Instance,
    stop: &Stop,
    threads: usize,
    engine: Engine,
) -> Result<Solution, Interrupted> {
    let mut stats = Stats::default();
    let Some(n) = instance.tables_if_coverable() else {
        return Ok(Solution { round: None, stats });
    };
    let (options, pairing) = options(instance, n);
    let bitset = (engine == Engine::Fastest).then(|| bitset::Problem::new(3 * n, &options)).flatten();
    let found = match bitset {
        Some(problem) => problem.search(stop, threads.max(1), &mut stats)?,
        None => {
            let mut links = Links::new(&options, 3 * n);
            let found = links.search(stop)?;
            stats = links.stats;
            found
        }
    };
    let round =
        found.map(|chosen| Round::from_pairings(instance, chosen.iter().map(|&option| pairing[option])));
    Ok(Solution { round, stats })
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
    use std::time::Instant;

    use super::*;
    use crate::{check_round, format, parse, Backtrack, Regular};

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

    #[test]
    fn the_round_depends_on_the_thread_count_only() {
        let instance = Regular { tables: 30, degree: 5, seed: 9, planted: true }.generate().unwrap();
        let round =
            |threads| solve(&instance, &Stop::new(&Limits::default()), threads, Engine::Fastest).unwrap();
        assert_eq!(round(2), round(2));
        assert_eq!(round(1), round(1));
    }

    #[test]
    fn more_than_64_tables_go_to_dancing_links() {
        let instance = Regular { tables: 70, degree: 3, seed: 1, planted: true }.generate().unwrap();
        let (options, _) = options(&instance, 70);
        assert!(bitset::Problem::new(210, &options).is_none());
        let round = Dlx.solve(&instance, &Limits::default()).unwrap().round.expect("a planted round");
        assert_eq!(check_round(&instance, &round), Ok(()));
    }

    #[test]
    fn an_expired_deadline_interrupts_both_engines() {
        let instance = Regular { tables: 60, degree: 6, seed: 1, planted: false }.generate().unwrap();
        let limits = Limits { deadline: crate::Deadline::at(Some(Instant::now())), ..Limits::default() };
        for engine in [Engine::Fastest, Engine::Links] {
            assert_eq!(solve(&instance, &Stop::new(&limits), 1, engine), Err(Interrupted));
        }
    }
}
