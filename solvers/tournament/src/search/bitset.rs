//! Algorithm X on bitsets, for instances with at most [`MAX_TABLES`] tables and [`MAX_OPTIONS`] options.
//!
//! The same search as dancing links (Knuth 2000): branch on the uncovered item with the fewest remaining
//! options, try each of them, undo. Here the remaining options are a bitset of `W` words and the counts
//! of remaining options per item a byte array, both copied level by level: selecting an option is a few
//! word operations plus one decrement per item of each option it removes, undoing is going back one
//! level, and the fewest-options choice is a vectorised minimum over 192 bytes and a scan, eight bytes
//! at a time, for its first occurrence.
//!
//! With several threads the search is [`in_order`]'s: subtrees taken in depth-first order, split
//! again while a thread waits, the first cover in depth-first order the answer, so the answer is the
//! one-thread answer whatever the number of threads (with fewest-options). With one thread it is the
//! plain depth-first search. A count or a listing of every cover ([`Problem::enumerate`], for
//! `--count` and `--all`) goes on past each cover, through the same queue.

use std::collections::HashSet;

use rand::seq::SliceRandom;
use rand::SeedableRng;
use rand_chacha::ChaCha8Rng;

use crate::search::blossom;
use crate::search::branching::{Branching, FailureRates};
use crate::search::filter;
use crate::search::in_order::{self, Covers, Part, Progress, Simulated};
use crate::search::pruning::{FilterStats, ProbeStats, Pruning};
use crate::search::restarts::luby;
use crate::solver::{Interrupted, Stats};
use crate::stop::{Stop, CLOCK_INTERVAL};

/// The most tables this engine takes: `3 * 64 = 192` items, one byte each.
pub(crate) const MAX_TABLES: usize = 64;

/// The most options this engine takes (16 words of 64 bits).
pub(crate) const MAX_OPTIONS: usize = 1024;

/// Items per count array: tables `0..n`, players `n..3n`, the rest unused.
const ITEMS: usize = 3 * MAX_TABLES;

/// The count of a covered item (and of unused slots): above every real count, so it never wins the
/// fewest-options choice. Items take at most 254 options here.
const COVERED: u8 = u8::MAX;

/// An exact cover problem with three items per option, small enough for the bitset search.
pub(crate) struct Problem {
    /// The three items of each option.
    items: Vec<[u8; 3]>,
    /// The number of items, `3n`.
    item_count: usize,
}

/// Evaluates `$call` with `$masks` bound to the [`Masks`] of `$problem`, at the narrowest of the
/// widths 1-6, 8, 12 and 16 words that holds its options.
///
/// Each width is a whole copy of the search. A word that is always zero still costs its share of
/// every node (the 45-table degree-6 instances, 5 words, searched about 5 % slower with 8), so the
/// common sizes (up to 384 options: 64 tables of degree 6) get their own width; above them every
/// width doubled the crate's build time for a few percent on rare sizes.
macro_rules! with_masks {
    ($problem:expr, $masks:ident => $call:expr) => {
        with_masks!(@match $problem, $masks, $call;
            0 | 1 => 1, 2 => 2, 3 => 3, 4 => 4, 5 => 5, 6 => 6, 7 | 8 => 8, 9..=12 => 12, _ => 16)
    };
    (@match $problem:expr, $masks:ident, $call:expr; $($words:pat => $width:literal),*) => {
        match $problem.items.len().div_ceil(64) {
            $($words => {
                let $masks = Masks::<$width>::new($problem);
                $call
            })*
        }
    };
}

impl Problem {
    /// The problem with `item_count` items and these options, or `None` when it does not fit: more than
    /// 192 items, more than [`MAX_OPTIONS`] options, or an item in more than 254 options.
    pub(crate) fn new(item_count: usize, options: &[[u32; 3]]) -> Option<Problem> {
        if item_count > ITEMS || options.len() > MAX_OPTIONS {
            return None;
        }
        let mut degree = [0usize; ITEMS];
        options.iter().flatten().for_each(|&item| degree[item as usize] += 1);
        if degree.iter().any(|&d| d >= usize::from(COVERED)) {
            return None;
        }
        let items = options.iter().map(|option| option.map(|item| item as u8)).collect();
        Some(Problem { items, item_count })
    }

    /// Finds an exact cover with up to `threads` threads, branching by `branching`: the indices of
    /// its options, or `None` when there is none.
    ///
    /// # Errors
    /// [`Interrupted`] when `stop` says so first.
    pub(crate) fn search(
        &self,
        stop: &Stop,
        threads: usize,
        branching: Branching,
        stats: &mut Stats,
    ) -> Result<Option<Vec<usize>>, Interrupted> {
        with_masks!(self, masks => masks.search(stop, threads, branching, stats))
    }

