//! Every round, not just one: the exact number of rounds and the rounds themselves, for the organiser
//! who wants alternatives.
//!
//! Both walk the exact cover tree of Algorithm X (the item with the fewest options first, the first in
//! item order among equals; its options in file order), on one of two engines:
//! - the bitset search of `dlx` (`search::bitset`, up to 64 tables and 1024 distinct pairings), going
//!   on past each round to the end of the tree, on [`Limits::threads`] threads through `dlx`'s queue
//!   of open subtrees in depth-first order (`search::in_order`): subtrees split again while a thread
//!   waits, counts added up, rounds put in the order of their subtrees, which is one thread's order;
//! - a search with a memo of subproblems: in exact cover the subproblem below a node is fixed by the
//!   set of items still uncovered, so subproblems met again along other paths are looked up instead
//!   of searched (Nishino, Yasuda, Minato and Nagata, "Dancing with Decision Diagrams", AAAI 2017):
//!   counting keeps each subproblem's number of rounds, listing keeps the subproblems found to hold
//!   none. The memo is keyed by the bitset of covered items itself (no hash collisions) and holds at
//!   most [`MEMO_ENTRIES`] subproblems; once full, new ones are searched but not kept.
//!
//! The memo pays only where subproblems repeat, and costs about nine times the CPU per option tried
//! where they do not (random regular files: no repeat in 49 million options on 45 tables, degree 6).
//! So the bitset search runs first, for [`SAMPLE_OPTIONS`] options on one thread, meeting each node
//! it branches on by its covered items ([`memo_pays`]): when at least one in [`REPEAT_SHARE`] was
//! met before, the memo search counts (or lists) from the start; otherwise the bitset search goes on
//! from where the sample stopped, on every thread. Over 64 tables the memo search is the only one.
//!
//! Rounds are counted as distinct printed answers: a pairing listed twice counts once, the same two
//! players in the other order make another round.
//!
//! On several threads ([`Limits::threads`]) the memo search cuts the first levels of the tree into
//! subproblems in depth-first order (`Cover::split`), which rayon's pool hands out to its threads by
//! work stealing; the threads share one memo (`Shared`). A count adds up the subproblems' counts; a
//! listing puts their rounds one after another in the order of the cut, which is the order of one
//! thread, since fewest-options branching depends on the subproblem only.

use std::collections::{HashMap, HashSet};

use num_bigint::BigUint;
use rayon::prelude::*;

use crate::instance::Instance;
use crate::memo::{Memo, Shared};
use crate::round::Round;
use crate::search::bitset::{self, Sample};
use crate::search::branching::{Branching, FailureRates};
pub use crate::search::in_order::Simulated;
use crate::solver::{Interrupted, Limits, Stats};
use crate::solvers::dlx;
use crate::stop::{Stop, CLOCK_INTERVAL};

/// How many subproblems per thread the first levels are cut into, at least (fewer when the tree is
/// that small). 16 balances two threads to within 1-3 % idle on 45 tables, degree 5 (the
/// `count_balance` example).
const SUBPROBLEMS_PER_THREAD: usize = 16;

/// The options the bitset search tries on one thread before [`memo_pays`] decides between it and the
/// memo search: under 2 ms on 45 tables, and enough to meet repeats where there are some (a file of
/// 64 tables each seating its own two players in either order repeats at every other node; the
/// bundled random files never do).
pub const SAMPLE_OPTIONS: u64 = 1 << 13;

/// The memo search counts when at least one node branched on in this many was met before.
pub const REPEAT_SHARE: u64 = 16;

/// Whether the memo pays, after a sample met `met` nodes branched on, `repeated` of them met before
/// along another path: at least one in [`REPEAT_SHARE`].
pub fn memo_pays(met: u64, repeated: u64) -> bool {
    repeated > 0 && repeated.saturating_mul(REPEAT_SHARE) >= met
}

/// The sample of [`memo_pays`].
const SAMPLE: Sample = Sample { options: SAMPLE_OPTIONS, memo_pays };

/// The most subproblems a memo keeps (each is `3n` bits of key and a count, so at 60 tables about
/// 100 MB when full).
pub const MEMO_ENTRIES: usize = 1 << 20;

/// What a count or a listing cost.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct CountStats {
    /// Options tried.
    pub nodes: u64,
    /// Subproblems answered from the memo.
    pub memo_hits: u64,
    /// Subproblems kept in the memo at the end.
    pub memo_entries: u64,
    /// By depth (pairings played on the path, from 0): the subproblems met that needed a branch
    /// (every item still has an option), and how many of them the memo answered; empty when the
    /// bitset search counted (it keeps no memo).
    pub depths: Vec<DepthStats>,
}

/// The subproblems met at one depth of the tree.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct DepthStats {
    /// Subproblems met with an item to branch on and no item without options.
    pub met: u64,
    /// Those answered from the memo: met before, along another path.
    pub repeats: u64,
}

impl CountStats {
    /// Adds the effort of another search (of a subproblem on another thread).
    fn add(&mut self, other: &CountStats) {
        self.nodes += other.nodes;
        self.memo_hits += other.memo_hits;
        if self.depths.len() < other.depths.len() {
            self.depths.resize(other.depths.len(), DepthStats::default());
        }
        for (mine, theirs) in self.depths.iter_mut().zip(&other.depths) {
            mine.met += theirs.met;
            mine.repeats += theirs.repeats;
        }
    }

