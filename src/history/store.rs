//! The database of a results history: one SQLite file (bundled SQLite, through `rusqlite`), its
//! versioned schema, and the two things done to it: a run appended in one transaction, and the runs
//! and results read back.
//!
//! The schema (`docs/formats.md`, "Results history") is identified by the database's
//! `application_id` ([`APPLICATION_ID`]) and versioned by its `user_version` ([`VERSION`]): an older
//! version is migrated forward when the file is opened, step by step ([`MIGRATIONS`]), in one
//! transaction; a newer one is refused. The journal is a write-ahead log and every connection waits
//! up to [`BUSY_TIMEOUT`] for another's write, so that several processes (two CI jobs) can append at
//! once; a process killed during an append leaves the run whole or absent (SQLite's atomic commit).

use std::path::Path;
use std::time::{Duration, Instant};

use rusqlite::{params, Connection, ErrorCode, OpenFlags, OptionalExtension, TransactionBehavior};
use serde_json::{Map, Value};

use super::machine::Machine;
use crate::error::UsageError;
use crate::report::exporter::{Batch, Layout};
use crate::report::json::RunStart;
use crate::report::record::{content_hash, Record};
use crate::report::summary::Summary;
use solvebatch_core::{Status, Verdict};

/// `application_id` of a results history: `SBHI` in ASCII, so that `file` and this program can tell
/// it from other SQLite databases.
pub const APPLICATION_ID: i32 = 0x5342_4849;

/// The schema version this program writes and reads.
pub const VERSION: i32 = 1;

/// How long a connection waits for another process's write before giving up.
pub const BUSY_TIMEOUT: Duration = Duration::from_secs(30);

