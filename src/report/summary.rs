//! The summary that closes every report: counts by status and verdict, times, the files to look at.

use serde::{Deserialize, Serialize};

use super::record::Record;
use crate::shard::{InputSet, Share};
use solvebatch_core::{Status, Verdict};

/// Files per status.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct StatusCounts {
    /// Solved files.
    pub solved: usize,
    /// Files without a solution.
    pub no_solution: usize,
    /// Files with invalid input.
    pub invalid: usize,
    /// Files past the time limit.
    pub timeout: usize,
    /// Files whose solve a signal stopped.
    #[serde(default)]
    pub interrupted: usize,
    /// Files that could not be solved at all.
    pub failed: usize,
}

impl StatusCounts {
    /// The count of `status`.
    pub fn get(&self, status: Status) -> usize {
        match status {
            Status::Solved => self.solved,
            Status::NoSolution => self.no_solution,
            Status::Invalid => self.invalid,
            Status::Timeout => self.timeout,
            Status::Interrupted => self.interrupted,
            Status::Failed => self.failed,
        }
    }

    fn add(&mut self, status: Status) {
        *match status {
            Status::Solved => &mut self.solved,
            Status::NoSolution => &mut self.no_solution,
            Status::Invalid => &mut self.invalid,
            Status::Timeout => &mut self.timeout,
            Status::Interrupted => &mut self.interrupted,
            Status::Failed => &mut self.failed,
        } += 1;
    }
}

/// Files per regression verdict (files without a reference are in none).
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct VerdictCounts {
    /// Byte-equal to their reference.
    pub same: usize,
    /// Another correct answer than their reference.
    pub valid: usize,
    /// Neither.
    pub differs: usize,
}

/// Per solver, in `compare`: how it fared against the others.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct SolverSummary {
    /// The solver's name.
    pub solver: String,
    /// Files it ran on, those left out included.
    pub files: usize,
    /// Files where it was the fastest and no other solver tied it (a ratio whose interval holds 1).
    pub wins: usize,
    /// Files where it was the fastest or within the uncertainty of the fastest, with another solver.
    #[serde(default)]
    pub ties: usize,
    /// The geometric mean of its ratios to the fastest, over the files it finished and that count;
    /// `null` when there are none.
    pub geometric_mean_ratio: Option<f64>,
    /// Its competition scores over the files not left out: `solved`, `timeouts`, `failures`,
    /// `par2`, `total_ms`, `cpu_ms`, `max_rss_kb`, `peak_heap_kb`.
    #[serde(flatten)]
    pub scores: super::scores::Scores,
}

/// The options of `run` that affect the records and the summary (not `--jobs`, `--out`, `--diff`,
/// the report files or the terminal): the shards of one batch must share them.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct ResultOptions {
    /// `--kind`, or `null`.
    pub kind: Option<String>,
    /// `--solver`, or `null` for each family's default.
    pub solver: Option<String>,
    /// `--timeout` in milliseconds, or `null`.
    pub timeout_ms: Option<f64>,
    /// `--strict`.
    pub strict: bool,
    /// `--seed`.
    pub seed: u64,
    /// `--json-outputs`: whether records hold their output text.
    pub json_outputs: bool,
    /// `--dictionary` as given, or `null`.
    pub dictionary: Option<String>,
    /// `--tiles` as given, or `null`.
    pub tiles: Option<String>,
    /// `--digits`, or `null`.
    pub digits: Option<u32>,
    /// `--rules`, or `null`.
    pub rules: Option<String>,
    /// `--require-references` (or `--ci`): an input without a reference fails.
    #[serde(default)]
    pub require_references: bool,
    /// A comparison's measuring options (absent in reports of `run`).
    #[serde(flatten, default, skip_serializing_if = "Option::is_none")]
    pub measuring: Option<Measuring>,
    /// The worker threads of each solve: in `run`, `--threads` when given (absent otherwise, as in
    /// reports written before it was recorded); in `compare`, always, its default resolved.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub threads: Option<usize>,
}

