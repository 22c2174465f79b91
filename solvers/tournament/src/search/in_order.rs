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
//! Where a part sits: the root has the empty key; the `c`-th gift of the part with key `K` (from 0)
//! gets the keys `K, 0 × c, j` for its options `j = 1, 2, ...`. Keys compare as sequences, a prefix
//! first: a part's own remaining work comes before its gifts (it keeps the branch it is in and gives
//! what it would search after it), and a later gift, made deeper, before an earlier one.

use std::collections::BTreeMap;
use std::sync::{Condvar, Mutex, MutexGuard, PoisonError};

use crate::solver::{Interrupted, Stats};
use crate::stop::Stop;

/// Options a part searches between two looks at the board.
pub(crate) const SLICE: u64 = 1 << 12;

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
}

/// The state the threads share.
struct Board<P> {
    /// Parts not started, by key.
    queue: BTreeMap<Vec<u32>, P>,
    /// How many parts are being searched.
    running: usize,
    /// The first cover found so far in key order, and the key of its part.
    found: Option<(Vec<u32>, Vec<usize>)>,
    interrupted: bool,
    /// Threads waiting for a part.
    waiting: usize,
    stats: Stats,
}

impl<P> Board<P> {
    /// Whether the part with `key` can no longer give the answer: a part before it found a cover, or
    /// the search is interrupted.
    fn outrun(&self, key: &[u32]) -> bool {
        self.interrupted || self.found.as_ref().is_some_and(|(first, _)| first.as_slice() < key)
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
    let board = Mutex::new(Board {
        queue: BTreeMap::from([(Vec::new(), root)]),
        running: 0,
        found: None,
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
    Ok(board.found.map(|(_, cover)| cover))
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
        let progress = part.resume(SLICE, stop);
        let mut guard = lock(board);
        let stats = part.take_stats();
        guard.add(stats);
        match progress {
            Err(Interrupted) => {
                guard.interrupted = true;
                return;
            }
            Ok(Progress::Exhausted) => return,
            Ok(Progress::Found(cover)) => {
                if !guard.outrun(&key) {
                    guard.found = Some((key, cover));
                }
                return;
            }
            Ok(Progress::Paused) if guard.outrun(&key) => return,
            Ok(Progress::Paused) => {
                if guard.waiting > 0 && guard.queue.is_empty() {
                    let given = part.give_away();
                    if !given.is_empty() {
                        for (j, part) in (1..).zip(given) {
                            let mut place = key.clone();
                            place.extend(std::iter::repeat_n(0, gifts));
                            place.push(j);
                            guard.queue.insert(place, part);
                        }
                        gifts += 1;
                        changed.notify_all();
                    }
                }
            }
        }
    }
}
