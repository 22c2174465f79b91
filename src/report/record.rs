//! The record of one solved file (or of one solver on one file, in `compare`), and the summary that
//! closes a report. Every exporter reads these types; nothing is compared as a string.

use std::collections::BTreeMap;

use serde::{Deserialize, Serialize};

use solvebatch_core::{Outcome, Status, Verdict};

/// One row of a report: a file solved by one solver.
///
/// Every field is present on every record (`null` where there is none), so JSON lines from `run`,
/// `compare` and `merge` share one schema. Times are milliseconds rounded to the microsecond.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Record {
    /// The input path as found, non-UTF-8 bytes escaped as `\xE8`.
    pub file: String,
    /// The family name, or `null` when no family reads the file.
    pub family: Option<String>,
    /// The solver name, or `null` when none ran.
    pub solver: Option<String>,
    /// How it ended.
    pub status: Status,
    /// Why the file is `invalid` or `failed` (or, in `compare`, why the solvers' answers are not
    /// trusted); `null` otherwise.
    pub message: Option<String>,
    /// What the answer should be read with (a Scrabble dictionary's skipped entries: every record
    /// of a position naming that list carries it); `null` otherwise.
    #[serde(default)]
    pub warning: Option<String>,
    /// The regression verdict, where a reference exists; `null` otherwise.
    pub verdict: Option<Verdict>,
    /// Wall time of reading, solving and formatting, in milliseconds (the median of `runs`).
    #[serde(serialize_with = "serialize_ms")]
    pub ms: f64,
    /// Fastest run, in milliseconds.
    #[serde(serialize_with = "serialize_ms")]
    pub min_ms: f64,
    /// Slowest run, in milliseconds.
    #[serde(serialize_with = "serialize_ms")]
    pub max_ms: f64,
    /// Runs made (1 in `run`; `--repeat` in `compare`).
    pub runs: u32,
    /// `compare`: this solver's mean time over the reference's on the file (the fastest solver's, or
    /// the `--baseline` solver's); `null` in `run`, on a timeout, and for files left out of the ratios.
    pub ratio: Option<f64>,
    /// `compare`: the standard deviation of `ratio`, from the runs' spreads
    /// ([`ratio_sd`](super::runs::ratio_sd)); `null` with a single run and where `ratio` is.
    #[serde(default)]
    pub ratio_sd: Option<f64>,
    /// `compare`: the mean of the counted runs, in milliseconds; `null` in `run`.
    #[serde(default, serialize_with = "serialize_optional_ms")]
    pub mean_ms: Option<f64>,
    /// `compare`: the sample standard deviation of the counted runs, in milliseconds; `null` in `run`
    /// and with a single run.
    #[serde(default, serialize_with = "serialize_optional_ms")]
    pub sd_ms: Option<f64>,
    /// CPU time (user and system) of the solve, in milliseconds (the median of `runs`): measured by
    /// `wait4` with `--isolate`, by the process's CPU clock in `compare`; `null` where not measured.
    #[serde(default, serialize_with = "serialize_optional_ms")]
    pub cpu_ms: Option<f64>,
    /// Peak resident memory of the solve's child process, in KiB (the largest of `runs`), with
    /// `--isolate`; `null` otherwise.
    #[serde(default)]
    pub max_rss_kb: Option<u64>,
    /// `compare` in-process, one solve at a time: the peak of live heap bytes the solve added, in
    /// KiB rounded up (the largest of `runs`), as the counting allocator saw them (not resident
    /// memory: no code, stacks or allocator slack); `null` with `--isolate`, `--parallel` and in `run`.
    #[serde(default)]
    pub peak_heap_kb: Option<u64>,
    /// Search statistics by name (nodes, backtracks, guesses, plays, ...), as the family reports them.
    pub stats: BTreeMap<String, serde_json::Value>,
    /// The output text, with `--json-outputs`; `null` otherwise.
    pub output: Option<String>,
    /// XXH3-128 of the input's bytes as 32 hexadecimal digits ([`content_hash`]); `null` when the
    /// input could not be read (and in reports written before the field existed).
    #[serde(default)]
    pub input_hash: Option<String>,
    /// XXH3-128 of the reference file's bytes, as `input_hash`; `null` without a reference.
    #[serde(default)]
    pub reference_hash: Option<String>,
}