/// The SQL that takes the schema from version `index` to `index + 1` (version 0: an empty file).
const MIGRATIONS: [&str; VERSION as usize] = [r"
CREATE TABLE runs (
    id INTEGER PRIMARY KEY,
    recorded_at TEXT NOT NULL,
    command TEXT NOT NULL,
    layout TEXT NOT NULL,
    label TEXT,
    source TEXT,
    git_commit TEXT,
    cores INTEGER,
    cpu_model TEXT,
    strict INTEGER NOT NULL,
    options TEXT,
    start TEXT,
    summary TEXT NOT NULL
);
CREATE INDEX runs_by_label ON runs (label);
CREATE TABLE results (
    run INTEGER NOT NULL REFERENCES runs (id) ON DELETE CASCADE,
    seq INTEGER NOT NULL,
    file TEXT NOT NULL,
    family TEXT,
    solver TEXT,
    status TEXT NOT NULL,
    verdict TEXT,
    passes INTEGER NOT NULL,
    ms REAL NOT NULL,
    min_ms REAL NOT NULL,
    max_ms REAL NOT NULL,
    repeats INTEGER NOT NULL,
    sd_ms REAL,
    cpu_ms REAL,
    max_rss_kb INTEGER,
    peak_heap_kb INTEGER,
    input_hash TEXT,
    reference_hash TEXT,
    output_hash TEXT,
    rest TEXT NOT NULL,
    PRIMARY KEY (run, seq)
) WITHOUT ROWID;
CREATE INDEX results_by_series ON results (file, solver, run);
"];

/// The first 16 bytes of every SQLite database file.
const SQLITE_HEADER: &[u8; 16] = b"SQLite format 3\0";

/// An open results history.
pub struct Store {
    connection: Connection,
    /// How messages name the file.
    name: String,
}

/// A run about to be appended: everything but its records.
#[derive(Debug, Clone)]
pub struct NewRun {
    /// `run`, `compare`, `merge`, `serve`, or `import`.
    pub command: String,
    /// How tables lay the records out.
    pub layout: Layout,
    /// `--label`.
    pub label: Option<String>,
    /// The report a run was imported from, as named on the command line.
    pub source: Option<String>,
    /// Where it ran.
    pub machine: Machine,
    /// The opening line of a `run` report, when the report has one.
    pub start: Option<RunStart>,
    /// The summary that closes the report.
    pub summary: Summary,
    /// Whether the records were written with their output text (`--json-outputs`): only then does
    /// the history keep the text, as the report does; it keeps the output's hash either way.
    pub outputs: bool,
}

impl NewRun {
    /// The run of a finished `batch` of `command`.
    pub fn of(command: &str, label: Option<String>, machine: Machine, batch: &Batch) -> NewRun {
        let summary = batch.summary.clone();
        // A run's report opens with its options and shard (`run` writes the line, and `merge` of
        // its shards): the export writes it again.
        let start = match batch.layout {
            Layout::Run => summary.options.clone().map(|options| RunStart { options, shard: summary.shard }),
            Layout::Compare => None,
        };
        NewRun {
            command: command.to_string(),
            layout: batch.layout,
            label,
            source: None,
            machine,
            start,
            outputs: summary.options.as_ref().is_some_and(|options| options.json_outputs),
            summary,
        }
    }

    /// Whether `--strict` was in force: a `valid` verdict then fails.
    fn strict(&self) -> bool {
        self.summary.options.as_ref().is_some_and(|options| options.strict)
    }
}

/// A run as the history lists it.
#[derive(Debug, Clone, PartialEq)]
pub struct RunRow {
    /// Its number in the history, from 1, in the order of recording.
    pub id: i64,
    /// When it was recorded: `YYYY-MM-DDTHH:MM:SSZ`, UTC.
    pub recorded_at: String,
    /// The command that made it.
    pub command: String,
    /// `--label`, if any.
    pub label: Option<String>,
    /// The report it was imported from, if any.
    pub source: Option<String>,
    /// The git commit of the folder it ran in, if any.
    pub git_commit: Option<String>,
    /// Cores of the machine, if known.
    pub cores: Option<i64>,
    /// The processor model, if known.
    pub cpu_model: Option<String>,
    /// The summary's wall time, in milliseconds.
    pub wall_ms: f64,
    /// Whether `--strict` was in force.
    pub strict: bool,
}

/// One file and solver in one run, as the history's questions read it.
#[derive(Debug, Clone, PartialEq)]
pub struct ResultRow {
    /// The run's number.
    pub run: i64,
    /// The input path, as the report names it.
    pub file: String,
    /// The solver, if one ran.
    pub solver: Option<String>,
    /// How the solve ended.
    pub status: Status,
    /// The verdict against the reference, if there was one.
    pub verdict: Option<Verdict>,
    /// Whether the file was as expected: `Record::passes` under the run's `--strict`, and not
    /// among the summary's failing files.
    pub passes: bool,
    /// The time (the median of the repeats), in milliseconds.
    pub ms: f64,
    /// The fastest repeat, in milliseconds.
    pub min_ms: f64,
    /// The slowest repeat, in milliseconds.
    pub max_ms: f64,
    /// XXH3-128 of the input, in hexadecimal.
    pub input_hash: Option<String>,
    /// XXH3-128 of the reference.
    pub reference_hash: Option<String>,
    /// XXH3-128 of the output text.
    pub output_hash: Option<String>,
}

/// The fields of a record kept in columns of their own; the others go to the `rest` JSON object.
const COLUMNS: [&str; 16] = [
    "file",
    "family",
    "solver",
    "status",
    "verdict",
    "ms",
    "min_ms",
    "max_ms",
    "runs",
    "sd_ms",
    "cpu_ms",
    "max_rss_kb",
    "peak_heap_kb",
    "input_hash",
    "reference_hash",
    "output",
];

impl Store {
    /// Opens the history at `path`, creating it when no file is there, migrating an older schema
    /// forward.
    ///
    /// # Errors
    /// A [`UsageError`] naming the file: it cannot be created or read, is not an SQLite database, is
    /// an SQLite database of another program, is damaged, or has a schema newer than [`VERSION`].
    pub fn open(path: &Path) -> anyhow::Result<Store> {
        let name = crate::paths::display_path(path);
        let usage = |message: String| anyhow::Error::from(UsageError(message));
        match std::fs::File::open(path) {
            Ok(mut file) => {
                let mut header = [0u8; 16];
                let read = std::io::Read::read(&mut file, &mut header)
                    .map_err(|error| usage(format!("{name}: cannot read: {error}")))?;
                // An empty file becomes a history, as SQLite makes it a database.
                if read > 0 && (read < header.len() || &header != SQLITE_HEADER) {
                    return Err(usage(format!(
                        "{name}: not an SQLite database, so not a solvebatch results history"
                    )));
                }
            }
            Err(error) if error.kind() == std::io::ErrorKind::NotFound => {}
            Err(error) => return Err(usage(format!("{name}: cannot read: {error}"))),
        }
        let flags = OpenFlags::SQLITE_OPEN_READ_WRITE
            | OpenFlags::SQLITE_OPEN_CREATE
            | OpenFlags::SQLITE_OPEN_NO_MUTEX;
        let connection = Connection::open_with_flags(path, flags)
            .map_err(|error| usage(format!("{name}: cannot open: {error}")))?;
        let mut store = Store { connection, name };
        store.prepare().map_err(|error| usage(format!("{error:#}")))?;
        Ok(store)
    }

    /// The file, as messages name it.
    pub fn name(&self) -> &str {
        &self.name
    }

    /// An error of SQLite on this file, in words: a damaged file is said to be damaged.
    fn sqlite(&self, doing: &str, error: &rusqlite::Error) -> anyhow::Error {
        let damaged =
            matches!(error.sqlite_error_code(), Some(ErrorCode::DatabaseCorrupt | ErrorCode::NotADatabase));
        if damaged {
            anyhow::anyhow!("{}: the database is damaged ({error}); restore it from a copy", self.name)
        } else {
            anyhow::anyhow!("{}: cannot {doing}: {error}", self.name)
        }
    }

    /// Sets the journal and the wait, checks the file is a history this program reads, and creates
    /// or migrates its schema.
    fn prepare(&mut self) -> anyhow::Result<()> {
        self.connection.busy_timeout(BUSY_TIMEOUT).map_err(|error| self.sqlite("open", &error))?;
        let version = self.version()?;
        if version > VERSION {
            return Err(anyhow::anyhow!(
                "{}: a results history of schema version {version}, newer than this solvebatch reads \
                 (version {VERSION}); use a newer solvebatch",
                self.name
            ));
        }
        let mode = self.write_ahead_log()?;
        if !mode.eq_ignore_ascii_case("wal") {
            return Err(anyhow::anyhow!("{}: cannot use a write-ahead log (journal mode {mode})", self.name));
        }
        self.connection
            .execute_batch("PRAGMA synchronous = NORMAL; PRAGMA foreign_keys = ON;")
            .map_err(|error| self.sqlite("open", &error))?;
        if version < VERSION {
            self.migrate()?;
        }
        Ok(())
    }

    /// Switches the file to write-ahead logging (which lets readers and one writer work at once; it is
    /// kept in the file) and returns the journal mode SQLite reports.
    ///
    /// Switching takes the read lock and then the write lock; SQLite refuses the second at once,
    /// without waiting, while another connection holds a read lock it could not give up (two
    /// processes switching a new file at the same moment), so the switch is tried again until
    /// [`BUSY_TIMEOUT`].
    fn write_ahead_log(&self) -> anyhow::Result<String> {
        let deadline = Instant::now() + BUSY_TIMEOUT;
        loop {
            match self.connection.query_row("PRAGMA journal_mode = WAL", [], |row| row.get(0)) {
                Err(error)
                    if error.sqlite_error_code() == Some(ErrorCode::DatabaseBusy)
                        && Instant::now() < deadline =>
                {
                    std::thread::sleep(Duration::from_millis(5));
                }
                result => return result.map_err(|error| self.sqlite("open", &error)),
            }
        }
    }

    /// The schema version, after checking that the file is a history (or empty).
    fn version(&self) -> anyhow::Result<i32> {
        // One statement, one snapshot: read one by one, the three could straddle another process's
        // creation of the schema (no application id yet, but its tables already there).
        let (application, version, tables): (i32, i32, i32) = self
            .connection
            .query_row(
                "SELECT (SELECT application_id FROM pragma_application_id), \
                        (SELECT user_version FROM pragma_user_version), \
                        (SELECT count(*) FROM sqlite_schema)",
                [],
                |row| Ok((row.get(0)?, row.get(1)?, row.get(2)?)),
            )
            .map_err(|error| self.sqlite("read", &error))?;
        if application == APPLICATION_ID || (application == 0 && version == 0 && tables == 0) {
            Ok(version)
        } else {
            Err(anyhow::anyhow!("{}: an SQLite database, but not a solvebatch results history", self.name))
        }
    }

    /// Takes the schema to [`VERSION`], in one transaction that holds the write lock, so that two
    /// processes opening a new file at once create it once.
    fn migrate(&mut self) -> anyhow::Result<()> {
        let transaction = self
            .connection
            .transaction_with_behavior(TransactionBehavior::Immediate)
            .map_err(|error| anyhow::anyhow!("{}: cannot write: {error}", self.name))?;
        let version: i32 = transaction
            .query_row("PRAGMA user_version", [], |row| row.get(0))
            .map_err(|error| anyhow::anyhow!("{}: cannot read: {error}", self.name))?;
        for step in MIGRATIONS.iter().skip(version.max(0) as usize) {
            transaction
                .execute_batch(step)
                .map_err(|error| anyhow::anyhow!("{}: cannot write: {error}", self.name))?;
        }
        transaction
            .execute_batch(&format!(
                "PRAGMA application_id = {APPLICATION_ID}; PRAGMA user_version = {VERSION};"
            ))
            .and_then(|()| transaction.commit())
            .map_err(|error| anyhow::anyhow!("{}: cannot write: {error}", self.name))
    }

    /// Appends `run` and its `records` in one transaction, and returns the run's number.
    ///
    /// # Errors
    /// The database cannot be written (naming it).
    pub fn append(&mut self, run: &NewRun, records: &[Record]) -> anyhow::Result<i64> {
        let name = self.name.clone();
        let failed = |error: anyhow::Error| error.context(format!("{name}: cannot record the run"));
        let strict = run.strict();
        // A file the summary lists as not as expected fails in every row (`compare`'s solvers that
        // disagree or print an invalid solution).
        let failing: std::collections::HashSet<&str> =
            run.summary.failing.iter().map(String::as_str).collect();
        let transaction = self
            .connection
            .transaction_with_behavior(TransactionBehavior::Immediate)
            .map_err(|error| failed(error.into()))?;
        transaction
            .execute(
                "INSERT INTO runs (recorded_at, command, layout, label, source, git_commit, cores, \
                 cpu_model, strict, options, start, summary) VALUES \
                 (strftime('%Y-%m-%dT%H:%M:%SZ', 'now'), ?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10, ?11)",
                params![
                    run.command,
                    layout_name(run.layout),
                    run.label,
                    run.source,
                    run.machine.git_commit,
                    run.machine.cores.map(|cores| cores as i64),
                    run.machine.cpu_model,
                    strict,
                    run.summary.options.as_ref().map(json),
                    run.start.as_ref().map(json),
                    json(&run.summary),
                ],
            )
            .map_err(|error| failed(error.into()))?;
        let id = transaction.last_insert_rowid();
        {
            let mut insert = transaction
                .prepare(
                    "INSERT INTO results (run, seq, file, family, solver, status, verdict, passes, ms, \
                     min_ms, max_ms, repeats, sd_ms, cpu_ms, max_rss_kb, peak_heap_kb, input_hash, \
                     reference_hash, output_hash, rest) VALUES \
                     (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10, ?11, ?12, ?13, ?14, ?15, ?16, ?17, ?18, \
                     ?19, ?20)",
                )
                .map_err(|error| failed(error.into()))?;
            for (seq, record) in records.iter().enumerate() {
                insert
                    .execute(params![
                        id,
                        seq as i64,
                        record.file,
                        record.family,
                        record.solver,
                        word(&record.status),
                        record.verdict.as_ref().map(word),
                        record.passes(strict) && !failing.contains(record.file.as_str()),
                        record.ms,
                        record.min_ms,
                        record.max_ms,
                        record.runs,
                        record.sd_ms,
                        record.cpu_ms,
                        record.max_rss_kb.map(|kb| kb as i64),
                        record.peak_heap_kb.map(|kb| kb as i64),
                        record.input_hash,
                        record.reference_hash,
                        record.output.as_deref().map(|output| content_hash(output.as_bytes())),
                        rest(record, run.outputs).map_err(failed)?,
                    ])
                    .map_err(|error| failed(error.into()))?;
            }
        }
        transaction.commit().map_err(|error| failed(error.into()))?;
        Ok(id)
    }

    /// Every run, oldest first.
    ///
    /// # Errors
    /// The database cannot be read (naming it).
    pub fn runs(&self) -> anyhow::Result<Vec<RunRow>> {
        let read = || -> rusqlite::Result<Vec<RunRow>> {
            let mut statement = self.connection.prepare(
                "SELECT id, recorded_at, command, label, source, git_commit, cores, cpu_model, summary, \
                 strict \
                 FROM runs ORDER BY id",
            )?;
            let rows = statement.query_map([], |row| {
                let summary: String = row.get(8)?;
                Ok(RunRow {
                    id: row.get(0)?,
                    recorded_at: row.get(1)?,
                    command: row.get(2)?,
                    label: row.get(3)?,
                    source: row.get(4)?,
                    git_commit: row.get(5)?,
                    cores: row.get(6)?,
                    cpu_model: row.get(7)?,
                    wall_ms: serde_json::from_str::<Value>(&summary)
                        .ok()
                        .and_then(|summary| summary.get("wall_ms").and_then(Value::as_f64))
                        .unwrap_or(0.0),
                    strict: row.get(9)?,
                })
            })?;
            rows.collect()
        };
        read().map_err(|error| self.sqlite("read", &error))
    }

    /// Every result of every run, in run order and, within a run, in report order; only the results
    /// of `file` when given.
    ///
    /// # Errors
    /// The database cannot be read, or holds a status or verdict this program does not know (naming
    /// the file).
    pub fn results(&self, file: Option<&str>) -> anyhow::Result<Vec<ResultRow>> {
        let read = || -> rusqlite::Result<Vec<ResultRow>> {
            let mut statement = self.connection.prepare(
                "SELECT run, file, solver, status, verdict, passes, ms, min_ms, max_ms, input_hash, \
                 reference_hash, output_hash FROM results WHERE ?1 IS NULL OR file = ?1 ORDER BY run, seq",
            )?;
            let rows = statement.query_map([file], |row| {
                Ok(ResultRow {
                    run: row.get(0)?,
                    file: row.get(1)?,
                    solver: row.get(2)?,
                    status: parse_word(&row.get::<_, String>(3)?).map_err(|error| conversion(3, error))?,
                    verdict: row
                        .get::<_, Option<String>>(4)?
                        .map(|verdict| parse_word(&verdict))
                        .transpose()
                        .map_err(|error| conversion(4, error))?,
                    passes: row.get(5)?,
                    ms: row.get(6)?,
                    min_ms: row.get(7)?,
                    max_ms: row.get(8)?,
                    input_hash: row.get(9)?,
                    reference_hash: row.get(10)?,
                    output_hash: row.get(11)?,
                })
            })?;
            rows.collect()
        };
        read().map_err(|error| self.sqlite("read", &error))
    }

    /// The number of the run `which` names: its number, or the last run labelled so.
    ///
    /// # Errors
    /// A [`UsageError`] when no run has that number or label.
    pub fn find_run(&self, which: &str) -> anyhow::Result<i64> {
        let found: Option<i64> = self
            .connection
            .query_row(
                "SELECT id FROM runs WHERE CAST(id AS TEXT) = ?1 OR label = ?1 \
                 ORDER BY id = CAST(?1 AS INTEGER) DESC, id DESC LIMIT 1",
                [which],
                |row| row.get(0),
            )
            .optional()
            .map_err(|error| self.sqlite("read", &error))?;
        found.ok_or_else(|| {
            UsageError(format!("{}: no run is numbered or labelled `{which}`", self.name)).into()
        })
    }

    /// The first run labelled `label`.
    ///
    /// # Errors
    /// A [`UsageError`] when no run has that label.
    pub fn first_labelled(&self, label: &str) -> anyhow::Result<i64> {
        let found: Option<i64> = self
            .connection
            .query_row("SELECT min(id) FROM runs WHERE label = ?1", [label], |row| row.get(0))
            .map_err(|error| self.sqlite("read", &error))?;
        found.ok_or_else(|| UsageError(format!("{}: no run is labelled `{label}`", self.name)).into())
    }

    /// The run numbered `id` as the report it was recorded from: its opening line (a `run`'s), its
    /// records in order, and its summary.
    ///
    /// # Errors
    /// The database cannot be read, or a stored report line no longer reads as one (naming the
    /// file and the run).
    pub fn report(&self, id: i64) -> anyhow::Result<(Option<RunStart>, Vec<Record>, Summary)> {
        let read = || -> rusqlite::Result<(Option<String>, String, Vec<StoredRecord>)> {
            let (start, summary) =
                self.connection.query_row("SELECT start, summary FROM runs WHERE id = ?1", [id], |row| {
                    Ok((row.get::<_, Option<String>>(0)?, row.get::<_, String>(1)?))
                })?;
            let mut statement = self.connection.prepare(
                "SELECT file, family, solver, status, verdict, ms, min_ms, max_ms, repeats, sd_ms, cpu_ms, \
                 max_rss_kb, peak_heap_kb, input_hash, reference_hash, rest FROM results WHERE run = ?1 \
                 ORDER BY seq",
            )?;
            let rows = statement.query_map([id], |row| {
                let columns = (0..15)
                    .map(|index| Ok(sql_to_json(row.get_ref(index)?)))
                    .collect::<rusqlite::Result<Vec<Value>>>()?;
                Ok((columns, row.get::<_, String>(15)?))
            })?;
            Ok((start, summary, rows.collect::<rusqlite::Result<_>>()?))
        };
        let (start, summary, rows) = read().map_err(|error| self.sqlite("read", &error))?;
        let bad = |what: &str, error: serde_json::Error| {
            anyhow::anyhow!("{}: run {id}: the stored {what} is not one: {error}", self.name)
        };
        let start = start
            .map(|start| serde_json::from_str(&start))
            .transpose()
            .map_err(|error| bad("report line", error))?;
        let summary = serde_json::from_str(&summary).map_err(|error| bad("summary", error))?;
        let mut records = Vec::with_capacity(rows.len());
        for (columns, rest) in rows {
            let mut object = match serde_json::from_str(&rest).map_err(|error| bad("record", error))? {
                Value::Object(object) => object,
                _ => Map::new(),
            };
            // `output` has no column of its own: the text, when kept, is in `rest`.
            for (key, value) in COLUMNS.iter().filter(|key| **key != "output").zip(columns) {
                object.insert((*key).to_string(), value);
            }
            records
                .push(serde_json::from_value(Value::Object(object)).map_err(|error| bad("record", error))?);
        }
        Ok((start, records, summary))
    }
}

/// A stored record: its columns' values as JSON, in the order of [`COLUMNS`] (`output` left out),
/// and its `rest` object's text.
type StoredRecord = (Vec<Value>, String);

/// A status or verdict as its reports spell it (`no_solution`).
fn word(value: &impl serde::Serialize) -> String {
    match serde_json::to_value(value) {
        Ok(Value::String(word)) => word,
        _ => unreachable!("statuses and verdicts serialise as words"),
    }
}

/// A status or verdict from its word.
fn parse_word<T: serde::de::DeserializeOwned>(word: &str) -> Result<T, serde_json::Error> {
    serde_json::from_value(Value::String(word.to_string()))
}

fn conversion(column: usize, error: serde_json::Error) -> rusqlite::Error {
    rusqlite::Error::FromSqlConversionFailure(column, rusqlite::types::Type::Text, Box::new(error))
}

/// A column's value as JSON.
fn sql_to_json(value: rusqlite::types::ValueRef) -> Value {
    use rusqlite::types::ValueRef;
    match value {
        ValueRef::Null | ValueRef::Blob(_) => Value::Null,
        ValueRef::Integer(integer) => Value::from(integer),
        ValueRef::Real(real) => Value::from(real),
        ValueRef::Text(text) => Value::String(String::from_utf8_lossy(text).into_owned()),
    }
}

/// The record's fields that have no column, as a JSON object without its `null`s; the output text
/// only when `outputs`.
fn rest(record: &Record, outputs: bool) -> anyhow::Result<String> {
    let Value::Object(mut object) = serde_json::to_value(record)? else {
        unreachable!("a record serialises as an object")
    };
    // `output` has no column: it stays here, and goes when the report did not keep it.
    let in_a_column = |key: &str| COLUMNS.contains(&key) && key != "output";
    object.retain(|key, value| !value.is_null() && !in_a_column(key));
    if !outputs {
        object.remove("output");
    }
    Ok(serde_json::to_string(&object)?)
}

fn layout_name(layout: Layout) -> &'static str {
    match layout {
        Layout::Run => "run",
        Layout::Compare => "compare",
    }
}

