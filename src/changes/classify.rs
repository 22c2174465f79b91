//! What changed from one batch's records to another's: files added and removed, status and verdict
//! changes (regressions and improvements), outputs, inputs and references that changed, and times
//! that moved past the noise.

use std::collections::BTreeMap;
use std::path::PathBuf;

use serde::Serialize;

use crate::report::record::Record;
use crate::report::style::duration;
use solvebatch_core::{Status, Verdict};

/// The kinds of change, in the order tables list them within a file.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum Kind {
    /// Was as expected, is not (`same` -> `differs`, `solved` -> `timeout`).
    Regression,
    /// Was not as expected, is (`timeout` -> `solved`, `differs` -> `same`).
    Improvement,
    /// Another status or verdict, as expected both times or neither (`same` -> `valid`).
    Changed,
    /// Both reports hold the output (`--json-outputs`), and it changed.
    Output,
    /// The input's bytes changed.
    Input,
    /// The reference's bytes changed, or it was added or removed.
    Reference,
    /// Slower past the time rule.
    Slower,
    /// Faster past the time rule.
    Faster,
    /// Only in the new report.
    Added,
    /// Only in the old report.
    Removed,
}

impl Kind {
    /// Every kind, in order.
    pub const ALL: [Kind; 10] = [
        Kind::Regression,
        Kind::Improvement,
        Kind::Changed,
        Kind::Output,
        Kind::Input,
        Kind::Reference,
        Kind::Slower,
        Kind::Faster,
        Kind::Added,
        Kind::Removed,
    ];

    /// The name in tables and reports: `regression`, `output changed`, ...
    pub fn label(self) -> &'static str {
        match self {
            Kind::Regression => "regression",
            Kind::Improvement => "improvement",
            Kind::Changed => "status changed",
            Kind::Output => "output changed",
            Kind::Input => "input changed",
            Kind::Reference => "reference changed",
            Kind::Slower => "slower",
            Kind::Faster => "faster",
            Kind::Added => "added",
            Kind::Removed => "removed",
        }
    }
}

/// When a time change counts.
#[derive(Debug, Clone, Copy)]
pub struct TimeRule {
    /// With one run per file: the factor past which a time change counts (2.0: twice as slow).
    pub factor: f64,
    /// With one run per file: the least change that counts, in milliseconds.
    pub min_ms: f64,
}

impl TimeRule {
    /// Twice as slow or as fast, and at least 1 ms apart.
    pub const DEFAULT: TimeRule = TimeRule { factor: 2.0, min_ms: 1.0 };
}

/// One change of one file (of one solver's record, for `compare` reports).
#[derive(Debug, Clone, Serialize)]
pub struct Change {
    /// The input path as the reports name it.
    pub file: String,
    /// The solver, for reports with several records per file; `null` otherwise.
    pub solver: Option<String>,
    /// What changed.
    #[serde(rename = "change")]
    pub kind: Kind,
    /// The old side, in words (`solved, same`, `1.2 ms`); empty for an added file.
    pub old: String,
    /// The new side, in words; empty for a removed file.
    pub new: String,
    /// The old time in milliseconds (time changes only).
    pub old_ms: Option<f64>,
    /// The new time in milliseconds (time changes only).
    pub new_ms: Option<f64>,
}

/// A file timed on both sides: a point of the old-versus-new chart.
#[derive(Debug, Clone)]
pub struct Timed {
    /// The solver of the new record (of the old one when the new names none), for its colour.
    pub solver: Option<String>,
    /// The solver of the old record, when it names one other than [`Timed::solver`].
    pub old_solver: Option<String>,
    /// Old time, milliseconds.
    pub old_ms: f64,
    /// New time, milliseconds.
    pub new_ms: f64,
    /// Slower or faster past the rule, if so.
    pub moved: Option<Kind>,
}

/// What changed between two reports.
#[derive(Debug, Clone, Default)]
pub struct Comparison {
    /// Every change, in path order, then kind order.
    pub changes: Vec<Change>,
    /// Files in both reports.
    pub common: usize,
    /// One point per file timed in both.
    pub timed: Vec<Timed>,
    /// Files whose times were compared by their ranges (`--repeat` runs on both sides).
    pub by_range: usize,
    /// Files whose times were compared by the factor and the least change.
    pub by_factor: usize,
}

impl Comparison {
    /// How many changes of `kind`.
    pub fn count(&self, kind: Kind) -> usize {
        self.changes.iter().filter(|change| change.kind == kind).count()
    }

