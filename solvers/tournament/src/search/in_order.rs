//! A depth-first search on several threads that answers what one thread answers: the first exact
//! cover in depth-first order, or none.
//!
//! The tree is held as parts: subtrees in a queue, ordered by their place in depth-first order. A
//! thread takes the first part of the queue and searches it, [`SLICE`] options at a time; between
//! two slices it looks at the shared board. When a thread has nothing left to take, a running part
//! gives away its untried options at its shallowest level with some left ([`Part::give_away`]), as
//! new parts placed right after it, so the tail of a refutation is spread over the threads as work
//! stealing spreads it. A cover found in part `k` is the answer only once every part before `k` is
//! refuted (a part after `k` is dropped at once); so the answer is the one-thread answer whatever
//! the number of threads and the timing, provided the item choice depends only on the node (true of
//! fewest-options, not of FRB, whose counters a part inherits at a moment that depends on the
//! timing). The thread on the first open part never waits for the others: on free cores the answer
//! comes no later than on one thread, but for the looks at the board (one lock per slice).
//!
//! The same queue goes on past covers for [`enumerate`]: parts that count or list the covers of
//! their subtree (the part keeps them, [`Part::take_covers`]); the count adds up over the parts, and
//! the covers listed, put in the order of their parts' keys, come in one thread's depth-first order.
//! With a limit of `k` covers, a part is dropped once finished parts before it hold `k`.
//!
//! Where a part sits: the root has the empty key; the `c`-th gift of the part with key `K` (from 0)
//! gets the keys `K, 0 × c, j` for its options `j = 1, 2, ...`. Keys compare as sequences, a prefix
//! first: a part's own remaining work comes before its gifts (it keeps the branch it is in and gives
//! what it would search after it), and a later gift, made deeper, before an earlier one.

use std::collections::BTreeMap;
use std::ops::Bound::{Excluded, Unbounded};
use std::sync::{Condvar, Mutex, MutexGuard, PoisonError};

use crate::solver::{Interrupted, Stats};
use crate::stop::Stop;

/// Options a part searches between two looks at the board: a thread with nothing to take waits
/// half a slice on average for a part to be split. Simulated on the 45-table degree-5 counts
/// (`simulate`, about 500 000 options each), slices of 4096 options left the threads idle 4.6 % of
/// the time on 2 threads, 9.7 % on 4, 32 % on 8 and 61 % on 16; slices of 256, 0.4 %, 1.3 %, 5.1 %
/// and 16 %, for one lock and one look at the clock more per 36 microseconds of search.
pub(crate) const SLICE: u64 = 1 << 8;

/// How a slice of a part's search ended.
pub(crate) enum Progress {
    /// An exact cover: the options chosen, from the top of the whole tree.
    Found(Vec<usize>),
    /// The part holds none.
    Exhausted,
    /// The slice's options are spent; the part resumes where it stopped.
    Paused,
}

/// A subtree of the search that can be resumed and split.
pub(crate) trait Part: Send {
    /// Searches on for up to `budget` options tried.
    ///
    /// # Errors
    /// [`Interrupted`] when `stop` says so first.
    fn resume(&mut self, budget: u64, stop: &Stop) -> Result<Progress, Interrupted>;

    /// The options not yet tried at the shallowest level that has some, each as a part of its own in
    /// depth-first order (the part then ends with its current branch there); none when every level
    /// is on its last option.
    fn give_away(&mut self) -> Vec<Self>
    where
        Self: Sized;

    /// The effort since the last call: options tried and taken back.
    fn take_stats(&mut self) -> Stats;

    /// The covers this part went on past (a part that counts or lists them), once it is exhausted;
    /// none by default (a part that stops at its first cover reports it as [`Progress::Found`]).
    fn take_covers(&mut self) -> Covers {
        Covers::default()
    }
}

/// The covers of a part that goes on past them, or of a whole tree ([`enumerate`]).
#[derive(Debug, Default)]
pub(crate) struct Covers {
    /// How many covers were counted.
    pub(crate) count: u64,
    /// The first covers listed, in depth-first order, each as the options chosen from the top of
    /// the whole tree.
    pub(crate) listed: Vec<Vec<usize>>,
}

/// The state the threads share.
struct Board<P> {
    /// Parts not started, by key.
    queue: BTreeMap<Vec<u32>, P>,
    /// How many parts are being searched.
    running: usize,
    /// The covers listed by finished parts, by key (parts without one left out).
    found: BTreeMap<Vec<u32>, Vec<Vec<usize>>>,
    /// The covers counted by finished parts.
    counted: u64,
    /// The covers wanted in all: a part is outrun once finished parts before it list as many.
    limit: usize,
    interrupted: bool,
    /// Threads waiting for a part.
    waiting: usize,
    stats: Stats,
}