    /// Every exact cover, by the search of [`Problem::search`] on up to `threads` threads going on
    /// past each (the whole tree, no memo): their number and the first `list` of them in depth-first
    /// order (the order of one thread with fewest-options), adding the options tried to `stats`.
    /// With `list` above 0 a subtree stops once it holds `list` covers, so the count is exact only
    /// for `list` 0. With a `sample`, the first options are searched on one thread first, meeting
    /// each node branched on by its covered items; `None` when the sample says that a memo of
    /// subproblems pays (then nothing is counted; the options tried are in `stats`).
    ///
    /// # Errors
    /// [`Interrupted`] when `stop` says so first.
    pub(crate) fn enumerate(
        &self,
        stop: &Stop,
        threads: usize,
        branching: Branching,
        list: usize,
        sample: Option<Sample>,
        stats: &mut Stats,
    ) -> Result<Option<Covers>, Interrupted> {
        with_masks!(self, masks => masks.enumerate(stop, threads, branching, list, sample, stats))
    }

    /// How the count of [`Problem::enumerate`] (fewest-options) shares its tree out among `threads`
    /// simulated threads ([`in_order::simulate`]).
    ///
    /// # Errors
    /// [`Interrupted`] when `stop` says so first.
    pub(crate) fn simulate_count(&self, stop: &Stop, threads: usize) -> Result<Simulated, Interrupted> {
        with_masks!(self, masks => masks.simulate_count(stop, threads))
    }

    /// Finds an exact cover on one thread as [`Problem::search`] does, with the failed-option tests,
    /// the matching filters, the table matching check, the player pairing check and the restarts of
    /// `pruning`, adding their effort to `probe`.
    ///
    /// # Errors
    /// [`Interrupted`] when `stop` says so first.
    pub(crate) fn search_pruned(
        &self,
        stop: &Stop,
        pruning: &Pruning,
        stats: &mut Stats,
        probe: &mut ProbeStats,
    ) -> Result<Option<Vec<usize>>, Interrupted> {
        with_masks!(self, masks => masks.search_pruned(stop, pruning, stats, probe))
    }
}

/// The search state after some options are chosen: what remains.
#[derive(Clone, Copy)]
struct Level<const W: usize> {
    /// Remaining options.
    live: [u64; W],
    /// Remaining options per item, [`COVERED`] once the item is covered.
    count: [u8; ITEMS],
}

/// A matching relaxation of a round that [`Masks::filter`] filters by.
#[derive(Clone, Copy)]
enum Relaxation {
    /// Tables onto players, each table two ([`filter::table_players`]).
    Tables,
    /// Players paired by the remaining pairings ([`filter::partners`]).
    Pairs,
}

/// A first part of a count or a listing searched on one thread, measuring how often subproblems
/// repeat, to decide whether a memo of subproblems pays ([`Problem::enumerate`]).
#[derive(Clone, Copy)]
pub(crate) struct Sample {
    /// The options the sample tries, at most.
    pub(crate) options: u64,
    /// Whether a memo pays after the sample met `met` nodes branched on, `repeated` of them met
    /// before along another path (the same items covered).
    pub(crate) memo_pays: fn(met: u64, repeated: u64) -> bool,
}

/// The nodes branched on a search met, by their covered items, and how many were met before.
#[derive(Default)]
struct Repeats {
    seen: HashSet<[u64; ITEMS / 64]>,
    met: u64,
    repeated: u64,
}

impl Repeats {
    /// Meets the node of `level`.
    fn meet<const W: usize>(&mut self, level: &Level<W>) {
        let mut key = [0u64; ITEMS / 64];
        for (item, &count) in level.count.iter().enumerate() {
            key[item / 64] |= u64::from(count == COVERED) << (item % 64);
        }
        self.met += 1;
        self.repeated += u64::from(!self.seen.insert(key));
    }
}

/// The fixed tables of a problem, shared by every subtree.
struct Masks<'p, const W: usize> {
    problem: &'p Problem,
    /// For each item, the options that contain it.
    item_options: Vec<[u64; W]>,
}

