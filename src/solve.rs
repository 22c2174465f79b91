//! The one per-file solve path of `run`, `compare` and the web app: prepare by name (the one check of
//! a solver name), load (read within the time limit), solve guarded (a solver that panics gives a
//! `failed` outcome, so one file's panic is that file's row, never the batch's end), measure, and
//! record with hashes and verdict ([`solve_file`]).

use std::fmt;
use std::panic::{catch_unwind, AssertUnwindSafe};
use std::path::Path;
use std::sync::atomic::AtomicBool;
use std::time::{Duration, Instant};

use solvebatch_core::{
    Deadline, Family, FamilyError, Outcome, Prepared, Settings, Status, UnknownSolver, Verdict,
};

use crate::error::with_causes;
use crate::inputs::Input;
use crate::isolate::{Isolation, Measured};
use crate::report::record::{content_hash, Record};
use crate::rusage;
use crate::text::ReadError;
use crate::verdict::{judge, unified_diff};

/// Why a family could not be prepared. A refusal shows as the family's name, its cause being the
/// family crate's error: `{:#}` (anyhow) prints `guess: strategy minimax handles at most 5 digits, not 9`.
#[derive(Debug)]
pub enum Unprepared {
    /// The family has no solver of that name.
    UnknownSolver(UnknownSolver),
    /// The family refused the settings (a dictionary that cannot be read, digits a strategy does not
    /// handle): its family's name and the crate's error.
    Refused(&'static str, FamilyError),
}

impl Unprepared {
    /// The message without the family's name in front (the web app's rows): the crate's error and
    /// its causes.
    pub fn message(&self) -> String {
        match self {
            Unprepared::UnknownSolver(unknown) => unknown.to_string(),
            Unprepared::Refused(_, error) => with_causes(error.as_ref()),
        }
    }

    /// The whole message, every cause included, as `run` and `compare` print it.
    pub fn describe(&self) -> String {
        with_causes(self)
    }
}

impl fmt::Display for Unprepared {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Unprepared::UnknownSolver(unknown) => unknown.fmt(f),
            Unprepared::Refused(family, _) => f.write_str(family),
        }
    }
}

impl std::error::Error for Unprepared {
    fn source(&self) -> Option<&(dyn std::error::Error + 'static)> {
        match self {
            Unprepared::UnknownSolver(_) => None,
            Unprepared::Refused(_, error) => Some(error.as_ref()),
        }
    }
}

/// `family` prepared with the solver called `solver` and `settings`.
///
/// # Errors
/// [`Unprepared`]: a solver the family does not offer, or settings it cannot use.
pub fn prepare(
    family: &dyn Family,
    solver: &str,
    settings: &Settings,
) -> Result<Box<dyn Prepared>, Unprepared> {
    family.check_solver(solver).map_err(Unprepared::UnknownSolver)?;
    family.prepare(solver, settings).map_err(|error| Unprepared::Refused(family.name(), error))
}

/// How a file ends when it is not solved: its status and the record's message.
pub type Unsolved = (Status, String);

/// The family that reads `input`.
///
/// # Errors
/// `failed` with the problem met when the input was found, or when no family reads its kind of file.
pub fn family_of(input: &Input) -> Result<&'static dyn Family, Unsolved> {
    if let Some(problem) = &input.problem {
        return Err((Status::Failed, problem.clone()));
    }
    input.family.ok_or_else(|| (Status::Failed, "no family reads this kind of file; use --kind".to_string()))
}

/// The bytes of the input at `path`, read within `limit` (a FIFO without a writer is waited for no
/// longer; a signal stops the wait); `regular` when it was a regular file when found, which then
/// opens it at once ([`crate::text::read_found`]).
///
/// # Errors
/// `failed` for a file that cannot be read or is too large, `invalid` for a binary file (a NUL
/// byte in its first block), `timeout` when nothing came within the limit, `interrupted` when a
/// signal came first.
pub fn load(path: &Path, limit: Option<Duration>, regular: bool) -> Result<Vec<u8>, Unsolved> {
    unsolved_read(crate::text::read_found(path, limit, regular))
}

