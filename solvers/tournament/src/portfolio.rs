//! Two exact cover searches racing on two threads; the first answer wins.

use std::sync::atomic::{AtomicBool, AtomicU8, Ordering};

use crate::dlx::{self, Engine};
use crate::instance::Instance;
use crate::prune;
use crate::solver::{Interrupted, Limits, Solution, Solver};
use crate::stop::Stop;

/// [`crate::Dlx`] (one thread) and [`crate::DlxRestarts`] run side by side on two threads; the first to
/// answer stops the other. They win on different instances: the plain search on most, and on every
/// file without a round, the restarted one on files with a round that the plain order finds late
/// (Gomes, Selman and Kautz 1998), so the race takes about the faster one's wall time at twice its
/// CPU time. Whether a round exists never depends on the race; which round is printed, when several
/// exist, does: it is the round of the search that answered first.
#[derive(Debug, Clone, Copy, Default)]
pub struct Portfolio;

/// Which solver answered first (0: none yet).
const DLX: u8 = 1;
const RESTARTS: u8 = 2;

impl Solver for Portfolio {
    fn name(&self) -> &'static str {
        "portfolio"
    }

    fn description(&self) -> &'static str {
        "dlx and dlx-restarts racing on two threads, the first answer wins (its round may vary between \
         runs); on two free cores about the faster one's time on every file"
    }

    fn solve(&self, instance: &Instance, limits: &Limits) -> Result<Solution, Interrupted> {
        let answered = AtomicBool::new(false);
        let first = AtomicU8::new(0);
        let finish = |who: u8, result: Result<Solution, Interrupted>| {
            if result.is_ok() && first.compare_exchange(0, who, Ordering::SeqCst, Ordering::SeqCst).is_ok() {
                answered.store(true, Ordering::SeqCst);
            }
            result
        };
        let (by_dlx, by_restarts) = std::thread::scope(|scope| {
            let restarts = scope.spawn(|| {
                let stop = Stop::with_flag(limits, &answered);
                finish(RESTARTS, prune::solve_restarted(instance, &stop, limits.seed))
            });
            let stop = Stop::with_flag(limits, &answered);
            let by_dlx = finish(DLX, dlx::solve(instance, &stop, 1, Engine::Fastest));
            (by_dlx, restarts.join().unwrap_or_else(|panic| std::panic::resume_unwind(panic)))
        });
        match first.load(Ordering::SeqCst) {
            DLX => by_dlx,
            RESTARTS => by_restarts,
            _ => Err(Interrupted),
        }
    }
}
