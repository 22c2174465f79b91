//! Reading a JSON report of `run`, `compare` or `merge` back, for `diff`, `run --baseline` and
//! `run --resume`: its records with their line numbers, and its summary when it has one.
//!
//! A report cut off by a kill (a partial file, or a report copied while being written) is read up to
//! its last whole line: a last line without its newline that is not a whole JSON line is left out
//! with a note on standard error. Any other line that is not a line of a report is an error naming
//! the file and the line.

use std::path::Path;

use crate::error::UsageError;
use crate::report::json::{Line, RunStart};
use crate::report::record::Record;
use crate::report::summary::Summary;

/// A report read back.
#[derive(Debug)]
pub struct ReportFile {
    /// How messages name it: its path, or `standard input`.
    pub name: String,
    /// Its records in file order, each with its line number (from 1).
    pub records: Vec<(usize, Record)>,
    /// Its summary line; `None` for a report cut off before its end.
    pub summary: Option<Summary>,
    /// Its first line's options and shard, in a report of `run`; `None` in other reports and in
    /// reports written before the line existed.
    pub start: Option<RunStart>,
}

impl ReportFile {
    /// This report, when it holds at least one line: an empty file compared as a report would show
    /// every file of the other as added or removed, and is no report at all.
    ///
    /// # Errors
    /// A [`UsageError`] naming the file: `old.jsonl: empty, not a report of this tool`.
    pub fn non_empty(self) -> anyhow::Result<ReportFile> {
        if self.records.is_empty() && self.summary.is_none() && self.start.is_none() {
            return Err(UsageError(format!(
                "{}: empty, not a report of this tool (`run --json FILE` writes one)",
                self.name
            ))
            .into());
        }
        Ok(self)
    }

    /// This report, after a note on standard error when it has no summary line: the run it reports
    /// did not finish, so a file it never reached shows as added or removed.
    pub fn noting_an_unfinished_run(self) -> ReportFile {
        if self.summary.is_none() {
            eprintln!(
                "note: {} has no summary line: the run it reports did not finish (`run --resume` \
                 finishes a partial report), so files it never reached show as added or removed",
                self.name
            );
        }
        self
    }

    /// Whether the report was written with `--strict` (false when its summary does not say).
    pub fn strict(&self) -> bool {
        self.summary
            .as_ref()
            .and_then(|summary| summary.options.as_ref())
            .is_some_and(|options| options.strict)
    }

    /// The records alone, in file order.
    pub fn into_records(self) -> Vec<Record> {
        self.records.into_iter().map(|(_, record)| record).collect()
    }
}

/// Reads the report at `path` (`-`: standard input).
///
/// # Errors
/// A [`UsageError`] naming the report (and the line): it cannot be read, is not UTF-8, holds a line
/// that is not a line of a batch report, or a line after its summary.
pub fn read(path: &Path) -> anyhow::Result<ReportFile> {
    read_as(path, &crate::text::name(path))
}

/// [`read`], the report called `name` in messages.
///
/// # Errors
/// As [`read`].
pub fn read_as(path: &Path, name: &str) -> anyhow::Result<ReportFile> {
    let usage = |message: String| anyhow::Error::from(UsageError(message));
    let bytes = crate::text::read_named(path).map_err(|error| usage(format!("{error:#}")))?;
    let text =
        String::from_utf8(bytes).map_err(|_| usage(format!("{name}: not UTF-8 text, not a JSON report")))?;
    parse(name, &text).map_err(usage)
}

