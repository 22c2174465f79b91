//! The statistics of one solver's repeated runs on one file, as hyperfine gives them: mean ± standard
//! deviation, median, min and max ([`RunStats`]), the ratio of two means with its uncertainty
//! ([`ratio_sd`]) and when that ratio is a tie ([`is_tie`]), and the warnings that say the runs cannot
//! be trusted ([`warnings`]). The arithmetic is the `statrs` crate's.

use statrs::statistics::{Data, OrderStatistics, Statistics};

use super::record::Record;

/// Solves shorter than this (50 µs, in milliseconds) are too short to time one by one.
pub const TOO_SHORT_MS: f64 = 0.05;

/// A first run slower than this many times the median of the others is "much slower".
const SLOW_FIRST_FACTOR: f64 = 2.0;

/// The statistics of one solver's counted runs on one file, in milliseconds.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct RunStats {
    /// The mean.
    pub mean: f64,
    /// The sample standard deviation (n − 1), or `None` for a single run.
    pub sd: Option<f64>,
    /// The median.
    pub median: f64,
    /// The fastest run.
    pub min: f64,
    /// The slowest run.
    pub max: f64,
}

impl RunStats {
    /// The statistics of `times` (at least one run, in milliseconds).
    pub fn of(times: &[f64]) -> RunStats {
        let mut data = Data::new(times.to_vec());
        RunStats {
            mean: times.mean(),
            sd: (times.len() > 1).then(|| times.std_dev()),
            median: data.median(),
            min: times.min(),
            max: times.max(),
        }
    }
}

impl RunStats {
    /// The statistics a `compare` record holds (its mean and σ, or its median alone, as in reports
    /// written before they held more).
    pub fn of_record(record: &Record) -> RunStats {
        RunStats {
            mean: record.mean_ms.unwrap_or(record.ms),
            sd: record.sd_ms,
            median: record.ms,
            min: record.min_ms,
            max: record.max_ms,
        }
    }
}

/// How the solvers on one file stand: one fastest, several within each other's uncertainty, or none
/// that counts.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Standing<'a> {
    /// This solver was the fastest and no other tied it.
    Won(&'a str),
    /// These solvers (the fastest first) tie: their ratios to the fastest hold 1 in their interval.
    Tied(Vec<&'a str>),
    /// No record of the file has a ratio (the file is left out, failed, or every solver timed out).
    Nobody,
}

/// The standing of one file's `records` (those with a ratio compete), by their mean times.
pub fn standing(records: &[Record]) -> Standing<'_> {
    let contenders: Vec<&Record> = records.iter().filter(|record| record.ratio.is_some()).collect();
    let Some(fastest) = contenders
        .iter()
        .copied()
        .min_by(|a, b| RunStats::of_record(a).mean.total_cmp(&RunStats::of_record(b).mean))
    else {
        return Standing::Nobody;
    };
    let best = RunStats::of_record(fastest);
    fn name(record: &Record) -> &str {
        record.solver.as_deref().unwrap_or("-")
    }
    let mut tied = vec![name(fastest)];
    for other in contenders.iter().filter(|record| !std::ptr::eq(**record, fastest)) {
        let stats = RunStats::of_record(other);
        let ratio = stats.mean / best.mean.max(f64::MIN_POSITIVE);
        if is_tie(ratio, ratio_sd(ratio, &stats, &best)) {
            tied.push(name(other));
        }
    }
    if tied.len() == 1 {
        Standing::Won(tied[0])
    } else {
        Standing::Tied(tied)
    }
}

/// Sets the ratio and its uncertainty of each of `records` that `counts`, to the record of the
/// solver called `baseline` or else to the fastest (by mean) of those that count. With a baseline
/// that does not count on this file (it timed out), no record has a ratio.
pub fn set_ratios(records: &mut [Record], counts: impl Fn(&Record) -> bool, baseline: Option<&str>) {
    let counted: Vec<usize> = (0..records.len()).filter(|index| counts(&records[*index])).collect();
    let reference = match baseline {
        Some(baseline) => {
            counted.iter().copied().find(|index| records[*index].solver.as_deref() == Some(baseline))
        }
        None => counted.iter().copied().min_by(|a, b| {
            RunStats::of_record(&records[*a]).mean.total_cmp(&RunStats::of_record(&records[*b]).mean)
        }),
    };
    let Some(reference) = reference else { return };
    let base = RunStats::of_record(&records[reference]);
    for index in counted {
        let stats = RunStats::of_record(&records[index]);
        let ratio = if index == reference { 1.0 } else { stats.mean / base.mean.max(f64::MIN_POSITIVE) };
        records[index].ratio = Some(ratio);
        records[index].ratio_sd = if index == reference { None } else { ratio_sd(ratio, &stats, &base) };
    }
}

