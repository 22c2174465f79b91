//! Markdown: the results table and the summary lines (`--markdown FILE`).

use std::io::Write;

use anyhow::Context;

use super::table::{grid, markdown, solver_grid, summary_lines};
use crate::output::OutputFile;
use crate::report::exporter::{Batch, Exporter, Layout};

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
    fn finish(mut self: Box<Self>, batch: &Batch) -> anyhow::Result<()> {
        self.file
            .write_all(text(batch).as_bytes())
            .with_context(|| format!("{}: cannot write", self.file.path().display()))?;
        self.file.commit()
    }
}

/// The Markdown text of `batch`: its tables, then its summary lines.
pub fn text(batch: &Batch) -> String {
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
