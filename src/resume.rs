//! `run --resume` and `run --rerun-failing`: the records of an earlier report of the same batch that
//! still hold, so that only the other files are solved again (as GNU parallel's `--joblog --resume`).
//!
//! A record is kept when its input and its reference have the same hashes as the files now (their
//! bytes are read anyway to solve them, so nothing is read twice) and it was not `interrupted`; with
//! `--rerun-failing`, only records of files that were as expected are kept. A report of other
//! options, another shard or other inputs is refused (exit status 2), with the checks of `merge`.
//!
//! Every record finished by any earlier attempt is kept however often the batch is killed, during
//! `--resume` too: the partial file a kill left is read with the report beside it ([`take_over`]).

use std::borrow::Cow;
use std::collections::{BTreeMap, HashMap};
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicUsize, Ordering};

use crate::error::usage;
use crate::inputs::Input;
use crate::options::{Resume, RunOptions};
use crate::paths::display_path;
use crate::paths::path_of;
use crate::report::json::Line;
use crate::report::record::Record;
use crate::report::summary::ResultOptions;
use crate::report_file::ReportFile;
use crate::shard::InputSet;
use solvebatch_core::Status;

/// The records of the earlier report that may stand for solving their files again.
pub struct Previous {
    report: ReportFile,
    by_file: HashMap<String, usize>,
    kept: AtomicUsize,
}

/// Reads the report to resume from, checks its options and shard against this run's, and with
/// `--resume` takes over the partial file a kill left ([`take_over`]), so that nothing is lost
/// however this run ends (the report is replaced at its end as always).
///
/// # Errors
/// A [`crate::error::UsageError`]: the report cannot be read, is not of `run`, or was run with other
/// options or as another shard.
pub fn load(options: &RunOptions) -> anyhow::Result<Option<Previous>> {
    let Some(resume) = &options.resume else { return Ok(None) };
    let mut report = match resume {
        Resume::Report(path) => {
            if std::fs::metadata(path).is_ok_and(|metadata| !metadata.is_file()) {
                return Err(usage(format!(
                    "--resume reads the --json report back, and {} is not a regular file",
                    display_path(path)
                )));
            }
            let partial = crate::output::partial_path(path);
            let report = if partial.exists() {
                take_over(path, &partial, options)?
            } else if path.exists() {
                let report = crate::report_file::read(path)?;
                check_report(&report, options)?;
                report
            } else {
                return Ok(None);
            };
            // The CSV is written whole from the records: a partial one a kill left holds nothing more.
            if let Some(csv) = options.reports.csv.as_deref().filter(|csv| *csv != Path::new("-")) {
                removed(&crate::output::partial_path(csv))?;
            }
            report
        }
        Resume::RerunFailing(path) => {
            let report = crate::report_file::read(path)?;
            check_report(&report, options)?;
            report
        }
    };
    if matches!(resume, Resume::RerunFailing(_)) {
        report.records.retain(|(_, record)| record.passes(options.strict));
    }
    let by_file =
        report.records.iter().enumerate().map(|(index, (_, record))| (record.file.clone(), index)).collect();
    Ok(Some(Previous { report, by_file, kept: AtomicUsize::new(0) }))
}

/// Refuses a run that would start over the partial file of its `--json` report, left by a run that
/// was stopped, naming `--resume`, which keeps its records; `None` when there is none, or when this
/// run resumes or reruns (the report's partial file then is read or refused as such) or reviews.
pub fn leftover_partial(options: &RunOptions) -> Option<anyhow::Error> {
    let json = options.reports.json.as_deref().filter(|json| *json != Path::new("-"))?;
    if options.resume.is_some() || options.review.is_some() || !crate::output::partial_path(json).exists() {
        return None;
    }
    let shown = display_path(&solvebatch_core::text::with_suffix(json, crate::output::PARTIAL_SUFFIX));
    Some(usage(format!(
        "{shown}: left by a run that was stopped before its end; run again with --resume to keep its \
         records and solve only the other files, or move it away or remove it"
    )))
}