    fn meet(&mut self, depth: usize, repeat: bool) {
        if self.depths.len() <= depth {
            self.depths.resize(depth + 1, DepthStats::default());
        }
        self.depths[depth].met += 1;
        self.depths[depth].repeats += u64::from(repeat);
        self.memo_hits += u64::from(repeat);
    }
}

/// The number of rounds of an instance and what counting them cost.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct RoundCount {
    /// The exact number of rounds (distinct printed answers), of any size.
    pub rounds: BigUint,
    /// Search effort.
    pub stats: CountStats,
}

/// Counts the rounds of `instance` exactly, on [`Limits::threads`] threads.
///
/// ```
/// use solvebatch_tournament::{count_rounds, parse, Limits};
///
/// let example = parse("3\n0,1,0\n1,2,0\n3,4,1\n5,0,2\n").unwrap();
/// assert_eq!(count_rounds(&example, &Limits::default()).unwrap().rounds, 1u32.into());
/// ```
///
/// # Errors
/// [`Interrupted`] when [`Limits::deadline`] passes first.
pub fn count_rounds(instance: &Instance, limits: &Limits) -> Result<RoundCount, Interrupted> {
    count_rounds_by(instance, limits, Branching::FewestOptions)
}

/// Counts the rounds of `instance` as [`count_rounds`] does, branching by `branching` (with FRB, each
/// subproblem's search keeps its own counters). The count is the same whatever the branching and the
/// threads; the effort is not.
///
/// # Errors
/// [`Interrupted`] when [`Limits::deadline`] passes first.
pub fn count_rounds_by(
    instance: &Instance,
    limits: &Limits,
    branching: Branching,
) -> Result<RoundCount, Interrupted> {
    count_on(instance, limits, branching, Engine::Chosen)
}

/// Which search counts or lists the rounds.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Engine {
    /// The bitset search where it fits unless its sample says that the memo pays ([`memo_pays`]),
    /// else the memo search.
    Chosen,
    /// The bitset search where it fits, on every thread from the start (no sample), else the memo
    /// search.
    #[cfg(test)]
    Bitset,
    /// The memo search whatever the file.
    #[cfg(test)]
    Memo,
}

impl Engine {
    /// Whether the bitset search is tried first, and with which sample.
    fn bitset_first(self) -> Option<Option<Sample>> {
        match self {
            Engine::Chosen => Some(Some(SAMPLE)),
            #[cfg(test)]
            Engine::Bitset => Some(None),
            #[cfg(test)]
            Engine::Memo => None,
        }
    }
}

/// Counts the rounds of `instance` as [`count_rounds_by`] does, on `engine`.
fn count_on(
    instance: &Instance,
    limits: &Limits,
    branching: Branching,
    engine: Engine,
) -> Result<RoundCount, Interrupted> {
    let Some(mut cover) = Cover::new(instance, MEMO_ENTRIES) else {
        return Ok(RoundCount { rounds: BigUint::ZERO, stats: CountStats::default() });
    };
    let stop = Stop::new(limits);
    let mut sampled = Stats::default();
    let bitset = engine.bitset_first().and_then(|sample| {
        bitset::Problem::new(cover.live.len(), &cover.options).map(|problem| (problem, sample))
    });
    if let Some((problem, sample)) = bitset {
        let threads = limits.threads.max(1);
        if let Some(found) = problem.enumerate(&stop, threads, branching, 0, sample, &mut sampled)? {
            let stats = CountStats { nodes: sampled.nodes, ..CountStats::default() };
            return Ok(RoundCount { rounds: found.count.into(), stats });
        }
    }
    // The sample's options count as tried.
    cover.stats.nodes = sampled.nodes;
    if limits.threads <= 1 {
        cover.rates = FailureRates::for_branching(branching, cover.live.len());
        let mut memo = HashMap::new();
        let rounds = cover.count(&mut memo, 0, None, &stop)?;
        cover.stats.memo_entries = memo.len() as u64;
        return Ok(RoundCount { rounds, stats: cover.stats });
    }
    let subproblems = cover.split(SUBPROBLEMS_PER_THREAD * limits.threads, &stop)?;
    let shared = Shared::new();
    let count_one = |path: &Vec<usize>| {
        let mut below = cover.below(path, &stop)?;
        below.rates = FailureRates::for_branching(branching, below.live.len());
        let rounds = below.count(&mut &shared, path.len(), None, &stop)?;
        Ok((rounds, below.stats))
    };
    let counted: Vec<Result<(BigUint, CountStats), Interrupted>> =
        on_threads(limits.threads, || subproblems.par_iter().map(count_one).collect());
    let mut stats = std::mem::take(&mut cover.stats);
    let mut rounds = BigUint::ZERO;
    for result in counted {
        let (count, effort) = result?;
        rounds += count;
        stats.add(&effort);
    }
    stats.memo_entries = (&shared).len() as u64;
    Ok(RoundCount { rounds, stats })
}

/// Runs `work` in a rayon pool of `threads` threads (in the calling thread's pool when one cannot be
/// started).
fn on_threads<T: Send>(threads: usize, work: impl FnOnce() -> T + Send) -> T {
    match rayon::ThreadPoolBuilder::new().num_threads(threads).build() {
        Ok(pool) => pool.install(work),
        Err(_) => work(),
    }
}