impl ResultOptions {
    /// The first option that differs, as `seed 1, not 0`; `None` when they are equal. An option that
    /// only one of them records is `null` in the other.
    pub fn difference(&self, first: &ResultOptions) -> Option<String> {
        let (serde_json::Value::Object(options), serde_json::Value::Object(first)) =
            (serde_json::to_value(self).ok()?, serde_json::to_value(first).ok()?)
        else {
            return None;
        };
        let null = serde_json::Value::Null;
        let keys = options.keys().chain(first.keys().filter(|key| !options.contains_key(*key)));
        keys.map(|key| (key, options.get(key).unwrap_or(&null), first.get(key).unwrap_or(&null)))
            .find(|(_, value, first)| value != first)
            .map(|(key, value, first)| format!("{key} {value}, not {first}"))
    }
}

/// How `compare` measured: the options that its shards must share besides [`ResultOptions`]'s.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Measuring {
    /// `--repeat`: counted runs per solver and file.
    pub repeat: u32,
    /// `--warmup`: uncounted runs before them.
    pub warmup: u32,
    /// `--baseline`, or `null`.
    pub baseline: Option<String>,
    /// `--isolate`.
    pub isolate: bool,
    /// `--memory-limit` as given (`256M`), or `null`.
    pub memory_limit: Option<String>,
    /// `--parallel`.
    pub parallel: bool,
}

/// A path of the batch that names the same file as one of its inputs: solved once, as that input.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct SameFile {
    /// The path left out, as given or found by the walk.
    pub file: String,
    /// The input it is the same file as, whose row it shares.
    pub same_as: String,
}

impl SameFile {
    /// The summary line: `f/link.csv: the same file as f/a.csv, solved once`.
    pub fn line(&self) -> String {
        format!("{}: the same file as {}, solved once", self.file, self.same_as)
    }
}

/// The summary record that closes a report.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Summary {
    /// Files in the batch.
    pub files: usize,
    /// Files per status (in `compare`, per file: the answer the solvers agree on).
    pub statuses: StatusCounts,
    /// Files per verdict.
    pub verdicts: VerdictCounts,
    /// Files in walked folders that no family reads (`--kind` reads them), not solved.
    pub skipped: usize,
    /// Wall time of the whole batch, in milliseconds.
    #[serde(serialize_with = "super::record::serialize_ms")]
    pub wall_ms: f64,
    /// The sum of the files' times, in milliseconds.
    #[serde(serialize_with = "super::record::serialize_ms")]
    pub solve_ms: f64,
    /// The median of the files' times, in milliseconds.
    #[serde(serialize_with = "super::record::serialize_ms")]
    pub median_ms: f64,
    /// The files that differ from their reference or did not pass, in path order.
    pub failing: Vec<String>,
    /// `compare`: files left out of wins, ratios and means because a solver found their input
    /// invalid (or could not read them).
    pub left_out: usize,
    /// `compare`: one entry per solver.
    pub solvers: Vec<SolverSummary>,
    /// Whether a signal (Ctrl-C, SIGTERM, SIGHUP) stopped the batch before every file was solved.
    pub interrupted: bool,
    /// `run`: paths left out as the same file as an input of the batch (a link to it, the file named
    /// twice), each solved once as that input; absent when there are none.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub same_files: Vec<SameFile>,
    /// The exit status of the command: 0 all as expected, 1 otherwise, 128 + the signal's number
    /// when a signal stopped it (130 Ctrl-C, 143 SIGTERM, 129 SIGHUP).
    pub exit_code: u8,
    /// `run --shard K/N`: `{"index":K,"count":N}`; `null` for a whole batch (and in `merge`'s report).
    #[serde(default)]
    pub shard: Option<Share>,
    /// `run`, `compare` and `merge`: the whole batch's inputs (before `--shard`).
    #[serde(default)]
    pub inputs: Option<InputSet>,
    /// `run`, `compare` and `merge`: the options that affect the results (`compare`: `solver` holds
    /// `--solvers` joined by commas).
    #[serde(default)]
    pub options: Option<ResultOptions>,
    /// `run --bless`: the references written and created; `null` without `--bless`.
    #[serde(default)]
    pub bless: Option<crate::references::BlessSummary>,
    /// `run` and `merge` (the first shard's): the references in walked folders whose input is gone,
    /// and what `--orphans` did; `null` in `compare`.
    #[serde(default)]
    pub orphans: Option<crate::references::OrphanSummary>,
    /// `run --resume` and `--rerun-failing`: the records kept from the earlier report (the other
    /// files were solved); `null` otherwise.
    #[serde(default)]
    pub resumed: Option<usize>,
    /// `compare`: the `--timeout` of each run, in milliseconds; `null` without one and in `run`.
    #[serde(default)]
    pub time_limit_ms: Option<f64>,
    /// `compare`: the `--baseline` solver, the reference of the ratios; `null` for the fastest.
    #[serde(default)]
    pub baseline: Option<String>,
    /// `compare --parallel`: solves ran at once, so their times contended for cores.
    #[serde(default)]
    pub parallel: bool,
    /// `compare`: the virtual best solver's scores (on each file the best time of any solver that
    /// solved it); `null` in `run`.
    #[serde(default)]
    pub virtual_best: Option<super::scores::Scores>,
    /// `compare`: the solver with the best PAR-2 (the most files solved, then the least time, without
    /// a time limit); `null` in `run`.
    #[serde(default)]
    pub single_best: Option<String>,
    /// `compare`: the files only one solver solved, with that solver; empty in `run`.
    #[serde(default)]
    pub unique: Vec<super::scores::Unique>,
    /// `compare`: why some runs cannot be trusted (outliers, a slow first run, solves too short to
    /// time), one line each naming the file and the solver; empty in `run`.
    #[serde(default)]
    pub warnings: Vec<String>,
    /// The files without a solution by the word their family gives it (`no round`, `no play`), for
    /// the summary lines; not in the JSON, whose `statuses` count them as `no_solution`.
    #[serde(skip)]
    pub no_solution_labels: std::collections::BTreeMap<&'static str, usize>,
}