impl<'p, const W: usize> Masks<'p, W> {
    fn new(problem: &'p Problem) -> Masks<'p, W> {
        let mut item_options = vec![[0u64; W]; ITEMS];
        for (option, items) in problem.items.iter().enumerate() {
            for &item in items {
                item_options[usize::from(item)][option / 64] |= 1 << (option % 64);
            }
        }
        Masks { problem, item_options }
    }

    /// The state before any choice.
    fn root(&self) -> Level<W> {
        let mut root = Level { live: [0; W], count: [COVERED; ITEMS] };
        root.count[..self.problem.item_count].fill(0);
        for (option, items) in self.problem.items.iter().enumerate() {
            root.live[option / 64] |= 1 << (option % 64);
            for &item in items {
                root.count[usize::from(item)] += 1;
            }
        }
        root
    }

    /// The uncovered item with the fewest remaining options (the lowest-numbered among equals) and that
    /// number, or `None` when every item is covered.
    fn choose(level: &Level<W>) -> Option<(usize, u8)> {
        // A fold over the bytes compiles to vector minimums; the first equal byte is then found eight
        // bytes at a time (a zero byte of `word ^ fewest` marks it).
        let fewest = level.count.iter().fold(COVERED, |fewest, &count| fewest.min(count));
        if fewest == COVERED {
            return None;
        }
        const ONES: u64 = u64::from_le_bytes([1; 8]);
        const HIGHS: u64 = ONES << 7;
        for (index, chunk) in level.count.chunks_exact(8).enumerate() {
            let word = u64::from_le_bytes(chunk.try_into().expect("chunks of 8"));
            let equal = word ^ (ONES * u64::from(fewest));
            let zero = equal.wrapping_sub(ONES) & !equal & HIGHS;
            if zero != 0 {
                return Some((index * 8 + zero.trailing_zeros() as usize / 8, fewest));
            }
        }
        unreachable!("the minimum is one of the counts")
    }

    /// FRB's choice scanning the uncovered items in `order`: the first with no option, else the last
    /// with one, else the smallest score of `rates`, the first in `order` among equals.
    fn choose_in_order(level: &Level<W>, rates: &FailureRates, order: &[u8]) -> Option<(usize, u8)> {
        let (mut best, mut best_score, mut forced) = (None, f64::INFINITY, None);
        for item in order.iter().map(|&item| usize::from(item)) {
            let count = level.count[item];
            match count {
                0 => return Some((item, 0)),
                1 => forced = Some((item, 1)),
                _ => {
                    let score = rates.score(item, u32::from(count));
                    if score < best_score {
                        (best, best_score) = (Some((item, count)), score);
                    }
                }
            }
        }
        forced.or(best)
    }

    /// Whether every item without options in `child` (a dead end below `parent`, reached by an option
    /// of the item `above`) lost them to the options of `above` alone, each of its options in
    /// `parent` having `above` too; false when some item lost an option that `above` does not have
    /// (the option tried failed).
    fn wiped_by(&self, parent: &Level<W>, child: &Level<W>, above: usize) -> bool {
        (0..ITEMS).filter(|&item| child.count[item] == 0).all(|item| {
            let options = &self.item_options[item];
            (0..W).all(|word| parent.live[word] & options[word] & !self.item_options[above][word] == 0)
        })
    }

    /// The two items of `option` other than `branched`, in the option's order after it (tables, then
    /// the two players, cyclically), as `ssxcc` covers them.
    fn others(&self, option: usize, branched: u8) -> [u8; 2] {
        let items = self.problem.items[option];
        let at = items.iter().position(|&item| item == branched).unwrap_or(0);
        [items[(at + 1) % 3], items[(at + 2) % 3]]
    }

    /// Writes into `child` the state of `parent` once `option` is chosen.
    fn select(&self, parent: &Level<W>, child: &mut Level<W>, option: usize) {
        let [a, b, c] = self.problem.items[option].map(usize::from);
        child.count = parent.count;
        for word in 0..W {
            let options = &self.item_options;
            let mut removed = parent.live[word] & (options[a][word] | options[b][word] | options[c][word]);
            child.live[word] = parent.live[word] & !removed;
            while removed != 0 {
                let other = word * 64 + removed.trailing_zeros() as usize;
                for item in self.problem.items[other] {
                    child.count[usize::from(item)] -= 1;
                }
                removed &= removed - 1;
            }
        }
        child.count[a] = COVERED;
        child.count[b] = COVERED;
        child.count[c] = COVERED;
    }

    /// Failed-option tests (probing) to a fixpoint: removes from `level` every option whose choice would
    /// leave an uncovered item without options, again until none is removed or an item has none left
    /// (then [`Masks::choose`] reports the dead end). `scratch` holds each tested choice.
    fn probe(&self, level: &mut Level<W>, scratch: &mut Level<W>, effort: &mut ProbeStats) {
        loop {
            let mut removed_any = false;
            for word in 0..W {
                let mut bits = level.live[word];
                while bits != 0 {
                    let option = word * 64 + bits.trailing_zeros() as usize;
                    bits &= bits - 1;
                    effort.tests += 1;
                    self.select(level, scratch, option);
                    if scratch.count.iter().fold(COVERED, |fewest, &count| fewest.min(count)) > 0 {
                        continue;
                    }
                    effort.removed += 1;
                    removed_any = true;
                    level.live[word] &= !(1 << (option % 64));
                    for item in self.problem.items[option].map(usize::from) {
                        level.count[item] -= 1;
                        if level.count[item] == 0 {
                            return;
                        }
                    }
                }
            }
            if !removed_any {
                return;
            }
        }
    }

    /// The players (numbered from 0) each table can seat through the remaining options of `level`,
    /// and the set of uncovered tables.
    fn table_reach(&self, level: &Level<W>) -> ([u128; MAX_TABLES], u64) {
        let n = self.problem.item_count / 3;
        let mut reach = [0u128; MAX_TABLES];
        for option in Self::live(level) {
            let [table, first, second] = self.problem.items[option];
            reach[usize::from(table)] |= 1 << (usize::from(first) - n) | 1 << (usize::from(second) - n);
        }
        let tables = (0..n).filter(|&table| level.count[table] != COVERED);
        (reach, tables.fold(0, |set, table| set | 1 << table))
    }

    /// The graph of the pairings of the remaining options of `level`, as a set of neighbours per
    /// player (numbered from 0), and the uncovered players, or `None` when one of them has no pairing
    /// left.
    fn pair_graph(&self, level: &Level<W>) -> Option<([u128; 2 * MAX_TABLES], u128)> {
        let n = self.problem.item_count / 3;
        let mut adjacent = [0u128; 2 * MAX_TABLES];
        let mut players = 0u128;
        for option in Self::live(level) {
            let [_, first, second] = self.problem.items[option];
            let (first, second) = (usize::from(first) - n, usize::from(second) - n);
            adjacent[first] |= 1 << second;
            adjacent[second] |= 1 << first;
            players |= 1 << first | 1 << second;
        }
        let uncovered = (0..2 * n).filter(|&player| level.count[n + player] != COVERED);
        let uncovered = uncovered.fold(0u128, |set, player| set | 1 << player);
        (uncovered & !players == 0).then_some((adjacent, uncovered))
    }

    /// The remaining options of `level`, in increasing order.
    fn live(level: &Level<W>) -> impl Iterator<Item = usize> + '_ {
        level
            .live
            .iter()
            .enumerate()
            .flat_map(|(word, &bits)| blossom::Ones(u128::from(bits)).map(move |bit| word * 64 + bit))
    }