/// The standard deviation of `ratio`, the mean of `solver`'s runs over the mean of `reference`'s,
/// propagated from the runs' relative spreads as hyperfine does: `ratio · √((σ₁/μ₁)² + (σ₂/μ₂)²)`;
/// `None` when either has a single run.
pub fn ratio_sd(ratio: f64, solver: &RunStats, reference: &RunStats) -> Option<f64> {
    let relative = |stats: &RunStats| stats.sd.map(|sd| sd / stats.mean.max(f64::MIN_POSITIVE));
    Some(ratio * relative(solver)?.hypot(relative(reference)?))
}

/// Whether a ratio of `ratio` ± `sd` to another solver is a tie with it: its interval holds 1, so
/// neither is shown faster. A ratio without an uncertainty (single runs) is a tie only when it is 1.
pub fn is_tie(ratio: f64, sd: Option<f64>) -> bool {
    let sd = sd.unwrap_or(0.0);
    ratio - sd <= 1.0 && 1.0 <= ratio + sd
}

/// Why the runs `times` (in milliseconds, in the order they ran) cannot be trusted, in words:
/// outliers past 1.5 interquartile ranges from the quartiles (with 4 runs or more; the quartiles as
/// `statrs` estimates them, R's type 8), a first run much slower than the rest (twice their median:
/// cold caches), or a median under 50 µs.
pub fn warnings(times: &[f64]) -> Vec<String> {
    let mut said = Vec::new();
    let stats = RunStats::of(times);
    if times.len() >= 4 {
        let mut data = Data::new(times.to_vec());
        let (low, high) = (data.lower_quartile(), data.upper_quartile());
        let fence = 1.5 * (high - low);
        let outliers = times.iter().filter(|time| **time < low - fence || **time > high + fence).count();
        if outliers > 0 {
            let plural = if outliers == 1 { "" } else { "s" };
            said.push(format!(
                "{outliers} of {} runs {} outlier{plural} (past 1.5 IQR): the mean and σ may mislead; \
                 a quieter machine or more runs help",
                times.len(),
                if outliers == 1 { "is an" } else { "are" }
            ));
        }
    }
    if times.len() >= 3 {
        let rest = RunStats::of(&times[1..]);
        if times[0] > SLOW_FIRST_FACTOR * rest.median {
            said.push(
                "the first run was much slower than the rest (cold caches?): give --warmup more runs"
                    .to_string(),
            );
        }
    }
    if stats.median < TOO_SHORT_MS {
        said.push(format!(
            "runs under 50 µs are too short to time one by one: use a larger --repeat (now {})",
            times.len()
        ));
    }
    said
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn statistics_of_runs_worked_out_by_hand() {
        // Mean (2+4+4+4+5+5+7+9)/8 = 5; squared deviations 9+1+1+1+0+0+4+16 = 32, σ = √(32/7).
        let stats = RunStats::of(&[2.0, 4.0, 4.0, 4.0, 5.0, 5.0, 7.0, 9.0]);
        assert_eq!(stats.mean, 5.0);
        assert!((stats.sd.unwrap() - (32.0f64 / 7.0).sqrt()).abs() < 1e-12);
        assert_eq!((stats.median, stats.min, stats.max), (4.5, 2.0, 9.0));
        assert_eq!(RunStats::of(&[3.0]).sd, None);
    }

    #[test]
    fn the_ratio_s_uncertainty_adds_the_relative_spreads() {
        // 10 ± 1 over 5 ± 0.5: ratio 2, relative spreads 0.1 and 0.1, σ = 2·√0.02 = 0.28284...
        let slow = RunStats { mean: 10.0, sd: Some(1.0), median: 10.0, min: 9.0, max: 11.0 };
        let fast = RunStats { mean: 5.0, sd: Some(0.5), median: 5.0, min: 4.5, max: 5.5 };
        let sd = ratio_sd(2.0, &slow, &fast).unwrap();
        assert!((sd - 0.282_842_712_474_619).abs() < 1e-12, "{sd}");
        assert!(!is_tie(2.0, Some(sd)));
        assert_eq!(ratio_sd(2.0, &RunStats { sd: None, ..slow }, &fast), None);
    }

    #[test]
    fn an_interval_that_holds_one_is_a_tie() {
        assert!(is_tie(1.2, Some(0.25)));
        assert!(is_tie(1.2, Some(0.2)));
        assert!(!is_tie(1.2, Some(0.19)));
        assert!(!is_tie(1.2, None));
        assert!(is_tie(1.0, None));
    }

    fn timed(solver: &str, mean: f64, sd: f64) -> Record {
        let solved = Record::timed("a.csv", solver, solvebatch_core::Status::Solved, mean);
        Record { mean_ms: Some(mean), sd_ms: Some(sd), ..solved }
    }

    #[test]
    fn ratios_go_to_the_fastest_or_the_baseline_and_overlaps_are_ties() {
        // 10 ± 1 against 5 ± 0.5 (ratio 2 ± 0.283) and 5.5 ± 1 (ratio 1.1 ± 0.245: a tie).
        let mut records = vec![timed("slow", 10.0, 1.0), timed("fast", 5.0, 0.5), timed("near", 5.5, 1.0)];
        set_ratios(&mut records, |_| true, None);
        let ratios: Vec<_> = records.iter().map(|record| record.ratio.unwrap()).collect();
        assert_eq!(ratios, [2.0, 1.0, 1.1]);
        assert!((records[0].ratio_sd.unwrap() - 0.282_842_712_474_619).abs() < 1e-12);
        // √(0.1² + (1/5.5)²) · 1.1 = 0.22825...
        assert!((records[2].ratio_sd.unwrap() - 1.1 * 0.1f64.hypot(1.0 / 5.5)).abs() < 1e-12);
        assert_eq!(records[1].ratio_sd, None);
        assert_eq!(standing(&records), Standing::Tied(vec!["fast", "near"]));
        records[2] = timed("near", 8.0, 0.1);
        set_ratios(&mut records, |_| true, None);
        assert_eq!(standing(&records), Standing::Won("fast"));
        set_ratios(&mut records, |_| true, Some("slow"));
        let ratios: Vec<_> = records.iter().map(|record| record.ratio.unwrap()).collect();
        assert_eq!(ratios, [1.0, 0.5, 0.8]);
        assert_eq!(standing(&records), Standing::Won("fast"), "the fastest wins whatever the baseline");
        let mut uncounted = vec![timed("slow", 10.0, 1.0)];
        set_ratios(&mut uncounted, |_| false, None);
        assert_eq!((uncounted[0].ratio, standing(&uncounted)), (None, Standing::Nobody));
    }

    #[test]
    fn outliers_a_slow_first_run_and_short_runs_are_warned_of() {
        // Type 8 quartiles of six runs: h = (6 + 1/3)·τ + 1/3, so 1.9167 (the first run plus 0.9167 of
        // the step to the second) and 5.0833 (the fifth plus 0.0833 of the step to the sixth).
        // 10,10,11,11,12,13: 10 and 12.083, fences at 6.875 and 15.21: no outlier.
        assert_eq!(warnings(&[10.0, 10.0, 11.0, 11.0, 12.0, 13.0]), Vec::<String>::new());
        // 10,10,10,11,11,40: 10 and 13.417, the upper fence at 18.54: 40 is one.
        let said = warnings(&[10.0, 10.0, 10.0, 11.0, 11.0, 40.0]);
        assert_eq!(
            said,
            ["1 of 6 runs is an outlier (past 1.5 IQR): the mean and σ may mislead; a quieter machine or more runs help"]
        );
        assert_eq!(
            warnings(&[25.0, 10.0, 11.0]),
            ["the first run was much slower than the rest (cold caches?): give --warmup more runs"]
        );
        assert_eq!(
            warnings(&[0.01, 0.02]),
            ["runs under 50 µs are too short to time one by one: use a larger --repeat (now 2)"]
        );
    }
}