impl Summary {
    /// Summarises the records of `run`: `strict` demands `same` verdicts.
    pub fn of(records: &[Record], strict: bool) -> Summary {
        let mut summary = Summary {
            files: records.len(),
            statuses: StatusCounts::default(),
            verdicts: VerdictCounts::default(),
            skipped: 0,
            wall_ms: 0.0,
            solve_ms: total(records.iter().map(|record| record.ms)),
            median_ms: median(&mut records.iter().map(|record| record.ms).collect::<Vec<_>>()),
            failing: Vec::new(),
            left_out: 0,
            solvers: Vec::new(),
            interrupted: false,
            same_files: Vec::new(),
            exit_code: 0,
            shard: None,
            inputs: None,
            options: None,
            bless: None,
            orphans: None,
            resumed: None,
            time_limit_ms: None,
            baseline: None,
            parallel: false,
            virtual_best: None,
            single_best: None,
            unique: Vec::new(),
            warnings: Vec::new(),
            no_solution_labels: std::collections::BTreeMap::new(),
        };
        for record in records {
            summary.statuses.add(record.status);
            if record.status == Status::NoSolution {
                let label = crate::family::status_label(record.family.as_deref(), record.status);
                *summary.no_solution_labels.entry(label).or_default() += 1;
            }
            match record.verdict {
                Some(Verdict::Same) => summary.verdicts.same += 1,
                Some(Verdict::Valid) => summary.verdicts.valid += 1,
                Some(Verdict::Differs) => summary.verdicts.differs += 1,
                None => {}
            }
            if !record.passes(strict) {
                summary.failing.push(record.file.clone());
            }
        }
        summary.exit_code = u8::from(!summary.failing.is_empty());
        summary
    }
}

/// The sum of `values`, 0 when empty: `Iterator::sum` of no `f64` is -0.0, which reports would print
/// as `-0.0 µs`.
pub fn total(values: impl IntoIterator<Item = f64>) -> f64 {
    values.into_iter().fold(0.0, |sum, value| sum + value)
}