/// The first `limit` rounds of `instance` (all of them for `None`), distinct, each valid, in the
/// order of the search, on [`Limits::threads`] threads: the same file always gives the same rounds in
/// the same order, whatever the number of threads.
///
/// ```
/// use solvebatch_tournament::{format, list_rounds, parse, Limits};
///
/// let two = parse("2\n0,1,0\n2,3,0\n2,3,1\n0,1,1\n").unwrap();
/// let (rounds, _) = list_rounds(&two, None, &Limits::default()).unwrap();
/// let printed: Vec<String> = rounds.iter().map(|round| format(&two, Some(round))).collect();
/// assert_eq!(printed, ["Table 0: 0 vs. 1\nTable 1: 2 vs. 3\n", "Table 0: 2 vs. 3\nTable 1: 0 vs. 1\n"]);
/// ```
///
/// # Errors
/// [`Interrupted`] when [`Limits::deadline`] passes first.
pub fn list_rounds(
    instance: &Instance,
    limit: Option<usize>,
    limits: &Limits,
) -> Result<(Vec<Round>, CountStats), Interrupted> {
    list_on(instance, limit, limits, Engine::Chosen)
}

/// Lists rounds as [`list_rounds`] does, on `engine`.
fn list_on(
    instance: &Instance,
    limit: Option<usize>,
    limits: &Limits,
    engine: Engine,
) -> Result<(Vec<Round>, CountStats), Interrupted> {
    let limit = limit.unwrap_or(usize::MAX);
    let mut sampled = Stats::default();
    let coverable = instance.tables_if_coverable().filter(|_| limit > 0);
    if let Some((n, sample)) = coverable.zip(engine.bitset_first()) {
        let (options, pairing) = dlx::options_by(instance, n, |p| *p);
        if let Some(problem) = bitset::Problem::new(3 * n, &options) {
            let stop = Stop::new(limits);
            let threads = limits.threads.max(1);
            let branching = Branching::FewestOptions;
            if let Some(found) = problem.enumerate(&stop, threads, branching, limit, sample, &mut sampled)? {
                let rounds = found
                    .listed
                    .into_iter()
                    .map(|options| Round::from_pairings(instance, options.into_iter().map(|o| pairing[o])))
                    .collect();
                return Ok((rounds, CountStats { nodes: sampled.nodes, ..CountStats::default() }));
            }
        }
    }
    let (rounds, mut stats) = search(instance, Some(limit), limits, MEMO_ENTRIES);
    // The sample's options count as tried.
    stats.nodes += sampled.nodes;
    Ok((rounds?, stats))
}

/// How the bitset search's count of `instance` (what `--count` runs unless [`memo_pays`]) shares its
/// tree out among `threads` threads, simulated on the calling thread whatever the load of the
/// machine (fewest-options, the queue of open subtrees; see [`Simulated`]); `None` over 64 tables or
/// 1024 distinct pairings.
///
/// # Errors
/// [`Interrupted`] when [`Limits::deadline`] passes first.
pub fn simulate_count(
    instance: &Instance,
    threads: usize,
    limits: &Limits,
) -> Result<Option<Simulated>, Interrupted> {
    let Some(n) = instance.tables_if_coverable() else { return Ok(None) };
    let (options, _) = dlx::options_by(instance, n, |p| *p);
    let Some(problem) = bitset::Problem::new(3 * n, &options) else { return Ok(None) };
    problem.simulate_count(&Stop::new(limits), threads).map(Some)
}

/// The search of [`list_rounds`] for its first round, with a memo of refuted subproblems holding at
/// most `memo_entries` (0: no memo), to measure the memo: whether a round was found (`None` when the
/// deadline passed first) and the effort, also when interrupted.
pub fn first_round_effort(
    instance: &Instance,
    limits: &Limits,
    memo_entries: usize,
) -> (Option<bool>, CountStats) {
    let (rounds, stats) = search(instance, Some(1), limits, memo_entries);
    (rounds.ok().map(|rounds| !rounds.is_empty()), stats)
}

/// Lists up to `limit` rounds with a memo of at most `memo_entries` refuted subproblems.
fn search(
    instance: &Instance,
    limit: Option<usize>,
    limits: &Limits,
    memo_entries: usize,
) -> (Result<Vec<Round>, Interrupted>, CountStats) {
    let Some(mut cover) = Cover::new(instance, memo_entries) else {
        return (Ok(Vec::new()), CountStats::default());
    };
    let limit = limit.unwrap_or(usize::MAX);
    let stop = Stop::new(limits);
    let found = if limit == 0 {
        Ok(Vec::new())
    } else if limits.threads <= 1 {
        let mut listing = Listing { limit, chosen: Vec::new(), found: Vec::new() };
        let mut refuted = HashSet::new();
        let done = cover.list(&mut listing, &mut refuted, &stop);
        cover.stats.memo_entries = refuted.len() as u64;
        done.map(|_| listing.found)
    } else {
        cover.list_on_threads(limit, limits.threads, &stop)
    };
    let rounds = found.map(|found| {
        found
            .into_iter()
            .map(|options| Round::from_pairings(instance, options.into_iter().map(|o| cover.pairing[o])))
            .collect()
    });
    (rounds, cover.stats)
}

