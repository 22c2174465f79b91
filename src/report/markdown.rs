//! Markdown: the results table and the summary lines (`--markdown FILE`).

use std::io::Write;

use anyhow::Context;

use super::table::{grid, markdown, solver_grid, summary_lines};
use crate::output::OutputFile;
use crate::report::exporter::{Exporter, Layout, Report};

/// The Markdown exporter.
pub struct Markdown {
    file: OutputFile,
}

impl Markdown {
    /// Writes to `file`.
    pub fn new(file: OutputFile) -> Markdown {
        Markdown { file }
    }
}

impl Exporter for Markdown {
    fn finish(mut self: Box<Self>, report: &Report) -> anyhow::Result<()> {
        self.file
            .write_all(text(report).as_bytes())
            .with_context(|| format!("{}: cannot write", self.file.path().display()))?;
        self.file.commit()
    }
}

/// The Markdown text of `report`: its tables, then its summary lines.
pub fn text(report: &Report) -> String {
    match report {
        Report::Batch(batch) => {
            let mut text = markdown(&grid(batch, None));
            text.push_str("\n\n");
            if batch.layout == Layout::Compare && !batch.summary.solvers.is_empty() {
                text.push_str(&markdown(&solver_grid(batch.summary)));
                text.push_str("\n\n");
            }
            text.push_str(&summary_lines(batch.summary, batch.layout).join("  \n"));
            text.push('\n');
            text
        }
        Report::Simulation(summaries, _) => {
            let mut text = markdown(&super::simulation::figures_grid(summaries));
            text.push_str("\n\n");
            text.push_str(&markdown(&super::simulation::histogram_grid(summaries)));
            text.push('\n');
            text
        }
    }
}
