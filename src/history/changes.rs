//! `history FILE.db regressions`: per file and solver, the runs where the time changed beyond the
//! noise, where the answer changed, and where the file started to fail (or to pass again).
//!
//! # The time test
//! A file's times form a series in run order (the runs where it was solved or found to have no
//! solution: a timeout's or a failure's time says nothing of the solver's speed). Each run `k` of
//! the series is tested as the first of a new level: the window of up to [`WINDOW`] times before it
//! is compared with the window of up to [`WINDOW`] times from it on by the Mann–Whitney U test
//! (H. B. Mann and D. R. Whitney, "On a test of whether one of two random variables is
//! stochastically larger than the other", Annals of Mathematical Statistics 18(1), 1947), two-sided,
//! in its normal approximation with the correction for ties and for continuity (as in
//! `scipy.stats.mannwhitneyu` with `method="asymptotic"`). A rank test needs no assumption on the
//! shape of the noise, and a few outliers (a busy machine) move it little; asv's `compare` also asks
//! the U test whether two benchmark samples differ.
//!
//! A run is a change point when both windows hold at least [`MIN_WINDOW`] times, the test's p-value
//! is under [`ALPHA`], and the medians of the windows differ by at least [`MIN_FACTOR`]. Around a
//! step, the runs next to it pass the test too, most with larger p-values, so one is kept within
//! [`WINDOW`] runs: the one of the least p-value is found first, then, among the runs that pass the
//! test within [`WINDOW`] runs of it, the one that splits the times around it into two levels
//! best: the least sum of absolute deviations from each side's median (the L1 cost that asv's step
//! detection minimises, `asv/step_detect.py`). A step is so reported once, at its first run, even
//! where an old time next to it is as far from the old level as a new one (an equal p-value).

use std::collections::BTreeMap;

use serde::Serialize;

use super::store::ResultRow;
use crate::report::summary::median;
use solvebatch_core::Status;

/// The most runs in each window of the time test.
pub const WINDOW: usize = 12;

/// The fewest runs in each window: with 12 before and 10 after, a complete separation has
/// p ≈ 0.00009, under [`ALPHA`].
pub const MIN_WINDOW: usize = 10;

/// The p-value under which the windows' times differ beyond the noise: small, since every run of
/// a long series is tested. Series of 1,000 runs of noise alone show no change point in the
/// module's tests; over 100 series of 1,000 runs of microsecond times with ±20 % noise,
/// `xtask history-bench` finds one or two.
pub const ALPHA: f64 = 0.0001;

/// The least ratio of the windows' medians (either way) that counts as a change.
pub const MIN_FACTOR: f64 = 1.1;

/// What changed at a run.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum Kind {
    /// The time rose beyond the noise.
    Slower,
    /// The time fell beyond the noise.
    Faster,
    /// The output differs from the previous run's.
    Answer,
    /// The file passed in the previous run and does not now.
    Fails,
    /// The file failed in the previous run and passes now.
    Fixed,
}

impl Kind {
    /// The word the tables show.
    pub fn label(self) -> &'static str {
        match self {
            Kind::Slower => "slower",
            Kind::Faster => "faster",
            Kind::Answer => "answer changed",
            Kind::Fails => "started to fail",
            Kind::Fixed => "passes again",
        }
    }
}

/// One change: a file and solver, the run where it shows, and the values before and after.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct Change {
    /// The input file.
    pub file: String,
    /// The solver, if one ran.
    pub solver: Option<String>,
    /// The run where the change shows first.
    pub run: i64,
    /// What changed.
    pub kind: Kind,
    /// Before, in words: the median time of the window before (`12.5 ms`), the output's hash, or
    /// the status and verdict.
    pub before: String,
    /// After, in the same words.
    pub after: String,
    /// The time test's p-value, for a time change; `null` otherwise.
    pub p_value: Option<f64>,
    /// The medians of the windows before and after, in milliseconds, for a time change.
    pub before_ms: Option<f64>,
    /// See `before_ms`.
    pub after_ms: Option<f64>,
}

/// The results of one file and solver, in run order.
pub type Series<'a> = Vec<&'a ResultRow>;

/// The results grouped by file and solver, each series in run order.
pub fn series(results: &[ResultRow]) -> BTreeMap<(&str, Option<&str>), Series<'_>> {
    let mut series: BTreeMap<(&str, Option<&str>), Series> = BTreeMap::new();
    for row in results {
        series.entry((row.file.as_str(), row.solver.as_deref())).or_default().push(row);
    }
    series
}

