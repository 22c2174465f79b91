//! The batch runner's workers: the files of a batch solved on several threads that take them in
//! path order, each answer handed on in that order as soon as every earlier one is done, whichever
//! thread finished it. `run` and the web batch both solve their files through [`in_order`].

use std::collections::BTreeMap;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::{Mutex, PoisonError, RwLock};

use anyhow::Context;

/// Where the workers of a batch run.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Threads {
    /// This many workers: this thread and plain threads for the others, started for the batch and
    /// ended with it (`run --jobs`; 1 solves on this thread alone). A worker that finds no index
    /// left ends at once, so no thread waits idle beside the ones still solving.
    Own(usize),
    /// The rayon pool this thread belongs to (the web app's solving pool), as many workers as it
    /// has threads: a busy thread takes up a batch's files once it is free, so the pool never solves
    /// more files at once than it has threads.
    Shared,
}

/// The answers waiting for an earlier one, and where answers in order go.
struct Delivery<T, F> {
    /// Answers finished before an earlier one, by index.
    pending: BTreeMap<usize, T>,
    /// The index of the next answer to hand on.
    next: usize,
    finished: F,
}

/// Runs `solve` on every index from 0 to `count` on `threads` workers that take indices in
/// ascending order, and hands each answer to `finished` in index order as soon as every earlier
/// one is handed on. Once `stopped` says so (a signal, a client gone), no worker takes another
/// index: the answers handed on are those of the indices `0..n` for some `n`.
///
/// # Errors
/// The worker threads of [`Threads::Own`] cannot be started.
pub fn in_order<T: Send>(
    count: usize,
    threads: Threads,
    stopped: &(dyn Fn() -> bool + Sync),
    solve: &(dyn Fn(usize) -> T + Sync),
    finished: impl FnMut(T) + Send,
) -> anyhow::Result<()> {
    let next = AtomicUsize::new(0);
    let delivery = Mutex::new(Delivery { pending: BTreeMap::new(), next: 0, finished });
    let work = || loop {
        // Looked at before taking an index, so that every index taken is answered, in order.
        if stopped() {
            break;
        }
        let index = next.fetch_add(1, Ordering::SeqCst);
        if index >= count {
            break;
        }
        let answer = solve(index);
        let mut delivery = delivery.lock().unwrap_or_else(PoisonError::into_inner);
        let delivery = &mut *delivery;
        delivery.pending.insert(index, answer);
        while let Some(answer) = delivery.pending.remove(&delivery.next) {
            (delivery.finished)(answer);
            delivery.next += 1;
        }
    };
    // More workers than indices would only cost memory.
    let workers = |threads: usize| threads.min(count).max(1);
    match threads {
        Threads::Own(threads) if workers(threads) > 1 => on_own_threads(workers(threads), &work)?,
        Threads::Own(_) => work(),
        Threads::Shared => rayon::in_place_scope(|scope| {
            for _ in 1..workers(rayon::current_num_threads()) {
                scope.spawn(|_| work());
            }
            work();
        }),
    }
    Ok(())
}

/// Runs `work` on this thread and `workers - 1` threads started for it, and returns once every one
/// has returned. The threads wait at a gate until all are started: when one cannot be, none of them
/// does any work.
///
/// # Errors
/// A thread cannot be started.
fn on_own_threads(workers: usize, work: &(dyn Fn() + Sync)) -> anyhow::Result<()> {
    let gate = RwLock::new(false);
    std::thread::scope(|scope| {
        let mut open = gate.write().unwrap_or_else(PoisonError::into_inner);
        for _ in 1..workers {
            std::thread::Builder::new()
                .name("solvebatch-worker".to_string())
                .spawn_scoped(scope, || {
                    if *gate.read().unwrap_or_else(PoisonError::into_inner) {
                        work();
                    }
                })
                .context("cannot start the worker threads")?;
        }
        *open = true;
        drop(open);
        work();
        Ok(())
    })
}

/// How many workers a batch takes by default: rayon's count of its pool's threads (the
/// `RAYON_NUM_THREADS` variable when set above 0, else the cores this process may use), worked out
/// without starting that pool, whose idle threads would spin beside a batch that never uses them.
pub fn cores() -> usize {
    std::env::var("RAYON_NUM_THREADS")
        .ok()
        .and_then(|value| value.parse::<usize>().ok())
        .filter(|&threads| threads > 0)
        .unwrap_or_else(|| std::thread::available_parallelism().map_or(1, usize::from))
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::sync::atomic::AtomicBool;

    #[test]
    fn answers_come_in_index_order_whichever_worker_ends_first() {
        for threads in [Threads::Own(1), Threads::Own(4), Threads::Shared] {
            let mut answers = Vec::new();
            // Early indices take longest, so later ones finish first on other workers.
            let solve = |index: usize| {
                std::thread::sleep(std::time::Duration::from_micros(((20 - index) * 50) as u64));
                index * 10
            };
            in_order(20, threads, &|| false, &solve, |answer| answers.push(answer)).unwrap();
            assert_eq!(answers, (0..20).map(|index| index * 10).collect::<Vec<_>>(), "{threads:?}");
        }
    }

    #[test]
    fn once_stopped_no_index_is_taken_and_those_answered_are_a_prefix() {
        for threads in [Threads::Own(1), Threads::Own(3)] {
            let stop = AtomicBool::new(false);
            let mut answers = Vec::new();
            let solve = |index: usize| {
                if index == 5 {
                    stop.store(true, Ordering::Relaxed);
                }
                index
            };
            in_order(100, threads, &|| stop.load(Ordering::Relaxed), &solve, |answer| answers.push(answer))
                .unwrap();
            assert_eq!(answers, (0..answers.len()).collect::<Vec<_>>(), "{threads:?}");
            if threads == Threads::Own(1) {
                assert_eq!(answers.len(), 6);
            } else {
                // The other workers may have taken later indices before index 5 set the flag.
                assert!(answers.len() >= 6, "{answers:?}");
            }
        }
    }
}