impl Record {
    /// A file that could not be solved at all.
    pub fn failed(file: String, family: Option<&str>, message: String) -> Record {
        Record {
            file,
            family: family.map(str::to_string),
            solver: None,
            status: Status::Failed,
            message: Some(message),
            warning: None,
            verdict: None,
            ms: 0.0,
            min_ms: 0.0,
            max_ms: 0.0,
            runs: 0,
            ratio: None,
            ratio_sd: None,
            mean_ms: None,
            sd_ms: None,
            cpu_ms: None,
            max_rss_kb: None,
            peak_heap_kb: None,
            stats: BTreeMap::new(),
            output: None,
            input_hash: None,
            reference_hash: None,
        }
    }

    /// The record of `outcome`: the file `file` solved by `solver` of `family` in one run of `ms`
    /// milliseconds; the output text kept when `keep_output` (`--json-outputs`).
    pub fn of(
        file: String,
        family: &str,
        solver: &str,
        outcome: &Outcome,
        ms: f64,
        keep_output: bool,
    ) -> Record {
        // The fields a solve does not give are `null`, as on a failed record.
        Record {
            solver: Some(solver.to_string()),
            status: outcome.status,
            message: outcome.message.clone(),
            warning: outcome.warning.clone(),
            ms,
            min_ms: ms,
            max_ms: ms,
            runs: 1,
            stats: outcome.stats.clone(),
            output: keep_output.then(|| outcome.output.clone()),
            ..Record::failed(file, Some(family), String::new())
        }
    }

    /// The record with the hashes of the bytes read: the input's, and the reference's when there is
    /// one (records of solves take theirs from [`crate::solve::FileToSolve`]).
    #[cfg(test)]
    pub fn with_hashes(self, input: &[u8], reference: Option<&[u8]>) -> Record {
        Record { input_hash: Some(content_hash(input)), reference_hash: reference.map(content_hash), ..self }
    }

    /// Whether the file is as expected: `same` or `valid` (only `same` when `strict`), or with no
    /// reference, solved or without a solution.
    pub fn passes(&self, strict: bool) -> bool {
        if self.status == Status::Failed {
            // An output that could not be written fails whatever its verdict.
            return false;
        }
        match self.verdict {
            Some(Verdict::Same) => true,
            Some(Verdict::Valid) => !strict,
            Some(Verdict::Differs) => false,
            None => matches!(self.status, Status::Solved | Status::NoSolution),
        }
    }
}

#[cfg(test)]
impl Record {
    /// For the tests of reports: the tournament file `file` ended with `status` by `solver` in one run
    /// of `ms` milliseconds, with no message, statistics or measures.
    pub(crate) fn timed(file: &str, solver: &str, status: Status, ms: f64) -> Record {
        let outcome =
            Outcome { status, message: None, warning: None, output: String::new(), stats: BTreeMap::new() };
        Record::of(file.to_string(), "tournament", solver, &outcome, ms, false)
    }
}

/// XXH3-128 of `bytes` as 32 lowercase hexadecimal digits: what records and cube results call a
/// file's hash.
pub fn content_hash(bytes: &[u8]) -> String {
    format!("{:032x}", xxhash_rust::xxh3::xxh3_128(bytes))
}

/// Rounds milliseconds to the microsecond, so that reports hold `0.005` rather than
/// `0.005168000000000001`.
pub fn serialize_ms<S: serde::Serializer>(ms: &f64, serializer: S) -> Result<S::Ok, S::Error> {
    serializer.serialize_f64(round_to_microseconds(*ms))
}

