//! When a search must stop: a deadline, or another solver of a portfolio having answered first.

use std::sync::atomic::{AtomicBool, Ordering};

use crate::solver::{Deadline, Interrupted, Limits};

/// Search nodes between two looks at the clock (a look costs about 20 ns; 4096 nodes well under 1 ms).
pub(crate) const CLOCK_INTERVAL: u64 = 1 << 12;

/// A deadline and an optional cancellation flag, checked together.
pub(crate) struct Stop<'a> {
    deadline: Deadline<'a>,
    cancelled: Option<&'a AtomicBool>,
}

impl<'a> Stop<'a> {
    /// Stops at the deadline of `limits` only.
    pub(crate) fn new(limits: &Limits<'a>) -> Stop<'a> {
        Stop { deadline: limits.deadline, cancelled: None }
    }

    /// Stops at the deadline of `limits` or once `cancelled` is set.
    pub(crate) fn with_flag(limits: &Limits<'a>, cancelled: &'a AtomicBool) -> Stop<'a> {
        Stop { deadline: limits.deadline, cancelled: Some(cancelled) }
    }

    /// Whether the search must stop now.
    pub(crate) fn is_due(&self) -> bool {
        self.cancelled.is_some_and(|flag| flag.load(Ordering::Relaxed)) || self.deadline.passed()
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