impl<P> Board<P> {
    /// Whether the part with `key` can no longer add to the answer: finished parts before it list
    /// the covers wanted, or the search is interrupted.
    fn outrun(&self, key: &[u32]) -> bool {
        self.interrupted
            || (self.limit < usize::MAX
                && self
                    .found
                    .range::<[u32], _>((Unbounded, Excluded(key)))
                    .map(|(_, covers)| covers.len())
                    .sum::<usize>()
                    >= self.limit)
    }

    fn add(&mut self, stats: Stats) {
        self.stats.nodes += stats.nodes;
        self.stats.backtracks += stats.backtracks;
    }
}

/// Searches `root` on `threads` threads (the calling one among them) in the order above, adding
/// the options tried to `stats`: the first cover in depth-first order, or `None` when there is none.
///
/// # Errors
/// [`Interrupted`] when `stop` says so first, on any thread.
pub(crate) fn search<P: Part>(
    root: P,
    threads: usize,
    stop: &Stop,
    stats: &mut Stats,
) -> Result<Option<Vec<usize>>, Interrupted> {
    let found = enumerate(root, threads, 1, stop, stats)?;
    Ok(found.listed.into_iter().next())
}

/// Searches the whole tree of `root` on `threads` threads as [`search`] does, with parts that go on
/// past their covers (counting or listing them, [`Part::take_covers`]) or stop at the first
/// ([`Progress::Found`]): the covers counted, and the first `limit` covers listed in depth-first
/// order. Adds the options tried to `stats`.
///
/// # Errors
/// [`Interrupted`] when `stop` says so first, on any thread.
pub(crate) fn enumerate<P: Part>(
    root: P,
    threads: usize,
    limit: usize,
    stop: &Stop,
    stats: &mut Stats,
) -> Result<Covers, Interrupted> {
    let board = Mutex::new(Board {
        queue: BTreeMap::from([(Vec::new(), root)]),
        running: 0,
        found: BTreeMap::new(),
        counted: 0,
        limit,
        interrupted: false,
        waiting: 0,
        stats: Stats::default(),
    });
    let changed = Condvar::new();
    std::thread::scope(|scope| {
        for _ in 1..threads {
            scope.spawn(|| work(&board, &changed, stop));
        }
        work(&board, &changed, stop);
    });
    let board = board.into_inner().unwrap_or_else(PoisonError::into_inner);
    stats.nodes += board.stats.nodes;
    stats.backtracks += board.stats.backtracks;
    if board.interrupted {
        return Err(Interrupted);
    }
    let mut listed: Vec<Vec<usize>> = board.found.into_values().flatten().collect();
    listed.truncate(limit);
    Ok(Covers { count: board.counted, listed })
}

/// How the queue of `enumerate` shares a count out among simulated threads (`simulate`), per
/// thread in thread order, time measured in options tried (one option, one unit).
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Simulated {
    /// The parts (subtrees) each thread searched: the root, and parts given away.
    pub parts: Vec<u64>,
    /// The options each thread tried.
    pub busy: Vec<u64>,
    /// The time each thread waited for a part, up to the end of the whole search.
    pub idle: Vec<u64>,
    /// When the last thread finished: the wall time of the search on free cores.
    pub makespan: u64,
}

/// A simulated thread of [`simulate`].
struct Simulant<P> {
    /// The part it searches: its key, the part, and the gifts it made so far.
    part: Option<(Vec<u32>, P, usize)>,
    /// Its time: the options it tried and the time it waited.
    clock: u64,
    /// Since when it waits for a part, if it does.
    waiting_since: Option<u64>,
    done: bool,
}

/// Counts the covers of `root` as [`enumerate`] does (parts that go on past covers, none outrun),
/// with `threads` simulated threads taking turns on the calling thread, to show how the queue shares
/// the work out whatever the load of the machine: each turn goes to the thread that is earliest in
/// its own time, which is the options it tried plus the time it waited; a thread with no part to
/// take waits until a part ends or parts are given away; a running part gives away its untried
/// options, as in [`enumerate`], after a slice at whose end some thread waits with the queue empty.
/// A turn is a whole slice ([`SLICE`] options), so events are placed to within a slice.
///
/// # Errors
/// [`Interrupted`] when `stop` says so first.
pub(crate) fn simulate<P: Part>(root: P, threads: usize, stop: &Stop) -> Result<Simulated, Interrupted> {
    let mut queue = BTreeMap::from([(Vec::new(), root)]);
    let mut simulants: Vec<Simulant<P>> = (0..threads.max(1))
        .map(|_| Simulant { part: None, clock: 0, waiting_since: None, done: false })
        .collect();
    let mut result = Simulated {
        parts: vec![0; simulants.len()],
        busy: vec![0; simulants.len()],
        idle: vec![0; simulants.len()],
        makespan: 0,
    };
    let earliest = |simulants: &[Simulant<P>]| {
        (0..simulants.len())
            .filter(|&t| !simulants[t].done && simulants[t].waiting_since.is_none())
            .min_by_key(|&t| simulants[t].clock)
    };
    while let Some(t) = earliest(&simulants) {
        let now = simulants[t].clock;
        let Some((key, mut part, gifts)) = simulants[t].part.take() else {
            if let Some((key, part)) = queue.pop_first() {
                result.parts[t] += 1;
                simulants[t].part = Some((key, part, 0));
            } else if simulants.iter().any(|simulant| simulant.part.is_some()) {
                simulants[t].waiting_since = Some(now);
            } else {
                simulants[t].done = true;
            }
            continue;
        };
        stop.check()?;
        let progress = part.resume(SLICE, stop)?;
        let tried = part.take_stats().nodes;
        simulants[t].clock += tried;
        result.busy[t] += tried;
        let now = simulants[t].clock;
        let mut woken = true;
        if let Progress::Paused = progress {
            let waits = simulants.iter().any(|simulant| simulant.waiting_since.is_some());
            let mut gifts = gifts;
            woken = split(&mut part, &key, &mut gifts, waits, &mut queue);
            simulants[t].part = Some((key, part, gifts));
        }
        if woken {
            for (waiter, simulant) in simulants.iter_mut().enumerate() {
                if let Some(since) = simulant.waiting_since.take() {
                    result.idle[waiter] += now.saturating_sub(since);
                    simulant.clock = simulant.clock.max(now);
                }
            }
        }
    }
    result.makespan = simulants.iter().map(|simulant| simulant.clock).max().unwrap_or(0);
    for (idle, simulant) in result.idle.iter_mut().zip(&simulants) {
        *idle += result.makespan - simulant.clock;
    }
    Ok(result)
}