    /// The exit status: 1 on a regression (or a slowdown, with `fail_on_slowdown`), else 0.
    pub fn exit_code(&self, fail_on_slowdown: bool) -> u8 {
        let failing = self.count(Kind::Regression) > 0 || fail_on_slowdown && self.count(Kind::Slower) > 0;
        u8::from(failing)
    }
}

/// A file (and its solver, for `compare` reports) in path order.
type Key = (PathBuf, Option<String>);

/// A file's records in the old and the new report.
type Pair<'a> = (Option<&'a Record>, Option<&'a Record>);

/// Compares `old` with `new` (records of `run`, `compare` or `merge`): `strict` (`--strict`) demands
/// `same` verdicts for a file to be as expected.
pub fn compare(old: &[Record], new: &[Record], strict: bool, rule: TimeRule) -> Comparison {
    // By file alone, unless a report holds several records per file (`compare`: one per solver).
    let by_solver = several_per_file(old) || several_per_file(new);
    let key = |record: &Record| {
        let solver = if by_solver { record.solver.clone() } else { None };
        (crate::paths::path_of(&record.file), solver)
    };
    let mut pairs: BTreeMap<Key, Pair> = BTreeMap::new();
    for record in old {
        pairs.entry(key(record)).or_default().0 = Some(record);
    }
    for record in new {
        pairs.entry(key(record)).or_default().1 = Some(record);
    }
    let mut comparison = Comparison::default();
    for ((_, solver), pair) in pairs {
        let mut change = |kind: Kind, old: String, new: String, times: Option<(f64, f64)>| {
            let file = pair.0.or(pair.1).map(|record| record.file.clone()).unwrap_or_default();
            comparison.changes.push(Change {
                file,
                solver: solver.clone(),
                kind,
                old,
                new,
                old_ms: times.map(|(old, _)| old),
                new_ms: times.map(|(_, new)| new),
            });
        };
        match pair {
            (None, Some(new)) => change(Kind::Added, String::new(), outcome(new), None),
            (Some(old), None) => change(Kind::Removed, outcome(old), String::new(), None),
            (Some(old), Some(new)) => {
                comparison.common += 1;
                for (kind, was, is) in content_changes(old, new, strict) {
                    change(kind, was, is, None);
                }
                if let Some(timed) = time_change(old, new, rule) {
                    if let Some(kind) = timed.0.moved {
                        change(kind, timed.1, timed.2, Some((timed.0.old_ms, timed.0.new_ms)));
                    }
                    if both_repeated(old, new) {
                        comparison.by_range += 1;
                    } else {
                        comparison.by_factor += 1;
                    }
                    comparison.timed.push(timed.0);
                }
            }
            (None, None) => {}
        }
    }
    comparison
}

fn several_per_file(records: &[Record]) -> bool {
    records.windows(2).any(|pair| pair[0].file == pair[1].file)
}

/// `solved, same`, `no round`, `timeout`, ...: a record's status as tables word it for its family,
/// and its verdict.
fn outcome(record: &Record) -> String {
    let status = crate::family::status_label(record.family.as_deref(), record.status);
    match record.verdict {
        Some(verdict) => format!("{status}, {}", verdict_name(verdict)),
        None => status.to_string(),
    }
}

fn verdict_name(verdict: Verdict) -> &'static str {
    match verdict {
        Verdict::Same => "same",
        Verdict::Valid => "valid",
        Verdict::Differs => "differs",
    }
}

/// The status, output, input and reference changes of one file.
fn content_changes(old: &Record, new: &Record, strict: bool) -> Vec<(Kind, String, String)> {
    let mut changes = Vec::new();
    if old.status != new.status || old.verdict != new.verdict {
        let kind = match (old.passes(strict), new.passes(strict)) {
            (true, false) => Kind::Regression,
            (false, true) => Kind::Improvement,
            _ => Kind::Changed,
        };
        changes.push((kind, outcome(old), outcome(new)));
    }
    if let (Some(was), Some(is)) = (&old.output, &new.output) {
        if was != is {
            let diff = similar::TextDiff::from_lines(was.as_str(), is.as_str());
            let count = |tag| diff.iter_all_changes().filter(|change| change.tag() == tag).count();
            let (added, removed) = (count(similar::ChangeTag::Insert), count(similar::ChangeTag::Delete));
            changes.push((
                Kind::Output,
                format!("{} lines", was.lines().count()),
                format!("{} lines (+{added} -{removed})", is.lines().count()),
            ));
        }
    }
    // Reports written before the hashes existed hold none: nothing to compare then.
    if let (Some(was), Some(is)) = (&old.input_hash, &new.input_hash) {
        if was != is {
            changes.push((Kind::Input, short(Some(was)), short(Some(is))));
        }
        if old.reference_hash != new.reference_hash {
            changes.push((
                Kind::Reference,
                short(old.reference_hash.as_ref()),
                short(new.reference_hash.as_ref()),
            ));
        }
    }
    changes
}

