//! The results history: every run of `run`, `compare`, `merge` and the web app's batch page kept in
//! one embedded SQLite database ([`store`]), and `solvebatch history`, which answers across it: the
//! runs, one file's story, the runs where a time changed beyond the noise or an answer changed or a
//! file started to fail ([`changes`]), the files whose results flip ([`flaky`]), and the import and
//! export of JSON reports ([`transfer`]).
//!
//! Two layers: the store, the machine facts and [`Recorder`] sit beside the reports (the jobs that
//! finish a report record it through [`Recorder::record`]); the `history` command
//! ([`command`]) is a job of its own, which no other job calls.

use std::path::PathBuf;

pub mod changes;
pub mod command;
pub mod flaky;
mod machine;
pub mod store;
pub mod transfer;
pub mod views;

use crate::report::exporter::Batch;

/// The results history a run appends to (`--history FILE.db`, `--label`), if any.
#[derive(Debug, Clone, Default)]
pub struct HistoryChoice {
    /// The database; `None`: no history.
    pub path: Option<PathBuf>,
    /// The run's label.
    pub label: Option<String>,
}

impl HistoryChoice {
    /// Opens the history asked for, before any work, so that a database that cannot be read is
    /// known at once; `None` without `--history`.
    ///
    /// # Errors
    /// A [`crate::error::UsageError`] naming the file: it cannot be created or opened, is not an
    /// SQLite database or not a results history, is damaged, or has a newer schema version.
    pub fn open(&self) -> anyhow::Result<Option<Recorder>> {
        let Some(path) = &self.path else { return Ok(None) };
        let store = store::Store::open(path)?;
        Ok(Some(Recorder { store, label: self.label.clone() }))
    }
}

/// A history opened for a run, which records the run once its report is finished.
pub struct Recorder {
    store: store::Store,
    label: Option<String>,
}

impl Recorder {
    /// Appends the finished `batch` of the command `command` (`run`, `compare`, `merge`, `serve`)
    /// in one transaction, with this machine's facts and the git commit of the current folder, and
    /// returns the new run's number.
    ///
    /// # Errors
    /// The database cannot be written (naming it).
    pub fn record(&mut self, command: &str, batch: &Batch) -> anyhow::Result<i64> {
        let run = store::NewRun::of(command, self.label.clone(), machine::Machine::this(), batch);
        self.store.append(&run, batch.records)
    }

    /// The HTML page of `question`, as `history FILE.db ... --html` writes it (the web app's
    /// history pages).
    ///
    /// # Errors
    /// The database cannot be read, a label or file it does not have, a chart cannot be drawn.
    pub fn page(&self, question: &command::Question) -> anyhow::Result<String> {
        let (runs, results) = (self.store.runs()?, self.store.results(question.file())?);
        command::view(&self.store, question, &runs, &results)?.0.html()
    }
}