/// The rounds one subproblem lists (the options of each) and what listing them cost.
type Listed = (Vec<Vec<usize>>, CountStats);

/// The rounds found so far and the options on the current path.
struct Listing {
    limit: usize,
    chosen: Vec<usize>,
    found: Vec<Vec<usize>>,
}

/// The exact cover matrix with its state: items are tables `0..n` and players `n..3n`, options the
/// distinct pairings; an option is live while none of its items is covered.
#[derive(Clone)]
struct Cover {
    options: Vec<[u32; 3]>,
    /// The pairing index behind each option.
    pairing: Vec<usize>,
    /// The options of each item, in file order.
    by_item: Vec<Vec<u32>>,
    /// How many of each option's items are covered (live at 0).
    covered_items: Vec<u8>,
    /// Live options of each item.
    live: Vec<u32>,
    /// The covered items, one bit each: the memo's key.
    covered: Vec<u64>,
    /// The most subproblems the memo keeps.
    capacity: usize,
    stats: CountStats,
    /// FRB's counters when counting by [`Branching::FailureRate`]; `None`: fewest options first.
    rates: Option<FailureRates>,
}

impl Cover {
    /// The matrix of `instance` with a memo of at most `capacity` subproblems, or `None` when it has
    /// fewer pairings than tables (no round).
    fn new(instance: &Instance, capacity: usize) -> Option<Cover> {
        let n = instance.tables_if_coverable()?;
        // The same two players in the other order print another round: another option.
        let (options, pairing) = dlx::options_by(instance, n, |p| *p);
        let by_item = dlx::item_options(&options, 3 * n);
        let live = by_item.iter().map(|list| list.len() as u32).collect();
        Some(Cover {
            covered_items: vec![0; options.len()],
            options,
            pairing,
            by_item,
            live,
            covered: vec![0; (3 * n).div_ceil(64)],
            capacity,
            stats: CountStats::default(),
            rates: None,
        })
    }

    /// A copy of this matrix with the options of `path` played (counted by [`Cover::split`] already)
    /// and no effort counted yet; [`Interrupted`] at once when `stop` says so (a subproblem not
    /// started yet is not started).
    fn below(&self, path: &[usize], stop: &Stop) -> Result<Cover, Interrupted> {
        stop.check()?;
        let mut below = self.clone();
        below.stats = CountStats::default();
        path.iter().for_each(|&option| below.play(option));
        Ok(below)
    }

    /// Cuts the first levels of the tree into at least `target` subproblems (fewer when the tree is
    /// that small), by fewest-options branching: the options played to reach each, in depth-first
    /// order, each counted once as an option tried. Subproblems with an item left without options are dropped (they hold no round); one
    /// with every item covered is a round, kept as it is.
    fn split(&mut self, target: usize, stop: &Stop) -> Result<Vec<Vec<usize>>, Interrupted> {
        let mut frontier = vec![Vec::new()];
        while frontier.len() < target {
            stop.check()?;
            let mut deeper = Vec::new();
            let mut grew = false;
            for path in frontier {
                path.iter().for_each(|&option| self.play(option));
                match self.choose() {
                    None => deeper.push(path.clone()),
                    Some((_, 0)) => {}
                    Some((item, _)) => {
                        grew = true;
                        for option in self.live_options(item) {
                            self.stats.nodes += 1;
                            deeper.push(path.iter().copied().chain([option]).collect());
                        }
                    }
                }
                for &option in path.iter().rev() {
                    self.deselect(option);
                }
            }
            frontier = deeper;
            if !grew {
                break;
            }
        }
        Ok(frontier)
    }

    /// The first `limit` rounds on `threads` threads, in the order of one thread: the subproblems of
    /// [`Cover::split`] listed in parallel, sharing their memo of refuted subproblems, and their rounds
    /// put one after another. With a limit the subproblems go in batches of `threads`, in order, until
    /// the batches so far hold `limit` rounds.
    fn list_on_threads(
        &mut self,
        limit: usize,
        threads: usize,
        stop: &Stop,
    ) -> Result<Vec<Vec<usize>>, Interrupted> {
        let subproblems = self.split(SUBPROBLEMS_PER_THREAD * threads, stop)?;
        let shared = Shared::new();
        let list_one = |path: &Vec<usize>| {
            let mut below = self.below(path, stop)?;
            let mut listing = Listing { limit, chosen: path.clone(), found: Vec::new() };
            below.list(&mut listing, &mut &shared, stop)?;
            Ok((listing.found, below.stats))
        };
        let batch = if limit == usize::MAX { subproblems.len().max(1) } else { threads };
        let (mut found, mut stats) = (Vec::new(), CountStats::default());
        for paths in subproblems.chunks(batch) {
            let listed: Vec<Result<Listed, Interrupted>> =
                on_threads(threads, || paths.par_iter().map(list_one).collect());
            for result in listed {
                let (rounds, effort) = result?;
                found.extend(rounds);
                stats.add(&effort);
            }
            if found.len() >= limit {
                break;
            }
        }
        found.truncate(limit);
        self.stats.add(&stats);
        self.stats.memo_entries = (&shared).len() as u64;
        Ok(found)
    }

