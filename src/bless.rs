//! `run --bless` and `--require-references`: each file's output becomes its reference where the
//! verdict is `differs` or no reference exists yet, and an input still without a reference fails
//! when references are required.
//!
//! A reference is an output like any other: written through [`write_file`] (a temporary file renamed
//! into place, removed on Ctrl-C), never through a device, a FIFO or a link to one, never through a
//! link leading out of the input's folder, and never over another file the batch reads.

use std::path::Path;
use std::sync::Mutex;

use serde::{Deserialize, Serialize};

use crate::family::{Family, Outcome};
use crate::inputs::{kind_of, Input};
use crate::options::RunOptions;
use crate::output::write_file;
use crate::reads::Reads;
use crate::report::{display_path, Record, Status, Summary, Verdict};

/// Which references `--bless` writes.
#[derive(Debug, Clone, Copy, PartialEq, Eq, clap::ValueEnum, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum BlessMode {
    /// References that differ from the output, and those that do not exist.
    All,
    /// Only references that do not exist.
    Missing,
}

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

/// What `--bless` did, in the summary.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct BlessSummary {
    /// `all` or `missing`.
    pub mode: BlessMode,
    /// `--dry-run`: nothing was written; `written` and `created` are what would have been.
    pub dry_run: bool,
    /// Existing references replaced by the output, in path order.
    pub written: Vec<String>,
    /// References created, in path order.
    pub created: Vec<String>,
    /// References left as they were: `same`, `valid`, and `differs` with `missing` (timeouts and
    /// failures are never blessed, and a refused reference makes its file `failed`).
    pub left: usize,
}

impl BlessSummary {
    /// The summary lines: the counts, and with `--dry-run` each reference that would be written.
    pub fn lines(&self) -> Vec<String> {
        let plural = if self.written.len() == 1 { "" } else { "s" };
        let counts = format!(
            "{} reference{plural} {}written, {} created, {} left as they were",
            self.written.len(),
            if self.dry_run { "would be " } else { "" },
            self.created.len(),
            self.left
        );
        if !self.dry_run {
            return vec![format!("blessed: {counts}")];
        }
        let mut lines = vec![format!("--dry-run: {counts}")];
        lines.extend(self.written.iter().map(|reference| format!("would write {reference}")));
        lines.extend(self.created.iter().map(|reference| format!("would create {reference}")));
        lines
    }
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

/// Blesses one solved (or invalid) file's output as `--bless` asks, then fails it with
/// `--require-references` when it still has no reference.
pub fn settle(
    options: &RunOptions,
    family: &dyn Family,
    input: &Input,
    outcome: &Outcome,
    record: &mut Record,
) {
    let reference = family.reference_path(&input.path);
    let exists = match &options.bless {
        Some(blessing) => blessing.bless(&input.path, &reference, outcome, record),
        None => record.verdict.is_some(),
    };
    if options.require_references && !exists && record.status != Status::Failed {
        record.status = Status::Failed;
        record.message = Some(format!("no reference ({}); bless it with --bless", display_path(&reference)));
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

/// Whether a reference may be replaced (or deleted): it does not exist, or it is a regular file
/// inside its input's folder (a link to one there is followed). Otherwise, why not, naming it.
///
/// # Errors
/// A link leading out of the folder or to nothing, or a device, FIFO or socket (or a link to one).
pub fn writable(reference: &Path) -> Result<(), String> {
    let shown = display_path(reference);
    let Ok(itself) = std::fs::symlink_metadata(reference) else { return Ok(()) };
    if itself.file_type().is_symlink() {
        let folder = match reference.parent() {
            Some(parent) if !parent.as_os_str().is_empty() => parent,
            _ => Path::new("."),
        };
        let target = std::fs::canonicalize(reference)
            .map_err(|_| format!("{shown} is a link to nothing; left alone"))?;
        let home = std::fs::canonicalize(folder).map_err(|error| format!("{shown}: {error}"))?;
        if !target.starts_with(&home) {
            return Err(format!(
                "{shown} is a link out of its input's folder (to {}); left alone",
                display_path(&target)
            ));
        }
    }
    let metadata = std::fs::metadata(reference).map_err(|error| format!("{shown}: {error}"))?;
    if !metadata.is_file() {
        return Err(format!("{shown} is not a regular file ({}); left alone", kind_of(&metadata)));
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn only_regular_files_inside_the_folder_may_be_replaced() {
        let dir = tempfile::tempdir().unwrap();
        let inside = dir.path().join("in");
        std::fs::create_dir(&inside).unwrap();
        std::fs::write(inside.join("other.txt"), "x").unwrap();
        std::fs::write(dir.path().join("outside.txt"), "x").unwrap();
        let link = |name: &str, target: &Path| {
            let path = inside.join(name);
            std::os::unix::fs::symlink(target, &path).unwrap();
            path
        };
        assert_eq!(writable(&inside.join("new.csv.expected")), Ok(()));
        assert_eq!(writable(&link("near.csv.expected", Path::new("other.txt"))), Ok(()));
        let out = link("out.csv.expected", &dir.path().join("outside.txt"));
        let target = std::fs::canonicalize(dir.path().join("outside.txt")).unwrap();
        assert_eq!(
            writable(&out),
            Err(format!(
                "{} is a link out of its input's folder (to {}); left alone",
                out.display(),
                target.display()
            ))
        );
        let device = link("null.csv.expected", Path::new("/dev/null"));
        assert_eq!(
            writable(&device),
            Err(format!(
                "{} is a link out of its input's folder (to /dev/null); left alone",
                device.display()
            ))
        );
        let dangling = link("gone.csv.expected", Path::new("gone"));
        assert_eq!(
            writable(&dangling),
            Err(format!("{} is a link to nothing; left alone", dangling.display()))
        );
    }

    #[test]
    fn a_fifo_is_never_written_through() {
        let dir = tempfile::tempdir().unwrap();
        let fifo = dir.path().join("f.csv.expected");
        let name = std::ffi::CString::new(fifo.as_os_str().as_encoded_bytes()).unwrap();
        assert_eq!(unsafe { libc::mkfifo(name.as_ptr(), 0o600) }, 0);
        assert_eq!(
            writable(&fifo),
            Err(format!("{} is not a regular file (a FIFO); left alone", fifo.display()))
        );
    }
}