/// Every change of every series, at runs after `since` (every run when `None`), by file, solver and
/// run.
pub fn find(results: &[ResultRow], since: Option<i64>) -> Vec<Change> {
    let mut changes = Vec::new();
    for ((file, solver), rows) in series(results) {
        let change = |run: i64, kind: Kind, before: String, after: String| Change {
            file: file.to_string(),
            solver: solver.map(str::to_string),
            run,
            kind,
            before,
            after,
            p_value: None,
            before_ms: None,
            after_ms: None,
        };
        for pair in rows.windows(2) {
            let (old, new) = (pair[0], pair[1]);
            if old.passes && !new.passes {
                changes.push(change(new.run, Kind::Fails, outcome(old), outcome(new)));
            } else if !old.passes && new.passes {
                changes.push(change(new.run, Kind::Fixed, outcome(old), outcome(new)));
            }
            if let (Some(before), Some(after)) = (&old.output_hash, &new.output_hash) {
                if before != after {
                    changes.push(change(new.run, Kind::Answer, short(before), short(after)));
                }
            }
        }
        let timed: Vec<(i64, f64)> = rows
            .iter()
            .filter(|row| matches!(row.status, Status::Solved | Status::NoSolution))
            .map(|row| (row.run, row.ms))
            .collect();
        for point in change_points(&timed.iter().map(|(_, ms)| *ms).collect::<Vec<_>>()) {
            let kind = if point.after_ms > point.before_ms { Kind::Slower } else { Kind::Faster };
            changes.push(Change {
                p_value: Some(point.p_value),
                before_ms: Some(point.before_ms),
                after_ms: Some(point.after_ms),
                ..change(
                    timed[point.index].0,
                    kind,
                    crate::report::style::duration(point.before_ms),
                    crate::report::style::duration(point.after_ms),
                )
            });
        }
    }
    changes.retain(|change| since.is_none_or(|since| change.run > since));
    changes.sort_by(|one, other| {
        (&one.file, &one.solver, one.run, one.kind).cmp(&(&other.file, &other.solver, other.run, other.kind))
    });
    changes
}

/// A status and verdict in words: `solved, same`.
pub fn outcome(row: &ResultRow) -> String {
    let status = crate::family::status_label(None, row.status);
    match row.verdict {
        Some(verdict) => format!("{status}, {}", verdict_word(verdict)),
        None => status.to_string(),
    }
}

fn verdict_word(verdict: solvebatch_core::Verdict) -> &'static str {
    match verdict {
        solvebatch_core::Verdict::Same => "same",
        solvebatch_core::Verdict::Valid => "valid",
        solvebatch_core::Verdict::Differs => "differs",
    }
}

/// The first 12 digits of a hash, as a table shows it.
pub fn short(hash: &str) -> String {
    hash.chars().take(12).collect()
}

/// A change point of a series of times.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct ChangePoint {
    /// The index of the first time of the new level.
    pub index: usize,
    /// The test's two-sided p-value.
    pub p_value: f64,
    /// The median of the window before, in milliseconds.
    pub before_ms: f64,
    /// The median of the window from `index` on.
    pub after_ms: f64,
}

/// The change points of `times` (in run order), by the windowed U test of the module's doc.
pub fn change_points(times: &[f64]) -> Vec<ChangePoint> {
    let mut candidates = Vec::new();
    for index in MIN_WINDOW..=times.len().saturating_sub(MIN_WINDOW) {
        let before = &times[index.saturating_sub(WINDOW)..index];
        let after = &times[index..(index + WINDOW).min(times.len())];
        let (before_ms, after_ms) = (median(&mut before.to_vec()), median(&mut after.to_vec()));
        let factor = if before_ms > 0.0 && after_ms > 0.0 {
            (after_ms / before_ms).max(before_ms / after_ms)
        } else {
            f64::INFINITY
        };
        if factor < MIN_FACTOR || before_ms == after_ms {
            continue;
        }
        let p_value = mann_whitney_p(before, after);
        if p_value < ALPHA {
            candidates.push((ChangePoint { index, p_value, before_ms, after_ms }, factor));
        }
    }
    let mut by_p = candidates.clone();
    by_p.sort_by(|(one, one_factor), (other, other_factor)| {
        one.p_value
            .total_cmp(&other.p_value)
            .then(other_factor.total_cmp(one_factor))
            .then(one.index.cmp(&other.index))
    });
    let mut kept: Vec<ChangePoint> = Vec::new();
    let far =
        |kept: &[ChangePoint], index: usize| kept.iter().all(|other| other.index.abs_diff(index) >= WINDOW);
    for (point, _) in by_p {
        if !far(&kept, point.index) {
            continue;
        }
        let region = &times[point.index.saturating_sub(WINDOW)..(point.index + WINDOW).min(times.len())];
        let start = point.index.saturating_sub(WINDOW);
        let best = candidates
            .iter()
            .map(|(other, _)| other)
            .filter(|other| other.index.abs_diff(point.index) < WINDOW)
            .min_by(|one, other| {
                split_cost(region, one.index - start)
                    .total_cmp(&split_cost(region, other.index - start))
                    .then(one.p_value.total_cmp(&other.p_value))
                    .then(one.index.cmp(&other.index))
            })
            .copied()
            .unwrap_or(point);
        if far(&kept, best.index) {
            kept.push(best);
        }
    }
    kept.sort_by_key(|point| point.index);
    kept
}