    /// Whether every uncovered table of `level` can still seat two uncovered players of its own through
    /// remaining options, no player at two tables ([`filter::seat`]). Necessary for a cover, not
    /// sufficient (it ignores which two players a table's options pair).
    fn tables_matchable(&self, level: &Level<W>) -> bool {
        let (reach, tables) = self.table_reach(level);
        filter::seat(&reach, tables).is_some()
    }

    /// Whether the uncovered players of `level` pair off through the pairings of remaining options (a
    /// perfect matching, [`blossom::has_perfect_matching`]). Necessary for a cover, not sufficient (it
    /// ignores which tables the pairings need).
    fn players_pairable(&self, level: &Level<W>) -> bool {
        // A player without any remaining pairing is caught by the fewest-options choice already.
        self.pair_graph(level)
            .is_some_and(|(adjacent, players)| blossom::has_perfect_matching(&adjacent, players))
    }

    /// The remaining options of `level` that no solution of `relaxation` uses, or `None` when it has
    /// none ([`filter`]).
    fn unsupported(&self, level: &Level<W>, relaxation: Relaxation) -> Option<[u64; W]> {
        let n = self.problem.item_count / 3;
        let mut rejected = [0u64; W];
        let mut reject = |keep: &dyn Fn(usize, usize, usize) -> bool| {
            for option in Self::live(level) {
                let [table, first, second] = self.problem.items[option].map(usize::from);
                if !keep(table, first - n, second - n) {
                    rejected[option / 64] |= 1 << (option % 64);
                }
            }
        };
        match relaxation {
            Relaxation::Tables => {
                let (reach, tables) = self.table_reach(level);
                let allowed = filter::table_players(&reach, tables)?;
                reject(&|table, first, second| allowed[table] >> first & allowed[table] >> second & 1 == 1);
            }
            Relaxation::Pairs => {
                let (adjacent, players) = self.pair_graph(level)?;
                let allowed = filter::partners(&adjacent, players)?;
                reject(&|_, first, second| allowed[first] >> second & 1 == 1);
            }
        }
        Some(rejected)
    }

