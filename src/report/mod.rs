//! Reports of a batch: the record of each file, the summary, and the exporters that write them.
//!
//! Every format sits behind one [`Exporter`] trait, as hyperfine's exporters do: the terminal table,
//! Markdown, JSON lines, CSV and HTML. `run`, `compare` and `guess simulate` build the same exporters
//! from the same options ([`Exporters::open`]), which opens every report path before any work, so a
//! bad path is a usage error found at once. Records reach each exporter as their files finish (in
//! path order), and JSON lines and CSV are written then, to their partial files, so an interrupted
//! or killed batch keeps what it did.

use std::io::IsTerminal;
use std::path::{Path, PathBuf};

use crate::error::UsageError;
use crate::output::OutputFile;
use crate::paths::same_file;

mod buckets;
mod charts;
mod csv;
mod figures;
pub mod github;
pub mod html;
mod json;
pub mod junit;
mod markdown;
pub mod record;
pub mod simulation;
pub mod style;
pub mod summary;
pub mod table;

pub use record::Record;
pub use summary::{median, SolverSummary, Summary};

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

/// What a report shows.
pub enum Report<'a> {
    /// A batch of files.
    Batch(Batch<'a>),
    /// `guess simulate`: one summary per strategy, with the wall time in seconds.
    Simulation(&'a [solvebatch_guess::SimulationSummary], f64),
}

/// One report format.
pub trait Exporter {
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
    fn finish(self: Box<Self>, report: &Report) -> anyhow::Result<()>;
}

/// The report files asked for on the command line (shared by `run`, `compare` and `guess simulate`).
#[derive(Debug, Clone, Default, clap::Args)]
pub struct ReportArgs {
    /// Write one JSON record per row (a file; a strategy in `guess simulate`) to FILE as JSON lines,
    /// then a summary record; `-` for standard output.
    #[arg(long, value_name = "FILE")]
    pub json: Option<PathBuf>,

    /// Put each file's output text in its JSON record (field `output`; `run` and `compare`).
    #[arg(long)]
    pub json_outputs: bool,

    /// Write one CSV row per file (per strategy in `guess simulate`) to FILE; `-` for standard output.
    #[arg(long, value_name = "FILE")]
    pub csv: Option<PathBuf>,

    /// Write the results table and summary as Markdown to FILE; `-` for standard output.
    #[arg(long, value_name = "FILE")]
    pub markdown: Option<PathBuf>,

    /// Write a self-contained HTML report with charts to FILE; `-` for standard output.
    #[arg(long, value_name = "FILE")]
    pub html: Option<PathBuf>,
}

impl ReportArgs {
    /// Each report path asked for, with its option (`--json`, ...).
    pub fn named(&self) -> Vec<(&Path, &'static str)> {
        let asked = [
            (&self.json, "--json"),
            (&self.csv, "--csv"),
            (&self.markdown, "--markdown"),
            (&self.html, "--html"),
        ];
        asked.into_iter().filter_map(|(path, option)| Some((path.as_deref()?, option))).collect()
    }
}

/// How the terminal output looks.
#[derive(Debug, Clone, Copy)]
pub struct Terminal {
    /// Print only the summary.
    pub quiet: bool,
    /// Colour verdicts and diffs.
    pub color: bool,
    /// Columns to fit the table in (`None`: no limit).
    pub width: Option<usize>,
}

impl Terminal {
    /// Settings for standard output: colour by `--color` (`auto` on a terminal without `NO_COLOR`
    /// and `TERM=dumb`), width from the terminal or `COLUMNS`.
    pub fn detect(quiet: bool, color: style::ColorChoice) -> Terminal {
        let width = terminal_size::terminal_size()
            .map(|(width, _)| usize::from(width.0))
            .filter(|_| std::io::stdout().is_terminal())
            .or_else(|| std::env::var("COLUMNS").ok().and_then(|columns| columns.parse().ok()));
        Terminal { quiet, color: color.enabled(), width }
    }
}

/// The exporters of one command: the terminal's, then each report file's.
pub struct Exporters {
    exporters: Vec<Box<dyn Exporter>>,
    files: Vec<PathBuf>,
}

impl Exporters {
    /// Opens every report file of `args` now, before any work.
    ///
    /// The terminal output goes to standard output, unless a report does (`-`): then only the
    /// summary is printed, on standard error.
    ///
    /// # Errors
    /// A [`UsageError`] for a path that cannot be written, two reports to the same path, or two
    /// reports to standard output.
    pub fn open(args: &ReportArgs, terminal: Terminal) -> anyhow::Result<Exporters> {
        let mut seen: Vec<(&Path, &str)> = Vec::new();
        for (path, option) in args.named() {
            if let Some((_, other)) = seen.iter().find(|(other, _)| same_file(path, other)) {
                return Err(UsageError(format!("{other} and {option} both write {}", path.display())).into());
            }
            seen.push((path, option));
        }
        let to_stdout = seen.iter().any(|(path, _)| *path == Path::new("-"));
        let mut exporters: Vec<Box<dyn Exporter>> =
            vec![Box::new(table::TerminalTable::new(terminal, to_stdout))];
        let usage = |error: anyhow::Error| UsageError(format!("{error:#}"));
        let open = |path: &Path| OutputFile::create(path).map_err(usage);
        // Written record by record: a kill leaves the records finished in the partial file.
        let stream = |path: &Path| OutputFile::create_streamed(path).map_err(usage);
        if let Some(path) = &args.json {
            exporters.push(Box::new(json::JsonLines::new(stream(path)?, args.json_outputs)));
        }
        if let Some(path) = &args.csv {
            exporters.push(Box::new(csv::Csv::new(stream(path)?)));
        }
        if let Some(path) = &args.markdown {
            exporters.push(Box::new(markdown::Markdown::new(open(path)?)));
        }
        if let Some(path) = &args.html {
            exporters.push(Box::new(html::Html::new(open(path)?)));
        }
        let files = seen
            .iter()
            .filter(|(path, _)| *path != Path::new("-"))
            .map(|(path, _)| path.to_path_buf())
            .collect();
        Ok(Exporters { exporters, files })
    }

    /// Gives standard output up to a report written beside these exporters (`run --junit -`): the
    /// terminal output becomes the summary alone, on standard error.
    pub fn yield_stdout(&mut self, terminal: Terminal) {
        self.exporters[0] = Box::new(table::TerminalTable::new(terminal, true));
    }

    /// The report files being written (not standard output), so that a batch never reads them.
    pub fn files(&self) -> &[PathBuf] {
        &self.files
    }

    /// Gives a finished record to every exporter.
    ///
    /// # Errors
    /// A report cannot be written.
    pub fn record(&mut self, record: &Record) -> anyhow::Result<()> {
        self.exporters.iter_mut().try_for_each(|exporter| exporter.record(record))
    }

    /// Closes every report.
    ///
    /// # Errors
    /// A report cannot be written; every report is still tried.
    pub fn finish(self, report: &Report) -> anyhow::Result<()> {
        let mut first_error = None;
        for exporter in self.exporters {
            if let Err(error) = exporter.finish(report) {
                first_error.get_or_insert(error);
            }
        }
        first_error.map_or(Ok(()), Err)
    }
}

/// A duration given in milliseconds, in the unit that suits it: `12.3 µs`, `45.6 ms`, `7.89 s`.
pub fn duration(ms: f64) -> String {
    if ms < 1.0 {
        format!("{:.1} µs", ms * 1000.0)
    } else if ms < 1000.0 {
        format!("{ms:.1} ms")
    } else {
        format!("{:.2} s", ms / 1000.0)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn durations_choose_their_unit() {
        assert_eq!(duration(0.0123), "12.3 µs");
        assert_eq!(duration(45.61), "45.6 ms");
        assert_eq!(duration(7890.0), "7.89 s");
    }
}