    /// The uncovered item with the fewest live options and their number, or `None` when every item
    /// is covered.
    fn choose(&self) -> Option<(usize, u32)> {
        let mut best: Option<(usize, u32)> = None;
        for (item, &live) in self.live.iter().enumerate() {
            if self.covered[item / 64] >> (item % 64) & 1 == 0 && best.is_none_or(|(_, fewest)| live < fewest)
            {
                best = Some((item, live));
                if live == 0 {
                    break;
                }
            }
        }
        best
    }

    /// The item FRB branches on ([`Branching::FailureRate`]) and its number of live options: the first
    /// uncovered item with none or, failing that, with one; else the smallest score of `rates`, the
    /// first in item order among equals; `None` when every item is covered.
    fn choose_by_rate(&self, rates: &FailureRates) -> Option<(usize, u32)> {
        let mut single = None;
        let mut best: Option<(usize, u32, f64)> = None;
        for (item, &live) in self.live.iter().enumerate() {
            if self.covered[item / 64] >> (item % 64) & 1 == 1 {
                continue;
            }
            match live {
                0 => return Some((item, 0)),
                1 => single = single.or(Some((item, 1))),
                _ => {
                    let score = rates.score(item, live);
                    if best.is_none_or(|(_, _, best)| score < best) {
                        best = Some((item, live, score));
                    }
                }
            }
        }
        single.or(best.map(|(item, live, _)| (item, live)))
    }

    fn cover_item(&mut self, item: usize) {
        self.covered[item / 64] |= 1 << (item % 64);
        for &option in &self.by_item[item] {
            let option = option as usize;
            if self.covered_items[option] == 0 {
                for other in self.options[option] {
                    self.live[other as usize] -= 1;
                }
            }
            self.covered_items[option] += 1;
        }
    }

    fn uncover_item(&mut self, item: usize) {
        self.covered[item / 64] &= !(1 << (item % 64));
        for &option in &self.by_item[item] {
            let option = option as usize;
            self.covered_items[option] -= 1;
            if self.covered_items[option] == 0 {
                for other in self.options[option] {
                    self.live[other as usize] += 1;
                }
            }
        }
    }

    /// Plays `option`: covers its three items.
    fn select(&mut self, option: usize, stop: &Stop) -> Result<(), Interrupted> {
        self.stats.nodes += 1;
        if self.stats.nodes % CLOCK_INTERVAL == 0 {
            stop.check()?;
        }
        self.play(option);
        Ok(())
    }

    /// Covers the three items of `option`, not counted as an option tried (a replay of a path).
    fn play(&mut self, option: usize) {
        self.options[option].into_iter().for_each(|item| self.cover_item(item as usize));
    }

    /// Undoes [`Cover::select`].
    fn deselect(&mut self, option: usize) {
        self.options[option].into_iter().rev().for_each(|item| self.uncover_item(item as usize));
    }

    /// The live options of `item`, in file order.
    fn live_options(&self, item: usize) -> Vec<usize> {
        self.by_item[item].iter().map(|&o| o as usize).filter(|&o| self.covered_items[o] == 0).collect()
    }

    /// The number of rounds of the current subproblem, `depth` pairings down, reached by an option of
    /// the item `above` (`None` at the top), with `memo` holding known subproblems' counts.
    fn count(
        &mut self,
        memo: &mut impl Memo<BigUint>,
        depth: usize,
        above: Option<usize>,
        stop: &Stop,
    ) -> Result<BigUint, Interrupted> {
        let choice = match &self.rates {
            None => self.choose(),
            Some(rates) => self.choose_by_rate(rates),
        };
        let Some((item, live)) = choice else {
            return Ok(BigUint::from(1u32));
        };
        if live == 0 {
            if let (Some(rates), Some(above)) = (&mut self.rates, above) {
                rates.failed(above);
            }
            return Ok(BigUint::ZERO);
        }
        let known = memo.look_up(self.covered.as_slice());
        self.stats.meet(depth, known.is_some());
        if let Some(known) = known {
            return Ok(known);
        }
        let mut total = BigUint::ZERO;
        for option in self.live_options(item) {
            if let Some(rates) = &mut self.rates {
                rates.tried(item);
            }
            self.select(option, stop)?;
            let below = self.count(memo, depth + 1, Some(item), stop);
            self.deselect(option);
            total += below?;
        }
        if memo.len() < self.capacity {
            memo.keep(&self.covered, total.clone());
        }
        Ok(total)
    }

    /// Adds the rounds of the current subproblem to `listing` until it holds its limit, with
    /// `refuted` holding the subproblems known to have none. Returns whether the limit is reached.
    fn list(
        &mut self,
        listing: &mut Listing,
        refuted: &mut impl Memo<()>,
        stop: &Stop,
    ) -> Result<bool, Interrupted> {
        let Some((item, live)) = self.choose() else {
            listing.found.push(listing.chosen.clone());
            return Ok(listing.found.len() >= listing.limit);
        };
        if live == 0 {
            return Ok(false);
        }
        let repeat = refuted.look_up(self.covered.as_slice()).is_some();
        self.stats.meet(listing.chosen.len(), repeat);
        if repeat {
            return Ok(false);
        }
        let before = listing.found.len();
        for option in self.live_options(item) {
            self.select(option, stop)?;
            listing.chosen.push(option);
            let full = self.list(listing, refuted, stop);
            listing.chosen.pop();
            self.deselect(option);
            if full? {
                return Ok(true);
            }
        }
        if listing.found.len() == before && refuted.len() < self.capacity {
            refuted.keep(&self.covered, ());
        }
        Ok(false)
    }
}