/// The report `text`, called `name` in messages.
fn parse(name: &str, text: &str) -> Result<ReportFile, String> {
    let mut report = ReportFile { name: name.to_string(), records: Vec::new(), summary: None, start: None };
    let lines: Vec<&str> = text.split_inclusive('\n').collect();
    for (index, line) in lines.iter().enumerate() {
        let number = index + 1;
        if line.trim().is_empty() {
            continue;
        }
        let parsed = serde_json::from_str::<Line<'static>>(line);
        let line = match parsed {
            Ok(line) => line,
            Err(_) if report.summary.is_none() && figures_command(line).is_some() => {
                let command = figures_command(line).unwrap_or_default();
                return Err(format!("{name} line {number}: a `{command}` result, not a batch report"));
            }
            Err(_) if number == lines.len() && !line.ends_with('\n') => {
                eprintln!("note: {name} line {number} is cut off (the report was stopped while writing it); it is left out");
                break;
            }
            Err(error) => return Err(format!("{name} line {number}: {}", not_a_report_line(line, &error))),
        };
        if report.summary.is_some() {
            return Err(format!("{name} line {number}: a line after the summary"));
        }
        match line {
            Line::Run(start) => report.start = Some(start.into_owned()),
            Line::File(record) => report.records.push((number, record.into_owned())),
            Line::Summary(summary) => report.summary = Some(summary.into_owned()),
            Line::CubeShare(_) => {
                return Err(format!(
                    "{name} line {number}: a `tournament --cubes` result, not a batch report"
                ));
            }
            Line::RoundCount(_) => {
                return Err(format!(
                    "{name} line {number}: a `tournament --count` result, not a batch report"
                ));
            }
        }
    }
    Ok(report)
}

/// The `type` of the JSON object `line`, if it is one and has one.
fn line_type(line: &str) -> Option<String> {
    let value = serde_json::from_str::<serde_json::Value>(line).ok()?;
    value.get("type")?.as_str().map(str::to_string)
}

/// The family command whose figures `line` is (`guess simulate` for a `simulation` line), if any:
/// such a line is no line of a batch report.
pub fn figures_command(line: &str) -> Option<&'static str> {
    crate::family::figures_command(&line_type(line)?)
}

/// Why `line` is not a line of a report: serde's words where the line is a report line of a known
/// type with a field amiss, else what a report line looks like.
fn not_a_report_line(line: &str, error: &serde_json::Error) -> String {
    const KINDS: [&str; 5] = ["run", "file", "summary", "cube_share", "round_count"];
    match line_type(line) {
        Some(kind) if KINDS.contains(&kind.as_str()) => {
            format!("not a line of a solvebatch JSON report ({error})")
        }
        _ => "not a line of a solvebatch JSON report, whose every line is a JSON object with a \
              \"type\" of \"run\", \"file\" or \"summary\", as `run --json` writes"
            .to_string(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const RECORD: &str = r#"{"type":"file","file":"a.csv","family":"tournament","solver":"backtrack","status":"solved","message":null,"verdict":null,"ms":1.0,"min_ms":1.0,"max_ms":1.0,"runs":1,"ratio":null,"stats":{},"output":null}"#;

    #[test]
    fn a_cut_off_last_line_is_left_out() {
        let text = format!("{RECORD}\n{}", &RECORD[..40]);
        let report = parse("r.jsonl", &text).unwrap();
        assert_eq!(report.records.len(), 1);
        assert_eq!(report.records[0].0, 1);
        assert_eq!(report.records[0].1.input_hash, None, "reports older than the hashes read");
        assert!(report.summary.is_none());
    }

    #[test]
    fn a_bad_line_is_named() {
        let text = format!("{RECORD}\n{{\"type\":\"file\"}}\n{RECORD}\n");
        let error = parse("r.jsonl", &text).unwrap_err();
        assert!(error.starts_with("r.jsonl line 2: not a line of a solvebatch JSON report ("), "{error}");
        let cut_in_the_middle = format!("{}\n{RECORD}\n", &RECORD[..40]);
        assert!(parse("r.jsonl", &cut_in_the_middle).unwrap_err().starts_with("r.jsonl line 1: "));
    }

    #[test]
    fn a_file_that_is_no_report_is_told_what_a_report_line_looks_like() {
        let expected = "data.csv line 2: not a line of a solvebatch JSON report, whose every line is a JSON \
                        object with a \"type\" of \"run\", \"file\" or \"summary\", as `run --json` writes";
        assert_eq!(parse("data.csv", "\n3\n0,1,0\n").unwrap_err(), expected);
        assert_eq!(parse("data.csv", "\n{\"type\":\"table\"}\n").unwrap_err(), expected);
    }

    #[test]
    fn a_line_of_a_family_command_names_the_command() {
        let simulation = r#"{"type":"simulation","strategy":"first","digits":4}"#;
        let text = format!("{RECORD}\n{simulation}\n");
        assert_eq!(
            parse("s.jsonl", &text).unwrap_err(),
            "s.jsonl line 2: a `guess simulate` result, not a batch report"
        );
    }
}