/// A read's error as the record's status and message.
fn unsolved_read(read: Result<Vec<u8>, ReadError>) -> Result<Vec<u8>, Unsolved> {
    read.map_err(|error| match error {
        ReadError::Failed(message) => (Status::Failed, message),
        ReadError::Binary => (Status::Invalid, ReadError::BINARY.to_string()),
        ReadError::Timeout => (Status::Timeout, "nothing to read within the time limit".to_string()),
        ReadError::Interrupted => (Status::Interrupted, "nothing came before the signal".to_string()),
    })
}

/// `prepared`'s outcome on `input` (the file at `path`) before `deadline`; a solver that panics gives
/// a `failed` outcome saying so.
pub fn solve(prepared: &dyn Prepared, path: &Path, input: &[u8], deadline: Deadline) -> Outcome {
    catch_unwind(AssertUnwindSafe(|| prepared.solve(path, input, deadline))).unwrap_or_else(|_| {
        let mut outcome = Outcome::invalid("internal error: the solver panicked".to_string());
        outcome.status = Status::Failed;
        outcome
    })
}

/// The record of `file` (of the family called `family`, when known) that was not solved.
pub fn unsolved(file: String, family: Option<&str>, (status, message): Unsolved) -> Record {
    let mut record = Record::failed(file, family, message);
    record.status = status;
    record
}

/// Which CPU clock a measurement reads.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum CpuClock {
    /// The solving thread's: where other files are solved in the same process at the same time (the
    /// threads a solver starts are not counted).
    Thread,
    /// The process's: one solve at a time, its own threads counted.
    Process,
}

/// How one solve is measured: its time limit, where it runs and which clocks it reads.
#[derive(Debug, Clone, Copy)]
pub struct Measuring<'a> {
    /// The time limit, counted from the `started` given to [`measure`].
    pub timeout: Option<Duration>,
    /// In a child process with these limits (`--isolate`), the family prepared there with these
    /// settings; `None`: in this process.
    pub isolation: Option<(&'a Isolation, &'a Settings)>,
    /// The CPU clock of an in-process solve.
    pub clock: CpuClock,
    /// Whether to count the heap's peak (only where no other solve shares the process).
    pub heap: bool,
}

/// One solve of `prepared` (of `family`) on `input`, the bytes of the file
/// at `path`: guarded ([`solve`]), within `measuring`'s time limit counted from `started` (so that
/// reading the input counts), stopped early once `stop` is set (a signal, a client gone), with its
/// wall time, CPU time and memory as `measuring` says. `run`, `compare` and every web page that
/// solves a file measure through here.
pub fn measure(
    (family, prepared): (&dyn Family, &dyn Prepared),
    (path, input): (&Path, &[u8]),
    (started, stop): (Instant, &AtomicBool),
    measuring: &Measuring,
) -> Measured {
    if let Some((isolation, settings)) = measuring.isolation {
        let limit = measuring.timeout;
        return crate::isolate::solve(family, prepared.solver(), settings, path, input, limit, isolation);
    }
    let clock = match measuring.clock {
        CpuClock::Thread => rusage::thread_cpu,
        CpuClock::Process => rusage::process_cpu,
    };
    let cpu = clock();
    let deadline = Deadline::at(measuring.timeout.map(|limit| started + limit)).or_flag(stop);
    let run = || solve(prepared, path, input, deadline);
    let (outcome, peak_heap_kb) = if measuring.heap { crate::heap::peak_kb_of(run) } else { (run(), None) };
    let ms = started.elapsed().as_secs_f64() * 1000.0;
    let cpu_ms = (clock() - cpu).as_secs_f64() * 1000.0;
    Measured { outcome, ms, cpu_ms: Some(cpu_ms), max_rss_kb: None, peak_heap_kb }
}

/// A file to solve: its name in records and diffs, its path (which its family reads for its kind),
/// its bytes, and its reference when there is one, with the hashes of both.
#[derive(Debug)]
pub struct FileToSolve<'a> {
    /// The name in records, as [`crate::paths::display_path`] writes a path, or as a file was sent.
    pub file: String,
    /// Its path.
    pub path: &'a Path,
    /// Its bytes.
    pub text: &'a [u8],
    /// The reference the output is judged against: its name in diffs and its bytes.
    pub reference: Option<(String, &'a [u8])>,
    /// [`content_hash`] of `text`.
    pub input_hash: String,
    /// [`content_hash`] of the reference, when there is one (judged or not: [`FileToSolve::unjudged`]).
    pub reference_hash: Option<String>,
}