#[cfg(test)]
mod tests {
    use proptest::prelude::*;

    use super::*;
    use crate::instance::Pairing;
    use crate::parse;
    use crate::round::{check_round, format};

    /// Rounds by brute force: each table in turn plays each distinct pairing whose players are free.
    fn brute_force(instance: &Instance) -> u64 {
        let n = instance.tables as usize;
        let mut distinct: Vec<Pairing> = Vec::new();
        for p in &instance.pairings {
            if !distinct.contains(p) {
                distinct.push(*p);
            }
        }
        fn rounds(table: usize, n: usize, pairings: &[Pairing], busy: &mut Vec<bool>) -> u64 {
            if table == n {
                return 1;
            }
            let mut total = 0;
            for p in pairings.iter().filter(|p| p.table == table as u64) {
                let (a, b) = (p.first as usize, p.second as usize);
                if !busy[a] && !busy[b] {
                    (busy[a], busy[b]) = (true, true);
                    total += rounds(table + 1, n, pairings, busy);
                    (busy[a], busy[b]) = (false, false);
                }
            }
            total
        }
        rounds(0, n, &distinct, &mut vec![false; 2 * n])
    }

    /// Instances of 1 to 8 tables with up to `4n` pairings, repeats and reversed pairs included.
    fn small_instance() -> impl Strategy<Value = Instance> {
        (1u64..=8).prop_flat_map(|n| {
            let pairing = (0..2 * n, 1..2 * n, 0..n).prop_map(move |(first, step, table)| Pairing {
                first,
                second: (first + step) % (2 * n),
                table,
            });
            proptest::collection::vec(pairing, 0..=4 * n as usize)
                .prop_map(move |pairings| Instance { tables: n, pairings })
        })
    }

    proptest! {
        #[test]
        fn the_count_is_the_brute_force_count(instance in small_instance()) {
            let count = count_rounds(&instance, &Limits::default()).unwrap();
            prop_assert_eq!(count.rounds, BigUint::from(brute_force(&instance)));
        }

        #[test]
        fn a_listing_gives_every_round_once_each_valid_and_a_limit_its_first_ones(
            instance in small_instance(), limit in 0usize..6
        ) {
            let (all, _) = list_rounds(&instance, None, &Limits::default()).unwrap();
            prop_assert_eq!(all.len() as u64, brute_force(&instance));
            let printed: HashSet<String> = all.iter().map(|round| format(&instance, Some(round))).collect();
            prop_assert_eq!(printed.len(), all.len(), "distinct");
            for round in &all {
                prop_assert_eq!(check_round(&instance, round), Ok(()));
            }
            let (first, _) = list_rounds(&instance, Some(limit), &Limits::default()).unwrap();
            prop_assert_eq!(&first[..], &all[..limit.min(all.len())]);
        }
    }

    /// Instances of up to 12 tables: random regular ones of degree 2 to 6, with or without a planted
    /// round, and the small random ones.
    fn instance_up_to_12_tables() -> impl Strategy<Value = Instance> {
        let regular = (4usize..=12, 2usize..=6, 0u64..1000, any::<bool>()).prop_map(
            |(tables, degree, seed, planted)| {
                crate::generate::Regular { tables, degree: degree.min(tables), seed, planted }
                    .generate()
                    .unwrap()
            },
        );
        prop_oneof![regular, small_instance()]
    }

    proptest! {
        /// Every subproblem the listing's memo keeps as refuted has no round by Algorithm X without
        /// a memo, and the memo changes no answer.
        #[test]
        fn a_refuted_subproblem_never_has_a_round(instance in instance_up_to_12_tables()) {
            let Some(mut cover) = Cover::new(&instance, MEMO_ENTRIES) else { return Ok(()) };
            let mut listing = Listing { limit: usize::MAX, chosen: Vec::new(), found: Vec::new() };
            let mut refuted = HashSet::new();
            let stop = Stop::new(&Limits::default());
            cover.list(&mut listing, &mut refuted, &stop).unwrap();
            for key in &refuted {
                let mut fresh = Cover::new(&instance, 0).unwrap();
                for item in (0..fresh.live.len()).filter(|&item| key[item / 64] >> (item % 64) & 1 == 1) {
                    fresh.cover_item(item);
                }
                prop_assert_eq!(fresh.count(&mut HashMap::new(), 0, None, &stop).unwrap(), BigUint::ZERO);
            }
            let with = first_round_effort(&instance, &Limits::default(), MEMO_ENTRIES).0;
            prop_assert_eq!(with, first_round_effort(&instance, &Limits::default(), 0).0);
            prop_assert_eq!(with, Some(!listing.found.is_empty()));
        }
    }

    /// Every engine: the one [`count_rounds`] chooses, the bitset search on every thread from the
    /// start (no sample), and the memo search.
    const ENGINES: [Engine; 3] = [Engine::Chosen, Engine::Bitset, Engine::Memo];