    /// Removes from `level` the remaining options that no solution of `relaxation` uses, again until
    /// none is removed, counting the effort in `effort`. Returns false when the node is refuted: the
    /// relaxation has no solution, or an uncovered item is left without options.
    fn filter(&self, level: &mut Level<W>, relaxation: Relaxation, effort: &mut FilterStats) -> bool {
        let started = std::time::Instant::now();
        effort.calls += 1;
        effort.options += level.live.iter().map(|word| u64::from(word.count_ones())).sum::<u64>();
        let feasible = 'fixpoint: loop {
            let Some(rejected) = self.unsupported(level, relaxation) else { break false };
            if rejected == [0; W] {
                break true;
            }
            for (word, &bits) in rejected.iter().enumerate() {
                level.live[word] &= !bits;
                for bit in blossom::Ones(u128::from(bits)) {
                    effort.removed += 1;
                    for item in self.problem.items[word * 64 + bit].map(usize::from) {
                        level.count[item] -= 1;
                        if level.count[item] == 0 {
                            break 'fixpoint false;
                        }
                    }
                }
            }
        };
        effort.cuts += u64::from(!feasible);
        effort.nanoseconds += started.elapsed().as_nanos() as u64;
        feasible
    }

    /// Appends to `out` the options of `item` remaining in `level`, in increasing order.
    fn options_of(&self, level: &Level<W>, item: usize, out: &mut Vec<u16>) {
        for word in 0..W {
            let mut bits = level.live[word] & self.item_options[item][word];
            while bits != 0 {
                out.push((word * 64 + bits.trailing_zeros() as usize) as u16);
                bits &= bits - 1;
            }
        }
    }

    /// Searches the whole tree on `threads` threads ([`in_order::search`]), branching by `branching`
    /// (with FRB, a subtree given away starts from the counters of the one that gave it).
    fn search(
        &self,
        stop: &Stop,
        threads: usize,
        branching: Branching,
        stats: &mut Stats,
    ) -> Result<Option<Vec<usize>>, Interrupted> {
        let mut root = Subtree::new(self, self.root(), Vec::new());
        root.rates = FailureRates::for_branching(branching, ITEMS);
        in_order::search(root, threads, stop, stats)
    }

    /// Counts the covers of the whole tree and lists the first `list` of them, on `threads` threads
    /// ([`in_order::enumerate`]), branching by `branching`, after `sample` on one thread
    /// ([`Problem::enumerate`]).
    fn enumerate(
        &self,
        stop: &Stop,
        threads: usize,
        branching: Branching,
        list: usize,
        sample: Option<Sample>,
        stats: &mut Stats,
    ) -> Result<Option<Covers>, Interrupted> {
        let mut root = self.counting_root(branching, list);
        if let Some(sample) = sample {
            root.repeats = Some(Repeats::default());
            let progress = root.resume(sample.options, stop);
            let own = root.take_stats();
            stats.nodes += own.nodes;
            stats.backtracks += own.backtracks;
            if let Progress::Exhausted = progress? {
                return Ok(Some(root.take_covers()));
            }
            let repeats = root.repeats.take().unwrap_or_default();
            if (sample.memo_pays)(repeats.met, repeats.repeated) {
                return Ok(None);
            }
        }
        let wanted = if list == 0 { usize::MAX } else { list };
        in_order::enumerate(root, threads, wanted, stop, stats).map(Some)
    }

    /// The count of [`Masks::enumerate`] on `threads` simulated threads.
    fn simulate_count(&self, stop: &Stop, threads: usize) -> Result<Simulated, Interrupted> {
        in_order::simulate(self.counting_root(Branching::FewestOptions, 0), threads, stop)
    }

    /// The root of a search that goes on past covers, counting them and listing the first `list`.
    fn counting_root(&self, branching: Branching, list: usize) -> Subtree<'_, 'p, W> {
        let mut root = Subtree::new(self, self.root(), Vec::new());
        root.rates = FailureRates::for_branching(branching, ITEMS);
        root.covers = Some(Covers::default());
        root.list = list;
        root
    }

    /// One depth-first search, or runs of the restart schedule of `pruning` until one answers.
    fn search_pruned(
        &self,
        stop: &Stop,
        pruning: &Pruning,
        stats: &mut Stats,
        probe: &mut ProbeStats,
    ) -> Result<Option<Vec<usize>>, Interrupted> {
        let mut run = 1;
        loop {
            let mut subtree = Subtree::new(self, self.root(), Vec::new());
            subtree.pruning = *pruning;
            let budget = match pruning.restarts {
                Some(restarts) => {
                    subtree.rng = Some(ChaCha8Rng::seed_from_u64(restarts.seed.wrapping_add(run)));
                    luby(run).saturating_mul(restarts.unit)
                }
                None => u64::MAX,
            };
            let progress = subtree.resume(budget, stop);
            stats.nodes += subtree.stats.nodes;
            stats.backtracks += subtree.stats.backtracks;
            probe.add(&subtree.probe);
            probe.restarts = run - 1;
            match progress? {
                Progress::Found(cover) => return Ok(Some(cover)),
                Progress::Exhausted => return Ok(None),
                Progress::Paused => run += 1,
            }
        }
    }
}

/// A depth-first search below a fixed choice of first options, resumable turn by turn.
struct Subtree<'m, 'p, const W: usize> {
    masks: &'m Masks<'p, W>,
    /// The options chosen above this subtree's root.
    prefix: Vec<usize>,
    /// `levels[k]` is the state after `k` choices below the root; `levels[depth]` is the current one.
    levels: Vec<Level<W>>,
    depth: usize,
    /// The options of the item branched on at each level, as a stack of runs: level `k` owns
    /// `candidates[start[k]..]` up to the next run and tries `candidates[next[k]]` next.
    candidates: Vec<u16>,
    start: Vec<usize>,
    next: Vec<usize>,
    /// Effort since the last turn was counted.
    stats: Stats,
    /// Levels from the top of the whole tree whose nodes are probed ([`Masks::probe`]), filtered
    /// ([`Masks::filter`]) or checked ([`Masks::tables_matchable`], [`Masks::players_pairable`]); all
    /// 0 but in [`Problem::search_pruned`].
    pruning: Pruning,
    /// The probing effort, and the state of a tested choice.
    probe: ProbeStats,
    scratch: Level<W>,
    /// When set, each level tries its options in a random order drawn from it.
    rng: Option<ChaCha8Rng>,
    /// FRB's counters when the subtree branches by [`Branching::FailureRate`], `None` for
    /// fewest-options.
    rates: Option<FailureRates>,
    /// The item branched on at each level that has candidates (beside `start` and `next`).
    branched: Vec<u8>,
    /// When set, covers are counted here, the first `list` of them listed, and the search goes on
    /// past them (the whole tree), up to `list` covers listed when `list` is above 0.
    covers: Option<Covers>,
    list: usize,
    /// While set, every node branched on is met here ([`Sample`]).
    repeats: Option<Repeats>,
    /// FRB's scan order: the items, the uncovered ones first (`active[depth]` of them at each depth),
    /// each covered item swapped with the last uncovered one, and left where it is when uncovered
    /// again; `place` is each item's position in it. `after` is the number of uncovered items at
    /// each level with candidates once its item is covered.
    order: Vec<u8>,
    place: Vec<u8>,
    active: Vec<usize>,
    after: Vec<usize>,
}