/// Makes the report at `path` hold every record finished by the runs that wrote it and its partial
/// file `partial` (left by a kill), and returns it, once the partial file's options are this run's.
///
/// A kill during `--resume` leaves two files: the report, which the resumed run had made of the
/// partial file before, and a new partial file holding only the records that run had written so far.
/// Both are read, and each file keeps its newer record (the partial file's, unless that one is
/// `interrupted` and the report's is not); the report's records are left out when it is no report of
/// this run's options (an older report of the path, which a run without `--resume` replaces too).
/// The records are written over the report (a temporary file renamed over it) before the partial
/// file is removed (when the report holds no record the partial file lacks, the partial file is
/// renamed over it instead): at every moment of a kill, every record is in one file or the other.
///
/// # Errors
/// A [`crate::error::UsageError`]: the partial file cannot be read or was run with other options
/// or as another shard (it is then left as it is); the report cannot be written.
fn take_over(path: &Path, partial: &Path, options: &RunOptions) -> anyhow::Result<ReportFile> {
    let shown = display_path(&solvebatch_core::text::with_suffix(path, crate::output::PARTIAL_SUFFIX));
    let newer = crate::report_file::read_as(partial, &shown)?;
    check_report(&newer, options)?;
    let older = path
        .exists()
        .then(|| crate::report_file::read(path).ok())
        .flatten()
        .filter(|report| check_report(report, options).is_ok());
    let older_start = older.as_ref().map(|older| older.start.clone());
    let older = older.map(ReportFile::into_records).unwrap_or_default();
    let (records, added) = merged(older, &newer.records);
    let report = if added == 0 {
        // The report holds nothing the partial file lacks: the partial file becomes the report.
        let destination = std::fs::canonicalize(path).unwrap_or_else(|_| path.to_path_buf());
        std::fs::rename(partial, &destination).map_err(|error| {
            usage(format!("{}: cannot move it over {}: {error}", display_path(partial), display_path(path)))
        })?;
        newer
    } else {
        let start = newer.start.or_else(|| older_start.flatten());
        let mut text = Vec::new();
        if let Some(start) = &start {
            serde_json::to_writer(&mut text, &Line::Run(Cow::Borrowed(start)))?;
            text.push(b'\n');
        }
        for record in &records {
            serde_json::to_writer(&mut text, &Line::File(Cow::Borrowed(record)))?;
            text.push(b'\n');
        }
        crate::output::write_file(path, &text).map_err(|error| usage(format!("{error:#}")))?;
        // Numbered as the lines of the report now: the `run` line first.
        let first = 1 + usize::from(start.is_some());
        ReportFile {
            name: display_path(path),
            records: records.into_iter().enumerate().map(|(index, record)| (first + index, record)).collect(),
            summary: None,
            start,
        }
    };
    removed(partial)?;
    Ok(report)
}

/// Removes `file` if it is there.
///
/// # Errors
/// A [`crate::error::UsageError`]: it is there and cannot be removed.
fn removed(file: &Path) -> anyhow::Result<()> {
    match std::fs::remove_file(file) {
        Err(error) if error.kind() != std::io::ErrorKind::NotFound => {
            Err(usage(format!("{}: cannot remove it: {error}", display_path(file))))
        }
        _ => Ok(()),
    }
}

/// The records of `older` and `newer` (written after it), one per file in path order: `newer`'s,
/// unless it is `interrupted` and `older`'s is not; and how many of them come from `older`.
fn merged(older: Vec<Record>, newer: &[(usize, Record)]) -> (Vec<Record>, usize) {
    let mut by_file: BTreeMap<PathBuf, (Record, bool)> =
        older.into_iter().map(|record| (path_of(&record.file), (record, true))).collect();
    for (_, record) in newer {
        let path = path_of(&record.file);
        let finished_before = by_file.get(&path).is_some_and(|(old, _)| old.status != Status::Interrupted);
        if !(record.status == Status::Interrupted && finished_before) {
            by_file.insert(path, (record.clone(), false));
        }
    }
    let added = by_file.values().filter(|(_, from_older)| *from_older).count();
    (by_file.into_values().map(|(record, _)| record).collect(), added)
}

/// The checks of `merge` on `report`, from its summary, or from its first line when a kill cut it
/// off before its summary.
fn check_report(report: &ReportFile, options: &RunOptions) -> anyhow::Result<()> {
    if let Some(summary) = &report.summary {
        check_options(&report.name, summary.options.as_ref(), summary.shard, options)
    } else if let Some(start) = &report.start {
        check_options(&report.name, Some(&start.options), start.shard, options)
    } else {
        Ok(())
    }
}

/// The checks of `merge`: the same options (`old`, from the report's summary or first line), the same
/// shard.
fn check_options(
    name: &str,
    old: Option<&ResultOptions>,
    shard: Option<crate::shard::Share>,
    options: &RunOptions,
) -> anyhow::Result<()> {
    let Some(old) = old else {
        return Err(usage(format!(
            "{name}: its summary records no options: not a report of `solvebatch run`"
        )));
    };
    if let Some(difference) = options.result_options().difference(old) {
        return Err(usage(format!(
            "{name} was run with other options than this run: {difference}; run without resuming to start again"
        )));
    }
    if shard != options.shard {
        let shown = |share: Option<crate::shard::Share>| {
            share.map_or("the whole batch".to_string(), |share| format!("shard {share}"))
        };
        return Err(usage(format!("{name} is {}, this run {}", shown(shard), shown(options.shard))));
    }
    Ok(())
}