/// Splits `part` (with `key`, `gifts` made so far) when some thread `waits` and the queue is empty:
/// its untried options at its shallowest open level become parts of their own, each placed by its
/// key. Returns whether any part was given. (Splitting level after level until every waiting thread
/// has a part made no difference in [`simulate`]: the speed-up the split allows on 4 to 16 threads
/// changed by under 1 %.)
fn split<P: Part>(
    part: &mut P,
    key: &[u32],
    gifts: &mut usize,
    waits: bool,
    queue: &mut BTreeMap<Vec<u32>, P>,
) -> bool {
    if !waits || !queue.is_empty() {
        return false;
    }
    let given = part.give_away();
    for (j, given) in (1..).zip(given) {
        let mut place = key.to_vec();
        place.extend(std::iter::repeat_n(0, *gifts));
        place.push(j);
        queue.insert(place, given);
    }
    let given_any = !queue.is_empty();
    *gifts += usize::from(given_any);
    given_any
}

fn lock<P>(board: &Mutex<Board<P>>) -> MutexGuard<'_, Board<P>> {
    board.lock().unwrap_or_else(PoisonError::into_inner)
}

/// One thread: takes the first part of the queue until no part is left open.
fn work<P: Part>(board: &Mutex<Board<P>>, changed: &Condvar, stop: &Stop) {
    let mut guard = lock(board);
    loop {
        let next = guard.queue.pop_first();
        match next {
            Some((key, mut part)) if guard.outrun(&key) => {
                // Every part after it is outrun too.
                let stats = part.take_stats();
                guard.add(stats);
                for mut part in std::mem::take(&mut guard.queue).into_values() {
                    let stats = part.take_stats();
                    guard.add(stats);
                }
            }
            Some((key, part)) => {
                guard.running += 1;
                drop(guard);
                run(board, changed, stop, key, part);
                guard = lock(board);
                guard.running -= 1;
                changed.notify_all();
            }
            None if guard.running == 0 => {
                changed.notify_all();
                return;
            }
            None => {
                guard.waiting += 1;
                guard = changed.wait(guard).unwrap_or_else(PoisonError::into_inner);
                guard.waiting -= 1;
            }
        }
    }
}

/// Searches the part with `key` slice by slice until it is exhausted, finds a cover or is outrun,
/// giving away its untried options whenever a thread waits with the queue empty.
fn run<P: Part>(board: &Mutex<Board<P>>, changed: &Condvar, stop: &Stop, key: Vec<u32>, mut part: P) {
    let mut gifts = 0;
    loop {
        // A part's own look at the clock counts the options since its last slice only.
        let progress = stop.check().and_then(|()| part.resume(SLICE, stop));
        let mut guard = lock(board);
        let stats = part.take_stats();
        guard.add(stats);
        match progress {
            Err(Interrupted) => {
                guard.interrupted = true;
                return;
            }
            Ok(Progress::Exhausted) => {
                let covers = part.take_covers();
                guard.counted += covers.count;
                if !covers.listed.is_empty() {
                    guard.found.insert(key, covers.listed);
                }
                return;
            }
            Ok(Progress::Found(cover)) => {
                guard.counted += 1;
                guard.found.insert(key, vec![cover]);
                return;
            }
            Ok(Progress::Paused) if guard.outrun(&key) => return,
            Ok(Progress::Paused) => {
                let waits = guard.waiting > 0;
                if split(&mut part, &key, &mut gifts, waits, &mut guard.queue) {
                    changed.notify_all();
                }
            }
        }
    }
}