impl<'m, 'p, const W: usize> Subtree<'m, 'p, W> {
    fn new(masks: &'m Masks<'p, W>, root: Level<W>, prefix: Vec<usize>) -> Subtree<'m, 'p, W> {
        // Every choice covers one table, so the depth never passes the number of tables.
        let levels = vec![root; masks.problem.item_count / 3 + 1];
        let (candidates, start, next) = (Vec::new(), Vec::new(), Vec::new());
        Subtree {
            masks,
            prefix,
            levels,
            depth: 0,
            candidates,
            start,
            next,
            stats: Stats::default(),
            pruning: Pruning::default(),
            probe: ProbeStats::default(),
            scratch: root,
            rng: None,
            rates: None,
            branched: Vec::new(),
            covers: None,
            list: 0,
            repeats: None,
            order: (0..masks.problem.item_count as u8).collect(),
            place: (0..masks.problem.item_count as u8).collect(),
            active: vec![masks.problem.item_count; masks.problem.item_count / 3 + 1],
            after: Vec::new(),
        }
    }

    /// The end of the run of candidates of level `level` (the start of the next level's run).
    fn run_end(&self, level: usize) -> usize {
        self.start.get(level + 1).copied().unwrap_or(self.candidates.len())
    }

    /// Searches on for up to `budget` nodes.
    fn resume(&mut self, budget: u64, stop: &Stop) -> Result<Progress, Interrupted> {
        let limit = self.stats.nodes + budget;
        loop {
            // A new level: probe it if near the top, choose its item, or stop at a cover or a dead end.
            let level = self.prefix.len() + self.depth;
            if level < self.pruning.probe_levels {
                let started = std::time::Instant::now();
                self.masks.probe(&mut self.levels[self.depth], &mut self.scratch, &mut self.probe);
                self.probe.nanoseconds += started.elapsed().as_nanos() as u64;
            }
            let mut refuted = false;
            for (levels, relaxation, effort) in [
                (self.pruning.table_filter_levels, Relaxation::Tables, &mut self.probe.table_filter),
                (self.pruning.pair_filter_levels, Relaxation::Pairs, &mut self.probe.pair_filter),
            ] {
                if !refuted && level < levels {
                    refuted = !self.masks.filter(&mut self.levels[self.depth], relaxation, effort);
                }
            }
            let mut choice = match &self.rates {
                None => Masks::choose(&self.levels[self.depth]),
                Some(rates) => Masks::choose_in_order(
                    &self.levels[self.depth],
                    rates,
                    &self.order[..self.active[self.depth]],
                ),
            };
            if refuted {
                choice = choice.map(|(item, _)| (item, 0));
            }
            if let Some((item, count)) = choice {
                let (masks, node, probe) = (&self.masks, &self.levels[self.depth], &mut self.probe);
                if count > 0
                    && level < self.pruning.matching_levels
                    && refuted_by(
                        || masks.tables_matchable(node),
                        [
                            &mut probe.matching_tests,
                            &mut probe.matching_cuts,
                            &mut probe.matching_nanoseconds,
                        ],
                    )
                {
                    choice = Some((item, 0));
                }
                if count > 0
                    && level < self.pruning.pairing_levels
                    && refuted_by(
                        || masks.players_pairable(node),
                        [&mut probe.pairing_tests, &mut probe.pairing_cuts, &mut probe.pairing_nanoseconds],
                    )
                {
                    choice = Some((item, 0));
                }
            }
            match choice {
                None => {
                    let chosen = self.next.iter().map(|&next| usize::from(self.candidates[next - 1]));
                    let Some(covers) = &mut self.covers else {
                        return Ok(Progress::Found(self.prefix.iter().copied().chain(chosen).collect()));
                    };
                    covers.count += 1;
                    if self.list > 0 {
                        covers.listed.push(self.prefix.iter().copied().chain(chosen).collect());
                        if covers.listed.len() >= self.list {
                            return Ok(Progress::Exhausted);
                        }
                    }
                }
                Some((item, count)) if count > 0 => {
                    if let Some(repeats) = &mut self.repeats {
                        repeats.meet(&self.levels[self.depth]);
                    }
                    let start = self.candidates.len();
                    self.masks.options_of(&self.levels[self.depth], item, &mut self.candidates);
                    if let Some(rng) = &mut self.rng {
                        self.candidates[start..].shuffle(rng);
                    }
                    self.start.push(start);
                    let active = self.active[self.depth];
                    self.after.push(swap_out(&mut self.order, &mut self.place, active, &[item as u8]));
                    self.next.push(start);
                    self.branched.push(item as u8);
                }
                Some((item, _)) => {
                    // A dead end: the option last tried above left an item without options.
                    if let (Some(rates), Some(&above)) = (&mut self.rates, self.branched.last()) {
                        if self.depth > 0 {
                            let (parent, child) = (&self.levels[self.depth - 1], &self.levels[self.depth]);
                            if self.masks.wiped_by(parent, child, usize::from(above)) {
                                rates.wiped(item);
                            } else {
                                rates.failed(usize::from(above));
                            }
                        }
                    }
                }
            }
            // Try the next candidate of the deepest level that has one, dropping exhausted levels.
            loop {
                let Some(top) = self.next.len().checked_sub(1) else { return Ok(Progress::Exhausted) };
                if self.depth > top {
                    self.depth = top;
                    self.stats.backtracks += 1;
                }
                if self.next[top] < self.candidates.len() {
                    let option = usize::from(self.candidates[self.next[top]]);
                    self.next[top] += 1;
                    if let Some(rates) = &mut self.rates {
                        rates.tried(usize::from(self.branched[top]));
                    }
                    let (parents, children) = self.levels.split_at_mut(top + 1);
                    self.masks.select(&parents[top], &mut children[0], option);
                    if self.rates.is_some() {
                        let others = self.masks.others(option, self.branched[top]);
                        self.active[top + 1] =
                            swap_out(&mut self.order, &mut self.place, self.after[top], &others);
                    }
                    self.depth = top + 1;
                    self.stats.nodes += 1;
                    if self.stats.nodes % CLOCK_INTERVAL == 0 {
                        stop.check()?;
                    }
                    if self.stats.nodes >= limit {
                        return Ok(Progress::Paused);
                    }
                    break;
                }
                self.candidates.truncate(self.start[top]);
                self.start.pop();
                self.next.pop();
                self.branched.pop();
                self.after.pop();
            }
        }
    }
}

