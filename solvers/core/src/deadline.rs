//! When a solve must stop ([`Deadline`]).

use std::sync::atomic::{AtomicBool, Ordering};
use std::time::Instant;

/// A time limit and a stop flag, either optional; copied freely into the parts of a search.
#[derive(Debug, Clone, Copy, Default)]
pub struct Deadline<'a> {
    at: Option<Instant>,
    flag: Option<&'a AtomicBool>,
}

impl Deadline<'static> {
    /// Never stops.
    pub const NEVER: Deadline<'static> = Deadline { at: None, flag: None };

    /// Stops once `at` has passed (never for `None`).
    pub fn at(at: Option<Instant>) -> Deadline<'static> {
        Deadline { at, flag: None }
    }
}

impl<'a> Deadline<'a> {
    /// This deadline, and also stops once `flag` is set.
    pub fn or_flag<'b>(self, flag: &'b AtomicBool) -> Deadline<'b>
    where
        'a: 'b,
    {
        Deadline { at: self.at, flag: Some(flag) }
    }

    /// Whether the search must stop now: the time limit passed or the flag is set.
    pub fn passed(self) -> bool {
        self.stopped() || self.at.is_some_and(|at| Instant::now() >= at)
    }

    /// Whether the stop flag is set (as opposed to the time limit having passed).
    pub fn stopped(self) -> bool {
        self.flag.is_some_and(|flag| flag.load(Ordering::Relaxed))
    }

    /// The instant of the time limit, if any.
    pub fn instant(self) -> Option<Instant> {
        self.at
    }
}

impl From<Option<Instant>> for Deadline<'static> {
    fn from(at: Option<Instant>) -> Deadline<'static> {
        Deadline::at(at)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_past_instant_or_a_set_flag_stops() {
        assert!(!Deadline::NEVER.passed());
        assert!(Deadline::at(Some(Instant::now())).passed());
        assert!(!Deadline::at(Some(Instant::now())).stopped(), "a time limit is not the flag");
        let flag = AtomicBool::new(false);
        let deadline = Deadline::NEVER.or_flag(&flag);
        assert!(!deadline.passed());
        flag.store(true, Ordering::Relaxed);
        assert!(deadline.passed());
        assert!(deadline.stopped());
    }
}