impl<'a> FileToSolve<'a> {
    /// The file `file` at `path` holding `text`, without a reference.
    pub fn new(file: String, path: &'a Path, text: &'a [u8]) -> FileToSolve<'a> {
        FileToSolve {
            file,
            path,
            text,
            reference: None,
            input_hash: content_hash(text),
            reference_hash: None,
        }
    }

    /// The file with its reference: `bytes`, named `name` in diffs.
    #[must_use]
    pub fn with_reference(self, reference: Option<(String, &'a [u8])>) -> FileToSolve<'a> {
        let reference_hash = reference.as_ref().map(|(_, bytes)| content_hash(bytes));
        FileToSolve { reference, reference_hash, ..self }
    }

    /// The file whose output is judged against no reference, the reference's hash still recorded
    /// (`compare` judges solvers against each other).
    #[must_use]
    pub fn unjudged(self) -> FileToSolve<'a> {
        FileToSolve { reference: None, ..self }
    }

    /// The record of this file, of the family called `family`, read but not solved, with its hashes.
    pub fn unsolved(&self, family: &str, how: Unsolved) -> Record {
        Record {
            input_hash: Some(self.input_hash.clone()),
            reference_hash: self.reference_hash.clone(),
            ..unsolved(self.file.clone(), Some(family), how)
        }
    }
}

/// What a record of a solve keeps beside its measures.
#[derive(Debug, Clone, Copy)]
pub struct Recording {
    /// The output text (`--json-outputs`, the history's output hash, the web app).
    pub keep_output: bool,
    /// The unified diff from the reference when the verdict is not `same` (`--diff`, JUnit, review,
    /// the web batch).
    pub diff: bool,
}

/// A file solved: the outcome, its record, and the diff from its reference when asked for and not
/// `same`.
#[derive(Debug)]
pub struct Solved {
    /// The family's outcome.
    pub outcome: Outcome,
    /// The record: status, message, times, statistics, hashes and verdict.
    pub record: Record,
    /// The unified diff from the reference ([`unified_diff`]).
    pub diff: Option<String>,
}

/// The one way from a file to its record, for `run`, `compare`, the web batch and every web page
/// that solves a file: `file` solved by `prepared` of `family` as [`measure`] measures it (from
/// `started`, stopped early once `stop` is set), the record made with its hashes, and, unless the
/// solve was stopped, its verdict against the reference ([`judge`]) and the diff `recording` asks for.
pub fn solve_file(
    (family, prepared): (&dyn Family, &dyn Prepared),
    file: &FileToSolve,
    (started, stop): (Instant, &AtomicBool),
    measuring: &Measuring,
    recording: Recording,
) -> Solved {
    let measured = measure((family, prepared), (file.path, file.text), (started, stop), measuring);
    let outcome = measured.outcome;
    let mut record = Record {
        input_hash: Some(file.input_hash.clone()),
        reference_hash: file.reference_hash.clone(),
        cpu_ms: measured.cpu_ms,
        max_rss_kb: measured.max_rss_kb,
        peak_heap_kb: measured.peak_heap_kb,
        ..Record::of(
            file.file.clone(),
            family.name(),
            prepared.solver(),
            &outcome,
            measured.ms,
            recording.keep_output,
        )
    };
    let mut diff = None;
    if let (Some((name, reference)), false) = (&file.reference, outcome.status.stopped()) {
        let verdict = judge(prepared, file.path, file.text, &outcome.output, reference);
        record.verdict = Some(verdict);
        if recording.diff && verdict != Verdict::Same {
            diff = Some(unified_diff(name, reference, &file.file, &outcome.output));
        }
    }
    Solved { outcome, record, diff }
}

/// A solver that panics on every input, for the tests of the guard in each front end.
#[cfg(test)]
pub struct Panicking;