/// The L1 cost of splitting `times` before `at`: the sum of each side's absolute deviations from
/// its median.
fn split_cost(times: &[f64], at: usize) -> f64 {
    let cost = |part: &[f64]| {
        let middle = median(&mut part.to_vec());
        part.iter().map(|time| (time - middle).abs()).sum::<f64>()
    };
    cost(&times[..at]) + cost(&times[at..])
}

/// The two-sided p-value of the Mann–Whitney U test of `first` against `second`: the normal
/// approximation, with average ranks for ties, the tie-corrected variance and a continuity
/// correction of ½. 1 when every value is equal.
pub fn mann_whitney_p(first: &[f64], second: &[f64]) -> f64 {
    let (n1, n2) = (first.len() as f64, second.len() as f64);
    let n = n1 + n2;
    let mut all: Vec<(f64, bool)> =
        first.iter().map(|&value| (value, true)).chain(second.iter().map(|&value| (value, false))).collect();
    all.sort_by(|one, other| one.0.total_cmp(&other.0));
    let (mut rank_sum, mut ties, mut start) = (0.0, 0.0, 0);
    while start < all.len() {
        let end = start + all[start..].iter().take_while(|(value, _)| *value == all[start].0).count();
        let count = (end - start) as f64;
        // Ranks start + 1 ..= end share their mean.
        let rank = (start + 1 + end) as f64 / 2.0;
        rank_sum += rank * all[start..end].iter().filter(|(_, in_first)| *in_first).count() as f64;
        ties += count * count * count - count;
        start = end;
    }
    let u = rank_sum - n1 * (n1 + 1.0) / 2.0;
    let mean = n1 * n2 / 2.0;
    let variance = n1 * n2 / 12.0 * ((n + 1.0) - ties / (n * (n - 1.0)));
    if variance <= 0.0 {
        return 1.0;
    }
    let z = ((u - mean).abs() - 0.5).max(0.0) / variance.sqrt();
    statrs::function::erf::erfc(z / std::f64::consts::SQRT_2).min(1.0)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A repeatable noise in `[-spread, spread]`: a linear congruential generator's steps.
    fn noisy(levels: &[(usize, f64)], spread: f64, seed: u64) -> Vec<f64> {
        let mut state = seed;
        let mut times = Vec::new();
        for &(count, level) in levels {
            for _ in 0..count {
                state = state.wrapping_mul(6_364_136_223_846_793_005).wrapping_add(1_442_695_040_888_963_407);
                let unit = (state >> 11) as f64 / (1u64 << 53) as f64;
                times.push(level + spread * (2.0 * unit - 1.0));
            }
        }
        times
    }

    #[test]
    fn the_u_test_matches_scipy() {
        // scipy.stats.mannwhitneyu([1,2,3,4,5], [6,7,8,9,10], method="asymptotic").pvalue (scipy
        // 1.17): 0.012185780355344813 (U = 0, with the continuity correction).
        let p = mann_whitney_p(&[1.0, 2.0, 3.0, 4.0, 5.0], &[6.0, 7.0, 8.0, 9.0, 10.0]);
        assert!((p - 0.012_185_780_355_344_813).abs() < 1e-9, "{p}");
        // With ties: mannwhitneyu([1,1,2,3], [2,3,3,4], method="asymptotic").pvalue: 0.13416918012812584.
        let p = mann_whitney_p(&[1.0, 1.0, 2.0, 3.0], &[2.0, 3.0, 3.0, 4.0]);
        assert!((p - 0.134_169_180_128_125_84).abs() < 1e-9, "{p}");
        assert_eq!(mann_whitney_p(&[2.0; 8], &[2.0; 8]), 1.0);
    }

    #[test]
    fn a_step_is_found_once_at_its_first_run() {
        for seed in 0..500 {
            // 20 ms ± 5 for 19 runs, then 40 ms ± 5: the change is at index 19 (the 20th run).
            let times = noisy(&[(19, 20.0), (12, 40.0)], 5.0, seed);
            let points = change_points(&times);
            assert_eq!(points.iter().map(|point| point.index).collect::<Vec<_>>(), vec![19], "seed {seed}");
            assert!(points[0].after_ms > points[0].before_ms);
        }
    }

    #[test]
    fn noise_alone_has_no_change_point() {
        for seed in 0..200 {
            let times = noisy(&[(60, 20.0)], 5.0, seed);
            assert_eq!(change_points(&times), vec![], "seed {seed}");
        }
        for seed in 0..5 {
            assert_eq!(change_points(&noisy(&[(1000, 20.0)], 5.0, seed)), vec![], "seed {seed}");
        }
    }

    #[test]
    fn a_series_too_short_for_two_windows_has_none() {
        assert_eq!(change_points(&noisy(&[(12, 1.0), (9, 9.0)], 0.1, 1)), vec![]);
        assert_eq!(change_points(&noisy(&[(12, 1.0), (10, 9.0)], 0.1, 1)).len(), 1);
        // 10 and 10: a complete separation has p ≈ 0.00016, not under 0.0001.
        assert_eq!(change_points(&noisy(&[(10, 1.0), (10, 9.0)], 0.1, 1)), vec![]);
    }
}
