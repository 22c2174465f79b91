//! `solvebatch history FILE.db`: the runs of a results history, one file's story, the regressions,
//! the flaky files, and the import and export of JSON reports.

use std::path::PathBuf;
use std::process::ExitCode;

use super::store::Store;
use super::views::View;
use crate::error::UsageError;
use crate::output::OutputFile;
use crate::report::style::ColorChoice;

/// The options of `solvebatch history`, checked.
#[derive(Debug, Clone)]
pub struct HistoryOptions {
    /// The results history, an SQLite database.
    pub database: PathBuf,
    /// `--file`: the input file (as the reports name it) to look at alone.
    pub file: Option<String>,
    /// `--json`: the items as JSON lines (`export`: the run's report).
    pub json: Option<PathBuf>,
    /// `--csv`: one CSV row per item.
    pub csv: Option<PathBuf>,
    /// `--markdown`: the table as Markdown.
    pub markdown: Option<PathBuf>,
    /// `--html`: the table, each file's pass/fail strip and its time per run.
    pub html: Option<PathBuf>,
    /// `--quiet`: print only the lines under the table.
    pub quiet: bool,
    /// `--color`: when to colour the table.
    pub color: ColorChoice,
    /// What to ask the history; `None`: the runs, or `--file`'s story.
    pub action: Option<Action>,
}

/// What to ask the history besides the runs.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Action {
    /// The runs where a time or an answer changed, or a file started to fail (or passes again);
    /// only after the first run labelled `since` when given.
    Regressions {
        /// `--since LABEL`.
        since: Option<String>,
    },
    /// The files whose result flips between runs with the same input and reference.
    Flaky,
    /// Append these JSON reports to the history, a run each, labelled `label`.
    Import {
        /// The reports, in the order to record them.
        reports: Vec<PathBuf>,
        /// A label for every run imported.
        label: Option<String>,
    },
    /// Write the run `run` (its number, or a label) back as the JSON report it was recorded from.
    Export {
        /// The run: its number, or a label (the last run so labelled).
        run: String,
    },
}

/// Answers the question asked and writes every report asked for.
///
/// # Errors
/// A [`UsageError`] for a database that cannot be read (naming it), a run or label it does not
/// have, or a report path that cannot be written.
pub fn run(args: &HistoryOptions) -> anyhow::Result<ExitCode> {
    let reports = crate::report::ReportFiles {
        json: args.json.clone(),
        json_outputs: false,
        csv: args.csv.clone(),
        markdown: args.markdown.clone(),
        html: args.html.clone(),
    };
    reports.check_distinct()?;
    let creates = matches!(args.action, Some(Action::Import { .. }));
    if !creates && !args.database.exists() {
        return Err(UsageError(format!(
            "{}: no such file (a history is made by --history FILE.db or `history FILE.db import`)",
            crate::paths::display_path(&args.database)
        ))
        .into());
    }
    let mut store = Store::open(&args.database)?;
    match &args.action {
        Some(Action::Import { reports: paths, label }) => {
            let runs = super::transfer::import(&mut store, paths, label.as_deref())?;
            let numbers: Vec<String> = runs.iter().map(i64::to_string).collect();
            eprintln!(
                "{}: imported {} as {}",
                store.name(),
                super::views::plural(runs.len(), "report"),
                crate::error::listed("run", &numbers)
            );
            return Ok(ExitCode::SUCCESS);
        }
        Some(Action::Export { run }) => {
            let id = store.find_run(run)?;
            let path = args.json.clone().unwrap_or_else(|| PathBuf::from("-"));
            super::transfer::export(&store, id, &path)?;
            return Ok(ExitCode::SUCCESS);
        }
        _ => {}
    }
    let question = match &args.action {
        Some(Action::Regressions { since }) => Question::Regressions { since: since.as_deref() },
        Some(Action::Flaky) => Question::Flaky,
        _ => match &args.file {
            Some(file) => Question::File(file),
            None => Question::Runs,
        },
    };
    let (runs, results) = (store.runs()?, store.results(args.file.as_deref())?);
    let (view, failing) = view(&store, &question, &runs, &results)?;
    let terminal = crate::report::style::Terminal::detect(args.quiet, args.color);
    write(&view, &reports, terminal)?;
    Ok(if failing { ExitCode::FAILURE } else { ExitCode::SUCCESS })
}

/// What `history` is asked, but for import and export.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Question<'a> {
    /// The runs.
    Runs,
    /// One file's story.
    File(&'a str),
    /// The changes, after the first run of a label when given.
    Regressions {
        /// The label.
        since: Option<&'a str>,
    },
    /// The flaky files.
    Flaky,
}

impl Question<'_> {
    /// The one file whose results the question reads; `None` for all.
    pub fn file(&self) -> Option<&str> {
        match self {
            Question::File(file) => Some(file),
            _ => None,
        }
    }
}

/// The answer to `question` from `runs` and `results` (read from `store`, the file's alone for
/// [`Question::File`]), and whether it should fail the command: a run that got slower or started
/// to fail, a flaky file.
///
/// # Errors
/// A [`UsageError`] for a label or a file the history does not have.
pub fn view<'a>(
    store: &Store,
    question: &Question,
    runs: &'a [super::store::RunRow],
    results: &'a [super::store::ResultRow],
) -> anyhow::Result<(View<'a>, bool)> {
    Ok(match question {
        Question::Regressions { since } => {
            let since = since.map(|label| store.first_labelled(label).map(|run| (label, run))).transpose()?;
            let found = super::changes::find(results, since.map(|(_, run)| run));
            let failing = found.iter().any(|change| {
                matches!(change.kind, super::changes::Kind::Slower | super::changes::Kind::Fails)
            });
            (super::views::regressions(&found, since, runs, results), failing)
        }
        Question::Flaky => {
            let found = super::flaky::find(results);
            (super::views::flaky(&found, runs, results), !found.is_empty())
        }
        Question::File(file) if results.is_empty() => {
            return Err(UsageError(format!("{}: no run holds the file {file}", store.name())).into());
        }
        Question::File(file) => (super::views::story(file, runs, results), false),
        Question::Runs => (super::views::runs(store.name(), runs, results), false),
    })
}

/// Opens every report file, prints the view, and writes each report.
fn write(
    view: &View,
    reports: &crate::report::ReportFiles,
    terminal: crate::report::style::Terminal,
) -> anyhow::Result<()> {
    let mut files = Vec::new();
    for (path, option) in reports.named() {
        files.push((option, OutputFile::create(path).map_err(|error| UsageError(format!("{error:#}")))?));
    }
    view.print(terminal, reports.to_stdout())?;
    for (option, file) in files {
        view.write(option, file)?;
    }
    Ok(())
}