    /// `instance` counts `expected` rounds on each of `threads`, by either branching, on every engine.
    fn every_way_counts(
        instance: &Instance,
        threads: impl IntoIterator<Item = usize>,
        expected: &BigUint,
    ) -> Result<(), TestCaseError> {
        for threads in threads {
            for branching in [Branching::FewestOptions, Branching::FailureRate] {
                for engine in ENGINES {
                    let limits = Limits { threads, ..Limits::default() };
                    let count = count_on(instance, &limits, branching, engine).unwrap();
                    prop_assert_eq!(
                        &count.rounds,
                        expected,
                        "{} threads, {:?}, {:?}",
                        threads,
                        branching,
                        engine
                    );
                }
            }
        }
        Ok(())
    }

    proptest! {
        /// On 1, 2 and 4 threads, by fewest-options and by FRB, on every engine, the count is the
        /// brute-force count.
        #[test]
        fn counts_on_threads_and_by_frb_are_the_brute_force_count(instance in small_instance()) {
            every_way_counts(&instance, [1, 2, 4], &BigUint::from(brute_force(&instance)))?;
        }

        /// The count on up to 12 tables (regular instances up to degree 6 too) is the same on 1 to
        /// 4 threads, by either branching, on every engine.
        #[test]
        fn counts_agree_on_threads_branchings_and_engines(instance in instance_up_to_12_tables()) {
            let expected = count_on(&instance, &Limits::default(), Branching::FewestOptions, Engine::Memo)
                .unwrap()
                .rounds;
            every_way_counts(&instance, 1..=4, &expected)?;
        }

        /// A listing on 1 to 4 threads, on every engine, is the one-thread listing of the memo
        /// search, rounds and order, whole or cut at a limit.
        #[test]
        fn listings_on_threads_are_the_one_thread_listing(
            instance in instance_up_to_12_tables(), limit in 0usize..6
        ) {
            let (one, _) = list_on(&instance, None, &Limits::default(), Engine::Memo).unwrap();
            for threads in 1..=4 {
                for engine in ENGINES {
                    let limits = Limits { threads, ..Limits::default() };
                    prop_assert_eq!(&list_on(&instance, None, &limits, engine).unwrap().0, &one);
                    let (first, _) = list_on(&instance, Some(limit), &limits, engine).unwrap();
                    prop_assert_eq!(&first[..], &one[..limit.min(one.len())], "{} threads, {:?}", threads, engine);
                }
            }
        }
    }

    /// Without a round and without repeats, the count runs on the bitset search (no memo: no
    /// depths), and its threads refute the one-thread tree trying each option once: 45 tables,
    /// degree 5, seed 1, the 451 760 options of `dlx`'s refutation, on 1, 2 and 4 threads (the
    /// queue splits subtrees again while a thread waits: about 1760 slices of 256 options).
    #[test]
    fn a_count_without_repeats_runs_on_the_bitset_search_each_option_once() {
        let instance =
            crate::generate::Regular { tables: 45, degree: 5, seed: 1, planted: false }.generate().unwrap();
        for threads in [1, 2, 4] {
            let count = count_rounds(&instance, &Limits { threads, ..Limits::default() }).unwrap();
            assert_eq!(count.rounds, BigUint::ZERO);
            let expected = CountStats { nodes: 451_760, ..CountStats::default() };
            assert_eq!(count.stats, expected, "{threads} threads");
        }
    }

    /// A tree of about 300 slices of 256 options is split among the threads while they run (25
    /// tables, degree 6, seed 3, planted: 78 088 options, 24 rounds): on 2 to 4 threads the
    /// count is 24 and the listing, whole or its first 5 or 20, is the memo search's one-thread
    /// listing, rounds and order, whatever the timing.
    #[test]
    fn a_split_tree_lists_the_one_thread_rounds_in_order() {
        let instance =
            crate::generate::Regular { tables: 25, degree: 6, seed: 3, planted: true }.generate().unwrap();
        let (one, _) = list_on(&instance, None, &Limits::default(), Engine::Memo).unwrap();
        assert_eq!(one.len(), 24);
        for threads in 2..=4 {
            let limits = Limits { threads, ..Limits::default() };
            let count = count_on(&instance, &limits, Branching::FewestOptions, Engine::Bitset).unwrap();
            assert_eq!((count.rounds, count.stats.nodes), (BigUint::from(24u32), 78_088));
            assert_eq!(
                list_on(&instance, None, &limits, Engine::Bitset).unwrap().0,
                one,
                "{threads} threads"
            );
            for limit in [5, 20] {
                let (first, _) = list_on(&instance, Some(limit), &limits, Engine::Bitset).unwrap();
                assert_eq!(first[..], one[..limit], "{threads} threads, the first {limit}");
            }
        }
    }

    /// The simulated threads share out the one-thread tree (25 tables, degree 6, seed 3, planted:
    /// 78 088 options): each option tried by one of them, each thread busy or idle until the last
    /// one is done, no sooner than an even share; one thread searches the root alone, never idle.
    #[test]
    fn simulated_threads_share_the_one_thread_tree() {
        let instance =
            crate::generate::Regular { tables: 25, degree: 6, seed: 3, planted: true }.generate().unwrap();
        for threads in [1, 2, 4, 8] {
            let simulated = simulate_count(&instance, threads, &Limits::default()).unwrap().expect("small");
            assert_eq!(simulated.busy.iter().sum::<u64>(), 78_088, "{threads} threads");
            assert!(simulated.makespan >= 78_088_u64.div_ceil(threads as u64));
            for (busy, idle) in simulated.busy.iter().zip(&simulated.idle) {
                assert_eq!(busy + idle, simulated.makespan, "{threads} threads");
            }
            assert_eq!(simulated.parts.len(), threads);
            if threads == 1 {
                assert_eq!((simulated.parts, simulated.idle), (vec![1], vec![0]));
            } else {
                assert!(simulated.parts.iter().all(|&parts| parts > 0), "{threads} threads");
            }
        }
    }

