//! `run --bless` and `--require-references`: each file's output becomes its reference where the
//! verdict is `differs` or no reference exists yet, and an input still without a reference fails
//! when references are required.
//!
//! A reference is an output like any other: written through [`write_file`] (a temporary file renamed
//! into place, removed on Ctrl-C), never through a device, a FIFO or a link to one, never through a
//! link leading out of the input's folder, and never over another file the batch reads.

use std::path::Path;
use std::sync::Mutex;

use crate::inputs::Input;
use crate::output::write_file;
use crate::paths::display_path;
use crate::reads::Reads;
use crate::references::{writable, BlessMode, BlessSummary};
use crate::report::record::Record;
use crate::report::summary::Summary;
use solvebatch_core::Family;
use solvebatch_core::Outcome;
use solvebatch_core::{Status, Verdict};

/// A bless run: what to write, and what the workers wrote so far.
pub struct Blessing {
    mode: BlessMode,
    dry_run: bool,
    changes: Mutex<Changes>,
}

/// References changed so far, each with its input file (as records name it).
#[derive(Default)]
struct Changes {
    written: Vec<(String, String)>,
    created: Vec<(String, String)>,
    left: usize,
}

impl Blessing {
    /// A bless run in `mode`, writing nothing when `dry_run`.
    pub fn new(mode: BlessMode, dry_run: bool) -> Blessing {
        Blessing { mode, dry_run, changes: Mutex::new(Changes::default()) }
    }

    /// Blesses the output of one solved file when its verdict asks for it; a reference that may not
    /// be written, or cannot be, makes the record `failed`. Returns whether the reference exists now.
    fn bless(&self, input: &Path, reference: &Path, outcome: &Outcome, record: &mut Record) -> bool {
        let exists = record.verdict.is_some();
        if !blessable(record.status) || input == Path::new("-") {
            return exists;
        }
        let Some(change) = change(record, self.mode) else {
            self.lock().left += 1;
            return exists;
        };
        let done =
            if self.dry_run { writable(reference) } else { write_reference(reference, &outcome.output) };
        if let Err(problem) = done {
            record.status = Status::Failed;
            record.message = Some(format!("cannot bless: {problem}"));
            return exists;
        }
        let entry = (record.file.clone(), display_path(reference));
        let mut changes = self.lock();
        match change {
            Change::Create => changes.created.push(entry),
            Change::Replace => changes.written.push(entry),
        }
        !self.dry_run
    }

    fn lock(&self) -> std::sync::MutexGuard<'_, Changes> {
        self.changes.lock().unwrap_or_else(|poison| poison.into_inner())
    }

    /// Puts what was blessed in `summary`; files blessed for real no longer count as failing.
    pub fn summarise(&self, summary: &mut Summary) {
        let mut changes = self.lock();
        changes.written.sort();
        changes.created.sort();
        if !self.dry_run {
            let blessed: Vec<&String> =
                changes.written.iter().chain(&changes.created).map(|(file, _)| file).collect();
            summary.failing.retain(|file| !blessed.contains(&file));
            summary.exit_code = u8::from(!summary.failing.is_empty());
        }
        let references =
            |changes: &[(String, String)]| changes.iter().map(|(_, reference)| reference.clone()).collect();
        summary.bless = Some(BlessSummary {
            mode: self.mode,
            dry_run: self.dry_run,
            written: references(&changes.written),
            created: references(&changes.created),
            left: changes.left,
        });
    }
}

/// What blessing does to a file's reference.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Change {
    /// No reference exists yet: the output becomes one.
    Create,
    /// The reference `differs` from the output: the output replaces it.
    Replace,
}

/// Whether a file that ended with `status` may be blessed at all: never a timeout, an interrupted
/// solve or a failure (their output is no answer).
pub fn blessable(status: Status) -> bool {
    !matches!(status, Status::Timeout | Status::Interrupted | Status::Failed)
}

/// What blessing in `mode` does to the reference of the file recorded as `record`: creates it where
/// there is none, replaces it where it `differs` (with [`BlessMode::All`]), and leaves `same` and
/// `valid` references (a valid alternative never overwrites its reference) and unblessable files
/// ([`blessable`]) alone (`None`). `run --bless`, `review` and the web app's references all ask here.
pub fn change(record: &Record, mode: BlessMode) -> Option<Change> {
    if !blessable(record.status) {
        return None;
    }
    match record.verdict {
        None => Some(Change::Create),
        Some(Verdict::Differs) if mode == BlessMode::All => Some(Change::Replace),
        Some(_) => None,
    }
}

/// Writes `output` as the reference file `reference` through the safe writer, once [`writable`]
/// allows it.
///
/// # Errors
/// Why not, naming the reference: [`writable`]'s refusal, or the write's error.
pub fn write_reference(reference: &Path, output: &str) -> Result<(), String> {
    writable(reference)?;
    write_file(reference, output.as_bytes()).map_err(|error| format!("{error:#}"))
}

/// Blesses one solved (or invalid) file's output as `blessing` (`--bless`) asks, then fails it when
/// `require_references` (`--require-references`) and it still has no reference.
pub fn settle(
    blessing: Option<&Blessing>,
    require_references: bool,
    family: &dyn Family,
    input: &Input,
    outcome: &Outcome,
    record: &mut Record,
) {
    let reference = family.reference_path(&input.path);
    let exists = match blessing {
        Some(blessing) => blessing.bless(&input.path, &reference, outcome, record),
        None => record.verdict.is_some(),
    };
    if require_references && !exists && record.status != Status::Failed {
        let missing = format!("no reference ({}); bless it with --bless", display_path(&reference));
        // An invalid input keeps its own error beside the missing reference: it is what to fix.
        record.message = Some(match record.message.take() {
            Some(message) => {
                format!(
                    "{missing} ({}: {message})",
                    crate::family::status_label(Some(family.name()), record.status)
                )
            }
            None => missing,
        });
        record.status = Status::Failed;
    }
}

/// Checks, before any work, that no reference `writer` (`--bless`, `review`) may write is another
/// file the batch reads (a link to an input, or to another input's reference).
///
/// # Errors
/// A usage error from [`Reads::check_reference`].
pub fn check_batch(reads: &Reads, inputs: &[Input], writer: &str) -> anyhow::Result<()> {
    for input in inputs.iter().filter(|input| input.problem.is_none()) {
        if let Some(family) = input.family {
            reads.check_reference(&family.reference_path(&input.path), writer)?;
        }
    }
    Ok(())
}