impl<const W: usize> Part for Subtree<'_, '_, W> {
    fn resume(&mut self, budget: u64, stop: &Stop) -> Result<Progress, Interrupted> {
        Subtree::resume(self, budget, stop)
    }

    /// Takes the options not yet tried at the shallowest level that has some (the options this
    /// subtree would search after its current branch there) and makes each a subtree of its own, in
    /// order; none when every level is on its last option. FRB's counters are copied into each, and
    /// each counts its option as tried.
    fn give_away(&mut self) -> Vec<Self> {
        let Some(level) = (0..self.next.len()).find(|&level| self.next[level] < self.run_end(level)) else {
            return Vec::new();
        };
        let (from, to) = (self.next[level], self.run_end(level));
        let given: Vec<u16> = self.candidates.drain(from..to).collect();
        for deeper in level + 1..self.next.len() {
            self.start[deeper] -= to - from;
            self.next[deeper] -= to - from;
        }
        let above = (0..level).map(|above| usize::from(self.candidates[self.next[above] - 1]));
        let path: Vec<usize> = self.prefix.iter().copied().chain(above).collect();
        given
            .into_iter()
            .map(|option| {
                let mut root = self.levels[level];
                self.masks.select(&self.levels[level], &mut root, usize::from(option));
                let prefix = path.iter().copied().chain([usize::from(option)]).collect();
                let mut subtree = Subtree::new(self.masks, root, prefix);
                subtree.rates = self.rates.clone();
                subtree.covers = self.covers.as_ref().map(|_| Covers::default());
                subtree.list = self.list;
                if subtree.rates.is_some() {
                    (subtree.order, subtree.place) = (self.order.clone(), self.place.clone());
                    let others = self.masks.others(usize::from(option), self.branched[level]);
                    subtree.active[0] =
                        swap_out(&mut subtree.order, &mut subtree.place, self.after[level], &others);
                }
                // The option given away is tried now, at the new subtree's root.
                subtree.stats.nodes = 1;
                subtree
            })
            .collect()
    }

    fn take_stats(&mut self) -> Stats {
        std::mem::take(&mut self.stats)
    }

    fn take_covers(&mut self) -> Covers {
        self.covers.take().unwrap_or_default()
    }
}

/// Covers `items` in FRB's scan order: each still among the first `active` is swapped with the last
/// of them, which then ends the uncovered ones. Returns the new number of uncovered items.
fn swap_out(order: &mut [u8], place: &mut [u8], mut active: usize, items: &[u8]) -> usize {
    for &item in items {
        let at = usize::from(place[usize::from(item)]);
        if at < active {
            active -= 1;
            let last = order[active];
            order.swap(at, active);
            place[usize::from(last)] = at as u8;
            place[usize::from(item)] = active as u8;
        }
    }
    active
}

/// Runs the pruning check `passes` (false: the node has no round) and counts it in `counters`: one
/// test, one cut when it refutes the node, and the nanoseconds it took. Returns whether it refuted.
fn refuted_by(passes: impl FnOnce() -> bool, counters: [&mut u64; 3]) -> bool {
    let started = std::time::Instant::now();
    let refuted = !passes();
    let [tests, cuts, nanoseconds] = counters;
    *tests += 1;
    *cuts += u64::from(refuted);
    *nanoseconds += started.elapsed().as_nanos() as u64;
    refuted
}

#[cfg(test)]
mod tests {
    use proptest::prelude::*;

    use super::*;
    use crate::instance::tests::instances;
    use crate::solvers::dlx;

