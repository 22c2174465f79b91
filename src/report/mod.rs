//! The batch record of one solved file, and the reports made from a batch: the terminal table, JSON
//! lines and CSV.

use std::collections::BTreeMap;
use std::path::Path;

use serde::Serialize;

pub mod csv;
pub mod json;
pub mod table;

/// How a file's output compares with its reference file.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "lowercase")]
pub enum Verdict {
    /// Byte for byte equal.
    Same,
    /// Different in at least one byte.
    Differs,
}

/// One solved file, as every report shows it.
#[derive(Debug, Clone, Serialize)]
pub struct Record {
    /// The input path.
    pub file: String,
    /// The family name, or `unknown`.
    pub family: String,
    /// The solver name (empty when none ran).
    pub solver: String,
    /// `solved`, the family's no-solution label (such as `no round`), `error` or `timeout`.
    pub status: String,
    /// The error message, for `error`.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub message: Option<String>,
    /// The regression verdict, where a reference file exists.
    pub verdict: Option<Verdict>,
    /// Wall time of parsing, solving and formatting, in milliseconds.
    pub ms: f64,
    /// Search statistics by name.
    pub stats: BTreeMap<&'static str, u64>,
    /// Whether the outcome is as expected: the verdict is `same`, or with no reference the file was
    /// solved or has no solution.
    #[serde(skip)]
    pub as_expected: bool,
    /// The unified diff against the reference, when asked for and different.
    #[serde(skip)]
    pub diff: Option<String>,
}

impl Record {
    /// A file that could not be solved at all (unreadable, no family).
    pub fn failed(path: &Path, family: &str, message: String) -> Record {
        Record {
            file: path.display().to_string(),
            family: family.to_string(),
            solver: String::new(),
            status: "error".to_string(),
            message: Some(message),
            verdict: None,
            ms: 0.0,
            stats: BTreeMap::new(),
            as_expected: false,
            diff: None,
        }
    }

    /// The result column: the status, with the message of an error. Control characters that an
    /// input file put into a message are shown escaped, so they cannot act on the terminal.
    pub fn result(&self) -> String {
        match &self.message {
            Some(message) => {
                let shown: String = message
                    .chars()
                    .flat_map(|c| if c.is_control() { c.escape_default().collect() } else { vec![c] })
                    .collect();
                format!("{}: {shown}", self.status)
            }
            None => self.status.clone(),
        }
    }

    /// The statistics as `name=value` pairs separated by spaces.
    pub fn stats_text(&self) -> String {
        self.stats.iter().map(|(name, value)| format!("{name}={value}")).collect::<Vec<_>>().join(" ")
    }
}

/// Counts and times over a batch, for the summary line.
#[derive(Debug, Default, PartialEq)]
pub struct Summary {
    /// Files in the batch.
    pub files: usize,
    /// Files per status, in order of first appearance.
    pub statuses: Vec<(String, usize)>,
    /// Files whose output equals their reference.
    pub same: usize,
    /// Files whose output differs from their reference.
    pub differ: usize,
    /// Total solving time in milliseconds.
    pub total_ms: f64,
    /// Median solving time in milliseconds.
    pub median_ms: f64,
}

impl Summary {
    /// Summarises `records`.
    pub fn of(records: &[Record]) -> Summary {
        let mut summary = Summary { files: records.len(), ..Summary::default() };
        for record in records {
            match summary.statuses.iter_mut().find(|(status, _)| *status == record.status) {
                Some((_, count)) => *count += 1,
                None => summary.statuses.push((record.status.clone(), 1)),
            }
            match record.verdict {
                Some(Verdict::Same) => summary.same += 1,
                Some(Verdict::Differs) => summary.differ += 1,
                None => {}
            }
            summary.total_ms += record.ms;
        }
        let mut times: Vec<f64> = records.iter().map(|record| record.ms).collect();
        times.sort_by(f64::total_cmp);
        summary.median_ms = median(&times);
        summary
    }
}

impl std::fmt::Display for Summary {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let plural = if self.files == 1 { "" } else { "s" };
        write!(f, "{} file{plural}", self.files)?;
        let statuses: Vec<String> =
            self.statuses.iter().map(|(status, count)| format!("{count} {status}")).collect();
        if !statuses.is_empty() {
            write!(f, ": {}", statuses.join(", "))?;
        }
        if self.same + self.differ > 0 {
            write!(f, "; references: {} same, {} differ", self.same, self.differ)?;
        }
        write!(f, "; time: total {:.3} ms, median {:.3} ms", self.total_ms, self.median_ms)
    }
}

/// A duration given in milliseconds, in the unit that suits it: `12.3 µs`, `45.6 ms`, `7.89 s`.
pub fn duration(ms: f64) -> String {
    if ms < 1.0 {
        format!("{:.1} µs", ms * 1000.0)
    } else if ms < 1000.0 {
        format!("{ms:.1} ms")
    } else {
        format!("{:.2} s", ms / 1000.0)
    }
}

/// The median of sorted values (the mean of the middle two for an even count; 0 when empty).
pub fn median(sorted: &[f64]) -> f64 {
    match sorted.len() {
        0 => 0.0,
        len if len % 2 == 1 => sorted[len / 2],
        len => (sorted[len / 2 - 1] + sorted[len / 2]) / 2.0,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn record(status: &str, verdict: Option<Verdict>, ms: f64) -> Record {
        Record {
            status: status.to_string(),
            verdict,
            ms,
            message: None,
            ..Record::failed(Path::new("a.csv"), "tournament", String::new())
        }
    }

    #[test]
    fn summary_counts_statuses_verdicts_and_times() {
        let records = [
            record("solved", Some(Verdict::Same), 3.0),
            record("no round", None, 1.0),
            record("solved", Some(Verdict::Differs), 2.0),
            record("error", Some(Verdict::Same), 10.0),
        ];
        let summary = Summary::of(&records);
        assert_eq!(
            summary.to_string(),
            "4 files: 2 solved, 1 no round, 1 error; references: 2 same, 1 differ; \
             time: total 16.000 ms, median 2.500 ms"
        );
    }

    #[test]
    fn control_characters_in_messages_are_escaped() {
        let record =
            Record::failed(Path::new("e.in"), "tictactoe", "found \"\u{1b}[31mRED\u{7}\"".to_string());
        assert_eq!(record.result(), "error: found \"\\u{1b}[31mRED\\u{7}\"");
    }

    #[test]
    fn durations_choose_their_unit() {
        assert_eq!(duration(0.0123), "12.3 µs");
        assert_eq!(duration(45.61), "45.6 ms");
        assert_eq!(duration(7890.0), "7.89 s");
    }

    #[test]
    fn median_of_odd_even_and_empty() {
        assert_eq!(median(&[1.0, 2.0, 7.0]), 2.0);
        assert_eq!(median(&[1.0, 2.0, 4.0, 7.0]), 3.0);
        assert_eq!(median(&[]), 0.0);
    }
}
