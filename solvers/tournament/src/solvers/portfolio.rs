//! Three exact cover searches racing on three threads; the first answer wins.

use std::sync::atomic::{AtomicBool, AtomicU8, Ordering};

use crate::instance::Instance;
use crate::search::branching::Branching;
use crate::solver::{Interrupted, Limits, Solution, Solver};
use crate::solvers::dlx::{self, Engine};
use crate::solvers::prune;
use crate::stop::Stop;

/// [`crate::solvers::dlx::Dlx`], [`crate::solvers::prune::DlxRestarts`] and [`crate::solvers::dlx::DlxFrb`] (one thread each) run side by side on
/// three threads; the first to answer stops the others. A head start of plain dlx alone on the calling
/// thread answers small instances without starting a thread (`stop::head_start_then`). They win on different instances: the plain
/// search on most, and on every file without a round, the restarted one on files with a round that the
/// plain order finds late (Gomes, Selman and Kautz 1998), FRB on some files where the plain order
/// finds its round late too, so the race takes about the fastest one's wall time on three free cores
/// (on two, the three share them). Whether a round exists never depends on the race; which round is
/// printed, when several exist, does: it is the round of the search that answered first.
#[derive(Debug, Clone, Copy, Default)]
pub struct Portfolio;

/// Which solver answered first (0: none yet).
const DLX: u8 = 1;
const RESTARTS: u8 = 2;
const FRB: u8 = 3;

impl Solver for Portfolio {
    fn name(&self) -> &'static str {
        "portfolio"
    }

    fn description(&self) -> &'static str {
        "dlx, dlx-restarts and dlx-frb racing on three threads, the first answer wins (its round may vary \
         between runs); about the fastest one's time on every file where the cores are free"
    }

    fn solve(&self, instance: &Instance, limits: &Limits) -> Result<Solution, Interrupted> {
        // Plain dlx alone on the calling thread first: no thread is started for a small instance.
        let alone = |stop: &Stop| dlx::solve(instance, stop, 1, Engine::Fastest);
        crate::stop::head_start_then(&Stop::new(limits), alone, || race(instance, limits))
    }
}

/// The three searches racing on three threads.
fn race(instance: &Instance, limits: &Limits) -> Result<Solution, Interrupted> {
    let answered = AtomicBool::new(false);
    let first = AtomicU8::new(0);
    let finish = |who: u8, result: Result<Solution, Interrupted>| {
        if result.is_ok() && first.compare_exchange(0, who, Ordering::SeqCst, Ordering::SeqCst).is_ok() {
            answered.store(true, Ordering::SeqCst);
        }
        result
    };
    let (by_dlx, by_restarts, by_frb) = std::thread::scope(|scope| {
        let restarts = scope.spawn(|| {
            let stop = Stop::with_flag(limits, &answered);
            finish(RESTARTS, prune::solve_restarted(instance, &stop, limits.seed))
        });
        let frb = scope.spawn(|| {
            let stop = Stop::with_flag(limits, &answered);
            finish(FRB, dlx::solve_by(instance, &stop, 1, Engine::Fastest, Branching::FailureRate))
        });
        let stop = Stop::with_flag(limits, &answered);
        let by_dlx = finish(DLX, dlx::solve(instance, &stop, 1, Engine::Fastest));
        let join = |handle: std::thread::ScopedJoinHandle<'_, _>| {
            handle.join().unwrap_or_else(|panic| std::panic::resume_unwind(panic))
        };
        (by_dlx, join(restarts), join(frb))
    });
    match first.load(Ordering::SeqCst) {
        DLX => by_dlx,
        RESTARTS => by_restarts,
        FRB => by_frb,
        _ => Err(Interrupted),
    }
}
