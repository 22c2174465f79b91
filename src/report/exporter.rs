//! The one trait every report format of a batch implements, and what a finished batch holds.

use std::path::PathBuf;

use super::record::Record;
use super::summary::Summary;

/// How records are laid out in tables.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Layout {
    /// One row per file (`run`, `merge`).
    Run,
    /// One row per file, one column per solver (`compare`).
    Compare,
}

/// A finished batch, as every exporter sees it.
pub struct Batch<'a> {
    /// How tables lay the records out.
    pub layout: Layout,
    /// Every record, in path order (and in `compare`, solver order within a file).
    pub records: &'a [Record],
    /// The closing summary.
    pub summary: &'a Summary,
    /// Unified diffs against references, by file, in path order (with `--diff`).
    pub diffs: &'a [(String, String)],
    /// The roots given on the command line, for shortening paths on the terminal.
    pub roots: &'a [PathBuf],
}

/// One report format.
pub trait Exporter: Send {
    /// Takes the options of a `run` before its first record.
    ///
    /// # Errors
    /// The report cannot be written.
    fn start(&mut self, _start: &crate::report::json::RunStart) -> anyhow::Result<()> {
        Ok(())
    }

    /// Takes a record as soon as its file is done (in path order).
    ///
    /// # Errors
    /// The report cannot be written.
    fn record(&mut self, _record: &Record) -> anyhow::Result<()> {
        Ok(())
    }

    /// Writes what is left of the report and closes it.
    ///
    /// # Errors
    /// The report cannot be written.
    fn finish(self: Box<Self>, batch: &Batch) -> anyhow::Result<()>;
}
