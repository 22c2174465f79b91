//! What changed from one run to another (answers, verdicts, hashes, times), as `diff` and
//! `run --baseline` both show it: the classification ([`classify`]), its tables, charts and exports
//! ([`export`]), and the baseline report `run --baseline` reads before any work ([`Baseline`]).

use std::path::Path;

use crate::report::record::Record;

pub mod classify;
pub mod export;

pub use classify::{compare, Comparison, TimeRule};

/// Prints the change table and the summary lines on standard output, or only the lines on standard
/// error when a report goes to standard output.
///
/// # Errors
/// Standard output cannot be written (a closed pipe included).
pub fn print(
    comparison: &Comparison,
    rule: TimeRule,
    terminal: crate::report::style::Terminal,
    summary_only_on_stderr: bool,
) -> anyhow::Result<()> {
    let lines = export::summary_lines(comparison, rule).join("\n");
    if summary_only_on_stderr {
        eprintln!("{lines}");
        return Ok(());
    }
    let mut text = String::new();
    if !comparison.changes.is_empty() && !terminal.quiet {
        text.push_str(&crate::report::table::lay_out_files(export::grid(comparison), terminal));
        text.push('\n');
    }
    text.push_str(&lines);
    text.push('\n');
    std::io::Write::write_all(&mut std::io::stdout(), text.as_bytes())?;
    Ok(())
}

/// `run --baseline`: the records of the baseline report, read before any work.
pub struct Baseline {
    records: Vec<Record>,
}

impl Baseline {
    /// Reads the report at `path`.
    ///
    /// # Errors
    /// As [`crate::report_file::read`].
    pub fn read(path: &Path) -> anyhow::Result<Baseline> {
        Ok(Baseline { records: crate::report_file::read(path)?.noting_an_unfinished_run().into_records() })
    }

    /// Compares the baseline with this run's `records` with the default time rule, prints the
    /// comparison, and returns its exit status.
    ///
    /// # Errors
    /// As [`print()`].
    pub fn report(
        &self,
        records: &[Record],
        strict: bool,
        terminal: crate::report::style::Terminal,
        summary_only_on_stderr: bool,
    ) -> anyhow::Result<u8> {
        let rule = TimeRule::DEFAULT;
        let comparison = compare(&self.records, records, strict, rule);
        print(&comparison, rule, terminal, summary_only_on_stderr)?;
        Ok(comparison.exit_code(false))
    }
}
