//! When a search must stop: a deadline, or another solver of a portfolio having answered first; and
//! the head start a threaded solver's calling thread takes alone ([`head_start`]).

use std::sync::atomic::{AtomicBool, Ordering};
use std::time::{Duration, Instant};

use crate::solver::{Deadline, Interrupted, Limits};

/// Search nodes between two looks at the clock (a look costs about 20 ns; 4096 nodes well under 1 ms).
pub(crate) const CLOCK_INTERVAL: u64 = 1 << 12;

/// How long a threaded solver searches on the calling thread alone before it starts helper threads
/// ([`head_start`]).
pub(crate) const HEAD_START: Duration = Duration::from_millis(1);

/// A deadline and an optional cancellation flag, checked together, and the end of a head start.
pub(crate) struct Stop<'a> {
    deadline: Deadline<'a>,
    cancelled: Option<&'a AtomicBool>,
    head_start_ends: Option<Instant>,
}

impl<'a> Stop<'a> {
    /// Stops at the deadline of `limits` only.
    pub(crate) fn new(limits: &Limits<'a>) -> Stop<'a> {
        Stop { deadline: limits.deadline, cancelled: None, head_start_ends: None }
    }

    /// Stops at the deadline of `limits` or once `cancelled` is set.
    pub(crate) fn with_flag(limits: &Limits<'a>, cancelled: &'a AtomicBool) -> Stop<'a> {
        Stop { deadline: limits.deadline, cancelled: Some(cancelled), head_start_ends: None }
    }

    /// Whether the search must stop now.
    pub(crate) fn is_due(&self) -> bool {
        self.cancelled.is_some_and(|flag| flag.load(Ordering::Relaxed))
            || self.deadline.passed()
            || self.head_start_ends.is_some_and(|end| Instant::now() >= end)
    }

    /// This stop, and also once `length` from now has passed.
    fn for_head_start(&self, length: Duration) -> Stop<'a> {
        Stop { head_start_ends: Some(Instant::now() + length), ..*self }
    }

    /// [`Interrupted`] when the search must stop now.
    pub(crate) fn check(&self) -> Result<(), Interrupted> {
        if self.is_due() {
            Err(Interrupted)
        } else {
            Ok(())
        }
    }
}

/// `solve(stop, threads)` for a solver that may run on `threads` threads, first tried on the calling
/// thread alone for [`HEAD_START`] ([`head_start_then`]). With one thread, `solve` runs once without
/// it.
///
/// # Errors
/// [`Interrupted`] when `stop` says so, during the head start or after.
pub(crate) fn head_start<T>(
    stop: &Stop,
    threads: usize,
    solve: impl Fn(&Stop, usize) -> Result<T, Interrupted>,
) -> Result<T, Interrupted> {
    if threads < 2 {
        return solve(stop, threads);
    }
    head_start_then(stop, |head_start| solve(head_start, 1), || solve(stop, threads))
}

/// `alone(stop)` on the calling thread for at most [`HEAD_START`], then, unless it answered or `stop`
/// says to stop, `together()` from the start on its threads, the head start lost. An instance answered
/// within the head start starts no thread: a thread started for a solve of microseconds costs more
/// than the solve when it waits for a busy core (a scheduler tick, 4 ms, on a loaded machine) and its
/// join waits with it.
///
/// # Errors
/// [`Interrupted`] when `stop` says so, during the head start or after.
pub(crate) fn head_start_then<T>(
    stop: &Stop,
    alone: impl FnOnce(&Stop) -> Result<T, Interrupted>,
    together: impl FnOnce() -> Result<T, Interrupted>,
) -> Result<T, Interrupted> {
    match alone(&stop.for_head_start(HEAD_START)) {
        Err(Interrupted) if !stop.is_due() => together(),
        answered => answered,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The thread counts `head_start` asks for, when the one-thread solve answers (`answers`) or
    /// not.
    fn asked(threads: usize, limits: &Limits, answers: bool) -> (Vec<usize>, Result<(), Interrupted>) {
        let asked = std::cell::RefCell::new(Vec::new());
        let result = head_start(&Stop::new(limits), threads, |_, threads| {
            asked.borrow_mut().push(threads);
            if threads == 1 && !answers {
                Err(Interrupted)
            } else {
                Ok(())
            }
        });
        (asked.into_inner(), result)
    }

    #[test]
    fn an_instance_answered_in_the_head_start_starts_no_thread() {
        assert_eq!(asked(2, &Limits::default(), true), (vec![1], Ok(())));
        assert_eq!(asked(4, &Limits::default(), true), (vec![1], Ok(())));
    }

    #[test]
    fn an_instance_not_answered_in_the_head_start_is_solved_on_every_thread() {
        assert_eq!(asked(2, &Limits::default(), false), (vec![1, 2], Ok(())));
        assert_eq!(asked(4, &Limits::default(), false), (vec![1, 4], Ok(())));
    }

    #[test]
    fn one_thread_takes_no_head_start_and_a_passed_deadline_stops_after_it() {
        assert_eq!(asked(1, &Limits::default(), false), (vec![1], Err(Interrupted)));
        let passed = Limits { deadline: Deadline::at(Some(Instant::now())), ..Limits::default() };
        assert_eq!(asked(2, &passed, false), (vec![1], Err(Interrupted)));
    }

    #[test]
    fn the_head_start_ends_but_the_stop_it_came_from_does_not() {
        let stop = Stop::new(&Limits::default());
        assert!(stop.for_head_start(Duration::ZERO).is_due());
        assert!(!stop.is_due());
    }
}