    /// Table `t` of 64 seats players `2t` and `2t + 1` in either order: the bitset search's sample
    /// meets a subproblem again at about every other node it branches on, so the memo search counts,
    /// from the start: the 8192 options of the sample, then the memo search's 128 (63 looked up, 64
    /// subproblems kept), 2^64 rounds, one past what 64 bits hold.
    #[test]
    fn a_sample_that_meets_repeats_leaves_the_count_to_the_memo() {
        let tables = 64u64;
        let pairings = (0..tables)
            .flat_map(|t| {
                [
                    Pairing { first: 2 * t, second: 2 * t + 1, table: t },
                    Pairing { first: 2 * t + 1, second: 2 * t, table: t },
                ]
            })
            .collect();
        let instance = Instance { tables, pairings };
        let count = count_rounds(&instance, &Limits::default()).unwrap();
        assert_eq!(count.rounds.to_string(), "18446744073709551616");
        assert_eq!(
            (count.stats.nodes, count.stats.memo_hits, count.stats.memo_entries),
            (8192 + 128, 63, 64)
        );
        let count = count_rounds(&instance, &Limits { threads: 2, ..Limits::default() }).unwrap();
        assert_eq!(count.rounds, BigUint::from(2u32).pow(64));
        assert!(count.stats.memo_hits > 0);
        assert!(memo_pays(2, 1) && memo_pays(16, 1) && !memo_pays(17, 1) && !memo_pays(100, 0));
    }

    /// A time limit stops every thread of a count and of a listing, soon after it, on a file whose
    /// count takes far longer (60 tables, degree 6), on every engine; the margin is generous, for a
    /// loaded machine.
    #[test]
    fn a_time_limit_stops_every_thread() {
        use std::time::{Duration, Instant};
        let instance =
            crate::generate::Regular { tables: 60, degree: 6, seed: 1, planted: false }.generate().unwrap();
        let limit = Duration::from_millis(200);
        for threads in [2, 4] {
            for engine in ENGINES {
                let started = Instant::now();
                let deadline = crate::solver::Deadline::at(Some(started + limit));
                let limits = Limits { deadline, threads, seed: 0 };
                let count = count_on(&instance, &limits, Branching::FewestOptions, engine);
                assert_eq!(count.err(), Some(Interrupted));
                assert!(started.elapsed() < limit + Duration::from_secs(1), "{:?}", started.elapsed());
                let started = Instant::now();
                let deadline = crate::solver::Deadline::at(Some(started + limit));
                let limits = Limits { deadline, threads, seed: 0 };
                assert_eq!(list_on(&instance, None, &limits, engine).err(), Some(Interrupted));
                assert!(started.elapsed() < limit + Duration::from_secs(1), "{:?}", started.elapsed());
            }
        }
    }

    #[test]
    fn the_spec_example_has_exactly_one_round() {
        let example = parse("3\n0,1,0\n1,2,0\n3,4,1\n5,0,2\n").unwrap();
        assert_eq!(count_rounds(&example, &Limits::default()).unwrap().rounds, BigUint::from(1u32));
        let (rounds, _) = list_rounds(&example, Some(5), &Limits::default()).unwrap();
        assert_eq!(rounds, [Round { pairing_at_table: vec![1, 2, 3] }]);
    }

    /// Table `t` seats players `2t` and `2t + 1` in either order: 2^n rounds. Each table tries its two
    /// pairings (200 options tried); the second leaves the subproblem the first searched, looked up
    /// in the memo (99 times: below the last table there is nothing left to look up); the memo keeps
    /// the 100 subproblems with tables left.
    #[test]
    fn a_count_past_64_bits_is_exact_and_shared_subproblems_are_looked_up() {
        let tables = 100u64;
        let pairings = (0..tables)
            .flat_map(|t| {
                [
                    Pairing { first: 2 * t, second: 2 * t + 1, table: t },
                    Pairing { first: 2 * t + 1, second: 2 * t, table: t },
                ]
            })
            .collect();
        let count = count_rounds(&Instance { tables, pairings }, &Limits::default()).unwrap();
        assert_eq!(count.rounds, BigUint::from(2u32).pow(100));
        assert_eq!(count.rounds.to_string(), "1267650600228229401496703205376");
        assert_eq!((count.stats.nodes, count.stats.memo_hits, count.stats.memo_entries), (200, 99, 100));
        let one_met = DepthStats { met: 1, repeats: 0 };
        assert_eq!(count.stats.depths[0], one_met);
        assert_eq!(count.stats.depths[1..], [DepthStats { met: 2, repeats: 1 }; 99]);
    }

    #[test]
    fn too_few_pairings_have_no_round_without_memory_for_the_tables() {
        let huge = parse("1000000000000\n0,1,0\n").unwrap();
        assert_eq!(count_rounds(&huge, &Limits::default()).unwrap().rounds, BigUint::ZERO);
        assert!(list_rounds(&huge, None, &Limits::default()).unwrap().0.is_empty());
    }
}