/// As [`serialize_ms`], for a time that may be missing (`null`).
pub fn serialize_optional_ms<S: serde::Serializer>(
    ms: &Option<f64>,
    serializer: S,
) -> Result<S::Ok, S::Error> {
    match ms {
        Some(ms) => serializer.serialize_some(&round_to_microseconds(*ms)),
        None => serializer.serialize_none(),
    }
}

/// `ms` rounded to three decimals.
pub fn round_to_microseconds(ms: f64) -> f64 {
    (ms * 1000.0).round() / 1000.0
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn times_are_written_to_the_microsecond() {
        let mut record = Record::failed("a.csv".to_string(), None, "x".to_string());
        record.ms = 0.005168000000000001;
        record.min_ms = 12.3456;
        record.max_ms = 1.0;
        let json = serde_json::to_value(&record).unwrap();
        assert_eq!(json["ms"], 0.005);
        assert_eq!(json["min_ms"], 12.346);
        assert_eq!(json["max_ms"], 1.0);
    }

    #[test]
    fn every_field_is_present_with_null_where_none() {
        let record = Record::failed("a.csv".to_string(), None, "cannot read".to_string());
        let json = serde_json::to_string(&record).unwrap();
        assert_eq!(
            json,
            r#"{"file":"a.csv","family":null,"solver":null,"status":"failed","message":"cannot read","warning":null,"verdict":null,"ms":0.0,"min_ms":0.0,"max_ms":0.0,"runs":0,"ratio":null,"ratio_sd":null,"mean_ms":null,"sd_ms":null,"cpu_ms":null,"max_rss_kb":null,"peak_heap_kb":null,"stats":{},"output":null,"input_hash":null,"reference_hash":null}"#
        );
    }

    #[test]
    fn a_solve_s_record_holds_its_outcome_and_one_run_and_null_elsewhere() {
        let stats = BTreeMap::from([("nodes".to_string(), serde_json::json!(3))]);
        let outcome = Outcome {
            status: Status::NoSolution,
            message: None,
            warning: None,
            output: "none\n".into(),
            stats,
        };
        let json = |keep_output| {
            let record = Record::of("a.csv".into(), "tournament", "dlx", &outcome, 2.5, keep_output);
            serde_json::to_string(&record).unwrap()
        };
        assert_eq!(
            json(true),
            r#"{"file":"a.csv","family":"tournament","solver":"dlx","status":"no_solution","message":null,"warning":null,"verdict":null,"ms":2.5,"min_ms":2.5,"max_ms":2.5,"runs":1,"ratio":null,"ratio_sd":null,"mean_ms":null,"sd_ms":null,"cpu_ms":null,"max_rss_kb":null,"peak_heap_kb":null,"stats":{"nodes":3},"output":"none\n","input_hash":null,"reference_hash":null}"#
        );
        assert!(json(false).contains(r#""output":null,"#));
    }

    #[test]
    fn hashes_are_xxh3_128_in_hexadecimal() {
        let record = Record::failed("a.csv".to_string(), None, String::new()).with_hashes(b"", Some(b"1\n"));
        assert_eq!(record.input_hash.as_deref(), Some("99aa06d3014798d86001c324468d497f"));
        // XXH3-128 digests worked out by the `xxhash` package of PyPI, not by this code.
        assert_eq!(record.reference_hash.as_deref(), Some("be573118fb47cf582ef3a1a12238c2e5"));
    }

    #[test]
    fn strict_demands_same() {
        let mut record = Record::failed("a.csv".to_string(), None, String::new());
        record.status = Status::Solved;
        record.verdict = Some(Verdict::Valid);
        assert!(record.passes(false));
        assert!(!record.passes(true));
        record.verdict = None;
        assert!(record.passes(true));
        record.status = Status::Invalid;
        assert!(!record.passes(false));
        record.status = Status::Failed;
        record.verdict = Some(Verdict::Same);
        assert!(!record.passes(false), "an output that could not be written");
    }
}
