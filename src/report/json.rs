//! JSON lines: one object per record as each file finishes, then a summary object that closes the
//! report. Every line has a `type`: `file`, `summary`, or in `guess simulate` `simulation`.

use std::io::Write;

use anyhow::Context;
use serde::Serialize;

use crate::report::exporter::{Exporter, Report};
use crate::report::record::Record;
use crate::report::summary::Summary;
use crate::output::OutputFile;

/// The JSON lines exporter.
pub struct JsonLines {
    file: OutputFile,
    outputs: bool,
}

impl JsonLines {
    /// Writes to `file`; record outputs only with `outputs` (`--json-outputs`).
    pub fn new(file: OutputFile, outputs: bool) -> JsonLines {
        JsonLines { file, outputs }
    }

    fn line(&mut self, value: &impl Serialize) -> anyhow::Result<()> {
        // Written whole, so that a failed write is an I/O error naming the file (a closed pipe is then
        // recognised as one), and a line is complete on disk before the next file finishes.
        let mut line = serde_json::to_vec(value)?;
        line.push(b'\n');
        self.file
            .write_all(&line)
            .and_then(|()| self.file.flush())
            .with_context(|| format!("{}: cannot write", self.file.path().display()))
    }
}

/// A line of the report.
#[derive(Serialize)]
#[serde(tag = "type", rename_all = "snake_case")]
enum Line<'a> {
    File(&'a Record),
    Summary(&'a Summary),
    Simulation(&'a solvebatch_guess::SimulationSummary),
}

impl Exporter for JsonLines {
    fn record(&mut self, record: &Record) -> anyhow::Result<()> {
        if self.outputs || record.output.is_none() {
            self.line(&Line::File(record))
        } else {
            let without = Record { output: None, ..record.clone() };
            self.line(&Line::File(&without))
        }
    }

    fn finish(mut self: Box<Self>, report: &Report) -> anyhow::Result<()> {
        match report {
            Report::Batch(batch) => self.line(&Line::Summary(batch.summary))?,
            Report::Simulation(summaries, _) => {
                for summary in *summaries {
                    self.line(&Line::Simulation(summary))?;
                }
            }
        }
        self.file.commit()
    }
}