    /// The options of `options` (three items each) that some exact cover of `items` uses, as a set
    /// of option indices, trying every option of the lowest uncovered item.
    fn used_by_a_cover(options: &[[u32; 3]], items: u128, chosen: u128) -> u128 {
        if items == 0 {
            return chosen;
        }
        let item = items.trailing_zeros();
        let mut used = 0;
        for (index, option) in options.iter().enumerate() {
            let bits = option.iter().fold(0u128, |bits, &i| bits | 1 << i);
            if bits >> item & 1 == 1 && bits & !items == 0 {
                used |= used_by_a_cover(options, items & !bits, chosen | 1 << index);
            }
        }
        used
    }

    /// Covering swaps an item with the last uncovered one, as `ssxcc` keeps its active items.
    #[test]
    fn covered_items_swap_with_the_last_uncovered_one() {
        let (mut order, mut place): (Vec<u8>, Vec<u8>) = ((0..6).collect(), (0..6).collect());
        assert_eq!(swap_out(&mut order, &mut place, 6, &[2]), 5);
        assert_eq!(order, [0, 1, 5, 3, 4, 2]);
        // Item 2 is covered already: only 0 and 4 move.
        assert_eq!(swap_out(&mut order, &mut place, 5, &[0, 2, 4]), 3);
        assert_eq!(order, [3, 1, 5, 4, 0, 2]);
        assert_eq!(place, [4, 1, 5, 0, 3, 2]);
    }

    /// FRB scanning in `ssxcc`'s order refutes 45 tables, degree 5, seed 1 through fewer options than
    /// fewest-options (380 257 against 451 760), on one thread as on two.
    #[test]
    fn frb_refutes_a_whole_tree_through_fewer_options() {
        let instance =
            crate::generate::Regular { tables: 45, degree: 5, seed: 1, planted: false }.generate().unwrap();
        let (options, _) = dlx::options(&instance, 45);
        let problem = Problem::new(135, &options).expect("small");
        let stop = Stop::new(&crate::solver::Limits::default());
        for (threads, branching, expected) in
            [(1, Branching::FewestOptions, 451_760), (1, Branching::FailureRate, 380_257)]
        {
            let mut stats = Stats::default();
            assert_eq!(problem.search(&stop, threads, branching, &mut stats), Ok(None));
            assert_eq!(stats.nodes, expected, "{branching:?}");
        }
        let mut stats = Stats::default();
        assert_eq!(problem.search(&stop, 2, Branching::FailureRate, &mut stats), Ok(None));
    }

    /// Every width of `with_masks!` finds the round that the widest finds, and that round covers
    /// every item once: planted instances of 1, 2, 3, 4, 5, 6, 7 (width 8), 11 (width 12) and 13
    /// (width 16) words of options.
    #[test]
    fn every_width_finds_the_round_of_the_widest() {
        let stop = Stop::new(&crate::solver::Limits::default());
        for (tables, degree, words) in [
            (10, 3, 1),
            (25, 4, 2),
            (40, 4, 3),
            (50, 4, 4),
            (36, 8, 5),
            (42, 8, 6),
            (50, 8, 7),
            (64, 11, 11),
            (64, 13, 13),
        ] {
            let instance =
                crate::generate::Regular { tables, degree, seed: 1, planted: true }.generate().unwrap();
            let (options, _) = dlx::options(&instance, tables);
            assert_eq!(options.len().div_ceil(64), words);
            let problem = Problem::new(3 * tables, &options).expect("small");
            let round = problem
                .search(&stop, 1, Branching::FewestOptions, &mut Stats::default())
                .unwrap()
                .expect("planted");
            let widest =
                Masks::<16>::new(&problem).search(&stop, 1, Branching::FewestOptions, &mut Stats::default());
            assert_eq!(widest, Ok(Some(round.clone())), "{tables} tables, degree {degree}");
            let mut covered = vec![0; 3 * tables];
            round.iter().flat_map(|&option| options[option]).for_each(|item| covered[item as usize] += 1);
            assert!(covered.iter().all(|&count| count == 1), "{tables} tables, degree {degree}");
        }
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(300))]

        /// Filtering the root by either relaxation keeps every option of every round, and refutes the
        /// root only when there is no round.
        #[test]
        fn filtering_keeps_every_option_of_a_round(instance in instances()) {
            let Some(n) = instance.tables_if_coverable() else { return Ok(()) };
            let (options, _) = dlx::options(&instance, n);
            let used = used_by_a_cover(&options, (1 << (3 * n)) - 1, 0);
            let problem = Problem::new(3 * n, &options).expect("small");
            let masks = Masks::<16>::new(&problem);
            for relaxation in [Relaxation::Tables, Relaxation::Pairs] {
                let mut root = masks.root();
                let feasible = masks.filter(&mut root, relaxation, &mut FilterStats::default());
                prop_assert!(feasible || used == 0);
                if feasible {
                    let kept = Masks::<16>::live(&root).fold(0u128, |set, option| set | 1 << option);
                    prop_assert_eq!(used & !kept, 0);
                }
            }
        }
    }
}