/// The median of `values` (the mean of the middle two for an even count; 0 when empty).
pub fn median(values: &mut [f64]) -> f64 {
    values.sort_by(f64::total_cmp);
    match values.len() {
        0 => 0.0,
        len if len % 2 == 1 => values[len / 2],
        len => (values[len / 2 - 1] + values[len / 2]) / 2.0,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_first_differing_option_is_named() {
        let options = ResultOptions {
            kind: None,
            solver: Some("dlx".to_string()),
            timeout_ms: None,
            strict: false,
            seed: 0,
            json_outputs: false,
            dictionary: None,
            tiles: None,
            digits: None,
            rules: None,
            require_references: false,
            threads: None,
            measuring: None,
        };
        let other = ResultOptions { seed: 1, ..options.clone() };
        assert_eq!(options.difference(&options), None);
        assert_eq!(other.difference(&options), Some("seed 1, not 0".to_string()));
        let solver = ResultOptions { solver: None, ..options.clone() };
        assert_eq!(solver.difference(&options), Some("solver null, not \"dlx\"".to_string()));
        let measuring = Measuring {
            repeat: 3,
            warmup: 0,
            baseline: None,
            isolate: true,
            memory_limit: Some("256M".to_string()),
            parallel: false,
        };
        let measured = ResultOptions { measuring: Some(measuring.clone()), ..options.clone() };
        // A key only the first records is still compared.
        assert_eq!(options.difference(&measured), Some("isolate null, not true".to_string()));
        let limited = Measuring { memory_limit: None, ..measuring };
        let other = ResultOptions { measuring: Some(limited), ..options.clone() };
        assert_eq!(other.difference(&measured), Some("memory_limit null, not \"256M\"".to_string()));
    }

    fn record(file: &str, status: Status, verdict: Option<Verdict>, ms: f64) -> Record {
        Record { verdict, ..Record::timed(file, "backtrack", status, ms) }
    }

    #[test]
    fn an_empty_sum_is_zero_not_minus_zero() {
        assert!(total([]).is_sign_positive());
        assert!(Summary::of(&[], false).solve_ms.is_sign_positive());
        assert_eq!(total([1.5, 2.0]), 3.5);
    }

    #[test]
    fn counts_statuses_verdicts_times_and_the_failing_files() {
        let records = [
            record("a", Status::Solved, Some(Verdict::Same), 3.0),
            record("b", Status::NoSolution, None, 1.0),
            record("c", Status::Solved, Some(Verdict::Differs), 2.0),
            record("d", Status::Invalid, Some(Verdict::Same), 10.0),
            record("e", Status::Solved, Some(Verdict::Valid), 4.0),
            record("f", Status::Timeout, None, 5.0),
        ];
        let summary = Summary::of(&records, false);
        assert_eq!(
            summary.statuses,
            StatusCounts { solved: 3, no_solution: 1, invalid: 1, timeout: 1, interrupted: 0, failed: 0 }
        );
        assert_eq!(summary.verdicts, VerdictCounts { same: 2, valid: 1, differs: 1 });
        // In the words of the family's rows.
        assert_eq!(summary.no_solution_labels, std::collections::BTreeMap::from([("no round", 1)]));
        assert_eq!(summary.solve_ms, 25.0);
        assert_eq!(summary.median_ms, 3.5);
        assert_eq!(summary.failing, ["c", "f"]);
        assert_eq!(summary.exit_code, 1);
        assert_eq!(Summary::of(&records, true).failing, ["c", "e", "f"]);
        assert_eq!(Summary::of(&records[..2], false).exit_code, 0);
    }

    #[test]
    fn median_of_odd_even_and_empty() {
        assert_eq!(median(&mut [7.0, 1.0, 2.0]), 2.0);
        assert_eq!(median(&mut [1.0, 2.0, 4.0, 7.0]), 3.0);
        assert_eq!(median(&mut []), 0.0);
    }
}