/// A value stored as compact JSON text.
fn json(value: &impl serde::Serialize) -> String {
    serde_json::to_string(value).expect("report values serialise")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_record_s_numbers_come_back_to_the_last_bit() {
        let mut record = Record::failed("a.csv".to_string(), None, String::new());
        // A ratio of a report of `compare` that the default float parser of serde_json reads back
        // as 1093.6421872235003.
        record.ratio = Some(1_093.642_187_223_500_5);
        let stored: Value = serde_json::from_str(&rest(&record, false).unwrap()).unwrap();
        assert_eq!(stored["ratio"].as_f64(), Some(1_093.642_187_223_500_5));
        assert_eq!(stored.get("output"), None);
        assert_eq!(stored.get("file"), None, "kept in its column");
    }

    #[test]
    fn opening_waits_for_a_write_lock_that_refuses_the_switch_to_the_write_ahead_log() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("h.db");
        std::fs::write(&path, "").unwrap();
        // Another connection holds the write lock of the new file: the switch's read lock is given,
        // its write lock refused at once (SQLite does not wait there), until the other lets go.
        let other = Connection::open(&path).unwrap();
        other.execute_batch("BEGIN IMMEDIATE").unwrap();
        let holder = std::thread::spawn(move || {
            std::thread::sleep(Duration::from_millis(300));
            other.execute_batch("ROLLBACK").unwrap();
        });
        let store = Store::open(&path).unwrap();
        holder.join().unwrap();
        let mode: String = store.connection.query_row("PRAGMA journal_mode", [], |row| row.get(0)).unwrap();
        assert_eq!(mode, "wal");
        assert_eq!(store.version().unwrap(), VERSION);
    }
}
