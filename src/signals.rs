//! Ctrl-C, SIGTERM and SIGHUP: solves stop, reports keep what was finished, temporary files go.
//!
//! During a batch (`run`, `compare`) the first signal sets the stop flag every solve polls
//! ([`stop_flag`]): the files under way stop within a second and are recorded `interrupted`, no new
//! file starts, the reports are written with what was done, and the command exits with 128 + the
//! signal's number ([`exit_status`]: 130, 143, 129). A second signal, or the first one outside a
//! batch, removes the temporary files being written and exits at once with that status; the partial
//! reports ([`crate::output::PARTIAL_SUFFIX`]) keep the records written so far. During an
//! interactive game the first signal ends the game's input instead ([`end_input_on_signal`]).

use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicBool, AtomicI32, Ordering};
use std::sync::mpsc::Sender;
use std::sync::Mutex;

use signal_hook::consts::{SIGHUP, SIGINT, SIGTERM};

static STOP: AtomicBool = AtomicBool::new(false);
/// The first signal's number during a batch; 0 before any.
static SIGNAL: AtomicI32 = AtomicI32::new(0);
static GRACEFUL: AtomicBool = AtomicBool::new(false);
static TEMPORARY: Mutex<Vec<PathBuf>> = Mutex::new(Vec::new());
static INPUT_END: Mutex<Option<Sender<Vec<u8>>>> = Mutex::new(None);

/// Installs the handler; call once at start.
pub fn install() {
    // Without a handler the default action still ends the process; the only loss is a temporary
    // file left behind, which is never read as an input.
    if let Ok(mut signals) = signal_hook::iterator::Signals::new([SIGINT, SIGTERM, SIGHUP]) {
        std::thread::spawn(move || signals.forever().for_each(on_signal));
    }
}

fn on_signal(signal: i32) {
    let input = INPUT_END.lock().unwrap_or_else(|poison| poison.into_inner()).take();
    if let Some(input) = input {
        // An empty chunk is the end of the game's input.
        if input.send(Vec::new()).is_ok() {
            return;
        }
    }
    if GRACEFUL.load(Ordering::SeqCst)
        && SIGNAL.compare_exchange(0, signal, Ordering::SeqCst, Ordering::SeqCst).is_ok()
    {
        STOP.store(true, Ordering::SeqCst);
        eprintln!(
            "\ninterrupted: stopping the files under way and writing the reports (signal again to stop at once)"
        );
        return;
    }
    // The list stays locked until the exit, so no temporary file is made after its removal.
    let mut temporary = lock();
    for path in temporary.drain(..) {
        let _ = std::fs::remove_file(path);
    }
    std::process::exit(128 + signal);
}

/// From now on, the first signal stops the batch's solves and lets it write its reports instead of
/// ending the process.
pub fn finish_batches_gracefully() {
    GRACEFUL.store(true, Ordering::SeqCst);
}

/// From now on, the first signal sends an empty chunk to `input` (which reads as the end of the
/// input) instead of ending the process.
pub fn end_input_on_signal(input: Sender<Vec<u8>>) {
    *INPUT_END.lock().unwrap_or_else(|poison| poison.into_inner()) = Some(input);
}

/// The flag a signal sets to stop every solve under way; give it to each solve's deadline.
pub fn stop_flag() -> &'static AtomicBool {
    &STOP
}

/// Whether a signal asked the batch to stop.
pub fn interrupted() -> bool {
    STOP.load(Ordering::SeqCst)
}

/// The exit status a signal asks for: 128 + its number (130 for Ctrl-C, 143 for SIGTERM, 129 for
/// SIGHUP), or `None` when none came.
pub fn exit_status() -> Option<u8> {
    match SIGNAL.load(Ordering::SeqCst) {
        0 => None,
        signal => u8::try_from(128 + signal).ok(),
    }
}

/// Makes a temporary file with `create` and remembers it for removal on a signal, both under the
/// list's lock, so that a signal's exit never falls between the two.
///
/// # Errors
/// Those of `create`.
pub fn create_tracked(
    create: impl FnOnce() -> std::io::Result<tempfile::NamedTempFile>,
) -> std::io::Result<tempfile::NamedTempFile> {
    let mut temporary = lock();
    let file = create()?;
    temporary.push(file.path().to_path_buf());
    Ok(file)
}

/// Forgets a temporary file: renamed into place or removed.
pub fn untrack(path: &Path) {
    lock().retain(|tracked| tracked != path);
}

fn lock() -> std::sync::MutexGuard<'static, Vec<PathBuf>> {
    TEMPORARY.lock().unwrap_or_else(|poison| poison.into_inner())
}
