//! `solvebatch review`: solves a batch as `run` does, then, at a terminal, shows each file whose
//! output differs from its reference or that has none yet (the ones `run --bless` would write) and
//! asks, one key each, whether its output becomes its reference.
//!
//! Accepted references are written as `--bless` writes them ([`crate::bless::write_reference`]); the
//! files offered are those [`crate::bless::change`] names, so timeouts, failures and valid
//! alternatives are never offered.

mod prompt;

use std::io::{IsTerminal, Write};
use std::process::ExitCode;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::Arc;

use signal_hook::consts::{SIGHUP, SIGINT, SIGTERM};

use crate::error::UsageError;
use crate::options::RunOptions;
use crate::pending::Pending;
use crate::report::summary::Summary;
use crate::signals;

use prompt::{Answer, Keys, Tally};

/// Refuses to review where nobody can answer: standard input or output is not a terminal.
///
/// # Errors
/// A [`UsageError`] naming the stream that is not a terminal.
pub fn refuse_off_a_terminal() -> Result<(), UsageError> {
    check_terminal(std::io::stdin().is_terminal(), std::io::stdout().is_terminal())
}

/// Runs `review` with the options of `run`: solves the batch, then asks about each file.
///
/// # Errors
/// `run`'s errors; standard output cannot be written, or a key cannot be read.
pub fn run(mut options: RunOptions) -> anyhow::Result<ExitCode> {
    options.review = Some(Pending::default());
    let summary = crate::batch::run(&options)?;
    if signals::interrupted() {
        return Ok(ExitCode::from(summary.exit_code));
    }
    let items = options.review.take().map(Pending::into_items).unwrap_or_default();
    let color = options.terminal.color;
    let mut stdout = std::io::stdout().lock();
    let terminal = console::Term::stdout();
    let caught = Caught::watch()?;
    let keys = Keys { next: &mut || terminal.read_key_raw(), signalled: &|| caught.signal().is_some() };
    let tally = prompt::ask_all(&items, color, &mut stdout, keys)?;
    writeln!(stdout, "{}", tally.line())?;
    stdout.flush()?;
    let accepted: Vec<&str> = items
        .iter()
        .zip(&tally.answers)
        .filter(|(_, answer)| **answer == Answer::Accepted)
        .map(|(item, _)| item.file.as_str())
        .collect();
    let status = caught.signal().map(|signal| 128 + signal);
    Ok(ExitCode::from(status.unwrap_or_else(|| exit_code(&summary, &accepted, &tally))))
}

/// The signal (Ctrl-C, SIGTERM, SIGHUP) that came during the questions, recorded by the signal
/// handler itself: a read of a key that the signal interrupts sees it at once, where the stop flag
/// of [`signals`] is set a moment later by its own thread.
struct Caught(Arc<AtomicUsize>);

impl Caught {
    /// Records the signals from now on.
    ///
    /// # Errors
    /// A handler cannot be installed.
    fn watch() -> std::io::Result<Caught> {
        let caught = Arc::new(AtomicUsize::new(0));
        for signal in [SIGINT, SIGTERM, SIGHUP] {
            signal_hook::flag::register_usize(signal, Arc::clone(&caught), signal as usize)?;
        }
        Ok(Caught(caught))
    }

    /// The signal's number, if one came.
    fn signal(&self) -> Option<u8> {
        u8::try_from(self.0.load(Ordering::SeqCst)).ok().filter(|signal| *signal != 0)
    }
}

/// Refuses to review where nobody can answer: standard input or output is not a terminal.
fn check_terminal(stdin: bool, stdout: bool) -> Result<(), UsageError> {
    let missing = match (stdin, stdout) {
        (true, true) => return Ok(()),
        (false, true) => "standard input is not a terminal",
        (true, false) => "standard output is not a terminal",
        (false, false) => "standard input and output are not terminals",
    };
    Err(UsageError(format!(
        "review asks about each file at a terminal, and {missing}; to accept every new output \
         without asking, run `solvebatch run PATHS --bless` (with --dry-run first to list what it \
         would write)"
    )))
}

/// The exit status after the review: a signal's during the batch; 1 while a file is still not as expected
/// (accepted files now are), an orphan reference fails the batch, or a reference could not be
/// written; else 0.
fn exit_code(summary: &Summary, accepted: &[&str], tally: &Tally) -> u8 {
    if let Some(status) = signals::exit_status() {
        return status;
    }
    let failing = summary.failing.iter().any(|file| !accepted.contains(&file.as_str()));
    let orphans = summary.orphans.as_ref().is_some_and(|orphans| orphans.fails());
    u8::from(failing || orphans || tally.unwritten > 0)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn review_is_refused_off_a_terminal_naming_what_is_not_one() {
        assert!(check_terminal(true, true).is_ok());
        let message = |stdin, stdout| check_terminal(stdin, stdout).unwrap_err().0;
        assert!(message(false, true).contains(", and standard input is not a terminal; to accept"));
        assert!(message(true, false).contains(", and standard output is not a terminal; to accept"));
        assert!(message(false, false).contains(", and standard input and output are not terminals;"));
    }
}
