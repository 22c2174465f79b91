//! Which item Algorithm X branches on: the one with the fewest remaining options (Knuth 2000), or
//! the failure-rate rule FRB (Li, Yin and Li, "Failure Based Variable Ordering Heuristics for Solving
//! CSPs", CP 2021), which learns from the search so far which items fail most often when branched on.

/// The item choice of an exact cover search.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub enum Branching {
    /// The uncovered item with the fewest remaining options, the first in item order among equals
    /// (Knuth, "Dancing Links", 2000).
    #[default]
    FewestOptions,
    /// FRB: an item with no option, else one with a single option, else the item with the smallest
    /// `size / ((fails + 0.5) / assigns)`, the first among equals (`FailureRates`): in the order of
    /// Knuth's `ssxcc-frb0` on bitsets (up to 64 tables; see `bitset.rs`), in item order on dancing
    /// links and in the memo search of the count (`count.rs`).
    FailureRate,
}

/// The counters of FRB, one pair per item, kept by one search over its whole run (not per node):
/// `assigns` starts at 1 and counts the options of the item tried where the search branched on it,
/// `fails` those of them that left another item without any option.
#[derive(Debug, Clone)]
pub(crate) struct FailureRates {
    assigns: Vec<u64>,
    fails: Vec<u64>,
    /// `assigns / (fails + 0.5)` per item, kept up to date: an item's score is its number of
    /// remaining options times this.
    factor: Vec<f64>,
}

impl FailureRates {
    /// Fresh counters for `items` items: every factor is 2, so the first choice is fewest-options.
    pub(crate) fn new(items: usize) -> FailureRates {
        FailureRates { assigns: vec![1; items], fails: vec![0; items], factor: vec![2.0; items] }
    }

    /// Fresh counters when `branching` is [`Branching::FailureRate`], `None` for fewest-options.
    pub(crate) fn for_branching(branching: Branching, items: usize) -> Option<FailureRates> {
        (branching == Branching::FailureRate).then(|| FailureRates::new(items))
    }

    /// An option of `item` is tried where the search branches on `item`.
    pub(crate) fn tried(&mut self, item: usize) {
        self.assigns[item] += 1;
        self.update(item);
    }

    /// The option last tried for `item` left another item without options.
    pub(crate) fn failed(&mut self, item: usize) {
        self.fails[item] += 1;
        self.update(item);
    }

    /// `item` was left without options by the options of the item branched on above alone (each of
    /// its options had that item too): counted as a branching on `item` that failed, as Knuth's
    /// `ssxcc-frb0` counts it, rather than as a failure of the option tried above.
    pub(crate) fn wiped(&mut self, item: usize) {
        self.assigns[item] += 1;
        self.failed(item);
    }

    fn update(&mut self, item: usize) {
        self.factor[item] = self.assigns[item] as f64 / (self.fails[item] as f64 + 0.5);
    }

    /// The score of `item` with `size` remaining options: `size / ((fails + 0.5) / assigns)`; the
    /// smallest is branched on.
    #[inline]
    pub(crate) fn score(&self, item: usize, size: u32) -> f64 {
        f64::from(size) * self.factor[item]
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn scores_follow_the_failure_rate() {
        let mut rates = FailureRates::new(3);
        // Fresh: 2 per option, so fewer options score lower.
        assert_eq!((rates.score(0, 3), rates.score(1, 2)), (6.0, 4.0));
        // Item 0 tried 3 times (assigns 4), failing twice: 3 * 4 / 2.5 = 4.8.
        for _ in 0..3 {
            rates.tried(0);
        }
        rates.failed(0);
        rates.failed(0);
        assert!((rates.score(0, 3) - 4.8).abs() < 1e-12, "{}", rates.score(0, 3));
        // Item 2 tried once without failing: 2 * 2 / 0.5 = 8.
        rates.tried(2);
        assert_eq!(rates.score(2, 2), 8.0);
    }
}