#[cfg(test)]
impl Prepared for Panicking {
    fn solver(&self) -> &'static str {
        "panicking"
    }

    fn solve(&self, _path: &Path, _input: &[u8], _deadline: Deadline) -> Outcome {
        panic!("the solver's own bug")
    }

    fn verify(&self, _path: &Path, _input: &[u8], _output: &str) -> Result<bool, FamilyError> {
        Ok(true)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_solver_that_panics_is_a_failed_outcome() {
        let outcome = solve(&Panicking, Path::new("a.csv"), b"1\n0,1,0\n", Deadline::NEVER);
        assert_eq!(outcome.status, Status::Failed);
        assert_eq!(outcome.message.as_deref(), Some("internal error: the solver panicked"));
        let record = Record::of("a.csv".to_string(), "tournament", "panicking", &outcome, 1.0, false);
        assert_eq!((record.status, record.message.as_deref()), (Status::Failed, outcome.message.as_deref()));
    }

    #[test]
    fn an_unknown_solver_is_named_with_the_family_s_solvers() {
        let family = crate::family::by_name("tictactoe").unwrap();
        let Err(error) = prepare(family, "dlx", &Settings::default()) else {
            panic!("dlx is no tictactoe solver")
        };
        let offered = family.solvers().iter().map(|info| info.name).collect::<Vec<_>>().join(", ");
        assert_eq!(
            error.to_string(),
            format!("the tictactoe family has no solver `dlx` (it has: {offered})")
        );
        assert_eq!(error.message(), error.to_string());
    }

    #[test]
    fn a_refused_preparation_keeps_the_crate_s_error_as_its_cause() {
        let family = crate::family::by_name("guess").unwrap();
        let mut settings = Settings::default();
        crate::family::set_option(&mut settings, "digits", std::ffi::OsStr::new("9")).unwrap();
        let Err(error) = prepare(family, "minimax", &settings) else {
            panic!("minimax plays 5 digits at most")
        };
        assert_eq!(error.to_string(), "guess");
        assert_eq!(error.message(), "strategy minimax handles at most 5 digits, not 9");
        assert_eq!(error.describe(), "guess: strategy minimax handles at most 5 digits, not 9");
        let cause = std::error::Error::source(&error).unwrap();
        assert!(cause.downcast_ref::<solvebatch_guess::job::GuessSetupError>().is_some(), "{cause:?}");
        assert_eq!(
            format!("{:#}", anyhow::Error::new(error)),
            "guess: strategy minimax handles at most 5 digits, not 9"
        );
    }

    #[test]
    fn a_wrong_output_is_the_crate_s_error_with_its_causes() {
        let family = crate::family::by_name("tournament").unwrap();
        let prepared = prepare(family, "dlx", &Settings::default()).unwrap();
        let error = prepared.verify(Path::new("t.csv"), b"0\n", "").unwrap_err();
        assert_eq!(error.to_string(), "the input is invalid");
        let chain = "the input is invalid: The number of tables must be positive.";
        assert_eq!(with_causes(error.as_ref()), chain);
        assert_eq!(format!("{:#}", anyhow::Error::from_boxed(error)), chain);
        let wrong = prepared.verify(Path::new("t.csv"), b"1\n0,1,0\n", "Table 0: 1 vs. 0\n").unwrap_err();
        assert_eq!(with_causes(wrong.as_ref()), "output line 1 is not a pairing of the input");
    }

    #[test]
    fn unreadable_inputs_end_as_failed_rows() {
        for regular in [false, true] {
            let (status, message) = load(Path::new("no/such/file.csv"), None, regular).unwrap_err();
            assert_eq!(status, Status::Failed);
            assert!(message.starts_with("cannot read: "), "{message}");
        }
    }

    #[cfg(unix)]
    #[test]
    fn a_fifo_put_in_the_place_of_a_file_found_regular_is_the_failed_row_of_a_walked_fifo() {
        let folder = tempfile::tempdir().unwrap();
        let path = folder.path().join("s58.csv");
        let name = std::ffi::CString::new(path.as_os_str().as_encoded_bytes()).unwrap();
        // SAFETY: `name` is a NUL-terminated path.
        assert_eq!(unsafe { libc::mkfifo(name.as_ptr(), 0o600) }, 0);
        // The walk saw a regular file (`regular`); a FIFO without a writer is there when it is read.
        let message = "not a regular file (a FIFO); name it directly to read it".to_string();
        assert_eq!(load(&path, None, true), Err((Status::Failed, message.clone())));
        assert_eq!(load(&path, Some(Duration::from_secs(2)), true), Err((Status::Failed, message)));
    }
}
