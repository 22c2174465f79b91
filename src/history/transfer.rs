//! `history FILE.db import REPORT...` and `history FILE.db export RUN`: JSON reports (of `run`,
//! `compare`, `merge`) into a history, so that a team starts with the reports it has, and a run back
//! to its report: the lines `run --json` wrote, byte for byte (the record of each file, the opening
//! line of a `run`, and the summary).

use std::borrow::Cow;
use std::io::Write;
use std::path::{Path, PathBuf};

use anyhow::Context;

use super::machine::Machine;
use super::store::{NewRun, Store};
use crate::error::UsageError;
use crate::output::OutputFile;
use crate::report::exporter::Layout;
use crate::report::json::Line;

/// Appends each report at `paths` to `store` as a run of its own (command `import`, the report's
/// name as its source, no machine or commit: they are not known), each in its own transaction, in
/// the order given; returns the runs' numbers.
///
/// # Errors
/// A [`UsageError`] for a report that cannot be read (naming it and the line) or that has no
/// summary (cut off); reports before it are imported, none after.
pub fn import(store: &mut Store, paths: &[PathBuf], label: Option<&str>) -> anyhow::Result<Vec<i64>> {
    let mut runs = Vec::new();
    for path in paths {
        let report = crate::report_file::read(path)?;
        let Some(summary) = report.summary.clone() else {
            return Err(UsageError(format!(
                "{}: the report has no summary line (it was cut off): run it again whole to import it",
                report.name
            ))
            .into());
        };
        let layout = if report.start.is_none() && summary.virtual_best.is_some() {
            Layout::Compare
        } else {
            Layout::Run
        };
        let run = NewRun {
            command: "import".to_string(),
            layout,
            label: label.map(str::to_string),
            source: Some(report.name.clone()),
            machine: Machine::default(),
            start: report.start.clone(),
            outputs: summary.options.as_ref().is_some_and(|options| options.json_outputs),
            summary,
        };
        runs.push(store.append(&run, &report.into_records())?);
    }
    Ok(runs)
}

/// Writes the run numbered `id` of `store` to `path` (`-`: standard output) as the JSON report it
/// was recorded from.
///
/// # Errors
/// The run cannot be read, or the report cannot be written (naming the file).
pub fn export(store: &Store, id: i64, path: &Path) -> anyhow::Result<()> {
    let (start, records, summary) = store.report(id)?;
    let mut text = Vec::new();
    let mut line = |line: &Line| -> anyhow::Result<()> {
        serde_json::to_writer(&mut text, line)?;
        text.push(b'\n');
        Ok(())
    };
    if let Some(start) = &start {
        line(&Line::Run(Cow::Borrowed(start)))?;
    }
    for record in &records {
        line(&Line::File(Cow::Borrowed(record)))?;
    }
    line(&Line::Summary(Box::new(Cow::Borrowed(&summary))))?;
    let mut file = OutputFile::create(path).map_err(|error| UsageError(format!("{error:#}")))?;
    file.write_all(&text).with_context(|| format!("{}: cannot write", file.path().display()))?;
    file.commit()
}
