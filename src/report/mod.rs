//! Reports of a batch: the record of each file, the summary, and the exporters that write them.
//!
//! Every format sits behind one [`Exporter`] trait, as hyperfine's exporters do: the terminal table,
//! Markdown, JSON lines, CSV and HTML. `run`, `compare` and `merge` build the same exporters from the
//! same options ([`Exporters::open`]), which opens every report path before any work, so a bad path
//! is a usage error found at once. A family's own command (`guess simulate`) reports its
//! [`Figures`](solvebatch_core::figures::Figures) through the same formats by a set of its own,
//! [`FigureExporters`], opened the same way. Records reach each exporter as their files finish (in
//! path order), and JSON lines and CSV are written then, to their partial files, so an interrupted
//! or killed batch keeps what it did.

use std::path::{Path, PathBuf};

use crate::error::UsageError;
use crate::output::OutputFile;
use crate::paths::same_file;

mod buckets;
pub mod charts;
pub mod comparison;
mod csv;
pub mod exporter;
pub mod figures;
mod figures_report;
pub mod github;
pub mod html;
pub mod json;
pub mod junit;
mod markdown;
pub mod markup;
pub mod plots;
pub mod record;
pub mod runs;
pub mod scores;
pub mod style;
pub mod summary;
pub mod table;

pub use figures_report::FigureExporters;

use exporter::{Batch, Exporter};
use record::Record;
use style::Terminal;

/// The report files asked for: each path, `-` for standard output (shared by `run`, `compare`,
/// `merge`, `diff`, `history` and `guess simulate`; the command line reads them as `--json` and the
/// others).
#[derive(Debug, Clone, Default)]
pub struct ReportFiles {
    /// One JSON record per row, then a summary record.
    pub json: Option<PathBuf>,
    /// Each file's output text in its JSON record.
    pub json_outputs: bool,
    /// One CSV row per file.
    pub csv: Option<PathBuf>,
    /// The results table and summary as Markdown.
    pub markdown: Option<PathBuf>,
    /// A self-contained HTML report with charts.
    pub html: Option<PathBuf>,
}

impl ReportFiles {
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

    /// Refuses two reports written to one file (links followed).
    ///
    /// # Errors
    /// A [`UsageError`] naming both options and the file.
    pub fn check_distinct(&self) -> Result<(), UsageError> {
        let named = self.named();
        for (index, (path, option)) in named.iter().enumerate() {
            if let Some((_, other)) = named[..index].iter().find(|(other, _)| same_file(path, other)) {
                return Err(UsageError(format!("{other} and {option} both write {}", path.display())));
            }
        }
        Ok(())
    }

    /// Whether a report goes to standard output (`-`).
    pub fn to_stdout(&self) -> bool {
        self.named().iter().any(|(path, _)| *path == Path::new("-"))
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
    pub fn open(args: &ReportFiles, terminal: Terminal) -> anyhow::Result<Exporters> {
        let opened = Opened::open(args)?;
        let mut exporters: Vec<Box<dyn Exporter>> =
            vec![Box::new(table::TerminalTable::new(terminal, opened.to_stdout))];
        if let Some(file) = opened.json {
            exporters.push(Box::new(json::JsonLines::new(file, args.json_outputs)));
        }
        if let Some(file) = opened.csv {
            exporters.push(Box::new(csv::Csv::new(file)));
        }
        if let Some(file) = opened.markdown {
            exporters.push(Box::new(markdown::Markdown::new(file)));
        }
        if let Some(file) = opened.html {
            exporters.push(Box::new(html::Html::new(file)));
        }
        Ok(Exporters { exporters, files: opened.files })
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

    /// Gives the options of a `run` to every exporter, before its first record.
    ///
    /// # Errors
    /// A report cannot be written.
    pub fn start(&mut self, start: &json::RunStart) -> anyhow::Result<()> {
        self.exporters.iter_mut().try_for_each(|exporter| exporter.start(start))
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
    pub fn finish(self, batch: &Batch) -> anyhow::Result<()> {
        let mut first_error = None;
        for exporter in self.exporters {
            if let Err(error) = exporter.finish(batch) {
                first_error.get_or_insert(error);
            }
        }
        first_error.map_or(Ok(()), Err)
    }
}

/// The report files of one command, opened before any work.
struct Opened {
    /// `--json`, streamed.
    json: Option<OutputFile>,
    /// `--csv`, streamed.
    csv: Option<OutputFile>,
    /// `--markdown`.
    markdown: Option<OutputFile>,
    /// `--html`.
    html: Option<OutputFile>,
    /// A report goes to standard output (`-`).
    to_stdout: bool,
    /// The report files (not standard output).
    files: Vec<PathBuf>,
}

impl Opened {
    /// Opens every report file of `args`.
    ///
    /// # Errors
    /// As [`Exporters::open`].
    fn open(args: &ReportFiles) -> anyhow::Result<Opened> {
        args.check_distinct()?;
        let usage = |error: anyhow::Error| UsageError(format!("{error:#}"));
        let open = |path: &Path| OutputFile::create(path).map_err(usage);
        // Written record by record: a kill leaves the records finished in the partial file.
        let stream = |path: &Path| OutputFile::create_streamed(path).map_err(usage);
        let files = args
            .named()
            .iter()
            .filter(|(path, _)| *path != Path::new("-"))
            .map(|(path, _)| path.to_path_buf())
            .collect();
        Ok(Opened {
            json: args.json.as_deref().map(stream).transpose()?,
            csv: args.csv.as_deref().map(stream).transpose()?,
            markdown: args.markdown.as_deref().map(open).transpose()?,
            html: args.html.as_deref().map(open).transpose()?,
            to_stdout: args.to_stdout(),
            files,
        })
    }
}