/// A hash's first 12 digits, or `none`.
fn short(hash: Option<&String>) -> String {
    hash.map_or_else(|| "none".to_string(), |hash| hash.chars().take(12).collect())
}

fn both_repeated(old: &Record, new: &Record) -> bool {
    old.runs > 1 && new.runs > 1
}

/// The times of a file solved on both sides (stopped and failed solves are not timed), whether they
/// moved past the rule, and both sides in words.
fn time_change(old: &Record, new: &Record, rule: TimeRule) -> Option<(Timed, String, String)> {
    let timed =
        |record: &Record| !record.status.stopped() && record.status != Status::Failed && record.runs > 0;
    if !(timed(old) && timed(new)) {
        return None;
    }
    let (was, is) = (old.ms, new.ms);
    let (moved, old_text, new_text) = if both_repeated(old, new) {
        // Repeated runs: only ranges that do not overlap count.
        let moved = if new.min_ms > old.max_ms {
            Some(Kind::Slower)
        } else if new.max_ms < old.min_ms {
            Some(Kind::Faster)
        } else {
            None
        };
        let range = |record: &Record| {
            format!("{} ({}..{})", duration(record.ms), duration(record.min_ms), duration(record.max_ms))
        };
        (moved, range(old), range(new))
    } else {
        let moved = if is >= was * rule.factor && is - was >= rule.min_ms {
            Some(Kind::Slower)
        } else if was >= is * rule.factor && was - is >= rule.min_ms {
            Some(Kind::Faster)
        } else {
            None
        };
        (moved, duration(was), duration(is))
    };
    let new_text = match moved {
        Some(kind) if was > 0.0 && is > 0.0 => format!("{new_text} ({})", speed_ratio(kind, was, is)),
        _ => new_text,
    };
    let solver = new.solver.clone().or_else(|| old.solver.clone());
    let old_solver = old.solver.clone().filter(|name| solver.as_ref() != Some(name));
    Some((Timed { solver, old_solver, old_ms: was, new_ms: is, moved }, old_text, new_text))
}