impl Previous {
    /// Checks the report's inputs against this run's: the whole batch's `set`, and `inputs`, the files
    /// this run (or shard) solves; then that each record was solved by the solver this run uses, and
    /// holds its output exactly when this run keeps outputs.
    ///
    /// # Errors
    /// A [`crate::error::UsageError`] naming the first path or the line that differs.
    pub fn check_inputs(&self, set: &InputSet, inputs: &[Input], options: &RunOptions) -> anyhow::Result<()> {
        let name = &self.report.name;
        let mut files: Vec<PathBuf> = inputs.iter().map(|input| input.path.clone()).collect();
        files.sort();
        let summary_inputs = self.report.summary.as_ref().and_then(|summary| summary.inputs.as_ref());
        if let Some(old) = summary_inputs.filter(|old| *old != set) {
            let mut held: Vec<PathBuf> =
                self.report.records.iter().map(|(_, record)| path_of(&record.file)).collect();
            held.sort();
            let first = first_difference(&held, &files, name);
            return Err(usage(format!(
                "{name} was run on other inputs than this run: {}{first}",
                set.difference(old)
            )));
        }
        let current: HashMap<String, &Input> =
            inputs.iter().map(|input| (display_path(&input.path), input)).collect();
        for (line, record) in &self.report.records {
            let Some(input) = current.get(&record.file) else {
                return Err(usage(format!(
                    "{name} line {line}: {} is not an input of this run",
                    record.file
                )));
            };
            let Some(solver) = &record.solver else { continue };
            if let Some(family) = input.family {
                let used = options.solver.for_family(family).unwrap_or_else(|| family.default_solver());
                if solver != used {
                    return Err(usage(format!(
                        "{name} line {line}: {} was solved by {solver}, this run uses {used} (--solver)",
                        record.file
                    )));
                }
            }
            if record.output.is_some() != options.reports.json_outputs {
                let (held, kept) =
                    if options.reports.json_outputs { ("no", "keeps") } else { ("the", "does not keep") };
                return Err(usage(format!(
                    "{name} line {line}: the record of {} holds {held} output, and this run {kept} outputs (--json-outputs)",
                    record.file
                )));
            }
        }
        Ok(())
    }

    /// The earlier record of `file` when it still holds: not interrupted, and of an input and a
    /// reference with the hashes `input_hash` and `reference_hash` (`None`: no reference now).
    pub fn keep(&self, file: &str, input_hash: &str, reference_hash: Option<&str>) -> Option<Record> {
        let (_, record) = &self.report.records[*self.by_file.get(file)?];
        let holds = record.status != Status::Interrupted
            && record.input_hash.as_deref() == Some(input_hash)
            && record.reference_hash.as_deref() == reference_hash;
        holds.then(|| {
            self.kept.fetch_add(1, Ordering::Relaxed);
            record.clone()
        })
    }

    /// How many records were kept so far.
    pub fn kept(&self) -> usize {
        self.kept.load(Ordering::Relaxed)
    }
}

/// ` (first difference: d/x.csv is not in r.jsonl)`: the first path in one sorted list and not the
/// other; empty when there is none.
fn first_difference(held: &[PathBuf], files: &[PathBuf], name: &str) -> String {
    let (mut old, mut new) = (held.iter().peekable(), files.iter().peekable());
    loop {
        match (old.peek(), new.peek()) {
            (Some(a), Some(b)) if a == b => {
                old.next();
                new.next();
            }
            (Some(a), Some(b)) if a < b => {
                return format!(
                    " (first difference: {name} holds {}, not an input of this run)",
                    display_path(a)
                )
            }
            (_, Some(b)) => return format!(" (first difference: {} is not in {name})", display_path(b)),
            (Some(a), None) => {
                return format!(
                    " (first difference: {name} holds {}, not an input of this run)",
                    display_path(a)
                )
            }
            (None, None) => return String::new(),
        }
    }
}

/// Whether `path` is where `--resume` reads from (the `--json` report), so that it is not taken for
/// a file this run reads and must not replace.
pub fn is_own_report(options: &RunOptions, path: &Path) -> bool {
    options.reports.json.as_deref().is_some_and(|json| crate::paths::same_file(json, path))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_first_difference_is_named_from_either_side() {
        let paths = |names: &[&str]| names.iter().map(PathBuf::from).collect::<Vec<_>>();
        let (held, files) = (paths(&["a.csv", "b.csv", "d.csv"]), paths(&["a.csv", "c.csv", "d.csv"]));
        assert_eq!(
            first_difference(&held, &files, "r.jsonl"),
            " (first difference: r.jsonl holds b.csv, not an input of this run)"
        );
        assert_eq!(
            first_difference(&files, &held, "r.jsonl"),
            " (first difference: b.csv is not in r.jsonl)"
        );
        assert_eq!(first_difference(&held, &held, "r.jsonl"), "");
    }
}