/// How many times slower or faster a move of `kind` from `was` to `is` is, said so that a large
/// speed-up reads as one (`270x faster`, not a ratio rounded to `0.0x`): one decimal under 10.
fn speed_ratio(kind: Kind, was: f64, is: f64) -> String {
    let (times, way) = if kind == Kind::Faster { (was / is, "faster") } else { (is / was, "slower") };
    if times < 10.0 {
        format!("{times:.1}x {way}")
    } else {
        format!("{times:.0}x {way}")
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const RULE: TimeRule = TimeRule { factor: 2.0, min_ms: 1.0 };

    fn record(file: &str, status: Status, verdict: Option<Verdict>, ms: f64) -> Record {
        Record { verdict, ..Record::timed(file, "backtrack", status, ms) }
    }

    #[test]
    fn verdicts_and_statuses_are_classified() {
        let old = [
            record("a.csv", Status::Solved, Some(Verdict::Same), 5.0),
            record("b.csv", Status::Timeout, None, 0.0),
            record("c.csv", Status::Solved, Some(Verdict::Differs), 5.0),
            record("d.csv", Status::Solved, Some(Verdict::Same), 5.0),
            record("e.csv", Status::Solved, None, 5.0),
        ];
        let new = [
            record("a.csv", Status::Solved, Some(Verdict::Differs), 5.0),
            record("b.csv", Status::Solved, None, 5.0),
            record("c.csv", Status::Solved, Some(Verdict::Same), 5.0),
            record("d.csv", Status::Solved, Some(Verdict::Valid), 5.0),
            record("f.csv", Status::Solved, None, 5.0),
        ];
        let comparison = compare(&old, &new, false, RULE);
        let kinds: Vec<(&str, Kind)> =
            comparison.changes.iter().map(|change| (change.file.as_str(), change.kind)).collect();
        assert_eq!(
            kinds,
            [
                ("a.csv", Kind::Regression),
                ("b.csv", Kind::Improvement),
                ("c.csv", Kind::Improvement),
                ("d.csv", Kind::Changed),
                ("e.csv", Kind::Removed),
                ("f.csv", Kind::Added)
            ]
        );
        assert_eq!((comparison.common, comparison.exit_code(false)), (4, 1));
        assert_eq!(compare(&old, &new, true, RULE).changes[3].kind, Kind::Regression, "valid fails --strict");
    }

    #[test]
    fn one_run_needs_the_factor_and_the_least_change() {
        let times = |old: f64, new: f64| {
            compare(
                &[record("a.csv", Status::Solved, None, old)],
                &[record("a.csv", Status::Solved, None, new)],
                false,
                RULE,
            )
        };
        assert_eq!(times(10.0, 19.9).changes.len(), 0);
        let slower = times(10.0, 20.0);
        assert_eq!(
            (slower.changes[0].kind, slower.changes[0].new.as_str()),
            (Kind::Slower, "20.0 ms (2.0x slower)")
        );
        assert_eq!(times(0.1, 0.9).changes.len(), 0, "under 1 ms apart");
        assert_eq!(times(30.0, 10.0).changes[0].kind, Kind::Faster);
        // A large speed-up reads as one, not as a ratio rounded to 0.0x.
        assert_eq!(times(143.4, 0.031).changes[0].new, "31.0 µs (4626x faster)");
        assert_eq!(times(30.0, 10.0).changes[0].new, "10.0 ms (3.0x faster)");
        assert_eq!((slower.exit_code(false), slower.exit_code(true)), (0, 1));
    }

    #[test]
    fn the_chart_names_both_solvers_when_the_runs_used_different_ones() {
        let old = [record("a.csv", Status::Solved, None, 140.0), record("b.csv", Status::Solved, None, 5.0)];
        let mut new =
            [record("a.csv", Status::Solved, None, 0.03), record("b.csv", Status::Solved, None, 5.0)];
        new[0].solver = Some("dlx".to_string());
        let comparison = compare(&old, &new, false, RULE);
        let pairs: Vec<(Option<&str>, Option<&str>)> = comparison
            .timed
            .iter()
            .map(|timed| (timed.old_solver.as_deref(), timed.solver.as_deref()))
            .collect();
        assert_eq!(pairs, [(Some("backtrack"), Some("dlx")), (None, Some("backtrack"))]);
        let legend: Vec<String> = super::super::export::figure(&comparison)
            .unwrap()
            .legend
            .into_iter()
            .map(|(name, _)| name)
            .collect();
        assert_eq!(legend, ["backtrack → dlx", "backtrack"]);
    }

    #[test]
    fn repeated_runs_need_ranges_apart() {
        let repeated = |ms: f64, min: f64, max: f64| Record {
            min_ms: min,
            max_ms: max,
            runs: 5,
            ..record("a.csv", Status::Solved, None, ms)
        };
        let overlapping = compare(&[repeated(10.0, 5.0, 40.0)], &[repeated(30.0, 20.0, 50.0)], false, RULE);
        assert_eq!((overlapping.changes.len(), overlapping.by_range), (0, 1));
        let apart = compare(&[repeated(10.0, 9.0, 11.0)], &[repeated(11.6, 11.5, 12.0)], false, RULE);
        assert_eq!(apart.changes[0].kind, Kind::Slower, "1.2x, yet outside the noise");
        assert_eq!(apart.changes[0].old, "10.0 ms (9.0 ms..11.0 ms)");
    }

    #[test]
    fn hashes_and_outputs_are_compared_where_both_hold_them() {
        let mut old =
            record("a.csv", Status::Solved, Some(Verdict::Same), 5.0).with_hashes(b"in", Some(b"ref"));
        let mut new = record("a.csv", Status::Solved, Some(Verdict::Same), 5.0).with_hashes(b"in2", None);
        old.output = Some("1\n2\n".to_string());
        new.output = Some("1\n3\n4\n".to_string());
        let comparison = compare(&[old.clone()], &[new], false, RULE);
        let kinds: Vec<(Kind, &str, &str)> = comparison
            .changes
            .iter()
            .map(|change| (change.kind, change.old.as_str(), change.new.as_str()))
            .collect();
        // The first 12 hexadecimal digits of the XXH3-128 digests of `in`, `in2` and `ref`, worked out
        // by the `xxhash` package of PyPI.
        assert_eq!(
            kinds,
            [
                (Kind::Output, "2 lines", "3 lines (+2 -1)"),
                (Kind::Input, "6925aa1d9e1c", "f6ce3838a2ad"),
                (Kind::Reference, "cbc929317d52", "none")
            ]
        );
        let unhashed = Record { input_hash: None, reference_hash: None, ..old.clone() };
        assert!(compare(&[unhashed], &[old], false, RULE).changes.is_empty());
    }
}
